package confine

import (
	"fmt"
	"math"
)

// TooBigError is a file sw will not read as Markdown because it is larger
// than the most sw reads of its kind (memory.md, an agent's instruction
// file): reading Markdown builds a tree many times the size of the text,
// and an agent loads such a file whole at every session, so a larger one
// is no real one. The error names the file and says what to do.
type TooBigError struct {
	File  string
	Size  int64
	Limit int64
	Of    string // what the limit is of: "a memory file"
	Then  string // what the person can do
}

func (e *TooBigError) Error() string {
	return fmt.Sprintf("%s: %s, past the %s sw reads of %s; %s", e.File, Mebibytes(e.Size), Mebibytes(e.Limit), e.Of, e.Then)
}

// Mebibytes writes a size in MiB, to one decimal where it has one,
// rounded up: a file a byte past a limit reads as past it, never "1.0
// MiB, past the 1 MiB".
func Mebibytes(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%.1f MiB", math.Ceil(float64(n)*10/(1<<20))/10)
}
