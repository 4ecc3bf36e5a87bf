package prose

import "encoding/binary"

// plainRun, which copies the text between bits of markup, classifies
// eight bytes at once, read as one little-endian uint64: a run of letters
// and spaces then costs a few operations per eight bytes instead of a
// table lookup per byte.

const (
	lowBits  = 0x0101010101010101
	highBits = 0x8080808080808080
)

// load reads the eight bytes at s[i:].
func load(s []byte, i int) uint64 { return binary.LittleEndian.Uint64(s[i:]) }

// plainBytes returns x with the high bit of each byte set where the byte
// is one in which no markup can start (an ASCII letter, digit or space,
// or a byte past ASCII) and every other bit clear.
//
// Below 0x80, b + (0x80 - lo) has its high bit set when b >= lo, and no
// sum carries into the next byte; so a byte lies from lo to hi when
// b + (0x80 - lo) has the high bit and b + (0x80 - hi - 1) has not.
func plainBytes(x uint64) uint64 {
	past := x & highBits
	x ^= past             // every byte below 0x80 now
	l := x | 0x20*lowBits // capitals to lower case
	letter := (l + (0x80-'a')*lowBits) &^ (l + (0x80-'z'-1)*lowBits)
	digit := (x + (0x80-'0')*lowBits) &^ (x + (0x80-'9'-1)*lowBits)
	other := x ^ ' '*lowBits      // 0 where x has a space
	other |= other + 0x7f*lowBits // the high bit set where that is not 0
	return (letter|digit|^other)&highBits | past
}
