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
	root, git := onePoem(t)
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

// TestSessionKeepsHeadInTheObjectCache: without git hooks nothing keeps
// HEAD's commit for the sessions, so the first session that reads it keeps
// it; the next finds the staged piece with that commit gone from git's
// object store.
func TestSessionKeepsHeadInTheObjectCache(t *testing.T) {
	root, git := onePoem(t)
	noEnv := func(string) string { return "" }
	session := func() string {
		t.Helper()
		c, err := collection.Find(root)
		if err != nil {
			t.Fatal(err)
		}
		genre, err := sessionGenre(c, noEnv)
		if err != nil {
			t.Fatal(err)
		}
		return genre
	}
	session() // the piece is unchanged: it compares the index with HEAD

	writeTestFile(t, filepath.Join(root, "pieces", "p.md"), "---\ngenre: poem\n---\nA line, then another.\n")
	git("add", "pieces/p.md")
	head := git("rev-parse", "HEAD")
	if err := os.Remove(filepath.Join(root, ".git", "objects", head[:2], head[2:])); err != nil {
		t.Fatal(err)
	}
	if genre := session(); genre != "poem" {
		t.Errorf("genre %q; want poem, from the staged piece", genre)
	}
}

// onePoem makes a collection holding one committed poem, with a git
// identity of its own, and returns its root and a way to run git there.
func onePoem(t *testing.T) (string, func(args ...string) string) {
	t.Helper()
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
	return root, git
}
