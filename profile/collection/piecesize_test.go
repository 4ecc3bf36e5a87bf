package collection

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTooBigError: the size is said in MiB, rounded up so that a piece
// just past the limit never reads as at it, and the message names the
// file, the limit and the way out.
func TestTooBigError(t *testing.T) {
	for _, tc := range []struct {
		size int64
		want string
	}{
		{5 << 20, "5 MiB"},
		{MaxPieceSize + 1, "4.1 MiB"},
		{5_000_000, "4.8 MiB"},
		{100_000_000, "95.4 MiB"},
	} {
		e := &TooBigError{Path: "pieces/big.md", Size: tc.size}
		want := "pieces/big.md is " + tc.want + ", more than the 4 MiB sw reads of a piece: split it into shorter pieces, or leave it out with .sw.yaml's pieces.exclude"
		if e.Error() != want {
			t.Errorf("%d bytes: %q, want %q", tc.size, e.Error(), want)
		}
	}
}

// TestReadPieceFile: a piece at the limit reads whole; one past it is a
// *TooBigError naming it as given, and no text.
func TestReadPieceFile(t *testing.T) {
	dir := t.TempDir()
	at, past := filepath.Join(dir, "at.md"), filepath.Join(dir, "past.md")
	os.WriteFile(at, []byte(strings.Repeat("a", MaxPieceSize)), 0o666)
	os.WriteFile(past, []byte(strings.Repeat("a", MaxPieceSize+1)), 0o666)
	if data, err := ReadPieceFile(at); err != nil || len(data) != MaxPieceSize {
		t.Errorf("at the limit: %d bytes, %v", len(data), err)
	}
	data, err := ReadPieceFile(past)
	var tooBig *TooBigError
	if !errors.As(err, &tooBig) || tooBig.Path != past || tooBig.Size != MaxPieceSize+1 || data != nil {
		t.Errorf("past the limit: %d bytes, %v", len(data), err)
	}
}
