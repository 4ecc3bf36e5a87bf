package facts

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkParse200 reads a memory.md of 200 entries, as the pre-commit
// hook does on every commit that finishes a piece.
func BenchmarkParse200(b *testing.B) {
	var s strings.Builder
	s.WriteString("# Memory\n\nWhat the next piece needs to know.\n")
	for i, name := range Sections {
		fmt.Fprintf(&s, "\n## %s\n\n", name)
		for j := range 200 / len(Sections) {
			fmt.Fprintf(&s, "- **pieces/p%d-%d.md:** A fact about piece %d, written down. (sw, 2026-01-%02d)\n", i, j, j, 1+j%28)
		}
	}
	s.WriteString("\n<!-- a note of the person's -->\n```\n## not a section\n```\n")
	data := []byte(s.String())
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Parse(File, data); err != nil {
			b.Fatal(err)
		}
	}
}
