package profile

import "sw/profile/binenc"

// A resolved profile's binary form is what sw caches under .git/sw: sw
// check, in an agent's Stop hook, reads it back in microseconds, where
// parsing the rule files' YAML costs most of a millisecond.

const binaryVersion = 1

// MarshalBinary encodes r.
func (r *Resolved) MarshalBinary() ([]byte, error) {
	w := &binenc.Writer{}
	w.Byte(binaryVersion)
	w.String(r.Genre)
	w.Uint(uint64(len(r.Rules)))
	for _, s := range r.Rules {
		w.String(string(s.Layer))
		w.String(s.Source)
		w.String(s.ID)
		w.String(s.Rule.Rule)
		w.Strings(s.Avoid)
		w.Strings(s.Prefer)
		w.String(s.Note)
		w.Bool(s.Metric != nil)
		if m := s.Metric; m != nil {
			w.String(m.Name)
			for _, v := range []*float64{m.Target, m.Min, m.Max} {
				w.Bool(v != nil)
				if v != nil {
					w.Float(*v)
				}
			}
		}
	}
	w.Uint(uint64(len(r.Dropped)))
	for _, d := range r.Dropped {
		for _, s := range []string{d.ID, string(d.Layer), d.Source, d.Reason} {
			w.String(s)
		}
	}
	return w.B, nil
}

// UnmarshalBinary decodes what MarshalBinary encoded.
func (r *Resolved) UnmarshalBinary(data []byte) error {
	d := binenc.NewReader(data)
	if d.Byte() != binaryVersion {
		return binenc.ErrCorrupt
	}
	out := Resolved{Genre: d.String()}
	for n := d.Len(); n > 0 && d.Err() == nil; n-- {
		var s Sourced
		s.Layer = Layer(d.String())
		s.Source = d.String()
		s.ID = d.String()
		s.Rule.Rule = d.String()
		s.Avoid = d.Strings()
		s.Prefer = d.Strings()
		s.Note = d.String()
		if d.Bool() {
			s.Metric = &Metric{Name: d.String()}
			for _, v := range []**float64{&s.Metric.Target, &s.Metric.Min, &s.Metric.Max} {
				if d.Bool() {
					f := d.Float()
					*v = &f
				}
			}
		}
		out.Rules = append(out.Rules, s)
	}
	for n := d.Len(); n > 0 && d.Err() == nil; n-- {
		out.Dropped = append(out.Dropped, Dropped{ID: d.String(), Layer: Layer(d.String()), Source: d.String(), Reason: d.String()})
	}
	if err := d.Done(); err != nil {
		return err
	}
	*r = out
	return nil
}
