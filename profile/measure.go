package profile

import (
	"math"
	"slices"

	"sw/profile/boilerplate"
)

// Measures names what a rule is about, so that two rules or suggestions
// about one thing are known as one whatever their ids: "Prefer 'upon'" and
// "Use 'upon' about 3 times per 1,000 words" are both "phrase:upon". A
// person who rejected one has rejected the other, and a profile that held
// both would tell the agent two things about one habit.
//
// The names, sorted: metric:<name> for a metric (a marker word's rate is
// phrase:<word>); phrase:<phrase> for each avoided or preferred phrase,
// normalised; usage for a usage measure; boilerplate:<key> for each line of
// a rule that holds only boilerplate (a rule that also measures something
// lists the lines it was measured without, which are not what it is
// about). A rule with no machine-checkable part has none.
func (r *Rule) Measures() []string {
	var out []string
	if r.Metric != nil {
		out = append(out, metricMeasure(r.Metric.Name))
	}
	for _, p := range slices.Concat(r.Avoid, r.Prefer) {
		if n := NormalizePhrase(p); n != "" {
			out = append(out, "phrase:"+n)
		}
	}
	if r.Usage != nil {
		out = append(out, "usage")
	}
	if len(out) == 0 {
		for _, line := range r.Boilerplate {
			if key := boilerplate.KeyOf(line); key != "" {
				out = append(out, "boilerplate:"+key)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// metricMeasure names a metric's measure: a marker word's rate is the
// word itself, the same thing a phrase rule on the word is about.
func metricMeasure(name string) string {
	if k, ok := LookupMetric(name); ok && k.Word != "" {
		return "phrase:" + k.Word
	}
	return "metric:" + name
}

// SharesMeasure reports whether a and b are about one thing: they have a
// measure in common.
func SharesMeasure(a, b []string) bool {
	return slices.ContainsFunc(a, func(m string) bool {
		_, found := slices.BinarySearch(b, m)
		return found
	})
}

// Measured is what a finding about the writing rests on: how many pieces
// were read, the value they measure, and the band around it within which
// another measurement says the same thing. A rejection keeps it, so sw can
// tell a suggestion that comes back on new evidence from the same one
// asked again.
type Measured struct {
	Pieces int     `json:"pieces"`
	Value  float64 `json:"value"`
	Low    float64 `json:"low"`
	High   float64 `json:"high"`
}

// Around is a measurement of value on pieces, the same within tol either
// side. The band is rounded outward to thousandths, for people to read.
func Around(pieces int, value, tol float64) *Measured {
	return &Measured{Pieces: pieces, Value: value, Low: math.Floor((value-tol)*1000) / 1000, High: math.Ceil((value+tol)*1000) / 1000}
}

// Outside reports whether v says something other than m: it lies outside
// m's band.
func (m *Measured) Outside(v float64) bool { return v < m.Low || v > m.High }
