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
		want counts
	}{
		{"", counts{}},
		{"plain words only", counts{}},
		{"a; b; c;", counts{semicolons: 3}},
		{";;(", counts{semicolons: 2, parens: 1}},
		{"at 10:30: then 3:1 or :a and b:", counts{colons: 3}},
		{":", counts{colons: 1}},
		// Four hyphens are a rule; a dash needs words either side, however
		// far across spaces, so "--a" and "a--" count here.
		{"a--b a---b a----b --a a-- a -- b", counts{emDashes: 5}},
		{"x --> y", counts{}},
		{"a - b -a - -", counts{enDashes: 1}},
		{"- a", counts{}},
		{"a—b—c ——d", counts{emDashes: 3}},
		{"a—–b", counts{emDashes: 1, enDashes: 1}},
		{"1990–2000 and – so", counts{enDashes: 2}},
		{"don’t “quote” é—", counts{emDashes: 1}},
		{"—", counts{emDashes: 1}},
		{"\xe2\x80", counts{}},
		{"end\xe2", counts{}},
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
