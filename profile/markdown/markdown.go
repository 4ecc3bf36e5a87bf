// Package markdown reads the little of Markdown that sw needs to find its
// way in files a person writes (CLAUDE.md, memory.md): lines with their
// offsets and endings, and which lines are code, where a heading or a
// marker is only text. It never changes a byte: callers splice by offset.
package markdown

import "bytes"

// Line is one line of a file: its content without the line ending, as
// offsets into the file.
type Line struct {
	Num          int // 1-based
	Start, End   int // content bytes [Start, End)
	CRLF, HasEOL bool
}

// Lines calls each for every line of content, a leading byte-order mark
// skipped, until each returns false.
func Lines(content []byte, each func(l Line) bool) {
	num, start := 1, 0
	if bytes.HasPrefix(content, []byte(BOM)) {
		start = len(BOM)
	}
	for start < len(content) {
		l := Line{Num: num, Start: start}
		if i := bytes.IndexByte(content[start:], '\n'); i >= 0 {
			l.End, l.HasEOL = start+i, true
			start += i + 1
		} else {
			l.End = len(content)
			start = len(content)
		}
		if l.HasEOL && l.End > l.Start && content[l.End-1] == '\r' {
			l.End--
			l.CRLF = true
		}
		if !each(l) {
			return
		}
		num++
	}
}

// BOM is the UTF-8 byte-order mark some editors start a file with.
const BOM = "\xef\xbb\xbf"

// Indent splits off the up to three spaces CommonMark allows before a
// block's first character, and says whether the line is indented further,
// as an indented code block is: a fourth space, or a tab, which reaches the
// next tab stop at four columns from anywhere in the first three.
func Indent(text []byte) (rest []byte, code bool) {
	n := 0
	for n < 3 && n < len(text) && text[n] == ' ' {
		n++
	}
	rest = text[n:]
	return rest, len(rest) > 0 && (rest[0] == ' ' || rest[0] == '\t')
}

// Fence follows CommonMark fenced code blocks line by line: an opening
// fence of three or more backticks or tildes, indented at most three
// spaces (see Indent), is closed by a fence of the same character at least
// as long.
// The zero Fence is outside any fence.
type Fence struct {
	char byte // 0 outside a fence
	n    int
	line int // where the open fence began
}

// Inside reports whether text, line num of the file, is part of a fenced
// code block, its fences included, and advances the state.
func (f *Fence) Inside(text []byte, num int) bool {
	trimmed, code := Indent(text)
	if code {
		return f.char != 0
	}
	char, n := fenceRun(trimmed)
	if f.char == 0 {
		if n >= 3 && !(char == '`' && bytes.IndexByte(trimmed[n:], '`') >= 0) {
			f.char, f.n, f.line = char, n, num
			return true
		}
		return false
	}
	if char == f.char && n >= f.n && len(bytes.TrimSpace(trimmed[n:])) == 0 {
		f.char, f.n = 0, 0
	}
	return true
}

// Open returns the line where a fence that has not been closed began.
func (f *Fence) Open() (line int, open bool) {
	return f.line, f.char != 0
}

func fenceRun(t []byte) (byte, int) {
	if len(t) == 0 || (t[0] != '`' && t[0] != '~') {
		return 0, 0
	}
	n := 0
	for n < len(t) && t[n] == t[0] {
		n++
	}
	return t[0], n
}

// Heading returns the text of an ATX heading of the given level ("## Pieces
// written" is level 2, text "Pieces written"), with its closing run of #
// dropped. ok is false for any other line, a heading of another level
// included. Indented as code (see Indent), a line is not a heading.
func Heading(text []byte, level int) (title string, ok bool) {
	t, code := Indent(text)
	if code || len(t) < level || bytes.Count(t[:level], []byte("#")) != level {
		return "", false
	}
	rest := t[level:]
	if len(rest) > 0 && rest[0] != ' ' && rest[0] != '\t' {
		return "", false // "###" or "##word"
	}
	rest = bytes.TrimSpace(rest)
	if closing := bytes.TrimRight(rest, "#"); len(closing) < len(rest) {
		// A closing run counts only after a space ("## C#" keeps its #).
		if len(closing) == 0 || closing[len(closing)-1] == ' ' || closing[len(closing)-1] == '\t' {
			rest = bytes.TrimSpace(closing)
		}
	}
	return string(rest), true
}
