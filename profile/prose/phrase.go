package prose

import (
	"strings"
	"unicode/utf8"
)

// FindPhrase returns where phrase occurs, at its first word, in file
// order. Matching is by whole words, ignoring case, curly and straight
// apostrophes alike, inside one paragraph or heading. Punctuation is
// matched as written ("in fact" is not found in "in, fact"), and runs of
// white space are equal.
func (d *Doc) FindPhrase(phrase string) []Position {
	p := splitPhrase(phrase)
	if len(p.words) == 0 {
		return nil
	}
	var out []Position
	n := len(p.words)
	for i := 0; i+n <= len(d.Words); i++ {
		if d.Words[i].Text != p.words[0] || !d.matchAt(i, &p) {
			continue
		}
		out = append(out, d.Words[i].Position)
	}
	return out
}

// phrase is a phrase split into lower-cased words and what lies between
// and around them.
type phrase struct {
	words      []string
	gaps       []string // gaps[k] lies between words[k] and words[k+1]
	lead, tail string   // before the first and after the last word
}

func splitPhrase(s string) phrase {
	t := []byte(s)
	var p phrase
	prev := 0
	for i := 0; i < len(t); {
		r, w := decodeAt(t, i, len(t))
		if !isWordStart(r) {
			i += w
			continue
		}
		j, _ := scanWord(t, i, len(t))
		if len(p.words) == 0 {
			p.lead = strings.TrimLeft(s[:i], " \t\r\n")
		} else {
			p.gaps = append(p.gaps, s[prev:i])
		}
		p.words = append(p.words, string(appendLower(nil, t[i:j])))
		prev, i = j, j
	}
	p.tail = strings.TrimRight(s[prev:], " \t\r\n")
	return p
}

// matchAt says whether the phrase p occurs at word i.
func (d *Doc) matchAt(i int, p *phrase) bool {
	first := &d.Words[i]
	for k := 1; k < len(p.words); k++ {
		a, b := &d.Words[i+k-1], &d.Words[i+k]
		if b.Text != p.words[k] || !sameBlock(a, b) {
			return false
		}
		if d.spaced(a, b) && isSpaceGap(p.gaps[k-1]) {
			continue
		}
		if !gapEqual(d.text[a.end:b.start], p.gaps[k-1]) {
			return false
		}
	}
	if p.lead != "" && !hasSuffixNorm(d.text[:first.start], p.lead) {
		return false
	}
	last := &d.Words[i+len(p.words)-1]
	if p.tail != "" && !hasPrefixNorm(d.text[last.end:], p.tail) {
		return false
	}
	return true
}

// spaced says only spaces lie between a and b, a word and the next: the
// two are in one block, whose text holds no '\n', and nothing but the
// width of the space between them can keep them from one phrase.
func (d *Doc) spaced(a, b *Word) bool {
	for k := a.end; k < b.start; k++ {
		if d.text[k] != ' ' {
			return false
		}
	}
	return true
}

func sameBlock(a, b *Word) bool {
	return a.Paragraph == b.Paragraph && a.Heading == b.Heading
}

func isSpaceGap(g string) bool { return g != "" && strings.Trim(g, " \t\n\r") == "" }

// norm maps a rune to the form gaps are compared in: white space to a
// space and curly quotes to straight ones. Doc text never holds '\n'
// inside a block, so a block boundary matches nothing.
func norm(r rune) rune {
	switch r {
	case '\t', '\r', '\v', '\f', 0xA0:
		return ' '
	case '’', '‘', 'ʼ':
		return '\''
	case '“', '”':
		return '"'
	}
	return r
}

// gapReader yields the normalised runes of a gap, white space collapsed.
type gapReader struct {
	s       string
	i       int
	nlSpace bool // read '\n' as a space (true for the phrase's own text)
	back    bool // read backwards
}

func (g *gapReader) next() (rune, bool) {
	r, ok := g.one()
	for ok && r == ' ' { // collapse a run of spaces
		save := g.i
		if q, more := g.one(); !more || q != ' ' {
			g.i = save
			break
		}
	}
	return r, ok
}

func (g *gapReader) one() (rune, bool) {
	var r rune
	var w int
	if g.back {
		if g.i <= 0 {
			return 0, false
		}
		r, w = utf8.DecodeLastRuneInString(g.s[:g.i])
		g.i -= w
	} else {
		if g.i >= len(g.s) {
			return 0, false
		}
		r, w = utf8.DecodeRuneInString(g.s[g.i:])
		g.i += w
	}
	if r == '\n' && g.nlSpace {
		return ' ', true
	}
	return norm(r), true
}

// gapMatch says the runes of text begin with those of part, or, when
// whole, are the same.
func gapMatch(text, part gapReader, whole bool) bool {
	for {
		x, okText := text.next()
		y, okPart := part.next()
		switch {
		case !okPart:
			return !whole || !okText
		case !okText || x != y:
			return false
		}
	}
}

// gapEqual compares the text between two words with a phrase's gap.
func gapEqual(text, gap string) bool {
	return gapMatch(gapReader{s: text}, gapReader{s: gap, nlSpace: true}, true)
}

// hasPrefixNorm says text starts with the phrase's tail.
func hasPrefixNorm(text, tail string) bool {
	return gapMatch(gapReader{s: text}, gapReader{s: tail, nlSpace: true}, false)
}

// hasSuffixNorm says text ends with the phrase's lead.
func hasSuffixNorm(text, lead string) bool {
	return gapMatch(gapReader{s: text, i: len(text), back: true}, gapReader{s: lead, i: len(lead), nlSpace: true, back: true}, false)
}

// Joined reports whether word i follows word i-1 in one sentence with
// nothing but white space between them, so that the two make a phrase
// FindPhrase finds again.
func (d *Doc) Joined(i int) bool {
	return i > 0 && i < len(d.Words) && d.Words[i].Sentence >= 0 && d.Words[i-1].Sentence >= 0 &&
		d.spaced(&d.Words[i-1], &d.Words[i])
}
