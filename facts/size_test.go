package facts

import (
	"errors"
	"strings"
	"sw/profile/confine"
	"testing"
)

// A memory.md past MaxFileSize is refused, naming the file, before any
// Markdown is read; one just within it is read.
func TestParseRefusesAFileTooBig(t *testing.T) {
	entry := "- A fact of no account. (person, 2026-01-01)\n"
	head := "# Collection memory\n\n## Observations\n\n"
	within := head + strings.Repeat(entry, (MaxFileSize-len(head))/len(entry))
	if _, err := Parse(File, []byte(within)); err != nil {
		t.Fatalf("a file of %d bytes: %v", len(within), err)
	}
	_, err := Parse(File, []byte(within+strings.Repeat(entry, 50)))
	var big *confine.TooBigError
	if !errors.As(err, &big) || !strings.HasPrefix(err.Error(), "memory.md: 1.1 MiB, past the 1 MiB sw reads of a memory file;") {
		t.Fatalf("got %v, want a TooBigError naming memory.md", err)
	}
}
