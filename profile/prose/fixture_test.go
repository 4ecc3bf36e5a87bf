package prose

import (
	"math"
	"os"
	"testing"
)

func fixture(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile("testdata/piece.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestFixture holds testdata/piece.md, a small piece with one of each
// construct, to counts made by hand from the file:
//
//	headings (3): "Why this file exists" (4 words), "Code is not prose"
//	  (4), "Lists and quotes" (3) = 11 words
//	paragraph at 10:1: 26 words, 3 sentences (13, 9, 4); "—", ";", "?",
//	  "It's", "you"
//	paragraph at 24:1: 11 words ("A link keeps its text, and an image
//	  goes. Use here."), 2 sentences; link target, image and code skipped
//	list items at 29:3, 30:3, 31:6: 4 + 4 + 3 words; "We're", ":", "(",
//	  "!"
//	quote at 33:3: 4 words, "I", "myself", "--"
//	paragraph at 35:1: 20 words, 3 sentences (9, 9, 2)
//
// The lengths of sentences and paragraphs leave the quote out, and the
// list items are no paragraphs; their sentences end as sentences do, so
// they count.
//
// 11 + 26 + 11 + 11 + 4 + 20 = 83 words; front matter, comment and code
// hold none.
func TestFixture(t *testing.T) {
	src := fixture(t)
	d := Parse([]byte(src))
	checkPositions(t, []byte(src), d)
	checkWordsAtOffsets(t, []byte(src), d)

	if d.WordCount() != 83 {
		t.Errorf("words = %d, want 83", d.WordCount())
	}
	wantSentences := []int{13, 9, 4, 9, 2, 4, 4, 3, 9, 9, 2}
	ms, _ := d.Measure("words_per_sentence")
	if got := valuesInt(ms); !equalInts(got, wantSentences) {
		t.Errorf("words per sentence = %v, want %v", got, wantSentences)
	}
	ms, _ = d.Measure("words_per_paragraph")
	if got, want := valuesInt(ms), []int{26, 11, 20}; !equalInts(got, want) {
		t.Errorf("words per paragraph = %v, want %v", got, want)
	}

	// Per 1,000 words: count * 1000 / 83.
	per := func(n int) float64 { return float64(n) * 1000 / 83 }
	want := map[string]float64{
		"em_dashes_per_1k_words":             per(2), // "—" and "--"
		"en_dashes_per_1k_words":             0,
		"semicolons_per_1k_words":            per(1), // "short;"
		"colons_per_1k_words":                per(1), // "things:"
		"parentheses_per_1k_words":           per(1), // "(with"
		"questions_per_1k_words":             per(1), // "why?"
		"exclamations_per_1k_words":          per(1), // "item!"
		"contractions_per_1k_words":          per(2), // It's, We're
		"first_person_singular_per_1k_words": per(2), // I, myself
		"first_person_plural_per_1k_words":   per(1), // We're
		"second_person_per_1k_words":         per(1), // you
		"headings_per_1k_words":              per(3),
		"list_items_per_1k_words":            per(3),
		"words_per_piece":                    83,
	}
	for name, v := range want {
		ms, err := d.Measure(name)
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) != 1 || math.Abs(ms[0].Value-v) > 1e-9 {
			t.Errorf("%s = %v, want %.4f", name, ms, v)
		}
		if ms[0].Line != 8 || ms[0].Col != 3 {
			t.Errorf("%s reported at %d:%d, want the first word at 8:3", name, ms[0].Line, ms[0].Col)
		}
	}

	if s, ok := d.Opening(); !ok || s.Text != "This piece holds one of each thing the parser must read — or skip." {
		t.Errorf("opening = %q", s.Text)
	}
	if s, ok := d.Closing(); !ok || s.Text != "Then nothing." || s.Line != 36 || s.Col != 11 {
		t.Errorf("closing = %q at %d:%d", s.Text, s.Line, s.Col)
	}
}

func valuesInt(ms []Measurement) []int {
	out := make([]int, len(ms))
	for i, m := range ms {
		out[i] = int(m.Value)
	}
	return out
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
