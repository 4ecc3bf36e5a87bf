package collection

import (
	"os"
	"path/filepath"
	"testing"
)

// A folder of a collection reached through a symbolic link from outside
// it (a shortcut to the pieces folder) is in the collection, as git sees
// it, and the pieces named through the link are the collection's.
func TestFindThroughASymlinkedFolder(t *testing.T) {
	root := repoFolder(t)
	if err := os.WriteFile(filepath.Join(root, SettingsFile), []byte("genre: essay\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(root, "pieces"), 0o777)
	os.WriteFile(filepath.Join(root, "pieces/a.md"), []byte("A piece.\n"), 0o644)
	link := filepath.Join(t.TempDir(), "shortcut")
	if err := os.Symlink(filepath.Join(root, "pieces"), link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	c, err := Find(link)
	if err != nil {
		t.Fatal(err)
	}
	if c.Settings.Genre != "essay" {
		t.Errorf("settings not read: genre %q", c.Settings.Genre)
	}
	if rel, err := c.Rel(filepath.Join(link, "a.md")); err != nil || rel != "pieces/a.md" {
		t.Errorf("Rel = %q, %v", rel, err)
	}
	if _, err := c.Rel(filepath.Join(t.TempDir())); err == nil {
		t.Error("a folder outside the collection was taken as inside it")
	}
}

// repoFolder is a folder that is the top of a repository as Find sees it:
// it holds .git.
func repoFolder(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o777); err != nil {
		t.Fatal(err)
	}
	return root
}
