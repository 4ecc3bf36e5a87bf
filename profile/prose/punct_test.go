package prose

import (
	"slices"
	"testing"
)

// TestCountPunct tallies the marks of one block at a time, at its edges
// and in runs, as the builder hands them over.
func TestCountPunct(t *testing.T) {
	cases := []struct {
		text string
		want [numCounts]int
	}{
		{"", [numCounts]int{}},
		{"plain words only", [numCounts]int{}},
		{"a; b; c;", [numCounts]int{Semicolons: 3}},
		{";;(", [numCounts]int{Semicolons: 2, Parentheses: 1}},
		{"at 10:30: then 3:1 or :a and b:", [numCounts]int{Colons: 3}},
		{":", [numCounts]int{Colons: 1}},
		// Four hyphens are a rule; a dash needs words either side, however
		// far across spaces, so "--a" and "a--" count here.
		{"a--b a---b a----b --a a-- a -- b", [numCounts]int{EmDashes: 5}},
		{"x --> y", [numCounts]int{}},
		{"a - b -a - -", [numCounts]int{EnDashes: 1}},
		{"- a", [numCounts]int{}},
		{"a—b—c ——d", [numCounts]int{EmDashes: 3}},
		{"a—–b", [numCounts]int{EmDashes: 1, EnDashes: 1}},
		{"1990–2000 and – so", [numCounts]int{EnDashes: 2}},
		{"don’t “quote” é—", [numCounts]int{EmDashes: 1}},
		{"—", [numCounts]int{EmDashes: 1}},
		{"\xe2\x80", [numCounts]int{}},
		{"end\xe2", [numCounts]int{}},
	}
	for _, c := range cases {
		b := &builder{d: &Doc{}, text: []byte(c.text)}
		b.countPunct(0, len(c.text))
		if b.d.counts != c.want {
			t.Errorf("countPunct(%q) = %+v, want %+v", c.text, b.d.counts, c.want)
		}
	}
}

// Uses counts whole words as Word.Text has them, and marks in the text as
// read: a mark inside code or a link's address is not the writer's.
func TestUses(t *testing.T) {
	d := Parse([]byte("The cat; the Other cat — upon `a;b` [x](http://a.b/c;d), thereupon.\n"))
	got := d.Uses([]string{"the", "upon", ";", ",", "—", "cat", "dog"})
	want := []int{2, 1, 1, 1, 1, 2, 0}
	if !slices.Equal(got, want) {
		t.Errorf("Uses = %v, want %v", got, want)
	}
}
