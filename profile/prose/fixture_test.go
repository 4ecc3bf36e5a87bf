package prose

import (
	"fmt"
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
	ms := d.SentenceWords()
	if got := valuesInt(ms); !equalInts(got, wantSentences) {
		t.Errorf("words per sentence = %v, want %v", got, wantSentences)
	}
	ms = d.ParagraphWords()
	if got, want := valuesInt(ms), []int{26, 11, 20}; !equalInts(got, want) {
		t.Errorf("words per paragraph = %v, want %v", got, want)
	}

	// Per 1,000 words: count * 1000 / 83.
	per := func(n int) float64 { return float64(n) * 1000 / 83 }
	want := map[Count]float64{
		EmDashes:      per(2), // "—" and "--"
		EnDashes:      0,
		Semicolons:    per(1), // "short;"
		Colons:        per(1), // "things:"
		Parentheses:   per(1), // "(with"
		Questions:     per(1), // "why?"
		Exclamations:  per(1), // "item!"
		Contractions:  per(2), // It's, We're
		FirstSingular: per(2), // I, myself
		FirstPlural:   per(1), // We're
		SecondPerson:  per(1), // you
		Headings:      per(3),
		ListItems:     per(3),
	}
	check := func(what string, ms []Measurement, v float64) {
		if len(ms) != 1 || math.Abs(ms[0].Value-v) > 1e-9 {
			t.Errorf("%s = %v, want %.4f", what, ms, v)
		}
		if ms[0].Line != 8 || ms[0].Col != 3 {
			t.Errorf("%s reported at %d:%d, want the first word at 8:3", what, ms[0].Line, ms[0].Col)
		}
	}
	for c, v := range want {
		check(fmt.Sprintf("count %d per 1,000 words", c), rate(c)(d), v)
	}
	check("words of the piece", d.PieceWords(), 83)

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
