package git

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestRecentlyChanged(t *testing.T) {
	r := newRepo(t)
	commitFiles(t, r.Root, "pieces", "pieces/a.md", "a\n", "pieces/b.md", "b\n", "pieces/c.md", "c\n", "notes/n.md", "n\n", ".gitignore", "drafts/\n")
	pieces := Filter{
		File: func(p string) bool { return strings.HasSuffix(p, ".md") },
		Dir:  func(d string) bool { return d != "notes" },
	}
	newest := func(want string) {
		t.Helper()
		if got, err := r.RecentlyChangedIn(pieces); err != nil || got != want {
			t.Errorf("RecentlyChangedIn = %q %v, want %q", got, err, want)
		}
	}
	newest("") // a clean tree
	now := time.Now().Add(-time.Hour)
	at := func(rel string, content string, ago time.Duration) {
		writeFile(t, r.Root, rel, content)
		setMtime(t, r.Root, rel, now.Add(-ago))
	}
	at("pieces/a.md", "a, edited\n", 3*time.Minute) // modified
	newest("pieces/a.md")
	at("pieces/b.md", "b, staged\n", 2*time.Minute) // staged
	git(t, r.Root, "add", "pieces/b.md")
	newest("pieces/b.md")
	at("pieces/new.md", "untracked\n", time.Minute) // untracked
	newest("pieces/new.md")
	at("drafts/ignored.md", "ignored\n", 0) // ignored: never the answer
	at("notes/n.md", "a folder Dir rejects\n", 0)
	at("pieces/c.txt", "not a piece\n", 0)
	newest("pieces/new.md")
	os.Remove(filepath.Join(r.Root, "pieces", "new.md"))
	os.Remove(filepath.Join(r.Root, "pieces", "c.md")) // deleted: nothing to write in
	newest("pieces/b.md")
	at("pieces/with space é.md", "x\n", 0) // names as written, not quoted
	newest("pieces/with space é.md")
}
