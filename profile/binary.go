package profile

import (
	"encoding/binary"
	"errors"
	"math"
)

// The binary form of a resolved profile is what sw caches under .git/sw:
// the commands that run most often (sw check in an agent's Stop hook) read
// it back in microseconds, where parsing the rule files' YAML, or even
// JSON, costs a good part of a millisecond. It is a cache format, never
// exchanged: a version byte guards it, and anything unexpected is an error
// that sends the caller back to the rule files.

const binaryVersion = 1

var errBinary = errors.New("profile: not a cached profile of this version")

// MarshalBinary encodes r.
func (r *Resolved) MarshalBinary() ([]byte, error) {
	b := []byte{binaryVersion}
	b = appendString(b, r.Genre)
	b = binary.AppendUvarint(b, uint64(len(r.Rules)))
	for _, s := range r.Rules {
		b = appendString(b, string(s.Layer))
		b = appendString(b, s.Source)
		b = appendString(b, s.ID)
		b = appendString(b, s.Rule.Rule)
		b = appendStrings(b, s.Avoid)
		b = appendStrings(b, s.Prefer)
		b = appendString(b, s.Note)
		if m := s.Metric; m == nil {
			b = append(b, 0)
		} else {
			b = append(b, 1)
			b = appendString(b, m.Name)
			for _, v := range []*float64{m.Target, m.Min, m.Max} {
				if v == nil {
					b = append(b, 0)
				} else {
					b = binary.LittleEndian.AppendUint64(append(b, 1), math.Float64bits(*v))
				}
			}
		}
	}
	b = binary.AppendUvarint(b, uint64(len(r.Dropped)))
	for _, d := range r.Dropped {
		for _, s := range []string{d.ID, string(d.Layer), d.Source, d.Reason} {
			b = appendString(b, s)
		}
	}
	return b, nil
}

// UnmarshalBinary decodes what MarshalBinary encoded.
func (r *Resolved) UnmarshalBinary(data []byte) error {
	d := decoder{data: data}
	if d.byte() != binaryVersion {
		return errBinary
	}
	out := Resolved{Genre: d.string()}
	for n := d.count(); n > 0 && d.err == nil; n-- {
		var s Sourced
		s.Layer = Layer(d.string())
		s.Source = d.string()
		s.ID = d.string()
		s.Rule.Rule = d.string()
		s.Avoid = d.strings()
		s.Prefer = d.strings()
		s.Note = d.string()
		if d.byte() == 1 {
			s.Metric = &Metric{Name: d.string()}
			for _, v := range []**float64{&s.Metric.Target, &s.Metric.Min, &s.Metric.Max} {
				if d.byte() == 1 {
					f := math.Float64frombits(d.uint64())
					*v = &f
				}
			}
		}
		out.Rules = append(out.Rules, s)
	}
	for n := d.count(); n > 0 && d.err == nil; n-- {
		out.Dropped = append(out.Dropped, Dropped{ID: d.string(), Layer: Layer(d.string()), Source: d.string(), Reason: d.string()})
	}
	if d.err != nil || len(d.data) != 0 {
		return errBinary
	}
	*r = out
	return nil
}

func appendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

func appendStrings(b []byte, list []string) []byte {
	b = binary.AppendUvarint(b, uint64(len(list)))
	for _, s := range list {
		b = appendString(b, s)
	}
	return b
}

// decoder reads the binary form; the first problem sticks and every read
// after it returns zero values.
type decoder struct {
	data []byte
	err  error
}

func (d *decoder) fail() { d.err, d.data = errBinary, nil }

func (d *decoder) byte() byte {
	if len(d.data) < 1 {
		d.fail()
		return 0
	}
	c := d.data[0]
	d.data = d.data[1:]
	return c
}

func (d *decoder) uint64() uint64 {
	if len(d.data) < 8 {
		d.fail()
		return 0
	}
	v := binary.LittleEndian.Uint64(d.data)
	d.data = d.data[8:]
	return v
}

// count reads a length, refusing one longer than what is left to read.
func (d *decoder) count() int {
	v, n := binary.Uvarint(d.data)
	if n <= 0 || v > uint64(len(d.data)) {
		d.fail()
		return 0
	}
	d.data = d.data[n:]
	return int(v)
}

func (d *decoder) string() string {
	n := d.count()
	if d.err != nil || n > len(d.data) {
		d.fail()
		return ""
	}
	s := string(d.data[:n])
	d.data = d.data[n:]
	return s
}

func (d *decoder) strings() []string {
	n := d.count()
	if n == 0 {
		return nil
	}
	out := make([]string, 0, n)
	for ; n > 0 && d.err == nil; n-- {
		out = append(out, d.string())
	}
	return out
}
