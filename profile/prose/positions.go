package prose

import (
	"bytes"
	"encoding/binary"
	"unicode/utf8"
)

// posFinder turns source offsets into lines and columns. Words arrive in
// file order, so it goes forward from the last answer and the parse reads
// the source once. On a line of ASCII a column is the distance from the
// line's start; on another it counts runes on from the latest answer.
type posFinder struct {
	src  []byte
	base int // where column counting starts on line 1

	line               int
	lineStart, lineEnd int  // the line's first byte, and its '\n' or the end
	ascii              bool // the line holds nothing but ASCII
	off, col           int  // the latest answer on the line
}

func (p *posFinder) reset() {
	p.line = 1
	p.lineStart, p.lineEnd = p.base, p.endOfLine(p.base)
	p.enterLine()
}

// onLine returns the position of the source offset off in the usual case,
// small enough to inline: an offset on the current line, when that is all
// ASCII.
func (p *posFinder) onLine(off int) (Position, bool) {
	if p.ascii && off >= p.lineStart && off <= p.lineEnd {
		return Position{Line: int32(p.line), Col: int32(1 + off - p.lineStart), Offset: int32(off)}, true
	}
	return Position{}, false
}

// elsewhere is onLine for an offset past the current line, before it, or
// on a line that is not all ASCII.
func (p *posFinder) elsewhere(off int) Position {
	if off > len(p.src) {
		off = len(p.src)
	}
	if off < p.lineStart {
		p.reset()
	}
	if off > p.lineEnd {
		for off > p.lineEnd {
			p.line++
			p.lineStart = p.lineEnd + 1
			p.lineEnd = p.endOfLine(p.lineStart)
		}
		p.enterLine()
	}
	at := max(off, p.lineStart)
	var col int
	if p.ascii {
		col = 1 + at - p.lineStart
	} else {
		if at < p.off {
			p.off, p.col = p.lineStart, 1
		}
		p.col += utf8.RuneCount(p.src[p.off:at])
		p.off = at
		col = p.col
	}
	return Position{Line: int32(p.line), Col: int32(col), Offset: int32(off)}
}

// endOfLine returns where the line starting at i ends: its '\n', or the
// end of the source.
func (p *posFinder) endOfLine(i int) int {
	if i >= len(p.src) {
		return len(p.src)
	}
	if k := bytes.IndexByte(p.src[i:], '\n'); k >= 0 {
		return i + k
	}
	return len(p.src)
}

// enterLine readies the finder for answers on the line it has reached.
func (p *posFinder) enterLine() {
	p.ascii = isASCII(p.src[p.lineStart:p.lineEnd])
	p.off, p.col = p.lineStart, 1
}

// isASCII says whether s holds only ASCII, eight bytes at a time.
func isASCII(s []byte) bool {
	const highs = 0x8080808080808080
	for len(s) >= 8 {
		if binary.LittleEndian.Uint64(s)&highs != 0 {
			return false
		}
		s = s[8:]
	}
	for _, c := range s {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
