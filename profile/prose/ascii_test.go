package prose

import (
	"encoding/binary"
	"testing"
)

// TestPlainBytes holds plainBytes to its definition for every byte value
// at every place among the eight, whatever the others are, and checks
// that it never calls a byte that may start markup plain.
func TestPlainBytes(t *testing.T) {
	plain := func(c byte) bool {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == ' ' || c >= 0x80
	}
	fillers := []byte{0, ' ', 'a', 'Z', '9', '.', 0x7f, 0x80, 0xff}
	for c := range 256 {
		if inlineSpecial[c] && plain(byte(c)) {
			t.Fatalf("%#x may start markup", c)
		}
		for at := range 8 {
			for _, f := range fillers {
				var b [8]byte
				for k := range b {
					b[k] = f
				}
				b[at] = byte(c)
				got := plainBytes(binary.LittleEndian.Uint64(b[:]))
				for k := range b {
					if want := plain(b[k]); (got>>(8*k+7)&1 == 1) != want {
						t.Fatalf("bytes %x: byte %d marked %v, want %v", b, k, !want, want)
					}
				}
				if got&^highBits != 0 {
					t.Fatalf("bytes %x: mask %#x has low bits", b, got)
				}
			}
		}
	}
}

// TestPlainRun: the end of plain text is the first byte that may start
// markup, wherever it lies among eight-byte steps.
func TestPlainRun(t *testing.T) {
	for _, c := range []struct {
		s    string
		i    int
		want int
	}{
		{"", 0, 0},
		{"plain", 0, 5},
		{"plain words, more text here", 0, 27},
		{"plain words, more text.here", 0, 22},
		{"abcdefgh*", 0, 8},
		{"abcdefg*h", 0, 7},
		{"a*bcdefghijk", 0, 1},
		{"abcdefghijklmnop_", 0, 16},
		{"café au lait & cream", 0, 14},
		{"xx. plain text", 3, 14},
		{"line\nbreak", 0, 4},
	} {
		if got := plainRun([]byte(c.s), c.i, len(c.s)); got != c.want {
			t.Errorf("plainRun(%q, %d) = %d, want %d", c.s, c.i, got, c.want)
		}
	}
}
