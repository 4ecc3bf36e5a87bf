package facts

import (
	"fmt"
	"math"
)

// MaxFileSize is the most of memory.md sw reads: 1 MiB, forty times the
// size sw keeps it to by default (see Budget) and far past what an agent
// loads whole at every session. Reading Markdown builds a tree many times
// the size of the text, so a bigger file is refused, and named, rather
// than read at a cost to every commit and session.
const MaxFileSize = 1 << 20

// TooBigError is a memory file (memory.md, or one of Claude Code's own
// the audit reads) past MaxFileSize.
type TooBigError struct {
	File string
	Size int64
}

func (e *TooBigError) Error() string {
	size := math.Ceil(float64(e.Size)*10/(1<<20)) / 10 // rounded up: never "1.0 MiB, past the 1 MiB"
	return fmt.Sprintf("%s: %.1f MiB, past the %d MiB sw reads of a memory file; an agent loads its memory at every session, so keep only what every session needs",
		e.File, size, MaxFileSize>>20)
}
