package check

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"sw/profile"
	"sw/profile/prose"
)

// measured is one metric measured on the piece, shared by every rule that
// names it.
type measured struct {
	info    *profile.MetricKind // nil: a metric this version of sw does not know
	units   []prose.Measurement
	typical float64 // median of the units, or the piece's value
}

// measure measures the metric called name once per piece.
func (c *checker) measure(name string) *measured {
	if m, ok := c.metrics[name]; ok {
		return m
	}
	m := &measured{}
	c.metrics[name] = m
	info, ok := profile.LookupMetric(name)
	if !ok {
		return m
	}
	m.info, m.units = info, info.Measure(c.doc)
	switch {
	case len(m.units) == 0:
	case info.Scope == prose.PerPiece:
		m.typical = m.units[0].Value
	default:
		m.typical = prose.Median(prose.Values(m.units))
	}
	return m
}

// metric checks a rule's metric: its bounds against every unit (or the
// piece's value) and its target against the typical value.
func (rc *ruleCheck) metric(m *profile.Metric) {
	if m.Target == nil && m.Min == nil && m.Max == nil {
		return // a name alone says nothing to check
	}
	ms := rc.c.measure(m.Name)
	if ms.info == nil {
		rc.whole(false, fmt.Sprintf("metric %q is unknown to this version of sw; %s is not checked", m.Name, rc.name()))
		return
	}
	if len(ms.units) == 0 {
		return // no sentences or paragraphs: nothing to hold the rule to
	}
	bounded := m.Min != nil || m.Max != nil
	if ms.info.Scope == prose.PerPiece {
		v := ms.typical
		outside := !m.Contains(v)
		if bounded {
			rc.part(pieceBoundsCloseness(v, m))
			if outside {
				rc.whole(rc.hard, pieceValue(ms.info, v)+"; "+rc.name()+" "+rc.asks()+" "+profile.Range(m))
			}
		}
		if m.Target != nil {
			rc.part(targetCloseness(v, *m.Target, m))
			if !outside && driftsAlone(v, m) {
				rc.whole(false, pieceValue(ms.info, v)+"; "+rc.name()+" aims for about "+profile.Number(*m.Target))
			}
		}
		return
	}

	noun := ms.info.Scope.String() // sentence, paragraph
	if bounded {
		rc.bounds, rc.kind = m, ms.info
		inside := 0
		for _, u := range ms.units {
			if m.Contains(u.Value) {
				inside++
				continue
			}
			rc.units = append(rc.units, unitFinding{at: u.Position, value: u.Value})
		}
		rc.part(float64(inside) / float64(len(ms.units)))
	}
	if m.Target != nil {
		v := ms.typical
		rc.part(targetCloseness(v, *m.Target, m))
		if strays(v, *m.Target, m) {
			rc.whole(false, "the median "+noun+" has "+amount(v, ms.info.Unit)+"; "+rc.name()+
				" aims for about "+profile.Number(*m.Target))
		}
	}
}

// unitMessage describes one unit outside the rule's bounds: "sentence of
// 52 words; hard limit short-sentences allows at most 40".
func (rc *ruleCheck) unitMessage(v float64) string {
	if rc.tail == "" {
		rc.tail = "; " + rc.name() + " " + rc.asks() + " " + profile.Range(rc.bounds)
	}
	return rc.kind.Scope.String() + " of " + amount(v, rc.kind.Unit) + rc.tail
}

// outside says where the units a metric's bounds leave out lie, to follow
// a count of them: "outside 10 to 53 words", "over 40 words", "under 3
// sentences".
func outside(m *profile.Metric, unit string) string {
	switch {
	case m.Min != nil && m.Max != nil:
		return "outside " + profile.Number(*m.Min) + " to " + limit(*m.Max, unit)
	case m.Min != nil:
		return "under " + limit(*m.Min, unit)
	}
	return "over " + limit(*m.Max, unit)
}

// limit is a bound with its unit, written as the rule file has it: "40
// words", "1 sentence".
func limit(v float64, unit string) string { return withUnit(profile.Number(v), unit) }

// amount is a measured value with its unit: "52 words", "1 sentence".
func amount(v float64, unit string) string { return withUnit(num(v), unit) }

func withUnit(n, unit string) string {
	if n == "1" {
		unit = strings.TrimSuffix(unit, "s")
	}
	return n + " " + unit
}

// pieceValue describes a per-piece value: "the piece has 5200 words",
// "em dashes run at 7.3 per 1,000 words".
func pieceValue(info *profile.MetricKind, v float64) string {
	if what, per, ok := strings.Cut(info.Unit, " per "); ok {
		return what + " run at " + num(v) + " per " + per
	}
	return "the piece has " + amount(v, info.Unit)
}

// num writes a measured value for people: at most one decimal, none when
// it is whole (52, 7.3).
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}
