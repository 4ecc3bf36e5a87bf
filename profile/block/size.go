package block

import (
	"fmt"
	"math"
)

// MaxFileSize is the most of an instruction file (CLAUDE.md, AGENTS.md)
// sw reads to find its block: 1 MiB, far past what an agent loads whole
// at every session. Finding the block reads the file as Markdown, which
// builds a tree many times the size of the text, so a bigger file is
// refused, and named, rather than read at a cost to every session.
const MaxFileSize = 1 << 20

// TooBigError is an instruction file past MaxFileSize.
type TooBigError struct {
	File string
	Size int64
}

func (e *TooBigError) Error() string {
	size := math.Ceil(float64(e.Size)*10/(1<<20)) / 10 // rounded up: never "1.0 MiB, past the 1 MiB"
	file := e.File
	if file == "" {
		file = "the instruction file"
	}
	return fmt.Sprintf("%s: %.1f MiB, past the %d MiB sw reads of an agent's instruction file to find its block; the agent loads it whole at every session, so move what it need not read every time elsewhere",
		file, size, MaxFileSize>>20)
}
