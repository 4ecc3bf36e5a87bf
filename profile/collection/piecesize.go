package collection

import (
	"errors"
	"fmt"

	"sw/profile/confine"
)

// MaxPieceSize is the most sw reads of one piece: 4 MiB. The longest
// novels are some 3 MB of text (War and Peace, whole, is about 3.2 MB), so
// a Markdown file larger than this is no piece of writing but something
// pasted or exported into the collection: a log, a data dump, pictures
// written out as text. Every reader of a piece stops here: `sw check` and
// the analysis leave a larger piece out and say why (TooBigError), and
// memory.md notes it from its start, as it notes every piece (see
// PieceStart). It bounds what a command holds too: checking a piece takes
// about a dozen times its size in memory, an analysis a few dozen.
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

// ReadPieceFile reads the piece at path, as a person names it (relative
// to the working folder, or absolute), when it is at most MaxPieceSize
// bytes; a larger one is a *TooBigError, and no more of it than that is
// read.
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
// front matter (the genre a session writes in) and, for memory.md, its
// title and first sentence. However long the piece, no more is read.
const PieceStart = 64 << 10
