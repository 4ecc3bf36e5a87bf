package collection

import (
	"errors"
	"fmt"

	"sw/profile/confine"
)

// MaxPieceSize is the most sw reads of one piece: 4 MiB. War and Peace,
// whole, is about 3.2 MB, so a larger Markdown file is no piece of writing
// but a log or a data dump. `sw check` and the analysis leave it out and
// say why (TooBigError); memory.md notes it from its start (PieceStart).
// It bounds memory too: checking a piece takes about a dozen times its
// size, an analysis a few dozen.
const MaxPieceSize = 4 << 20

// TooBigError is a piece larger than MaxPieceSize, of which sw read
// nothing (or only its start).
type TooBigError struct {
	Path string // as messages name it
	Size int64
}

func (e *TooBigError) Error() string { return e.Path + " is " + e.Describe() }

// Describe is the error without the piece's name: its size, the limit, and
// what to do.
func (e *TooBigError) Describe() string {
	return fmt.Sprintf("%s, more than the %s sw reads of a piece: split it into shorter pieces, or leave it out with %s's pieces.exclude",
		confine.Mebibytes(e.Size), confine.Mebibytes(MaxPieceSize), SettingsFile)
}

// ReadPieceFile reads the piece at path, as a person names it; one larger
// than MaxPieceSize is a *TooBigError, and no more of it is read.
func ReadPieceFile(path string) ([]byte, error) {
	return tooBig(confine.ReadFileUpTo(path, MaxPieceSize))
}

// tooBig makes confine's error for a file past the limit a *TooBigError.
func tooBig(data []byte, err error) ([]byte, error) {
	var tooLarge *confine.TooLargeError
	if errors.As(err, &tooLarge) {
		return nil, &TooBigError{Path: tooLarge.Path, Size: tooLarge.Size}
	}
	return data, err
}

// PieceStart is how much of a piece is read for what its start holds: its
// front matter and, for memory.md, its title and first sentence.
const PieceStart = 64 << 10
