package analyze

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"sw/profile"
	"sw/profile/baseline"
	"sw/profile/prose"
)

// Usage (profile.Usage) is measured, not judged: every analysis measures
// the writer's rates of the common words and marks and proposes them as
// usage.yaml, which sw check compares pieces with and the agent never
// sees; again only when it has something new to say, so that it does not
// ask for a review at every batch.
const (
	// UsagePieces is the fewest pieces a usage measure comes from: its
	// spreads need pieces to differ between.
	UsagePieces = 3
	// UsageGrowth: the measure is taken again once the pieces read are
	// this many times those it was measured on (a fifth more: spreads
	// measured on a few pieces are rough, and firm up quickly)...
	UsageGrowth = 1.2
	// UsageDrift: ...or once its rates have moved, on average, this many
	// of their spreads (a rolling window of a long-lived collection).
	UsageDrift = 0.5
	// usageStep is what rates, spreads and distances are rounded to.
	usageStep = 0.01
)

// usageItems are the items a usage measure counts, sorted: the function
// words, the marker words, the words LLM prose overuses (read one way: see
// profile.TowardLLM), and profile.UsageMarks.
var usageItems = sync.OnceValue(func() []string {
	items := append(baseline.FunctionWords(), prose.MarkerWords...)
	for _, w := range baseline.LLMOverused() {
		items = append(items, w.Word)
	}
	for _, r := range profile.UsageMarks {
		items = append(items, string(r))
	}
	slices.Sort(items)
	return slices.Compact(items)
})

// UsageDistance is the usage measure's distance from what an agent
// writes: next to none, since the agent never reads it.
const UsageDistance = 0.1

func isUsage(s profile.Sourced) bool { return s.Usage != nil }

// usageSignals proposes the usage measure of the whole batch in a
// collection without genres, else of each genre (a writer's reviews and
// essays use words differently).
func (r *run) usageSignals() {
	scopes := r.genres
	if len(r.genres) == 1 && r.genres[0] == profile.DefaultGenre {
		scopes = []string{""}
	}
	for _, genre := range scopes {
		ps := eligibleOf(r.scope(genre))
		if len(ps) < UsagePieces {
			continue
		}
		u := measureUsage(ps)
		summary := fmt.Sprintf("Measure how you use common words and marks, on %d pieces", u.Pieces)
		id, fixed := "usage", false
		if cur, _ := r.current(genre, isUsage); cur != nil {
			if !usageMoved(cur.Usage, u) {
				continue
			}
			summary = fmt.Sprintf("Measure how you use common words and marks again, on %d pieces (was %d)", u.Pieces, cur.Usage.Pieces)
			id, fixed = cur.ID, true // the file the person keeps it in, renamed or not
		}
		r.add(&candidate{
			family:  familyUsage,
			genre:   genre,
			baseID:  id,
			fixedID: fixed,
			match:   isUsage,
			summary: summary,
			rule: &profile.Rule{
				Rule: "How often you use common words and marks, per 1,000 words: sw check measures how far a piece lies from it. " +
					"A measure of your writing, never shown to the agent.",
				Usage: u,
			},
			evidence: fmt.Sprintf("Rates of %d words and marks, measured on %s.\n"+
				"A new piece of yours should lie about %.2f from them (sw check's usage distance): each of these, held against the measure of the others, did on average.",
				len(u.Rates), pieceList(ps, nil), u.Typical),
			sig: "usage",
			// Never shown to the agent, it changes nothing the agent
			// writes: it waits behind every rule that does. No numbers:
			// a measure rejected stays rejected.
			support:  u.Pieces,
			distance: UsageDistance,
		})
	}
}

// measureUsage measures each of usageItems' mean and spread (the sample
// standard deviation) per 1,000 words on ps, and the distance a new piece
// lies at.
func measureUsage(ps []*piece) *profile.Usage {
	items := usageItems()
	rates := make([][]float64, len(ps)) // by piece, then item
	words := make([]float64, len(ps))
	sums, squares := make([]float64, len(items)), make([]float64, len(items))
	for j, p := range ps {
		words[j] = float64(p.doc.WordCount())
		rates[j] = make([]float64, len(items))
		for i, n := range p.doc.Uses(items) {
			v := 1000 * float64(n) / words[j]
			rates[j][i] = v
			sums[i] += v
			squares[i] += float64(v * v)
		}
	}
	n := float64(len(ps))
	u := &profile.Usage{Pieces: len(ps), Typical: roundTo(leaveOneOut(items, rates, words, sums, squares), usageStep)}
	for i, item := range items {
		mean, spread := meanAndSpread(sums[i], squares[i], n)
		u.Rates = append(u.Rates, profile.Rate{Item: item, Mean: roundTo(mean, usageStep), Spread: roundTo(spread, usageStep)})
	}
	return u
}

// leaveOneOut is the mean distance of each piece (rates[j], words[j]
// words) from the measure of all the others: what a piece the measure
// never saw lies at. The sums over all pieces make each measure of the
// others one subtraction.
func leaveOneOut(items []string, rates [][]float64, words, sums, squares []float64) float64 {
	others := float64(len(rates) - 1)
	llm := make([]bool, len(items))
	counted := 0
	for i, item := range items {
		if llm[i] = profile.TowardLLM(item); !llm[i] {
			counted++
		}
	}
	total := 0.0
	for j, r := range rates {
		d := 0.0
		for i, v := range r {
			mean, spread := meanAndSpread(sums[i]-v, squares[i]-float64(v*v), others)
			if llm[i] {
				d += profile.LLMItemDistance(v, mean, spread, len(rates)-1, words[j])
			} else {
				d += profile.ItemDistance(v, mean, spread, len(rates)-1, words[j])
			}
		}
		total += d / float64(max(counted, 1))
	}
	return total / float64(len(rates))
}

// meanAndSpread are the mean and sample standard deviation of n values
// whose sum and sum of squares are given; the spread of one value is 0.
// The products are rounded as written (float64(...)), so that no machine
// fuses them into one instruction and measures differ by a digit.
func meanAndSpread(sum, squares, n float64) (mean, spread float64) {
	mean = sum / n
	if n < 2 {
		return mean, 0
	}
	return mean, math.Sqrt(math.Max(0, squares-float64(n*mean*mean)) / (n - 1))
}

// usageMoved says whether measure u says something old does not: it rests
// on UsageGrowth times the pieces, counts other items, or its rates moved
// UsageDrift spreads on average (each at least a rate's chance swing in
// 1,000 words).
func usageMoved(old, u *profile.Usage) bool {
	if float64(u.Pieces) >= UsageGrowth*float64(old.Pieces) || len(old.Rates) != len(u.Rates) {
		return true
	}
	shift := 0.0
	for i, r := range u.Rates {
		o := old.Rates[i]
		if o.Item != r.Item {
			return true
		}
		shift += math.Abs(r.Mean-o.Mean) / math.Max(o.Spread, profile.ChanceSpread(o.Mean, 1000))
	}
	return shift/float64(len(u.Rates)) >= UsageDrift
}
