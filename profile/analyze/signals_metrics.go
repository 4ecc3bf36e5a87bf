package analyze

import (
	"cmp"
	"fmt"
	"math"
	"strings"

	"sw/profile"
	"sw/profile/check"
	"sw/profile/prose"
)

// RateTargetPieces is the fewest pieces any rate rule with a target is
// learned from, for the reason a marker word's needs profile.MarkerPieces:
// within half and twice a target (RateSpan), the first-person words of
// three sketches told in the first person fault the writer's next one told
// in the third. A ceiling needs fewer.
const RateTargetPieces = profile.MarkerPieces

// metricResult is what a set of pieces says about a metric.
type metricResult struct {
	target   float64
	min, max *float64
	// withTarget says the rule gets the target: per-unit metrics and
	// per-piece values clearly above zero. A rate near zero gets only a
	// ceiling; absent says the batch had none at all.
	withTarget, absent bool
	events             float64 // a rate's events (semicolons...) in all measured pieces
	words              float64 // the measured pieces' words
	units              int     // pooled units (per-unit metrics)
	p10, p90           float64 // of the pooled units
	values             []float64
}

// metricEval is the noise gate of a metric: at least MinPieces measurable
// pieces, AgreeShare of them within tol(target) of the typical value (the
// median of their pooled sentences or paragraphs, or of their values).
func metricEval(spec *profile.MetricKind, mi int) func([]*piece) (metricResult, gate) {
	return func(ps []*piece) (metricResult, gate) {
		var res metricResult
		var g gate
		var pooled []float64
		for _, p := range ps {
			m := p.metrics[mi]
			if !m.ok {
				continue
			}
			n := float64(p.doc.WordCount())
			res.words += n
			if spec.Rate {
				res.events += m.value * n / 1000
			}
			g.measured = append(g.measured, p)
			res.values = append(res.values, m.value)
			pooled = append(pooled, m.units...)
		}
		if len(g.measured) < max(MinPieces, spec.Pieces) {
			return res, g
		}
		perUnit := spec.Scope != prose.PerPiece
		if perUnit {
			res.target = prose.Median(pooled)
		} else {
			res.target = prose.Median(res.values)
		}
		res.target = roundTo(res.target, spec.Step)
		tol := spec.Tol(res.target)
		for i, p := range g.measured {
			if math.Abs(res.values[i]-res.target) <= tol {
				g.support = append(g.support, p)
			}
		}
		g.holds = len(g.support) >= atLeast(AgreeShare, len(g.measured))
		switch {
		case perUnit:
			res.withTarget = true
			res.units = len(pooled)
			// Where most units lie, for the rule's sentence (see most). A
			// min of one unit (one sentence, one word) says nothing.
			res.p10, res.p90 = prose.Percentile(pooled, 10), prose.Percentile(pooled, 90)
			lo, hi := unitBounds(pooled, int(res.words))
			res.max = ptr(math.Max(ceilTo(hi, spec.Step), res.target))
			if lo := math.Min(floorTo(lo, spec.Step), res.target); lo > 1 {
				res.min = ptr(lo)
			}
		case spec.Rate && res.events == 0:
			// Not once in the batch: a ceiling of one tolerance, which lets
			// a piece have the odd one.
			res.absent = true
			res.max = ptr(spec.Abs)
		case spec.Rate && res.target-tol <= 0:
			// The typical value cannot be told from none: the habit is a
			// ceiling, and a target would fault a piece for having none.
			res.max = ptr(ceilTo(res.target+tol, spec.Step))
		default:
			res.withTarget = true
			boundsAround(&res, cmp.Or(spec.Width, BoundsWidth)*tol, spec.Step)
			if spec.Rate {
				withinRateSpan(&res, spec.Step)
			}
		}
		return res, g
	}
}

// UnitWarnings is how many warnings per 1,000 words one per-unit rule
// may draw on the writer's own pieces (sw check warns about each unit
// outside the bounds).
var UnitWarnings = 0.2

// unitBounds estimates a rule's per-unit bounds: the lengths of sentences
// and paragraphs are close to log-normal, so the bounds are the quantiles
// of the log-normal fitted to the pooled units that leave UnitWarnings
// units per 1,000 words outside, split between the tails. A fitted tail
// reaches past the few pieces seen, as the writer's next pieces will.
func unitBounds(units []float64, words int) (lo, hi float64) {
	n := float64(len(units))
	var sum, sq float64
	for _, v := range units {
		l := math.Log(math.Max(v, 1))
		sum += l
		sq += l * l
	}
	mu, sigma := meanAndSpread(sum, sq, n)
	perK := n * 1000 / float64(max(words, 1))
	q := math.Min(UnitWarnings/perK/2, 0.25)
	z := math.Sqrt2 * math.Erfinv(1-2*q)
	return math.Exp(mu - z*sigma), math.Exp(mu + z*sigma)
}

// RateSpan is how far a rate rule's bounds may lie from its target, as a
// factor: a rule that says "about 85 times per 1,000 words" and allows 8
// to 161 says nothing a writer or an agent can use, so a rate's bounds
// lie within half and twice its target.
const RateSpan = 2.0

// withinRateSpan narrows a rate's bounds to RateSpan either side of its
// target, rounding inward.
func withinRateSpan(res *metricResult, step float64) {
	if lo := res.target / RateSpan; *res.min < lo {
		res.min = ptr(math.Min(ceilTo(lo, step), res.target))
	}
	if hi := res.target * RateSpan; *res.max > hi {
		res.max = ptr(math.Max(floorTo(hi, step), res.target))
	}
}

// boundsAround sets a per-piece rule's bounds w from the target: a piece's
// value swings with its subject and length far more than three pieces can
// show.
func boundsAround(res *metricResult, w, step float64) {
	res.min = ptr(math.Max(0, floorTo(res.target-w, step)))
	res.max = ptr(ceilTo(res.target+w, step))
}

// metricSignals proposes, for each metric, a new rule where the profile
// has none and the habit is distinctive, a change where the pieces have
// moved away from the current rule (same id, so the branch edits that
// file), and the removal of a rule they break without agreeing on another
// value.
func (r *run) metricSignals() {
	for mi, spec := range profile.MetricKinds() {
		eval := metricEval(spec, mi)
		match := func(s profile.Sourced) bool { return s.Metric != nil && s.Metric.Name == spec.Name }
		byGenre := func(genre string) (metricResult, gate) { return eval(r.scope(genre)) }
		for _, o := range place(r, byGenre) {
			r.metricCandidate(spec, mi, o, match)
		}
		r.removals(match, func(s profile.Sourced, ps []*piece) (bool, string) {
			return metricContradicts(spec, mi, eval, s, ps)
		})
	}
}

func (r *run) metricCandidate(spec *profile.MetricKind, mi int, o outcome[metricResult], match func(profile.Sourced) bool) {
	res := o.res
	soft, hard := r.current(o.genre, match)
	for _, h := range hard {
		hm := h.Metric
		if !hm.Contains(res.target) {
			return // a hard limit rules this out; it would be dropped anyway
		}
		if hm.Min != nil && (res.min == nil || *res.min < *hm.Min) {
			res.min = ptr(*hm.Min)
		}
		if hm.Max != nil && (res.max == nil || *res.max > *hm.Max) {
			res.max = ptr(*hm.Max)
		}
	}
	c := &candidate{family: familyMetric, genre: o.genre, baseID: spec.ID, match: match}
	var against string
	if soft == nil && spec.SameSize != "" && r.metricRuled(o.genre, spec.SameSize, false) {
		return
	}
	if soft == nil {
		d := res.target - spec.Ref()
		if !spec.Always && !res.distinct(spec) {
			return // an ordinary habit: the agent's default already fits
		}
		if res.withTarget && spec.Rate && res.events < MinEvents {
			return // too few events to put a number on
		}
		c.sig = "metric:" + spec.Name + ":" + direction(d)
		// A measure general English has no value for (a piece's length)
		// counts as one tolerance away, as its distance does: a NaN here
		// would make the ranking's order no order at all.
		c.strength = 1
		if !math.IsNaN(d) {
			c.strength = math.Abs(d) / spec.Tol(spec.Ref())
		}
		against = "The profile has no rule on " + spec.Name + "."
	} else {
		sm := soft.Metric
		d, moved := res.movedFrom(spec, sm)
		// A rule the pieces have not moved away from is still revisited:
		// one a third of them break gets the bounds they meet.
		broken, how := breaking(spec, mi, sm, o.gate.measured)
		if !moved && len(broken) < atLeast(BreakShare, len(o.gate.measured)) {
			return // the profile already says it
		}
		c.baseID, c.fixedID = soft.ID, true
		c.family = familyChange
		c.sig = "metric:" + spec.Name + ":" + direction(d)
		c.strength = 10 + math.Abs(d)
		if moved {
			against = fmt.Sprintf("Current rule %s (%s): %s; the pieces have moved to %s.",
				soft.ID, soft.Source, profile.Bounds(sm), fmtNum(res.target))
		} else {
			against = fmt.Sprintf("Current rule %s (%s): %s. %s", soft.ID, soft.Source, profile.Bounds(sm),
				brokenEvidence(broken, how, len(o.gate.measured)))
		}
	}
	m := &profile.Metric{Name: spec.Name, Target: ptr(res.target), Min: res.min, Max: res.max}
	if !res.withTarget {
		m.Target = nil
	}
	if soft == nil && m.Target == nil && len(o.gate.measured) < MinCeilingPieces {
		return // too few pieces to tell a writer who avoids a mark from pieces that did not need it
	}
	if soft == nil && m.Target != nil && spec.Rate && len(o.gate.measured) < RateTargetPieces {
		return // too few pieces to tell a writer's rate from what these pieces were about
	}
	if soft == nil && !changesAgent(spec, m) {
		return // the rule would ask an agent for what it does anyway
	}
	if soft != nil && sameMetric(m, soft.Metric) {
		return // re-estimated, the rule comes out as it is
	}
	// The pieces that agree are those sw check will hold on target under
	// the rule as written: bounds drawn tight by close-set sentences, or
	// narrowed by a hard limit, leave less room than the tolerance.
	g := o.gate
	g.support = onTarget(g, res.values, m)
	if len(g.support) < atLeast(AgreeShare, len(g.measured)) {
		return
	}
	if spec.Scope == prose.PerPiece && inside(res.values, m) < likely(InsideShare, len(g.measured)) {
		return // the writer's own pieces would draw its warning too often
	}
	text, summary := metricWording(spec, m, res.most(spec, m), res.target)
	if soft != nil {
		summary = "Change " + soft.ID + ": " + lowerFirst(summary)
	}
	c.rule = &profile.Rule{Rule: text, Metric: m, Boilerplate: r.leftOut(g.measured)}
	c.summary = summary
	c.evidence = metricEvidence(spec, res, g, against, hard)
	value := res.target
	if m.Target == nil {
		value = *m.Max // a ceiling says how many at most
	}
	c.measured = profile.Around(len(g.measured), value, spec.Tol(value))
	c.support = len(g.support)
	c.distance = metricDistance(spec, value, soft)
	r.add(c)
}

// metricRuled says a rule on metric name stands in genre's profile or is
// proposed for genre (or, when global, for every genre).
func (r *run) metricRuled(genre, name string, global bool) bool {
	if soft, _ := r.current(genre, func(s profile.Sourced) bool { return s.Metric != nil && s.Metric.Name == name }); soft != nil {
		return true
	}
	for _, c := range r.cands {
		if c.rule != nil && c.rule.Metric != nil && c.rule.Metric.Name == name && (c.genre == genre || global && c.genre == "") {
			return true
		}
	}
	return false
}

// metricDistance is how far a metric rule's value lies, in tolerances,
// from what the agent writes without it: general English's typical value
// for a new rule (piece length, with none, counts as one), the current
// rule's for a change.
func metricDistance(spec *profile.MetricKind, value float64, soft *profile.Sourced) float64 {
	from := spec.Ref()
	if soft != nil {
		sm := soft.Metric
		switch {
		case sm.Target != nil:
			from = *sm.Target
		case sm.Max != nil && value > *sm.Max:
			from = *sm.Max
		case sm.Min != nil:
			from = *sm.Min
		}
	}
	if math.IsNaN(from) {
		return 1
	}
	// A rule revisited for bounds its pieces break, at the value it had,
	// still changes what sw check holds the agent to.
	return math.Max(math.Abs(value-from)/spec.Tol(from), 0.5)
}

// most is where most of the writer's units lie (the 10th to the 90th
// percentile), within m's bounds: what a per-unit rule's sentence says.
func (res *metricResult) most(spec *profile.MetricKind, m *profile.Metric) *profile.Metric {
	if res.units == 0 {
		return m
	}
	most := &profile.Metric{Name: m.Name, Target: m.Target, Max: ptr(math.Max(ceilTo(res.p90, spec.Step), res.target))}
	if m.Max != nil {
		most.Max = ptr(math.Min(*most.Max, *m.Max))
	}
	if lo := math.Min(floorTo(res.p10, spec.Step), res.target); lo > 1 {
		if m.Min != nil {
			lo = math.Max(lo, *m.Min)
		}
		most.Min = ptr(lo)
	}
	return most
}

// movedFrom says whether the pieces' typical value has moved away from a
// current rule's target, or out of its bounds, by more than the tolerance
// and chance; d is how far.
func (res *metricResult) movedFrom(spec *profile.MetricKind, sm *profile.Metric) (d float64, moved bool) {
	switch {
	case sm.Target != nil:
		d = res.target - *sm.Target
		return d, math.Abs(d) > spec.Tol(*sm.Target) && res.differs(spec, *sm.Target)
	case sm.Contains(res.target):
		return 0, false
	case sm.Max != nil && res.target > *sm.Max:
		return res.target - *sm.Max, res.differs(spec, *sm.Max)
	}
	return res.target - *sm.Min, res.differs(spec, *sm.Min)
}

// changesAgent says a new metric rule asks an agent for something other
// than general English (spec.Ref()), what it writes by default: a ceiling
// at or above English's typical value, or a target within tol(ref) of it,
// is one more line to review and read for nothing. A metric with no
// reference (piece length) has no default to compare with.
func changesAgent(spec *profile.MetricKind, m *profile.Metric) bool {
	switch {
	case math.IsNaN(spec.Ref()):
		return true
	case m.Target != nil:
		return math.Abs(*m.Target-spec.Ref()) > spec.Tol(spec.Ref())
	case m.Max != nil:
		return *m.Max < spec.Ref()
	}
	return m.Min != nil && *m.Min > spec.Ref()
}

// distinct says a rate differs from English enough to be worth a rule:
// the batch never has it where English would have given MinAbsentEvents;
// or the writer's band (target ± tolerance) and English's do not meet, and
// the count is MinZ deviations from English's. A habit worth a rule
// differs from English by more than the writer differs from themself.
func (res *metricResult) distinct(spec *profile.MetricKind) bool {
	if res.absent {
		return spec.Ref()*res.words/1000 >= MinAbsentEvents
	}
	t, ref := res.target, spec.Ref()
	apart := t-spec.Tol(t) > ref+spec.Tol(ref) || t+spec.Tol(t) < ref-spec.Tol(ref)
	return apart && res.differs(spec, ref)
}

// differs says a rate's events lie MinZ Poisson deviations from the
// x×words/1,000 a writer of rate x would show. Other metrics have enough
// units that the tolerance alone decides.
func (res *metricResult) differs(spec *profile.MetricKind, x float64) bool {
	if !spec.Rate {
		return true
	}
	mu := x * res.words / 1000
	return math.Abs(res.events-mu) >= MinZ*math.Sqrt(math.Max(mu, 1))
}

// metricContradicts says whether BreakShare of at least MinRemovePieces
// measurable pieces break rule s while they agree on no new value (when
// they agree, a change is proposed instead).
func metricContradicts(spec *profile.MetricKind, mi int, eval func([]*piece) (metricResult, gate), s profile.Sourced, ps []*piece) (bool, string) {
	res, g := eval(ps)
	if len(g.measured) < MinRemovePieces || g.holds {
		return false, ""
	}
	broken, how := breaking(spec, mi, s.Metric, g.measured)
	if len(broken) < atLeast(BreakShare, len(g.measured)) {
		return false, ""
	}
	return true, fmt.Sprintf("%s They agree on no other value: %s %s.", brokenEvidence(broken, how, len(g.measured)),
		spec.Name, valueList(g.measured, res.values, spec))
}

// inside counts the values m's bounds hold.
func inside(values []float64, m *profile.Metric) int { return len(filter(values, m.Contains)) }

// onTarget keeps the supporting pieces sw check holds on m's target
// (values are g.measured's).
func onTarget(g gate, values []float64, m *profile.Metric) []*piece {
	value := make(map[*piece]float64, len(g.measured))
	for i, p := range g.measured {
		value[p] = values[i]
	}
	return filter(g.support, func(p *piece) bool { return check.OnTarget(value[p], m) })
}

func direction(d float64) string {
	switch {
	case d > 0:
		return "up"
	case d < 0:
		return "down"
	}
	return "set"
}

func metricEvidence(spec *profile.MetricKind, res metricResult, g gate, against string, hard []profile.Sourced) string {
	var b strings.Builder
	what := "value"
	if spec.Scope != prose.PerPiece {
		what = "median per " + spec.Scope.String()
	}
	fmt.Fprintf(&b, "%s, %s of each piece: %s.\n", spec.Name, what, valueList(g.measured, res.values, spec))
	within := fmt.Sprintf("within %s of %s", fmtNum(roundTo(spec.Tol(res.target), 0.1)), fmtNum(res.target))
	if res.withTarget {
		fmt.Fprintf(&b, "%d of %d pieces are on target: %s, and nearer it than the bounds, as sw check wants.\n", len(g.support), len(g.measured), within)
	} else {
		fmt.Fprintf(&b, "%d of %d pieces lie %s.\n", len(g.support), len(g.measured), within)
	}
	if res.units > 0 {
		fmt.Fprintf(&b, "Pooled: %d %ss, median %s, 10th percentile %s, 90th percentile %s.\n", res.units, spec.Scope,
			fmtNum(res.target), fmtNum(roundTo(res.p10, 0.1)), fmtNum(roundTo(res.p90, 0.1)))
	}
	if !math.IsNaN(spec.Ref()) {
		fmt.Fprintf(&b, "General English: about %s.\n", fmtNum(roundTo(spec.Ref(), 0.1)))
	}
	b.WriteString(against)
	for _, h := range hard {
		fmt.Fprintf(&b, "\nHard limit %s (%s): %s; the bounds stay inside it.", h.ID, h.Source, profile.Bounds(h.Metric))
	}
	return b.String()
}

func valueList(ps []*piece, vals []float64, spec *profile.MetricKind) string {
	return pieceList(ps, func(i int, p *piece) string { return fmtNum(roundTo(vals[i], math.Min(spec.Step, 0.1))) })
}

func ptr(v float64) *float64 { return &v }

func roundTo(v, step float64) float64 { return cleanFloat(math.Round(v/step) * step) }
func floorTo(v, step float64) float64 { return cleanFloat(math.Floor(v/step+1e-9) * step) }
func ceilTo(v, step float64) float64  { return cleanFloat(math.Ceil(v/step-1e-9) * step) }

// cleanFloat removes the binary noise of a rounding (0.30000000000000004),
// so a rule file reads 0.3.
func cleanFloat(v float64) float64 {
	return math.Round(v*1e6) / 1e6
}
