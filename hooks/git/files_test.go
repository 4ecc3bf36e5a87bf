package git

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadFiles(t *testing.T) {
	r := newRepo(t)
	one := commitFiles(t, r.Root, "one", "pieces/a.md", "a\n", "pieces/empty.md", "", "pieces/line\nbreak.md", "odd name\n")
	os.Symlink("a.md", filepath.Join(r.Root, "pieces", "link.md"))
	two := commitFiles(t, r.Root, "two", "pieces/a.md", "a2\n")
	refs := []FileRef{
		{one, "pieces/a.md"}, {two, "pieces/a.md"}, {two, "pieces/empty.md"}, {two, "pieces/link.md"},
		{one, "pieces/link.md"}, {two, "pieces"}, {two, "pieces/none.md"}, {two, "pieces/line\nbreak.md"},
	}
	got, err := r.ReadFiles(refs, 100)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"a\n", "a2\n", "", "a.md", "<nil>", "<nil>", "<nil>", "odd name\n"}
	for i, w := range want {
		g := string(got[i].Data)
		if got[i].Data == nil {
			g = "<nil>"
		}
		if g != w || got[i].TooBig() || got[i].Size != int64(len(got[i].Data)) {
			t.Errorf("%s:%s = %q (%d bytes), want %q", refs[i].Commit.Short(), refs[i].Path, g, got[i].Size, w)
		}
	}
	if _, err := r.ReadFiles([]FileRef{{Hash("0123456789012345678901234567890123456789"), "a.md"}}, 100); err != nil {
		t.Errorf("a missing commit is a missing file, not an error: %v", err)
	}
}

// TestReadWithALimit: past the limit, a file reads as its first bytes and
// its size, through cat-file as through go-git, and the files after it in
// the same batch read whole.
func TestReadWithALimit(t *testing.T) {
	r := newRepo(t)
	big := strings.Repeat("0123456789", 10000) // larger than largeObject: go-git reads it lazily
	head := commitFiles(t, r.Root, "one", "big.md", big, "small.md", "small\n", "line\nbreak.md", big)
	got, err := r.ReadFiles([]FileRef{{head, "big.md"}, {head, "small.md"}, {head, "line\nbreak.md"}}, 25)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range []Content{{[]byte(big[:25]), 100000}, {[]byte("small\n"), 6}, {[]byte(big[:25]), 100000}} {
		if string(got[i].Data) != string(w.Data) || got[i].Size != w.Size || got[i].TooBig() != (w.Size > 25) {
			t.Errorf("file %d: %q of %d bytes, want %q of %d", i, got[i].Data, got[i].Size, w.Data, w.Size)
		}
	}
	blob, _, err := r.FileAt(head, "big.md")
	if err != nil {
		t.Fatal(err)
	}
	if c, err := r.BlobUpTo(blob, 10); err != nil || string(c.Data) != big[:10] || c.Size != 100000 || !c.TooBig() {
		t.Errorf("BlobUpTo = %q of %d, %v", c.Data, c.Size, err)
	}
	if c, err := r.BlobUpTo(blob, 1<<20); err != nil || string(c.Data) != big || c.TooBig() {
		t.Errorf("BlobUpTo within the limit = %d bytes, %v", len(c.Data), err)
	}
}
