package analyze

import (
	"fmt"
	"math"

	"sw/profile"
	"sw/profile/check"
	"sw/profile/prose"
)

// The profile converges. Every analysis revisits every soft rule on the
// recent pieces (.sw.yaml's analyzer.window): a rule that BreakShare of
// them break is proposed for change, when they agree on another value, or
// for removal. A rule the pieces still support as the analyzer would
// propose it is left alone, so no rule is proposed and removed on the same
// evidence.
const (
	// BreakShare is the share of the recent pieces breaking a rule that
	// puts it up for change or removal.
	BreakShare = 1.0 / 3
	// BreakUnitShare: a piece breaks a per-sentence or per-paragraph
	// rule's bounds when more than this share of its units lie outside
	// them. A few outliers are what the bounds expect (UnitWarnings).
	BreakUnitShare = 0.1
)

// breaking lists the pieces of ps that break metric rule m as sw check
// sees it, each with how (see breaks).
func breaking(spec *profile.MetricKind, mi int, m *profile.Metric, ps []*piece) (broken []*piece, how []string) {
	for _, p := range ps {
		pm := p.metrics[mi]
		if !pm.ok {
			continue
		}
		if why := breaks(spec, m, pm); why != "" {
			broken = append(broken, p)
			how = append(how, why)
		}
	}
	return broken, how
}

// breaks says how a piece breaks m: a per-piece value outside the bounds
// or astray from the target; a per-unit median astray from the target, or
// more than BreakUnitShare of the units outside the bounds; "" if not.
func breaks(spec *profile.MetricKind, m *profile.Metric, pm pieceMetric) string {
	v := roundTo(pm.value, math.Min(spec.Step, 0.1))
	if spec.Scope == prose.PerPiece {
		if !m.Contains(pm.value) {
			return fmtNum(v) + ", outside " + profile.Range(m)
		}
		if check.PieceWarns(pm.value, m) {
			return fmtNum(v) + ", far from " + fmtNum(*m.Target)
		}
		return ""
	}
	if !check.OnTarget(pm.value, m) {
		return "median " + fmtNum(v) + ", far from " + fmtNum(*m.Target)
	}
	outside := 0
	for _, u := range pm.units {
		if !m.Contains(u) {
			outside++
		}
	}
	if float64(outside) > BreakUnitShare*float64(len(pm.units)) {
		return fmt.Sprintf("%d of %d outside %s", outside, len(pm.units), profile.Range(m))
	}
	return ""
}

func brokenEvidence(broken []*piece, how []string, measured int) string {
	return fmt.Sprintf("%d of the %d recent pieces break it: %s.", len(broken), measured,
		pieceList(broken, func(i int, _ *piece) string { return how[i] }))
}

// sameMetric says two metric parts say the same.
func sameMetric(a, b *profile.Metric) bool {
	eq := func(x, y *float64) bool { return x == nil && y == nil || x != nil && y != nil && *x == *y }
	return a.Name == b.Name && eq(a.Target, b.Target) && eq(a.Min, b.Min) && eq(a.Max, b.Max)
}
