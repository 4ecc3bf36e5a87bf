package prose

import (
	"bytes"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Sentences end at a run of . ! ? …, then any closing quotes or brackets,
// then white space, when what follows can start a sentence. These do not
// end one:
//
//   - a terminator before a lower-case word ("e.g. the", "Why? he asked"),
//     except a lone "i", which careless writers use for I;
//   - a title before a name (Mr. Dr. St.) and e.g. i.e. cf. vs. viz.;
//   - No. p. vol. fig. and month abbreviations before a number;
//   - an initial (J. Smith) or a dotted abbreviation (U.S.) unless the next
//     word commonly opens a sentence: "the U.S. Senate" goes on, "in the
//     U.S. The" ends;
//   - a dot inside a number or abbreviation, which belongs to the word;
//   - the dot after a label that opens a sentence (1. 3rd. First. IV.):
//     "First. How it will tend to extend…" is one sentence.
//
// A terminator glued to a capitalised word ("cars.They") ends the sentence
// after a lower-case word, since student writing drops spaces.

// prose reads the words and sentences of a paragraph in text[t0:t1].
func (b *builder) prose(t0, t1, para int) {
	d := b.d
	t := b.text
	sw := len(d.Words) // first word of the open sentence
	ss := -1           // where the open sentence's text starts
	for i := t0; i < t1; {
		r, w := rune(t[i]), 1
		if r == ' ' {
			i++
			continue
		}
		if r >= utf8.RuneSelf {
			r, w = utf8.DecodeRune(t[i:t1])
		}
		switch {
		case isWordStart(r):
			// scanWord, spelled out: nearly every word of a piece comes
			// through here, and the call would cost about as much as
			// reading a plain word.
			j, classes := asciiRun(t, i, t1)
			lower := classes&classCapital == 0
			if !endsPlainly(t, i, j, t1) {
				j, lower = scanJoinedWord(t, i, t1)
			}
			if ss < 0 {
				ss = i
			}
			b.addWord(i, j, lower, len(d.Sentences), para, -1)
			i = j
			continue
		case r == '.' || r == '!' || r == '?' || r == '…':
			j, term, ends := b.terminator(i, t1)
			if ends && j < t1 && len(d.Words) == sw+1 && term == '.' && j-i == 1 && b.wordEndsAt(i) && isLabel(b.lastOrig()) {
				ends = false // "First. How it will…": one sentence
			}
			if ends && len(d.Words) > sw {
				b.closeSentence(sw, ss, j, para, term)
				sw, ss = len(d.Words), -1
			}
			i = j
			continue
		case r == ' ' || unicode.IsSpace(r):
		default:
			if ss < 0 {
				ss = i
			}
		}
		i += w
	}
	if len(d.Words) > sw {
		end := t1
		for end > ss && t[end-1] == ' ' {
			end--
		}
		b.closeSentence(sw, ss, end, para, 0)
	}
}

func (b *builder) closeSentence(sw, ss, end, para int, term rune) {
	d := b.d
	d.Sentences = append(d.Sentences, Sentence{
		Position:   d.Words[sw].Position,
		Words:      Span{sw, len(d.Words)},
		Paragraph:  para,
		Terminator: term,
		start:      int32(ss),
		end:        int32(end),
	})
}

// terminator reads the terminator run at text[i] and what closes it, and
// returns where the sentence's text ends, the terminator, and whether
// the sentence ends there.
func (b *builder) terminator(i, t1 int) (int, rune, bool) {
	t := b.text
	j := i
	dots, question, exclaim, ellipsis := 0, false, false, false
run:
	for j < t1 {
		r, w := decodeAt(t, j, t1)
		switch r {
		case '.':
			dots++
		case '?':
			question = true
		case '!':
			exclaim = true
		case '…':
			ellipsis = true
		default:
			break run
		}
		j += w
	}
	term := '.'
	switch {
	case question:
		term = '?'
	case exclaim:
		term = '!'
	case ellipsis || dots > 1:
		term = '…'
	}
	single := j-i == 1
	k := b.skip(j, t1, isCloser)
	closed := k > j
	j = k
	if j >= t1 {
		return j, term, true
	}
	r, _ := decodeAt(t, j, t1)
	if r != ' ' && !unicode.IsSpace(r) {
		// "cars.They": a missing space after a lower-case word.
		if single && !closed && r >= 'A' && r <= 'Z' && b.wordEndsAt(i) {
			if lw := b.lastOrig(); len(lw) >= 2 && !bytes.ContainsFunc(lw, func(r rune) bool { return r < 'a' || r > 'z' }) {
				return j, term, true
			}
		}
		return j, term, false
	}
	return j, term, b.startsSentence(i, j, t1, term == '.' && single && !closed)
}

// startsSentence says whether the text after the terminator at i (white
// space from j) begins a new sentence.
func (b *builder) startsSentence(i, j, t1 int, plainDot bool) bool {
	t := b.text
	j = b.skip(j, t1, func(r rune) bool { return r == ' ' || unicode.IsSpace(r) || isOpener(r) })
	if j >= t1 {
		return true
	}
	r, w := decodeAt(t, j, t1)
	if unicode.IsLower(r) {
		if r != 'i' {
			return false
		}
		// "i think", "i'm": only a space or an apostrophe may follow.
		if j+w < t1 {
			if n, _ := decodeAt(t, j+w, t1); n != ' ' && !isApostrophe(n) {
				return false
			}
		}
	}
	if !plainDot || !b.wordEndsAt(i) {
		return true
	}
	switch abbrevKind(b.d.Words[len(b.d.Words)-1].Text) {
	case abbrevTitle:
		return false
	case abbrevNumber:
		return !isDigit(r)
	}
	orig := b.lastOrig()
	initial := len(orig) == 1 && orig[0] >= 'A' && orig[0] <= 'Z' && orig[0] != 'I'
	dotted := len(orig) > 1 && orig[1] == '.'
	if initial || dotted {
		return startsWithStarter(t[j:t1])
	}
	return true
}

// skip returns where the runes from text[j] on that keep holds for end.
func (b *builder) skip(j, t1 int, keep func(rune) bool) int {
	for j < t1 {
		r, w := decodeAt(b.text, j, t1)
		if !keep(r) {
			break
		}
		j += w
	}
	return j
}

// wordEndsAt says the latest word ends right at text[i], so a dot there
// may belong to an abbreviation.
func (b *builder) wordEndsAt(i int) bool {
	ws := b.d.Words
	return len(ws) > 0 && int(ws[len(ws)-1].end) == i
}

// lastOrig is the latest word as written.
func (b *builder) lastOrig() []byte {
	w := b.d.Words[len(b.d.Words)-1]
	return b.text[w.start:w.end]
}

// isCloser: what may follow a terminator inside the same sentence.
func isCloser(r rune) bool {
	switch r {
	case '"', '\'', '”', '’', ')', ']', '»', '›', '}':
		return true
	}
	return false
}

// isOpener: what may come before the first word of a sentence.
func isOpener(r rune) bool {
	switch r {
	case '"', '\'', '“', '‘', '(', '[', '«', '‹', '¿', '¡', '—', '–', '-':
		return true
	}
	return false
}

const (
	abbrevTitle  = 1 + iota // never ends a sentence
	abbrevNumber            // does not end one before a number
)

// abbrevKind says how the abbreviation w (lower case, without its dot)
// bears on a sentence's end, or 0 for a word that is none. A switch, which
// the compiler turns into a search by length and bytes, costs less than a
// map's hash at every sentence's end.
func abbrevKind(w string) uint8 {
	switch w {
	case "mr", "mrs", "ms", "messrs", "dr", "prof", "st", "rev", "hon", "gen", "col", "capt",
		"lt", "sgt", "gov", "sen", "rep", "pres", "fr", "mt", "mme", "mlle", "e.g", "i.e",
		"cf", "vs", "viz", "approx":
		return abbrevTitle
	case "no", "nos", "p", "pp", "vol", "vols", "fig", "figs", "ch", "chap", "sec", "art",
		"para", "par", "pg", "eq", "ed", "jan", "feb", "mar", "apr", "jun", "jul", "aug",
		"sep", "sept", "oct", "nov", "dec":
		return abbrevNumber
	}
	return 0
}

// isLabel says whether w, as written, numbers a point: a number (1, 12),
// an ordinal (1st, 2d, 3rd, 4th), an ordinal word (First, Secondly,
// Lastly) or a Roman numeral in capitals (II, IV).
func isLabel(w []byte) bool {
	digits := 0
	for digits < len(w) && isDigit(rune(w[digits])) {
		digits++
	}
	if digits > 0 {
		switch string(w[digits:]) {
		case "", "st", "nd", "rd", "th", "d":
			return digits <= 3
		}
		return false
	}
	roman := len(w) > 0
	for _, c := range w {
		roman = roman && strings.IndexByte("IVXLC", c) >= 0
	}
	if roman {
		return true
	}
	switch strings.ToLower(string(w)) {
	case "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
		"firstly", "secondly", "thirdly", "fourthly", "fifthly", "sixthly", "lastly":
		return true
	}
	return false
}

// startsWithStarter says whether s begins with a word that commonly opens
// a sentence, which tells "the U.S. The" (an end) from "U.S. Senate".
func startsWithStarter(s []byte) bool {
	var buf [12]byte
	n := 0
	for n < len(s) && n < len(buf) && asciiClass[s[n]]&classLetter != 0 {
		buf[n] = s[n] | 0x20
		n++
	}
	if n == 0 || (n < len(s) && (asciiClass[s[n]] != 0 || s[n] >= utf8.RuneSelf)) {
		return n == 0 // not a plain ASCII word: nothing to go on, so end
	}
	_, ok := starters()[string(buf[:n])]
	return ok
}

var starters = sync.OnceValue(func() map[string]struct{} {
	m := map[string]struct{}{}
	for _, w := range strings.Fields(`a after all although an and as at because before but by for from he her
		here his how however i if in it its many most my no not now on one or our she so some such that the
		their then there these they this those thus to we what when while why with yet you`) {
		m[w] = struct{}{}
	}
	return m
})
