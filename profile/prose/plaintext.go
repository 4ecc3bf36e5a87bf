package prose

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// Where plain-text essays' habits mean something else than CommonMark
// says, these rules read them as the writers meant (see Parse).
// Hard-wrapped Markdown, and one sentence per line, never trigger them.

// Thresholds of the plain-text rules.
const (
	longLine      = 150 // runes: longer than any hard-wrapped line
	titleMaxRunes = 100
	titleMaxWords = 15
)

// filler stands in for the indentation of indented prose in the copy
// goldmark reads a second time: no white space, so the line is no code,
// and no markup. The text is still copied from the source.
const filler = 0

// unindentProse returns a copy of src (patched, when not nil) with the
// indentation of each chunk of indented code that reads as prose filled
// with filler, or nil when there is none: an essay's first-line indent
// then opens a paragraph, as its writer meant.
func unindentProse(src []byte, root ast.Node, patched []byte) []byte {
	var out []byte
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if _, ok := n.(*ast.CodeBlock); !ok || !entering {
			return ast.WalkContinue, nil
		}
		lines := n.Lines()
		prose, blank := false, true
		for k := range lines.Len() {
			seg := lines.At(k)
			from, fs := codeIndent(src, seg.Start), skipSpace(src, seg.Start)
			l, _ := lineAt(src, fs)
			if len(bytes.TrimLeft(l, " \t\r\f\v")) == 0 {
				blank = true
				continue
			}
			if blank {
				prose = proseLike(l)
			}
			blank = false
			if prose {
				if out == nil {
					out = patched
				}
				if out == nil {
					out = bytes.Clone(src)
				}
				clear(out[from:fs])
			}
		}
		return ast.WalkSkipChildren, nil
	})
	return out
}

// codeIndent returns where the indentation of an indented code line
// starts: up to four columns of white space before its text at i. The
// white space before that belongs to the line's container.
func codeIndent(src []byte, i int) int {
	for cols := 0; i > 0 && cols < 4 && (src[i-1] == ' ' || src[i-1] == '\t'); i-- {
		cols++
		if src[i-1] == '\t' {
			cols += 3
		}
	}
	return i
}

// skipSpace returns the index of the first byte from i on that is no
// space, tab or filler.
func skipSpace(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == filler) {
		i++
	}
	return i
}

// plainBreaks returns where, inside a Markdown paragraph of the given
// lines, the plain-text rules start a new paragraph.
func (b *builder) plainBreaks(lines *text.Segments, w where) []cut {
	cuts := b.cutBuf[:0]
	if lines.Len() < 2 {
		return cuts
	}
	src := b.src
	prev, _ := lineAt(src, skipSpace(src, lines.At(0).Start))
	partLines := 1
	for k := 1; k < lines.Len(); k++ {
		start := lines.At(k).Start
		fs := skipSpace(src, start)
		cur, _ := lineAt(src, fs)
		cur = bytes.TrimRight(cur, "\r")
		indent := indentBefore(src, fs)
		// Byte lengths bound rune counts, so short lines that are not
		// indented (hard-wrapped Markdown) skip the measuring.
		if indent >= 2 || len(prev) >= longLine || len(cur) >= longLine {
			p, c := measureLine(prev), measureLine(cur)
			title := partLines == 1 && !w.inList && isTitle(p, c, indent)
			if title || p.runes >= longLine && p.multi ||
				p.ends && c.runes >= longLine && c.multi || // a lead sentence on its own line, then unwrapped text
				!w.inList && p.ends && indent >= 2 {
				cuts = append(cuts, cut{at: start, title: title})
				partLines = 0
			}
		}
		partLines++
		prev = cur
	}
	b.cutBuf = cuts
	return cuts
}

// isTitle says whether a part's one line p is a plain-text title: short,
// unpunctuated, and above an indented or unwrapped line c.
func isTitle(p, c lineShape, indent int) bool {
	return p.bare && p.runes <= titleMaxRunes && p.words <= titleMaxWords &&
		(indent >= 2 || c.runes >= longLine)
}

// indentBefore is the width of the white space before a line's text at
// i, back to the line's start or its blockquote marker (whose one space
// is the marker's), tabs to the next multiple of 4.
func indentBefore(src []byte, i int) int {
	k := i
	for k > 0 && (src[k-1] == ' ' || src[k-1] == '\t') {
		k--
	}
	if k > 0 && src[k-1] == '>' && k < i {
		k++
	}
	col := 0
	for _, c := range src[k:i] {
		if c == '\t' {
			col += 4 - col%4
		} else {
			col++
		}
	}
	return col
}

// lineShape is what the plain-text rules need to know about a line.
type lineShape struct {
	runes, words int
	ends         bool // ends with . ! ? … (closing quotes allowed after)
	bare         bool // ends with a letter or digit
	multi        bool // holds a sentence end followed by another sentence
}

// proseLike tells an indented line of prose from indented code: prose is
// mostly letters, has several words or a sentence's end, and hardly any
// of code's symbols (one $ in a paragraph is a price; in a short line,
// code).
func proseLike(l []byte) bool {
	words, letters, runes, symbols := 0, 0, 0, 0
	inWord := false
	last := rune(0)
	for i := 0; i < len(l); {
		r, w := decodeAt(l, i, len(l))
		i += w
		if r != ' ' && r != '\t' && !isCloser(r) {
			last = r
		}
		runes++
		switch {
		case isLetter(r):
			letters++
			if !inWord {
				words++
				inWord = true
			}
		case r == ' ' || r == '\t':
			inWord = false
		case r == '{' || r == '}' || r == '=' || r == '<' || r == '>' ||
			r == '\\' || r == '|' || r == '$' || r == '#' || r == '@' || r == '`':
			symbols++
		}
	}
	ends := last == '.' || last == '!' || last == '?' || last == '…'
	return (words >= 6 || (words >= 3 && ends)) && letters*10 >= runes*7 && symbols*50 <= runes
}

// measureLine computes a line's lineShape.
func measureLine(l []byte) lineShape {
	var s lineShape
	inWord := false
	last := rune(0)
	prev := rune(0) // the last rune before the current run of spaces
	spaced := false
	for i := 0; i < len(l); {
		r, w := decodeAt(l, i, len(l))
		i += w
		s.runes++
		if r == ' ' || r == '\t' {
			inWord = false
			spaced = true
			continue
		}
		if spaced && (prev == '.' || prev == '!' || prev == '?' || isCloser(prev)) &&
			(r >= 'A' && r <= 'Z' || r == '"' || r == '“') {
			s.multi = true
		}
		spaced = false
		if isLetter(r) || isDigit(r) {
			if !inWord {
				s.words++
				inWord = true
			}
		}
		// Remember the last terminator before closers for s.ends.
		if !isCloser(r) || !(last == '.' || last == '!' || last == '?' || last == '…') {
			last = r
		}
		prev = r
	}
	s.ends = last == '.' || last == '!' || last == '?' || last == '…'
	s.bare = isLetter(last) || isDigit(last)
	return s
}
