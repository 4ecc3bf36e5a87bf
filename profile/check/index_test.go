package check

import (
	"slices"
	"strings"
	"testing"

	"sw/profile"
	"sw/profile/prose"
)

// tricky holds what the index must defer to FindPhrase for: phrases across
// punctuation, sentence ends, blocks, headings, markup, curly apostrophes
// and no-break spaces.
const tricky = `---
title: In fact
---

# In fact, the heading

In fact the writer said so. In, fact the comma. In. Fact the stop.
We *in* fact mark it up and don’t care; in fact we do, in fact.

- in
- fact in a list
- self-driving cars drive, self- driving ones do not

> In fact a quote that ends in
fact on the next line.

In` + "\u00a0" + `fact a no-break space. In` + "\t" + `fact a tab. U.S. law, e.g. this.

Title Line In Fact
`

func TestFindPhrasesMatchesFindPhrase(t *testing.T) {
	docs := map[string]*prose.Doc{
		"tricky": prose.Parse([]byte(tricky)),
		"corpus": prose.Parse(corpusPiece(t, 5000)),
	}
	for name, d := range docs {
		phrases := candidatePhrases(d)
		hits := findPhrases(d, phrases)
		for _, p := range phrases {
			want := d.FindPhrase(p)
			if got := hits[p]; !slices.Equal(got, want) {
				t.Errorf("%s: %q: index found %v, FindPhrase %v", name, p, got, want)
			}
		}
	}
}

// candidatePhrases makes phrases from the document's own words: every
// run of one to four words in a row, wherever they stand (across commas,
// sentences and blocks too), some with punctuation, so both the index and
// its fallbacks are exercised.
func candidatePhrases(d *prose.Doc) []string {
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for i := range d.Words {
		if i%7 != 0 && len(d.Words) > 500 {
			continue // a sample is enough for a long piece
		}
		for n := 1; n <= 4 && i+n <= len(d.Words); n++ {
			var ws []string
			for _, w := range d.Words[i : i+n] {
				ws = append(ws, w.Text)
			}
			add(strings.Join(ws, " "))
			if n == 2 { // the same words with punctuation of their own
				add(ws[0] + ", " + ws[1])
				add(ws[0] + " " + ws[1] + ".")
				add("(" + ws[0] + " " + ws[1] + ")")
				add(ws[0] + "-" + ws[1])
				add(ws[0] + "." + ws[1])
			}
		}
	}
	for _, p := range []string{"in fact,", "in, fact", "in. fact", "fact in", "u.s. law", "e.g.", "don't care",
		"self-driving", "self- driving", "in fact the", "the heading", "title line", "in fact we do"} {
		add(p)
	}
	return out
}

// FuzzFindPhrases holds the index to FindPhrase on any input, with
// phrases made of the input's own words.
func FuzzFindPhrases(f *testing.F) {
	f.Add([]byte(tricky))
	f.Add([]byte("In fact, in fact. In\u00a0fact\n\n# in fact\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		d := prose.Parse(src)
		phrases := candidatePhrases(d)
		hits := findPhrases(d, phrases)
		for _, p := range phrases {
			if want := d.FindPhrase(p); !slices.Equal(hits[p], want) {
				t.Fatalf("%q: index found %v, FindPhrase %v", p, hits[p], want)
			}
		}
	})
}

func TestPlainWords(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"in fact", []string{"in", "fact"}},
		{"don't", []string{"don't"}},
		{"self-driving car", []string{"self-driving", "car"}},
		{"2nd place", []string{"2nd", "place"}},
		{"", nil},
		{"in fact,", nil},
		{"don'", nil},
		{"-in", nil},
		{"a--b", nil},
		{"a''b", nil},
		{"e.g.", nil},
		{"1,000 words", nil},
		{"in  fact", nil}, // not normalised
		{"café", nil},
		{"In fact", nil}, // not normalised
	} {
		got, ok := plainWords(tc.in)
		if ok != (tc.want != nil) || !slices.Equal(got, tc.want) {
			t.Errorf("plainWords(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
}

func TestSureWords(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"to be honest,", []string{"to", "be", "honest"}},
		{"in fact, no", []string{"in", "fact", "no"}},
		{"e.g.", nil},
		{"e.g. this", []string{"this"}},
		{"u.s. law", []string{"law"}},
		{"1,000 words", []string{"words"}},
		{"don't, ok", []string{"ok"}},                  // don't is a word, but not a plain run
		{"'tis so.", []string{"tis", "so"}},            // the apostrophe has nothing before it
		{"self- driving", []string{"self", "driving"}}, // a hyphen before a space joins nothing
		{"café au lait", []string{"au", "lait"}},       // é may be a letter
		{"aʼb c", []string{"c"}},
		{"(in fact)", []string{"in", "fact"}},
		{"--", nil},
		{"Is it", []string{"it"}}, // not normalised: upper case still counts as a letter
	} {
		if got := sureWords(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("sureWords(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestNormalizeIsNormalizePhrase(t *testing.T) {
	for _, s := range []string{"In  Fact", " don’t ", "“Quoted”", "TO BE HONEST,", "tab\there", "", " ", "  a  ",
		"Ünïcode Word", "a\u00a0b", "in fact", "in fact ", " in fact", "in\nfact", "a\vb", "x\fy", "done", "it's ok."} {
		if got, want := normalize(s), normalizeSlow(s); got != want {
			t.Errorf("normalize(%q) = %q, want %q", s, got, want)
		}
	}
}

func normalizeSlow(s string) string { return profile.NormalizePhrase(s) }

func FuzzNormalize(f *testing.F) {
	f.Add("In  Fact")
	f.Add(" don’t ")
	f.Add("a\tb")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := normalize(s), profile.NormalizePhrase(s); got != want {
			t.Fatalf("normalize(%q) = %q, want %q", s, got, want)
		}
	})
}

// TestWordSieve: the sieve never turns away a word it was given, and turns
// away words that differ from all of them in length, first or last byte.
func TestWordSieve(t *testing.T) {
	var s wordSieve
	wanted := []string{"habit", "walk", "in", "e.g", "don't", "a", "self-driving", "café"}
	for _, w := range wanted {
		s.add(w)
	}
	for _, w := range wanted {
		if !s.may(w) {
			t.Errorf("sieve turns away %q, which it was given", w)
		}
	}
	for _, w := range []string{"habits", "wall", "ink", "b", "the", "walk-in"} {
		if s.may(w) {
			t.Errorf("sieve lets %q through", w)
		}
	}
}

// findPhrases finds phrases in d as Piece does.
func findPhrases(d *prose.Doc, phrases []string) map[string][]prose.Position {
	return newPhraseIndex(phrases).find(d)
}
