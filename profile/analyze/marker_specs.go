package analyze

import (
	"sw/profile/baseline"
	"sw/profile/prose"
)

// Marker words' rates (see prose.MarkerWords) are rules like the marks':
// proposed only when the writer's rate lies outside general English's
// ordinary range, so that the rule asks an agent for something it would
// not do anyway. Their reference is the baseline's rate of the word; two
// values agree within MarkerRel of the value, MarkerNoise's chance swing,
// or MarkerAbs per 1,000 words, whichever is widest.
const (
	MarkerRel = 0.3
	MarkerAbs = 1.0
	// MarkerNoise: a word used v times per 1,000 words is used v±√v times
	// in a piece of 1,000 words by chance alone (a Poisson count), so two
	// values agree within at least one such swing.
	MarkerNoise = 1.0
	// MarkerBoundsWidth is how many tolerances a marker rule's bounds lie
	// from its target, wider than the marks' BoundsWidth: a word's count
	// in one piece swings with what the piece argues, and sw check warns
	// of a piece that strays half that far.
	MarkerBoundsWidth = 3.0
	// MarkerPieces is the fewest pieces a marker rule is learned from: a
	// word's rate swings with what each piece argues, and a few pieces
	// cannot tell the writer's habit from their subjects'.
	MarkerPieces = 5
	// RateTargetPieces is the fewest pieces any rate rule with a target is
	// learned from, for the same reason: within half and twice a target
	// (RateSpan), the first-person words of three sketches told in the
	// first person fault the writer's next one told in the third. A
	// ceiling ("at most 1.4 colons per 1,000 words") needs fewer.
	RateTargetPieces = MarkerPieces
)

// markerSpecs are the metric specs of the marker words' rates.
func markerSpecs() []metricSpec {
	out := make([]metricSpec, len(prose.MarkerWords))
	for i, w := range prose.MarkerWords {
		perMillion, _ := baseline.PerMillion(w)
		out[i] = metricSpec{name: prose.MarkerMetric(w), id: markerID(w), rate: true,
			ref: perMillion / 1000, abs: MarkerAbs, rel: MarkerRel, noise: MarkerNoise, step: 0.1, width: MarkerBoundsWidth, pieces: MarkerPieces}
	}
	return out
}

// markerID is the id of the rule on a marker word's rate: rate-of-upon.
func markerID(w string) string { return "rate-of-" + w }

// markerWording is how a rule speaks of a marker word's rate.
func markerWording(w string) (use, avoid, label string) {
	q := quote(w)
	return "Use " + q, q, "Uses of " + q
}
