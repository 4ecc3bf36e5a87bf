package profile

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"sw/profile/prose"
)

// Marker is one item of a usage measure that moved a piece away from the
// writer's voice, with the rates a writer can check for themselves.
type Marker struct {
	Item  string  `json:"item"`
	Piece float64 `json:"piece"` // the piece's rate, per 1,000 words
	Yours float64 `json:"yours"` // the writer's mean, per 1,000 words
	// Distance is the item's share of the voice distance (ItemDistance).
	Distance float64 `json:"distance"`
}

// markerFloor is the fewest spreads an item must lie off the writer's mean
// to be named: inside two, a rate is one the writer's own pieces show.
const markerFloor = 2

// itemUse is one item of u as measured on a piece.
type itemUse struct {
	rate, distance float64
	r              Rate
	llm            bool // read toward LLM prose (TowardLLM)
}

// items measures each of u's items on d; ok is false for a piece with no
// words or a measure with no items.
func (u *Usage) items(d *prose.Doc) ([]itemUse, bool) {
	words := float64(d.WordCount())
	if words == 0 || len(u.Rates) == 0 {
		return nil, false
	}
	names := make([]string, len(u.Rates))
	for i, r := range u.Rates {
		names[i] = r.Item
	}
	out := make([]itemUse, len(u.Rates))
	for i, n := range d.Uses(names) {
		r := u.Rates[i]
		v := 1000 * float64(n) / words
		out[i] = itemUse{rate: v, r: r, distance: ItemDistance(v, r.Mean, r.Spread, u.Pieces, words)}
		if TowardLLM(r.Item) {
			out[i].llm, out[i].distance = true, LLMItemDistance(v, r.Mean, r.Spread, u.Pieces, words)
		}
	}
	return out, true
}

// Markers are the items whose rate in d lies at least markerFloor spreads
// off the writer's mean, at most n, most spreads off first (ties by item,
// so the list is the same at every run).
func (u *Usage) Markers(d *prose.Doc, n int) []Marker {
	items, ok := u.items(d)
	if !ok {
		return nil
	}
	type off struct {
		m      Marker
		spread float64 // spreads off, not capped: the order
	}
	var offs []off
	for _, it := range items {
		s := math.Max(itemSpread(it.r.Mean, it.r.Spread, u.Pieces), ChanceSpread(it.r.Mean, float64(d.WordCount())))
		if it.llm && it.rate <= it.r.Mean {
			continue // no move toward LLM prose
		}
		if z := math.Abs(it.rate-it.r.Mean) / s; z >= markerFloor {
			offs = append(offs, off{Marker{Item: it.r.Item, Piece: it.rate, Yours: it.r.Mean, Distance: it.distance}, z})
		}
	}
	slices.SortFunc(offs, func(a, b off) int {
		return cmp.Or(cmp.Compare(b.spread, a.spread), strings.Compare(a.m.Item, b.m.Item))
	})
	out := make([]Marker, 0, min(n, len(offs)))
	for _, o := range offs[:min(n, len(offs))] {
		out = append(out, o.m)
	}
	return out
}

// markNames name the marks in a writer's words.
var markNames = map[string]string{",": "commas", ";": "semicolons", ":": "colons", "?": "question marks",
	"!": "exclamation marks", "(": "brackets", "—": "dashes"}

// Say puts the marker in a writer's words: "you use 'upon' 3.1 times as
// often as this piece does", "this piece uses semicolons 2.4 times as
// often as you do", or, where one side never uses the item, its rate.
func (m Marker) Say() string {
	name := "'" + m.Item + "'"
	if n, ok := markNames[m.Item]; ok {
		name = n
	}
	switch {
	case m.Piece == 0:
		return fmt.Sprintf("you use %s %s per 1,000 words; this piece never does", name, times(m.Yours))
	case m.Yours == 0:
		return fmt.Sprintf("this piece uses %s %s per 1,000 words; you never do", name, times(m.Piece))
	case m.Yours > m.Piece:
		return fmt.Sprintf("you use %s %s as often as this piece does", name, times(m.Yours/m.Piece))
	default:
		return fmt.Sprintf("this piece uses %s %s as often as you do", name, times(m.Piece/m.Yours))
	}
}

// times reads a count or ratio as a person says it: "once", "twice",
// "3.1 times".
func times(x float64) string {
	switch r := math.Round(x*10) / 10; r {
	case 1:
		return "once"
	case 2:
		return "twice"
	default:
		return fmt.Sprintf("%.1f times", r)
	}
}
