package facts

import "sw/profile/confine"

// MaxFileSize is the most of memory.md sw reads: 1 MiB, forty times the
// size sw keeps it to by default (see Budget) and far past what an agent
// loads whole at every session. Reading Markdown builds a tree many times
// the size of the text, so a bigger file is refused, and named, rather
// than read at a cost to every commit and session.
const MaxFileSize = 1 << 20

// tooBig is the error for a memory file (memory.md, or one of Claude
// Code's own the audit reads) of size bytes, past MaxFileSize.
func tooBig(file string, size int) error {
	return &confine.TooBigError{File: file, Size: int64(size), Limit: MaxFileSize, Of: "a memory file",
		Then: "an agent loads its memory at every session, so keep only what every session needs"}
}
