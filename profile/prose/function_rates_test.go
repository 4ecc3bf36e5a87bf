package prose

import (
	"slices"
	"testing"
)

// Marker words are counted as whole words in any case, per 1,000 words of
// the piece: "Upon" and "upon" count, "uponly" and "the" inside "theory"
// do not. Counted by hand.
func TestMarkerRates(t *testing.T) {
	d := Parse([]byte("Upon the hill, upon reflection, the theory of the uponly.\n\n# The heading\n"))
	words := float64(d.WordCount()) // 10 in the paragraph, 2 in the heading
	for _, c := range []struct {
		word string
		n    float64
	}{{"upon", 2}, {"the", 4}, {"of", 1}, {"which", 0}} {
		ms := d.Per1k(d.MarkerUses(slices.Index(MarkerWords, c.word)))
		if want := c.n * 1000 / words; len(ms) != 1 || ms[0].Value != want {
			t.Errorf("%s: %v, want one value %v", c.word, ms, want)
		}
	}
}
