package prose

import (
	"bytes"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"
)

// part is the block being copied from goldmark's text segments into the
// cleaned text, markup left behind: a heading, a paragraph, or one of the
// paragraphs the plain-text rules cut a Markdown paragraph into.
type part struct {
	t0       int  // where its text starts in b.text
	listItem bool // it opens a list item
	quote    bool // it sits in a blockquote
	lines    int  // the source lines it spans
	speaker  bool // it opens with a speaker's name in bold
}

// cut is where the plain-text rules start a new paragraph inside a
// Markdown one; title says the part before it is a plain-text title.
type cut struct {
	at    int
	title bool
}

// open starts a part at the end of the cleaned text.
func (b *builder) open(listItem, quote bool) {
	b.part = part{t0: len(b.text), listItem: listItem, quote: quote, lines: 1}
	b.brk = false
}

// end trims the part's trailing space and returns its text's bounds.
func (b *builder) end() (int, int) {
	t0, t1 := b.part.t0, len(b.text)
	if t1 > t0 && b.text[t1-1] == ' ' {
		t1--
		b.cut(t1)
	}
	return t0, t1
}

// closePart ends the part as a paragraph, or as a title when a cut said
// so.
func (b *builder) closePart() {
	p := b.part
	t0, t1 := b.end()
	if b.title {
		b.title = false
		b.heading(t0, t1, 0)
		return
	}
	b.paragraph(t0, t1, p)
}

func (b *builder) closeHeading(level int) {
	t0, t1 := b.end()
	b.heading(t0, t1, level)
}

// textNode copies a text node, ending the part first when a cut falls
// before it. A line break becomes a space where the line ended.
func (b *builder) textNode(t *ast.Text) {
	seg := t.Segment
	if len(b.cuts) > 0 && seg.Start >= b.cuts[0].at {
		b.title = b.cuts[0].title
		b.cuts = b.cuts[1:]
		quote := b.part.quote
		b.closePart()
		b.open(false, quote)
	}
	if b.brk {
		b.part.lines++
		b.brk = false
	}
	b.copyText(seg.Start, seg.Stop)
	if t.SoftLineBreak() || t.HardLineBreak() {
		b.space(seg.Stop)
		b.brk = true
	}
}

// textSpecial marks the bytes copyText must look at: escapes, character
// references, white space other than a space, and NUL.
var textSpecial = func() (t [256]bool) {
	for _, c := range []byte("\\&\t\r\n\v\f\x00") {
		t[c] = true
	}
	return t
}()

// copyText copies src[i:end], a run of text, resolving backslash escapes
// and character references. Spaces left at the start of a part or after
// another space (where markup was removed) are dropped.
func (b *builder) copyText(i, end int) {
	src := b.src
	for i < end {
		j := i
		for j < end && !textSpecial[src[j]] {
			j++
		}
		if j > i {
			for i < j && src[i] == ' ' && b.atSpace() {
				i++
			}
			if i < j {
				b.textSrc.add(len(b.text), i)
				b.text = append(b.text, src[i:j]...)
			}
			i = j
			continue
		}
		switch c := src[i]; c {
		case '\\':
			if i+1 < end && util.IsPunct(src[i+1]) {
				b.emit(src[i+1], i+1)
				i++
			}
		case '&':
			if n := b.reference(src[i:end], i); n > 0 {
				i += n - 1
			} else {
				b.emit(c, i)
			}
		case 0:
		default:
			b.space(i)
		}
		i++
	}
}

// atSpace says whether the part's text is empty or ends with a space.
func (b *builder) atSpace() bool {
	n := len(b.text)
	return n == b.part.t0 || b.text[n-1] == ' '
}

func (b *builder) emit(c byte, off int) {
	b.textSrc.add(len(b.text), off)
	b.text = append(b.text, c)
}

// space emits one space, none at the start of a part or after another,
// so removed markup leaves no double spaces in a sentence's text.
func (b *builder) space(off int) {
	if !b.atSpace() {
		b.emit(' ', off)
	}
}

// reference decodes the HTML character reference at the start of s (at
// source offset off) into the cleaned text and returns its length, or 0.
// A reference to white space is a space; a soft hyphen prints nothing.
func (b *builder) reference(s []byte, off int) int {
	k := bytes.IndexByte(s[:min(len(s), 40)], ';')
	if k < 2 {
		return 0
	}
	var chars []byte
	if s[1] == '#' {
		digits, base := s[2:k], 10
		if len(digits) > 0 && digits[0]|0x20 == 'x' {
			digits, base = digits[1:], 16
		}
		v, err := strconv.ParseUint(string(digits), base, 32)
		if err != nil || len(digits) == 0 || len(digits) > 7 {
			return 0
		}
		chars = utf8.AppendRune(nil, util.ToValidRune(rune(v)))
	} else if e, ok := util.LookUpHTML5EntityByName(string(s[1:k])); ok {
		chars = e.Characters
	} else {
		return 0
	}
	switch r, _ := utf8.DecodeRune(chars); {
	case r == '\u00ad':
	case unicode.IsSpace(r):
		b.space(off)
	default:
		b.textSrc.add(len(b.text), off)
		b.text = append(b.text, chars...)
	}
	return k + 1
}
