package block

import "sw/profile/confine"

// MaxFileSize is the most of an instruction file (CLAUDE.md, AGENTS.md)
// sw reads to find its block: 1 MiB, far past what an agent loads whole
// at every session. Finding the block reads the file as Markdown, which
// builds a tree many times the size of the text, so a bigger file is
// refused, and named, rather than read at a cost to every session.
const MaxFileSize = 1 << 20

// tooBig is the error for an instruction file of size bytes, past
// MaxFileSize.
func tooBig(file string, size int) error {
	if file == "" {
		file = "the instruction file"
	}
	return &confine.TooBigError{File: file, Size: int64(size), Limit: MaxFileSize, Of: "an agent's instruction file to find its block",
		Then: "the agent loads it whole at every session, so move what it need not read every time elsewhere"}
}
