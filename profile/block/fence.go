package block

import "bytes"

// fenceState follows CommonMark fenced code blocks line by line: an opening
// fence of three or more backticks or tildes, indented at most three spaces
// (see blockIndent), is closed by a fence of the same character at least as long.
type fenceState struct {
	char byte // 0 outside a fence
	n    int
	line int // where the open fence began
}

// inside reports whether text is part of a fenced code block, fences
// included, and advances the state.
func (f *fenceState) inside(text []byte, line int) bool {
	trimmed, code := blockIndent(text)
	if code {
		return f.char != 0
	}
	char, n := fenceRun(trimmed)
	if f.char == 0 {
		if n >= 3 && !(char == '`' && bytes.IndexByte(trimmed[n:], '`') >= 0) {
			f.char, f.n, f.line = char, n, line
			return true
		}
		return false
	}
	if char == f.char && n >= f.n && len(bytes.TrimSpace(trimmed[n:])) == 0 {
		f.char, f.n = 0, 0
	}
	return true
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
