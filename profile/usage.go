package profile

import (
	"math"
	"strings"
	"unicode/utf8"

	"sw/profile/baseline"
	"sw/profile/prose"
)

// Usage is a measure of the writer rather than a rule for the agent: how
// often the writer's pieces use each of a fixed list of common words and
// marks ("the", "upon", ";") per 1,000 words, with how much that rate
// varies from piece to piece. Such rates follow the writer, not the
// subject (authorship studies since Mosteller and Wallace rest on them),
// so they tell writers apart where rules cannot: most sit inside general
// English's ordinary range, where a rule would ask an agent for nothing.
// It is never shown to the agent; `sw check` reports a piece's Distance.
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

// The voice distance reads each item as Burrows' Delta reads a word (how
// many spreads the piece's rate lies from the writer's mean), with three
// changes that let one writer's measure stand alone, with no other
// writers to scale it by:
const (
	// priorSpread: a spread measured on a few pieces is rough, so it is
	// taken as if one more piece had shown priorSpread times chance's
	// spread in 1,000 words (word counts vary by about half as much
	// again as chance alone would have them).
	priorSpread = 1.5
	// maxItemDistance: one word the piece uses far more or less than the
	// writer (the "I" of a piece told in the first person, the "and"s of
	// a list) counts as this many spreads at most, so that the words
	// together decide, not one.
	maxItemDistance = 5
	// widthCost: a measure whose spreads are wide lies near every piece,
	// and would take other writers' pieces for its own. Each item's
	// spread counts against it, at this much of its logarithm (in
	// chance's spreads): the Laplace log-likelihood's penalty, damped,
	// since spreads measured on few pieces are themselves noisy.
	widthCost = 0.4
)

// ItemDistance is how far rate v, measured on a piece of words words, lies
// from a writer's mean, measured with spread on pieces pieces: in spreads
// (never narrower than chance's on a piece of that length), at most
// maxItemDistance, plus widthCost for a spread wider than chance's.
func ItemDistance(v, mean, spread float64, pieces int, words float64) float64 {
	chance := ChanceSpread(mean, words)
	s := math.Max(itemSpread(mean, spread, pieces), chance)
	return math.Min(math.Abs(v-mean)/s, maxItemDistance) + widthCost*math.Log(s/chance)
}

// itemSpread is spread, measured on pieces pieces, taken together with
// priorSpread's one piece more (see priorSpread).
func itemSpread(mean, spread float64, pieces int) float64 {
	prior := priorSpread * ChanceSpread(mean, 1000)
	n := float64(max(pieces-1, 0))
	return math.Sqrt((n*float64(spread*spread) + float64(prior*prior)) / (n + 1))
}

// Toward LLM prose. An item LLM prose overuses (baseline.IsLLMOverused:
// "testament", "amidst") is read one way only: a piece's rate of it above
// the writer's mean moves the piece toward LLM prose, the AI voice an
// agent's draft has, and counts as ItemDistance counts it; a rate below
// is no move toward it, and costs nothing. Its spread costs nothing
// either: such words are rare in any writer's pieces, so their spreads
// are chance's and the prior's, and would only tax a measure taken on
// few pieces. And the items do not add to the count Distance divides
// by, so a measure holding them says of writers' pieces, which seldom
// use them, what it said without them.

// TowardLLM says whether item is read toward LLM prose (see above).
func TowardLLM(item string) bool { return baseline.IsLLMOverused(item) }

// LLMItemDistance is how far rate v, measured on a piece of words words,
// has moved from a writer's mean toward LLM prose, for an item LLM prose
// overuses: in spreads above the mean, at most maxItemDistance.
func LLMItemDistance(v, mean, spread float64, pieces int, words float64) float64 {
	s := math.Max(itemSpread(mean, spread, pieces), ChanceSpread(mean, words))
	return math.Min(math.Max((v-mean)/s, 0), maxItemDistance)
}

// Distance is how far d lies from the writer's voice: the mean of
// ItemDistance over u's items, plus each move toward LLM prose on the same
// scale; near Typical for a new piece of the writer's. It is sharpest
// between measures (a piece lies nearer its own writer's measure than
// others'); a short piece lies nearer any measure, as chance moves its
// rates more. ok is false for no words or no items.
func (u *Usage) Distance(d *prose.Doc) (dist float64, ok bool) {
	items, ok := u.items(d)
	if !ok {
		return 0, false
	}
	sum, n := 0.0, 0
	for _, it := range items {
		sum += it.distance
		if !it.llm {
			n++
		}
	}
	return sum / float64(max(n, 1)), true
}
