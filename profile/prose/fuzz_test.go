package prose

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse: whatever the input, Parse does not panic, every position
// lies inside the input and agrees with its offset, the metrics measure
// finite values, and the words are stable: parsing the words again, one
// space apart, gives the same words.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"", "Hello, world.", "---\ntitle: x\n---\n# Head\n\nText -- more; (yes)? No!\n",
		"```\ncode\n```\n    indented\n> quote\n- item\n1. one\n",
		"[a](b) ![c](d) <e> `f` <!-- g --> &amp; https://x.y",
		"Mr. J. Smith of the U.S. paid $3.50 at 10:30 a.m. e.g. today... Fine?!",
		"\tIndented essay line that reads as prose and ends.\nNext line.",
	} {
		f.Add([]byte(s))
	}
	if b, err := os.ReadFile(filepath.Join("testdata", "piece.md")); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		d := Parse(src)
		checkPositions(t, src, d)

		for i, m := range everyMeasure() {
			ms := m.measure(d)
			if m.piece && len(ms) != 1 {
				t.Fatalf("measure %d: %d values for the piece", i, len(ms))
			}
			for _, v := range ms {
				if math.IsNaN(v.Value) || math.IsInf(v.Value, 0) || v.Value < 0 {
					t.Fatalf("measure %d = %v", i, v.Value)
				}
			}
		}

		words := texts(d.Words)
		again := Parse([]byte(strings.Join(words, " ")))
		if got := texts(again.Words); !equalStrings(got, words) {
			t.Fatalf("re-parse of %d words gives %d:\n%q\n%q", len(words), len(got), words, got)
		}
	})
}
