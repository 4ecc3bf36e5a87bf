package prose

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Uses counts each item in the piece: a word (in lower case, as Word.Text
// has it) by its occurrences as a whole word, and an item of a single
// punctuation character (",", ";", "—") by that character's occurrences in
// the text as read, markup aside.
func (d *Doc) Uses(items []string) []int {
	out := make([]int, len(items))
	words := map[string]int{}
	for i, item := range items {
		if r, n := utf8.DecodeRuneInString(item); n == len(item) && n > 0 && unicode.IsPunct(r) {
			out[i] = strings.Count(d.text, item)
			continue
		}
		words[item] = i + 1 // 0 is "not listed"
	}
	for i := range d.Words {
		if k := words[d.Words[i].Text]; k > 0 {
			out[k-1]++
		}
	}
	return out
}
