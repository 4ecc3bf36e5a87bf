package gitrepo

import (
	"errors"
	"math"
)

var errBadDelta = errors.New("corrupt delta")

// applyDelta rebuilds an object from its base and a git delta: two sizes,
// then instructions that either copy a range of the base or insert bytes.
func applyDelta(base, delta []byte) ([]byte, error) {
	// Sizes and offsets are read as uint64: as int they would wrap where
	// int is 32 bits, and a wrapped offset slips past the bounds checks.
	varint := func() (uint64, bool) {
		var v uint64
		for shift := 0; len(delta) > 0 && shift < 63; shift += 7 {
			c := delta[0]
			delta = delta[1:]
			v |= uint64(c&0x7f) << shift
			if c&0x80 == 0 {
				return v, true
			}
		}
		return 0, false
	}
	srcSize, ok1 := varint()
	dstSize, ok2 := varint()
	if !ok1 || !ok2 || srcSize != uint64(len(base)) || dstSize > math.MaxInt32 {
		return nil, errBadDelta
	}
	// The declared size is reserved up front, up to 64 MB: a corrupt
	// header must not make a 32-bit process run out of memory at once.
	out := make([]byte, 0, min(dstSize, 64<<20))
	for len(delta) > 0 {
		op := delta[0]
		delta = delta[1:]
		switch {
		case op&0x80 != 0:
			var off, n uint64
			for bit := 0; bit < 7; bit++ {
				if op&(1<<bit) == 0 {
					continue
				}
				if len(delta) == 0 {
					return nil, errBadDelta
				}
				if bit < 4 {
					off |= uint64(delta[0]) << (8 * bit)
				} else {
					n |= uint64(delta[0]) << (8 * (bit - 4))
				}
				delta = delta[1:]
			}
			if n == 0 {
				n = 0x10000
			}
			if off+n > uint64(len(base)) || uint64(len(out))+n > dstSize {
				return nil, errBadDelta
			}
			out = append(out, base[off:off+n]...)
		case op != 0:
			n := int(op)
			if n > len(delta) || uint64(len(out)+n) > dstSize {
				return nil, errBadDelta
			}
			out = append(out, delta[:n]...)
			delta = delta[n:]
		default:
			return nil, errBadDelta
		}
	}
	if uint64(len(out)) != dstSize {
		return nil, errBadDelta
	}
	return out, nil
}
