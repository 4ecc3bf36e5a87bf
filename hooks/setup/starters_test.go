package setup

import (
	"testing"

	"sw/facts"
	"sw/profile/collection"
)

// The collection's layout and the facts drawer each name memory.md, and
// neither imports the other: the two names must agree.
func TestMemoryFileNamedAlike(t *testing.T) {
	if collection.MemoryFile != facts.File {
		t.Errorf("collection.MemoryFile is %q, facts.File %q", collection.MemoryFile, facts.File)
	}
}
