package gitrepo

import (
	"errors"
	"math"
)

var errBadDelta = errors.New("corrupt delta")

// applyDelta rebuilds an object from its base and a git delta: two sizes,
// then instructions that either copy a range of the base or insert bytes.
func applyDelta(base, delta []byte) ([]byte, error) {
	varint := func() (int, bool) {
		v, shift := 0, 0
		for len(delta) > 0 && shift < 63 {
			c := delta[0]
			delta = delta[1:]
			v |= int(c&0x7f) << shift
			if c&0x80 == 0 {
				return v, true
			}
			shift += 7
		}
		return 0, false
	}
	srcSize, ok1 := varint()
	dstSize, ok2 := varint()
	if !ok1 || !ok2 || srcSize != len(base) || dstSize > math.MaxInt32 {
		return nil, errBadDelta
	}
	out := make([]byte, 0, dstSize)
	for len(delta) > 0 {
		op := delta[0]
		delta = delta[1:]
		switch {
		case op&0x80 != 0:
			var off, n int
			for bit := 0; bit < 7; bit++ {
				if op&(1<<bit) == 0 {
					continue
				}
				if len(delta) == 0 {
					return nil, errBadDelta
				}
				if bit < 4 {
					off |= int(delta[0]) << (8 * bit)
				} else {
					n |= int(delta[0]) << (8 * (bit - 4))
				}
				delta = delta[1:]
			}
			if n == 0 {
				n = 0x10000
			}
			if off+n > len(base) || len(out)+n > dstSize {
				return nil, errBadDelta
			}
			out = append(out, base[off:off+n]...)
		case op != 0:
			n := int(op)
			if n > len(delta) || len(out)+n > dstSize {
				return nil, errBadDelta
			}
			out = append(out, delta[:n]...)
			delta = delta[n:]
		default:
			return nil, errBadDelta
		}
	}
	if len(out) != dstSize {
		return nil, errBadDelta
	}
	return out, nil
}
