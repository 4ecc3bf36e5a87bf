package profile

import (
	"math"
	"strings"
	"testing"

	"sw/profile/prose"
)

// A word LLM prose overuses moves a piece away from the writer only when
// the piece uses it more than the writer does, and never dilutes the
// distance the other items give.
func TestUsageReadsLLMWordsTowardLLMProse(t *testing.T) {
	doc := prose.Parse([]byte(strings.Repeat("Upon the hill, a testament. ", 40))) // 200 words
	many := 1_000_000
	own := &Usage{Pieces: many, Rates: []Rate{{"upon", 200, 0}, {"the", 200, 0}}}
	with := &Usage{Pieces: many, Rates: append([]Rate{{"testament", 200, 0}}, own.Rates...)}
	d0, _ := own.Distance(doc)
	d1, _ := with.Distance(doc)
	if math.Abs(d0-d1) > 1e-9 {
		t.Errorf("a writer who uses 'testament' as this piece does: distance %g, without the item %g", d1, d0)
	}
	with.Rates[0].Mean = 300 // the writer uses it more: no move toward LLM prose
	if d, _ := with.Distance(doc); math.Abs(d-d0) > 1e-9 {
		t.Errorf("a piece using 'testament' less than the writer: distance %g, want %g", d, d0)
	}
	with.Rates[0].Mean = 0 // a writer who never does: as far as one item goes, over two items
	if d, _ := with.Distance(doc); math.Abs(d-(d0+maxItemDistance/2.0)) > 1e-9 {
		t.Errorf("a piece full of 'testament', a writer without: distance %g, want %g", d, d0+maxItemDistance/2.0)
	}
	if !TowardLLM("testament") || TowardLLM("upon") {
		t.Error("TowardLLM reads the wrong words")
	}
	if LLMItemDistance(1, 2, 0, many, 1000) != 0 {
		t.Error("a rate below the writer's mean moved toward LLM prose")
	}
	markers := with.Markers(doc, 3)
	if len(markers) == 0 || markers[0].Item != "testament" {
		t.Errorf("markers %+v, want 'testament' first", markers)
	}
}
