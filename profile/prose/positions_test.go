package prose

import (
	"encoding/binary"
	"testing"
)

func TestASCIIInLine(t *testing.T) {
	cases := []struct {
		bytes string
		n     int
		want  bool
	}{
		{"abcdefgh", 8, true},
		{"abc defg", 8, true},
		{"abcdefg\n", 8, false},
		{"abcdefg\n", 7, true}, // the break lies past n
		{"\nbcdefgh", 1, false},
		{"a\xc3\xa9defgh", 8, false},
		{"a\xc3\xa9defgh", 1, true},
		{"abcdefg\xff", 7, true},
		{"\x00\x01\x09\x0b\x7f\x7e\x20\x21", 8, true}, // neighbours of '\n' and the ASCII edge
	}
	for _, c := range cases {
		if got := asciiInLine(binary.LittleEndian.Uint64([]byte(c.bytes)), c.n); got != c.want {
			t.Errorf("asciiInLine(%q, %d) = %v, want %v", c.bytes, c.n, got, c.want)
		}
	}
}
