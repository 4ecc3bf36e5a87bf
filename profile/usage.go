package profile

import (
	"math"
	"strings"
	"unicode/utf8"

	"sw/profile/prose"
)

// Usage is a measure of the writer rather than a rule for the agent: how
// often the writer's pieces use each of a fixed list of common words and
// marks ("the", "upon", "which", ";"), per 1,000 words, with how much that
// rate varies from piece to piece. Such rates follow the writer, not the
// subject (authorship studies since Mosteller and Wallace rest on them),
// so they tell one writer from another where rules cannot: most of them
// sit inside general English's ordinary range, where a rule would ask an
// agent for nothing it does not do anyway.
//
// A rule file holding usage is never shown to the agent. `sw check`
// reports how far a piece's rates lie from it (Distance); the analyzer
// measures it on the pieces it reads and proposes it like any rule.
type Usage struct {
	Pieces int `json:"pieces"` // the pieces it was measured on
	// Typical is the Distance a new piece of the writer's lies at, on
	// average: each piece measured was held against the measure of the
	// others, as a piece the measure never saw.
	Typical float64 `json:"typical"`
	Rates   []Rate  `json:"rates"` // sorted by Item
}

// Rate is one item's rate per 1,000 words: the mean over the pieces
// measured, and the spread (standard deviation) between them.
type Rate struct {
	Item   string  `json:"item"` // a word in lower case, or one mark
	Mean   float64 `json:"mean"` // per 1,000 words
	Spread float64 `json:"spread"`
}

// UsageMarks are the marks a usage measure may count, each a character of
// the piece's text; every other item is a word.
const UsageMarks = ",;:?!(—"

// IsUsageMark says whether item is one of UsageMarks.
func IsUsageMark(item string) bool {
	return utf8.RuneCountInString(item) == 1 && strings.Contains(UsageMarks, item)
}

// rareRate is the rate, per 1,000 words, chance is reckoned at for an
// item the writer rarely or never uses: one use in 2,000 words still
// comes and goes by chance.
const rareRate = 0.5

// ChanceSpread is how far chance alone moves a rate whose mean is mean
// per 1,000 words, measured on a piece of words words: a count of m is
// m±√m (a Poisson count), reckoned at no less than rareRate.
func ChanceSpread(mean, words float64) float64 {
	return math.Sqrt(math.Max(mean, rareRate) * 1000 / words)
}

// RateDistance is how far rate v, measured on a piece of words words,
// lies from a writer's mean, in spreads: never in spreads narrower than
// chance's on a piece of that length.
func RateDistance(v, mean, spread, words float64) float64 {
	return math.Abs(v-mean) / math.Max(spread, ChanceSpread(mean, words))
}

// Distance is how far d's rates lie from u's: the mean of RateDistance
// over u's items. 0 is every rate on the writer's mean; a new piece of
// the writer's lies near Typical. The figure is sharpest between
// measures: the same piece lies nearer its own writer's measure than
// other writers'. A short piece lies near any measure, as chance moves
// its rates more. ok is false for a piece with no words, or a measure
// with no items.
func (u *Usage) Distance(d *prose.Doc) (dist float64, ok bool) {
	words := float64(d.WordCount())
	if words == 0 || len(u.Rates) == 0 {
		return 0, false
	}
	items := make([]string, len(u.Rates))
	for i, r := range u.Rates {
		items[i] = r.Item
	}
	sum := 0.0
	for i, n := range d.Uses(items) {
		r := u.Rates[i]
		sum += RateDistance(1000*float64(n)/words, r.Mean, r.Spread, words)
	}
	return sum / float64(len(u.Rates)), true
}
