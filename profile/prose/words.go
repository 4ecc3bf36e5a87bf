package prose

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A word is a run of letters and digits. Inside a word (never at its
// edges) these join: an apostrophe, straight or curly (don't, don’t); a
// single hyphen (self-driving); a dot or comma between digits (3.5,
// 1,000); and the dots of a dotted abbreviation of single letters (U.S.,
// e.g.), whose final dot is left to the sentence splitter.

// The helpers below answer for ASCII from a table, inline, and leave the
// rest of Unicode to a call: the parser asks them about nearly every byte
// of a piece, and nearly every byte is ASCII.

// isLetter leaves out ʼ (a modifier letter to Unicode) because writers
// type it as an apostrophe.
func isLetter(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClass[r]&classLetter != 0
	}
	return isOtherLetter(r)
}

func isDigit(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClass[r]&classDigit != 0
	}
	return isOtherDigit(r)
}

func isWordStart(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClass[r] != 0
	}
	return isOtherWordStart(r)
}

// isWordRune also takes combining marks, which belong to the letter
// before them.
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClass[r] != 0
	}
	return isOtherWordRune(r)
}

func isOtherLetter(r rune) bool { return r != 'ʼ' && unicode.IsLetter(r) }

// isOtherDigit is unicode.IsDigit past ASCII, in the form small enough for
// isDigit to inline.
func isOtherDigit(r rune) bool { return unicode.Is(unicode.Digit, r) }

func isOtherWordStart(r rune) bool { return isOtherLetter(r) || isOtherDigit(r) }

func isOtherWordRune(r rune) bool { return isOtherWordStart(r) || (r >= 0x300 && unicode.IsMark(r)) }

// asciiClass marks the ASCII letters (capitals twice) and digits; other
// bytes are 0.
var asciiClass = func() (t [256]uint8) {
	for c := range utf8.RuneSelf {
		switch {
		case c >= 'A' && c <= 'Z':
			t[c] = classLetter | classCapital
		case c >= 'a' && c <= 'z':
			t[c] = classLetter
		case c >= '0' && c <= '9':
			t[c] = classDigit
		}
	}
	return t
}()

const (
	classLetter = 1 << iota
	classDigit
	classCapital
)

func isApostrophe(r rune) bool { return r == '\'' || r == '’' || r == '‘' || r == 'ʼ' }

func decodeAt(t []byte, i, end int) (rune, int) {
	if c := t[i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRune(t[i:end])
}

// scanWord returns where the word starting at t[i] ends, and whether it
// is its own lower-case form (ASCII without capitals), as most words are.
func scanWord(t []byte, i, end int) (int, bool) {
	// Most words are ASCII letters and digits up to a byte that can join
	// nothing: those need none of the bookkeeping of the others.
	k, classes := asciiRun(t, i, end)
	if endsPlainly(t, i, k, end) {
		return k, classes&classCapital == 0
	}
	return scanJoinedWord(t, i, end)
}

// asciiRun returns where the ASCII letters and digits from t[i] end, and
// the classes of those it read.
func asciiRun(t []byte, i, end int) (int, uint8) {
	var classes uint8
	for i < end && asciiClass[t[i]] != 0 {
		classes |= asciiClass[t[i]]
		i++
	}
	return i, classes
}

// endsPlainly says that a word whose ASCII letters and digits run from i
// to k ends there: at the block's end, or at an ASCII byte that can join
// nothing to them.
func endsPlainly(t []byte, i, k, end int) bool {
	return k == end || t[k] < utf8.RuneSelf && !mayJoin(t[k]) || endsAtStop(t, i, k)
}

// endsAtStop says that the ASCII letters and digits t[i:k] end at a comma
// or a dot that cannot join them to more: one after a letter, but for the
// dot after a single letter, which may go on as in U.S.
func endsAtStop(t []byte, i, k int) bool {
	return k > i && asciiClass[t[k-1]]&classLetter != 0 && (t[k] == ',' || t[k] == '.' && k-i > 1)
}

// mayJoin says whether an ASCII byte can join two parts of a word.
func mayJoin(c byte) bool { return c == '\'' || c == '-' || c == '.' || c == ',' }

// scanJoinedWord is scanWord for a word that may hold runes past ASCII or
// parts joined by an apostrophe, hyphen or dot.
func scanJoinedWord(t []byte, i, end int) (int, bool) {
	j := i
	seg := 0       // runes since the word's start or its last joiner
	dotted := true // every segment so far is a single letter
	prevDigit, prevLetter := false, false
	var classes uint8 // of the ASCII letters and digits read
	ascii := true
	for j < end {
		c := t[j]
		if asciiClass[c] != 0 { // the common case, kept cheap
			k := j
			for k < end && asciiClass[t[k]] != 0 {
				classes |= asciiClass[t[k]]
				k++
			}
			seg += k - j
			prevDigit = t[k-1] <= '9'
			prevLetter = !prevDigit
			j = k
			if seg > 1 {
				dotted = false
			}
			continue
		}
		if c < utf8.RuneSelf && !mayJoin(c) {
			break // the usual end of a word: a space or punctuation that never joins
		}
		r, w := decodeAt(t, j, end)
		if isWordRune(r) { // past ASCII, as ASCII ones are read above
			ascii = false
			seg++
			prevDigit, prevLetter = isDigit(r), isLetter(r)
			if seg > 1 {
				dotted = false
			}
			j += w
			continue
		}
		if j+w >= end {
			break
		}
		n, nw := decodeAt(t, j+w, end)
		ok := false
		switch {
		case isApostrophe(r), r == '-':
			ok = isWordStart(n)
			dotted = false
		case (r == '.' || r == ',') && prevDigit:
			ok = isDigit(n)
		case r == '.' && dotted && prevLetter && isLetter(n):
			// U.S. or e.g.: the letter after the dot must stand alone.
			k := j + w + nw
			ok = k >= end
			if !ok {
				m, _ := decodeAt(t, k, end)
				ok = !isWordRune(m)
			}
		}
		if !ok {
			break
		}
		if r >= utf8.RuneSelf {
			ascii = false // a curly apostrophe, which lower case makes straight
		}
		seg = 0
		j += w
	}
	return j, ascii && classes&classCapital == 0
}

// appendLower appends the lower-case form of a word, apostrophes as '.
func appendLower(dst, w []byte) []byte {
	for i, c := range w {
		if c >= utf8.RuneSelf || (c >= 'A' && c <= 'Z') {
			return appendLowerSlow(append(dst, w[:i]...), w[i:])
		}
	}
	return append(dst, w...)
}

func appendLowerSlow(dst, w []byte) []byte {
	for i := 0; i < len(w); {
		c := w[i]
		if c < utf8.RuneSelf {
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, n := utf8.DecodeRune(w[i:])
		if isApostrophe(r) {
			dst = append(dst, '\'')
		} else {
			dst = utf8.AppendRune(dst, unicode.ToLower(r))
		}
		i += n
	}
	return dst
}

// Kinds of word the per-piece metrics count, bits in the order of their
// Counts.
const (
	kindContraction uint8 = 1 << iota
	kindFirstSingular
	kindFirstPlural
	kindSecond
)

// countKinds tallies the words' kinds, the first time it is asked.
func (d *Doc) countKinds() {
	d.wordKindsOnce.Do(func() {
		c := &d.counts
		for i := range d.Words {
			w := &d.Words[i]
			k := wordKind(w.Text)
			if k&kindFirstPlural != 0 && w.Text == "us" && d.text[w.start:w.end] == "US" {
				k &^= kindFirstPlural // the country, not the pronoun
			}
			for bit, count := range [...]Count{Contractions, FirstSingular, FirstPlural, SecondPerson} {
				if k&(1<<bit) != 0 {
					c[count]++
				}
			}
		}
	})
}

// wordKind classifies a lower-cased word. A contraction's pronoun counts
// for its person: I'm is first person singular, we've plural, you'll
// second; let's (let us) is first person plural.
func wordKind(w string) uint8 {
	var k uint8
	stem := w
	if i := strings.IndexByte(w, '\''); i >= 0 {
		if !isContraction(w) {
			return 0
		}
		k = kindContraction
		stem = w[:i]
		switch w {
		case "let's":
			return k | kindFirstPlural
		case "y'all":
			return k | kindSecond
		}
	}
	switch stem {
	case "i", "me", "my", "mine", "myself":
		k |= kindFirstSingular
	case "we", "us", "our", "ours", "ourselves":
		k |= kindFirstPlural
	case "you", "your", "yours", "yourself", "yourselves":
		k |= kindSecond
	}
	return k
}

// isContraction says whether a word with an apostrophe is a contraction.
//
// n't, 're, 've, 'll, 'm and 'd are always contractions. 's is one only
// after a pronoun or a question or pointing word (it's, that's, there's,
// who's, let's): after a noun it is usually possessive (the writer's
// desk) and where it is not (the car's fast) the text alone cannot tell,
// so it does not count. Names like O'Brien do not count either.
func isContraction(w string) bool {
	i := strings.LastIndexByte(w, '\'')
	if i <= 0 {
		return false
	}
	switch w[i+1:] {
	case "t":
		return w[i-1] == 'n'
	case "re", "ve", "ll", "m", "d":
		return true
	case "s":
		switch w[:strings.IndexByte(w, '\'')] {
		case "it", "that", "there", "here", "what", "who", "where", "when",
			"why", "how", "he", "she", "let", "this":
			return true
		}
		return false
	}
	return w == "y'all"
}
