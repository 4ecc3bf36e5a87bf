package prose

import (
	"bytes"
	"testing"
	"unicode/utf8"
)

// TestPosFinder asks for positions as the builder does, mostly forwards,
// on ASCII lines and others, and checks them against a plain count.
func TestPosFinder(t *testing.T) {
	cases := []struct {
		name string
		src  string
		offs []int
	}{
		{"one ascii line", "one two three", []int{0, 4, 8, 13}},
		{"lines", "one\ntwo\n\nfour", []int{0, 3, 4, 9, 10}},
		{"skips several lines", "a\nb\nc\nd\ne", []int{0, 8, 9}},
		{"letters past ascii", "café au lait\nnaïve", []int{0, 6, 9, 14, 19}},
		{"backwards starts over", "ab\ncd\nef", []int{6, 3, 0, 7}},
		{"byte order mark", "\xef\xbb\xbfab cd\nef", []int{3, 6, 9}},
		{"at the line break and the end", "ab\n", []int{2, 3}},
		{"past the end", "ab", []int{5}},
	}
	for _, c := range cases {
		src := []byte(c.src)
		p := posFinder{src: src}
		if bytes.HasPrefix(src, bom) {
			p.base = len(bom)
		}
		p.reset()
		for _, off := range c.offs {
			got := p.at(off)
			off = min(off, len(src))
			// Lines are the breaks before off, plus one; the column
			// counts the runes since the last break (or the mark).
			start := max(bytes.LastIndexByte(src[:off], '\n')+1, p.base)
			want := Position{
				Line:   int32(1 + bytes.Count(src[:off], newline)),
				Col:    int32(1 + utf8.RuneCount(src[start:off])),
				Offset: int32(off),
			}
			if got != want {
				t.Errorf("%s: at(%d) = %+v, want %+v", c.name, off, got, want)
			}
		}
	}
}

func TestIsASCII(t *testing.T) {
	cases := map[string]bool{
		"": true, "a": true, "abcdefgh": true, "abcdefghijklmnopq": true, "\x00\x7f": true,
		"é": false, "abcdefgé": false, "abcdefghé": false, "abcdefgh\x80": false, "\xffabcdefgh": false,
	}
	for s, want := range cases {
		if got := isASCII([]byte(s)); got != want {
			t.Errorf("isASCII(%q) = %v, want %v", s, got, want)
		}
	}
}

// at returns the position of the source offset off, as the builder asks.
func (p *posFinder) at(off int) Position {
	if pos, ok := p.onLine(off); ok {
		return pos
	}
	return p.elsewhere(off)
}
