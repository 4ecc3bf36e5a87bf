package prose

import (
	"math"
	"slices"
)

// Small statistics over metric values. Each returns NaN for no values:
// zero would be a plausible measurement and hide the gap, NaN cannot.

// Values returns the values of measurements, in order.
func Values(ms []Measurement) []float64 {
	out := make([]float64, len(ms))
	for i, m := range ms {
		out[i] = m.Value
	}
	return out
}

// Median is the 50th percentile.
func Median(xs []float64) float64 { return Percentile(xs, 50) }

// Percentile returns the p-th percentile (p from 0 to 100, clamped),
// interpolating linearly between the two nearest ranks (the median of 1,
// 2, 3, 4 is 2.5). xs is not modified.
func Percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 || math.IsNaN(p) {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	p = min(max(p, 0), 100)
	rank := p / 100 * float64(len(s)-1)
	lo := int(rank)
	if lo >= len(s)-1 {
		return s[len(s)-1]
	}
	frac := rank - float64(lo)
	return s[lo] + frac*(s[lo+1]-s[lo])
}
