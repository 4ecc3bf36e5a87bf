package check

import (
	"math"

	"sw/profile"
)

// driftTolerance is how far the typical value may stray from a target,
// as a share of the target part's scale, before a warning says so: tied
// to the score, so the two never tell different stories.
const driftTolerance = 0.5

// targetCloseness scores a typical value v against a metric's target (see
// the package documentation).
func targetCloseness(v, target float64, m *profile.Metric) float64 {
	d := math.Abs(v - target)
	if d == 0 {
		return 1
	}
	scale := targetScale(v, target, m)
	if scale <= 0 {
		return 0 // the bound sits on the target: no room past it
	}
	return clamp01(1 - d/scale)
}

func targetScale(v, target float64, m *profile.Metric) float64 {
	switch {
	case v > target && m.Max != nil:
		return math.Abs(*m.Max - target)
	case v < target && m.Min != nil:
		return math.Abs(target - *m.Min)
	case target == 0:
		return 1
	}
	return math.Abs(target) / 2
}

func strays(v, target float64, m *profile.Metric) bool {
	return targetCloseness(v, target, m) < 1-driftTolerance
}

// boundedToward says whether m sets a bound on v's side of the target. A
// piece's own value (its length, its rate of semicolons) inside such a
// bound is within the range the writer's pieces keep to: it counts in the
// score, but draws no warning of drift, which a person would learn to
// ignore. A median unit stays held to the target, as bounds on single
// units say nothing of it.
func boundedToward(v, target float64, m *profile.Metric) bool {
	return v > target && m.Max != nil || v < target && m.Min != nil
}

// driftsAlone says a per-piece value v strays from the target with no
// bound on its side (see boundedToward).
func driftsAlone(v float64, m *profile.Metric) bool {
	return m.Target != nil && !boundedToward(v, *m.Target, m) && strays(v, *m.Target, m)
}

// PieceWarns says whether sw check warns of a piece whose per-piece value
// is v. The analyzer's revisit counts a piece as breaking a rule by it, so
// the two never disagree about a piece.
func PieceWarns(v float64, m *profile.Metric) bool {
	return !m.Contains(v) || driftsAlone(v, m)
}

// OnTarget says whether a piece whose typical value is v lies near m's
// target, where sw check never warns of drift: the analyzer counts only
// such pieces as agreeing with a rule it proposes, so that a rule's own
// evidence never fails it. It is stricter than PieceWarns for a per-piece
// value inside the bound on its side.
func OnTarget(v float64, m *profile.Metric) bool {
	return m.Target == nil || !strays(v, *m.Target, m)
}

// pieceBoundsCloseness scores a per-piece value against a metric's bounds
// (see the package documentation).
func pieceBoundsCloseness(v float64, m *profile.Metric) float64 {
	var bound, d float64
	switch {
	case m.Min != nil && v < *m.Min:
		bound, d = *m.Min, *m.Min-v
	case m.Max != nil && v > *m.Max:
		bound, d = *m.Max, v-*m.Max
	default:
		return 1
	}
	scale := math.Abs(bound) / 2
	if m.Min != nil && m.Max != nil && *m.Max > *m.Min {
		scale = *m.Max - *m.Min
	}
	if scale == 0 {
		scale = 1
	}
	return clamp01(1 - d/scale)
}

// avoidCloseness scores n occurrences of avoided phrases: 1 for none, then
// halving and thirding, so every further slip still costs something.
func avoidCloseness(n int) float64 { return 1 / (1 + float64(n)) }

func clamp01(x float64) float64 {
	switch {
	case x < 0 || math.IsNaN(x):
		return 0
	case x > 1:
		return 1
	}
	return x
}
