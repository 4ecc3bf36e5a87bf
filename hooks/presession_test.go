package hooks

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sw/profile/collection"
)

// TestSessionGenreTakesHeadFromTheObjectCache: finding the piece changed
// last compares a staged piece with HEAD, whose commit the post-commit
// hook kept; with that commit gone from git's object store the staged
// piece is still found, and its genre is the session's.
func TestSessionGenreTakesHeadFromTheObjectCache(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(t.TempDir(), "home")
	writeTestFile(t, filepath.Join(home, ".gitconfig"), "[user]\n\tname = Ada\n\temail = ada@example.com\n[init]\n\tdefaultBranch = main\n")
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	writeTestFile(t, filepath.Join(root, ".sw.yaml"), "batch_size: 3\n")
	writeTestFile(t, filepath.Join(root, "pieces", "p.md"), "---\ngenre: poem\n---\nA line.\n")
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "First poem")
	noEnv := func(string) string { return "" }
	PostCommit(IO{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Getenv: noEnv, Dir: root})

	writeTestFile(t, filepath.Join(root, "pieces", "p.md"), "---\ngenre: poem\n---\nA line, then another.\n")
	git("add", "pieces/p.md")
	head := git("rev-parse", "HEAD")
	if err := os.Remove(filepath.Join(root, ".git", "objects", head[:2], head[2:])); err != nil {
		t.Fatal(err)
	}
	c, err := collection.Find(root)
	if err != nil {
		t.Fatal(err)
	}
	if genre, err := sessionGenre(c, noEnv); err != nil || genre != "poem" {
		t.Errorf("genre %q, %v; want poem, from the staged piece", genre, err)
	}
}

func writeTestFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
}
