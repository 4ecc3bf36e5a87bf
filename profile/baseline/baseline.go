// Package baseline is sw's picture of general English: how often a word or a
// short phrase turns up in ordinary text, and which words are function words.
// The analyzer needs both: a word is a writer's signature only if the writer
// uses it markedly more than English at large does ("the" is in every piece),
// and function words carry grammar, not style, so they never are.
//
// The rates come from the US English language model of CMU Sphinx (BSD
// licence; see SOURCE.md and [License]): its 36,000 most frequent words,
// 36,000 most frequent word pairs and 24,000 most frequent word triples, in
// about 280 KB embedded in the binary. The model mixes written and spoken
// American English, so it ranks chatty words ("yeah", "gonna") higher than a
// corpus of books would.
//
// Nothing is decoded until the first question that needs the rates, so a
// process that never asks one (a `sw check` that tests no vocabulary rule)
// pays nothing at start-up; the first decodes the table in a few
// milliseconds, then a word costs one map lookup and a phrase a few binary
// searches. Every function is safe for concurrent use. Words are matched in
// lower case with ’ and ‘ read as '.
package baseline

import (
	_ "embed"
	"strings"
	"sync"
	"unicode/utf8"
)

//go:embed data/english.bin.gz
var englishData []byte

//go:embed data/LICENSE
var license string

var (
	loadOnce sync.Once
	loaded   *table
)

// get decodes the embedded table on first use. The data is part of the
// binary and covered by the tests, so a failure here is a build defect, not
// a condition callers could handle: it panics.
func get() *table {
	loadOnce.Do(func() {
		t, err := decode(englishData)
		if err != nil {
			panic(err)
		}
		loaded = t
	})
	return loaded
}

// PerMillion reports how many times word occurs per million words of
// general English, and whether the baseline lists it at all. An unlisted
// word is rarer than every listed one (under 0.3 per million); [Rate] gives
// [Floor] for it instead.
func PerMillion(word string) (float64, bool) {
	r, _, ok := get().word(normalize(word))
	return r, ok
}

// Rate is [PerMillion] with [Floor] for a word the baseline does not list,
// as a ratio "writer's rate / English's rate" wants.
func Rate(word string) float64 {
	r, _, _ := get().word(normalize(word))
	return r
}

// Floor is the rate, per million words, assumed for a word the baseline does
// not list: half the rate of the rarest word it lists (about 0.14), since by
// how much rarer it is the data cannot say, and a zero would make any ratio
// to it infinite. Against the floor even one use in a short piece is a ratio
// in the thousands: telling a habit from a one-off is the noise gate's job.
func Floor() float64 {
	return get().floor
}

// PhrasePerMillion estimates how many times per million words the phrase
// (its words in order, as the analyzer tokenised them) occurs in general
// English. One word gives [Rate]; an empty phrase gives 0.
//
// Pairs and triples of words use their own rates when the baseline lists
// them: the 36,000 most frequent pairs (down to about 2.6 per million) and
// the 24,000 most frequent triples (down to about 2.3). Otherwise it
// estimates as the language model does: an unlisted pair from its words,
// rate(w1) × back-off(w1) × P(w2), and an unlisted triple from its pairs,
// rate(w1 w2) × P(w3 | w2). Longer phrases chain the triples:
// rate(w1 w2 w3) × P(w4 | w2 w3) × …
//
// Listing pairs and triples matters: "at the end" is some 15 times more
// frequent than its pairs alone predict, and a baseline that missed that
// would make every writer's "at the end" look like a signature.
func PhrasePerMillion(words []string) float64 {
	switch len(words) {
	case 0:
		return 0
	case 1:
		return Rate(words[0])
	}
	t := get()
	var buf [4]string // keeps the usual short phrase off the heap
	w := buf[:0]
	for _, x := range words {
		w = append(w, normalize(x))
	}
	if len(w) == 2 {
		return t.pair(w[0], w[1])
	}
	r := t.triple(w[0], w[1], w[2])
	for i := 3; i < len(w); i++ {
		r *= min(t.triple(w[i-2], w[i-1], w[i])/t.pair(w[i-2], w[i-1]), 1)
	}
	return r
}

// License is the licence text of the language model the rates are derived
// from, which a binary distribution must reproduce.
func License() string { return license }

// normalize lower-cases w and turns typographic apostrophes into ', as the
// baseline stores words; a word already so, the common case, costs no
// allocation.
func normalize(w string) string {
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= utf8.RuneSelf || 'A' <= c && c <= 'Z' {
			return strings.Map(func(r rune) rune {
				if r == '’' || r == '‘' {
					return '\''
				}
				return r
			}, strings.ToLower(w))
		}
	}
	return w
}
