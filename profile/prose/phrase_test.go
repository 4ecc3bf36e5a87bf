package prose

import (
	"iter"
	"reflect"
	"strings"
	"testing"
)

func TestFindPhrase(t *testing.T) {
	src := "# In Fact\n" + // 1
		"\n" +
		"In fact, we know.\n" + // 3: "In fact" at 3:1
		"In\n" + // 4: "In / fact" across a line break at 4:1
		"fact it is. IN FACT—yes. In, fact no.\n" + // 5: "IN FACT" at 5:13; "In, fact" no
		"I don’t know in fact\n" + // 6: "in fact" at 6:14, then paragraph end
		"\n" +
		"fact is, facts act.\n" // 8: no "in fact" across paragraphs
	type pos struct{ line, col int32 }
	cases := []struct {
		phrase string
		want   []pos
	}{
		{"in fact", []pos{{1, 3}, {3, 1}, {4, 1}, {5, 13}, {6, 14}}},
		{"IN   FACT", []pos{{1, 3}, {3, 1}, {4, 1}, {5, 13}, {6, 14}}},
		{"in fact,", []pos{{3, 1}}},   // the comma must follow
		{"in fact—", []pos{{5, 13}}},  // so must the dash
		{"in, fact", []pos{{5, 26}}},  // punctuation inside matches as written
		{"don't know", []pos{{6, 3}}}, // straight finds curly
		{"DON’T", []pos{{6, 3}}},      // curly finds curly
		{"we know in", nil},           // "know.\nIn" crosses a sentence end
		{"know in", []pos{{6, 9}}},
		{"fact fact", nil},      // the paragraph ends between them
		{"act", []pos{{8, 16}}}, // whole words only
		{"fact", []pos{{1, 6}, {3, 4}, {5, 1}, {5, 16}, {5, 30}, {6, 17}, {8, 1}}},
		{"", nil},
		{" , ! ", nil},
		{"we know.", []pos{{3, 10}}},
		{", we", []pos{{3, 10}}},
		{"(we", nil},
	}
	d := Parse([]byte(src))
	for _, c := range cases {
		var got []pos
		for _, p := range d.FindPhrase(c.phrase) {
			got = append(got, pos{p.Line, p.Col})
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("FindPhrase(%q) = %v, want %v", c.phrase, got, c.want)
		}
	}
}

func TestNGrams(t *testing.T) {
	d := Parse([]byte("# Big Title\n\nThe cat sat, on the mat. Big dogs\nrun (fast)."))
	var two, three []string
	for g := range d.NGrams(2) {
		two = append(two, JoinWords(g))
	}
	for g := range d.NGrams(3) {
		three = append(three, JoinWords(g))
	}
	// Not "sat on" (a comma), not "mat big" (a sentence end), not "run
	// fast" (a parenthesis), not "big title" (a heading is no sentence).
	wantTwo := []string{"the cat", "cat sat", "on the", "the mat", "big dogs", "dogs run"}
	wantThree := []string{"the cat sat", "on the mat", "big dogs run"}
	if !equalStrings(two, wantTwo) {
		t.Errorf("2-grams %q, want %q", two, wantTwo)
	}
	if !equalStrings(three, wantThree) {
		t.Errorf("3-grams %q, want %q", three, wantThree)
	}
	// Every n-gram is found again by FindPhrase.
	for _, n := range []int{1, 2, 3} {
		for g := range d.NGrams(n) {
			found := false
			for _, p := range d.FindPhrase(JoinWords(g)) {
				found = found || p == g[0].Position
			}
			if !found {
				t.Errorf("n-gram %q not found again", JoinWords(g))
			}
		}
	}
	// Stopping early stops.
	n := 0
	for range d.NGrams(2) {
		n++
		break
	}
	if n != 1 {
		t.Error("break did not stop the iteration")
	}
	for range d.NGrams(0) {
		t.Error("0-grams yielded")
	}
	if JoinWords(nil) != "" {
		t.Error("JoinWords(nil) is not empty")
	}
}

// Joined says which neighbours may share a phrase: the same pairs NGrams
// yields, never across punctuation, a sentence end or a heading.
func TestJoined(t *testing.T) {
	d := Parse([]byte("# Big title\n\nIn fact, the cars stop. They  wait\nhere.\n"))
	var got []string
	for i, w := range d.Words {
		if d.Joined(i) {
			got = append(got, d.Words[i-1].Text+" "+w.Text)
		}
	}
	var pairs []string
	for g := range d.NGrams(2) {
		pairs = append(pairs, JoinWords(g))
	}
	want := "in fact|the cars|cars stop|they wait|wait here"
	if strings.Join(got, "|") != want || strings.Join(pairs, "|") != want {
		t.Errorf("Joined %q, NGrams %q, want %q", got, pairs, want)
	}
	if d.Joined(0) || d.Joined(len(d.Words)) {
		t.Error("Joined out of range")
	}
}

// NGrams yields every run of n consecutive words inside one sentence with
// nothing but white space between them, so each is a phrase FindPhrase
// finds ("in fact", not "fact, the"). The slices share the Doc's words;
// copy them to keep them past the loop.
func (d *Doc) NGrams(n int) iter.Seq[[]Word] {
	return func(yield func([]Word) bool) {
		if n < 1 {
			return
		}
		run := 0
		for i := range d.Words {
			switch {
			case d.Words[i].Sentence < 0:
				run = 0
				continue
			case d.Joined(i):
				run++
			default:
				run = 1
			}
			if run >= n && !yield(d.Words[i-n+1:i+1]) {
				return
			}
		}
	}
}
