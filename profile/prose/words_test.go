package prose

import (
	"strings"
	"testing"
	"unicode"
)

func TestWords(t *testing.T) {
	cases := []struct {
		src   string
		words []string
	}{
		{"Don’t stop—it's SELF-DRIVING.", []string{"don't", "stop", "it's", "self-driving"}},
		{"3.5 and 1,000 and 2020-2021.", []string{"3.5", "and", "1,000", "and", "2020-2021"}},
		{"U.S. e.g. i.e. J.R.R. a.m.", []string{"u.s", "e.g", "i.e", "j.r.r", "a.m"}},
		{"rock'n'roll O’Brien dogs' 'tis", []string{"rock'n'roll", "o'brien", "dogs", "tis"}},
		{"x-ray -- end --that well- -ish", []string{"x-ray", "end", "that", "well", "ish"}},
		{"end.The cars.They", []string{"end", "the", "cars", "they"}},
		{"Ça déjà vu, Ελλάδα, naïve", []string{"ça", "déjà", "vu", "ελλάδα", "naïve"}},
		{"e\u0301te\u0301", []string{"e\u0301te\u0301"}}, // combining accents stay in the word
		{"I.He", []string{"i", "he"}},
		{"v1.2.3 and 3.x", []string{"v1.2.3", "and", "3", "x"}},
	}
	for _, c := range cases {
		d := Parse([]byte(c.src))
		if got := texts(d.Words); !equalStrings(got, c.words) {
			t.Errorf("%q: words %q, want %q", c.src, got, c.words)
		}
	}
}

// TestWordKind checks contractions and pronouns word by word.
func TestWordKind(t *testing.T) {
	const (
		c  = kindContraction
		s1 = kindFirstSingular
		p1 = kindFirstPlural
		s2 = kindSecond
	)
	cases := map[string]uint8{
		"don't": c, "can't": c, "won't": c, "ain't": c, "shouldn't've": c,
		"we're": c | p1, "i've": c | s1, "you'll": c | s2, "i'm": c | s1, "i'd": c | s1, "they'd": c,
		"it's": c, "that's": c, "there's": c, "what's": c, "he's": c, "let's": c | p1, "y'all": c | s2,
		"john's": 0, "writer's": 0, "o'brien": 0, "rock'n'roll": 0, "o'clock": 0,
		"i": s1, "me": s1, "my": s1, "mine": s1, "myself": s1,
		"we": p1, "us": p1, "our": p1, "ours": p1, "ourselves": p1,
		"you": s2, "your": s2, "yours": s2, "yourself": s2, "yourselves": s2,
		"the": 0, "its": 0, "i.e": 0, "y": 0, "dogs": 0,
	}
	for w, want := range cases {
		if got := wordKind(w); got != want {
			t.Errorf("wordKind(%q) = %b, want %b", w, got, want)
		}
	}
}

// TestRuneClasses holds the classifiers' ASCII tables and calls to their
// definitions in Unicode terms, for every rune.
func TestRuneClasses(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		letter := r != 'ʼ' && unicode.IsLetter(r)
		digit := unicode.IsDigit(r)
		if isLetter(r) != letter || isDigit(r) != digit || isWordStart(r) != (letter || digit) ||
			isWordRune(r) != (letter || digit || r >= 0x300 && unicode.IsMark(r)) {
			t.Fatalf("%U: letter %v, digit %v, word start %v, word rune %v",
				r, isLetter(r), isDigit(r), isWordStart(r), isWordRune(r))
		}
	}
}

// TestScanWordLower: scanWord says a word is its own lower-case form only
// when lower-casing would change nothing, so the word can share its bytes.
func TestScanWordLower(t *testing.T) {
	cases := []struct {
		src   string
		word  string
		lower bool
	}{
		{"plain words", "plain", true},
		{"end", "end", true},
		{"end!", "end", true},
		{"End.", "End", false},    // a dot may join, as in U.S.: the long way
		{"end, and", "end", true}, // a comma may join, as in 1,000
		{"x2 y", "x2", true},
		{"end,x", "end", true}, // a comma after a letter joins nothing
		{"a,b", "a", true},
		{"end.x", "end", true},   // nor a dot after two letters or more
		{"a.b c", "a.b", true},   // but one after a single letter may
		{"x2.5 y", "x2.5", true}, // and one after a digit
		{"2,000.", "2,000", true},
		{"don't stop", "don't", true},
		{"self-driving, 3.5", "self-driving", true},
		{"1,000 more", "1,000", true},
		{"u.s. law", "u.s", true},
		{"Capital", "Capital", false},
		{"endS", "endS", false},
		{"don’t", "don’t", false}, // the curly apostrophe turns straight
		{"café au lait", "café", false},
		{"naïve", "naïve", false},
		{"e\u0301", "e\u0301", false},
	}
	for _, c := range cases {
		j, lower := scanWord([]byte(c.src), 0, len(c.src))
		if got := c.src[:j]; got != c.word || lower != c.lower {
			t.Errorf("scanWord(%q) = %q, %v; want %q, %v", c.src, got, lower, c.word, c.lower)
		}
		if want := string(appendLower(nil, []byte(c.word))); lower && want != c.word {
			t.Errorf("%q is not its own lower case, %q", c.word, want)
		}
	}
}

// TestLowerBufferRefills: a piece of capitals lower-cases far more than
// the builder first makes room for, and every word keeps its own form.
func TestLowerBufferRefills(t *testing.T) {
	src := strings.Repeat("SHOUTING ÉCOLE Don’t. ", 400)
	d := Parse([]byte(src))
	if len(d.Words) != 1200 {
		t.Fatalf("%d words", len(d.Words))
	}
	for i, w := range d.Words {
		if want := []string{"shouting", "école", "don't"}[i%3]; w.Text != want {
			t.Fatalf("word %d is %q, want %q", i, w.Text, want)
		}
	}
}
