package git

import (
	"os"
	"path/filepath"
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
	got, err := r.ReadFiles(refs)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"a\n", "a2\n", "", "a.md", "<nil>", "<nil>", "<nil>", "odd name\n"}
	for i, w := range want {
		g := string(got[i])
		if got[i] == nil {
			g = "<nil>"
		}
		if g != w {
			t.Errorf("%s:%s = %q, want %q", refs[i].Commit.Short(), refs[i].Path, g, w)
		}
	}
	if _, err := r.ReadFiles([]FileRef{{Hash("0123456789012345678901234567890123456789"), "a.md"}}); err != nil {
		t.Errorf("a missing commit is a missing file, not an error: %v", err)
	}
}
