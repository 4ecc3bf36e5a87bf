package block

import (
	"errors"
	"strings"
	"sw/profile/confine"
	"testing"
)

// An instruction file past MaxFileSize is refused, named, and left for
// the person; one just within it takes the block.
func TestRewriteRefusesAFileTooBig(t *testing.T) {
	line := "- A line of the person's, with some words in it.\n"
	within := strings.Repeat(line, (MaxFileSize-1000)/len(line))
	if _, err := Rewrite("CLAUDE.md", []byte(within), Begin+"\n"+End); err != nil {
		t.Fatalf("a file of %d bytes: %v", len(within), err)
	}
	_, err := Rewrite("CLAUDE.md", []byte(within+strings.Repeat(line, 100)), Begin+"\n"+End)
	var big *confine.TooBigError
	if !errors.As(err, &big) || !strings.HasPrefix(err.Error(), "CLAUDE.md: 1.1 MiB, past the 1 MiB") {
		t.Fatalf("got %v, want a TooBigError naming CLAUDE.md", err)
	}
}
