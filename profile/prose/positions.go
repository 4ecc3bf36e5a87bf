package prose

import (
	"bytes"
	"encoding/binary"
	"unicode/utf8"
)

// posFinder turns source offsets into lines and columns. Words arrive in
// file order, so it walks forward from the last answer and the whole
// parse reads the source once.
type posFinder struct {
	src            []byte
	base           int // where column counting starts on line 1
	off, line, col int
}

func (p *posFinder) reset() { p.off, p.line, p.col = p.base, 1, 1 }

func (p *posFinder) at(off int) Position {
	if off < p.off {
		p.reset()
	}
	if off > len(p.src) {
		off = len(p.src)
	}
	if off-p.off < 64 { // the usual gap between two words
		p.walk(off)
		return Position{Line: int32(p.line), Col: int32(p.col), Offset: int32(off)}
	}
	if off > p.off {
		seg := p.src[p.off:off]
		if k := bytes.LastIndexByte(seg, '\n'); k >= 0 {
			p.line += bytes.Count(seg, newline)
			p.col = 1 + utf8.RuneCount(seg[k+1:])
		} else {
			p.col += utf8.RuneCount(seg)
		}
		p.off = off
	}
	return Position{Line: int32(p.line), Col: int32(p.col), Offset: int32(off)}
}

// walk moves the finder on to off a rune at a time, or eight bytes at a
// time where they are ASCII and no line break, as the letters and spaces
// between two words mostly are.
func (p *posFinder) walk(off int) {
	for p.off < off {
		n := min(off-p.off, 8)
		if p.off+8 <= len(p.src) && asciiInLine(binary.LittleEndian.Uint64(p.src[p.off:]), n) {
			p.col += n
			p.off += n
			continue
		}
		for end := p.off + n; p.off < end; {
			c := p.src[p.off]
			switch {
			case c == '\n':
				p.line++
				p.col = 1
				p.off++
			case c < utf8.RuneSelf:
				p.col++
				p.off++
			default:
				_, w := utf8.DecodeRune(p.src[p.off:])
				p.col++
				p.off += w
			}
		}
	}
}

// asciiInLine says whether the first n (1 to 8) bytes of x, read little
// endian, are ASCII and none of them is a line break.
func asciiInLine(x uint64, n int) bool {
	const ones, highs, breaks = 0x0101010101010101, 0x8080808080808080, 0x0a0a0a0a0a0a0a0a
	if n < 8 {
		x &= 1<<(8*n) - 1 // the bytes left out become 0: ASCII, no break
	}
	v := x ^ breaks // a zero byte where x has a line break
	return x&highs == 0 && (v-ones)&^v&highs == 0
}
