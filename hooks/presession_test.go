package hooks

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sw/profile/collection"
)

// TestSessionGenreIsThePieceChangedLast: with no genre set, a session
// writes in the genre of the piece changed most recently, staged or not;
// with no piece changed, in that of the piece the person committed last
// (an agent's commit is a draft, not theirs); with no piece at all, in the
// default genre.
func TestSessionGenreIsThePieceChangedLast(t *testing.T) {
	root, git := onePoem(t)
	noEnv := func(string) string { return "" }
	var why string
	session := func() string {
		t.Helper()
		c, err := collection.Find(root)
		if err != nil {
			t.Fatal(err)
		}
		genre, because, err := sessionGenre(c, noEnv)
		if err != nil {
			t.Fatal(err)
		}
		why = because
		return genre
	}
	if genre := session(); genre != "poem" || why != "the genre of pieces/p.md, your latest piece" {
		t.Errorf("nothing changed: genre %q (%s), want the committed poem's", genre, why)
	}
	writeTestFile(t, filepath.Join(root, "pieces", "agent.md"), "---\ngenre: essay\n---\nThe agent's draft.\n")
	git("add", "pieces/agent.md")
	git("commit", "-q", "-m", "Draft\n\nCo-Authored-By: Claude <noreply@anthropic.com>")
	if genre := session(); genre != "poem" {
		t.Errorf("after an agent's commit: genre %q, want the person's poem", genre)
	}
	writeTestFile(t, filepath.Join(root, "pieces", "p.md"), "---\ngenre: poem\n---\nA line, then another.\n")
	git("add", "pieces/p.md")
	if genre := session(); genre != "poem" || why != "the genre of pieces/p.md, the piece you are changing" {
		t.Errorf("a staged poem: genre %q (%s), want poem", genre, why)
	}
	writeTestFile(t, filepath.Join(root, "pieces", "e.md"), "---\ngenre: essay\n---\nAn essay begins.\n")
	later := time.Now().Add(time.Minute)
	os.Chtimes(filepath.Join(root, "pieces", "e.md"), later, later)
	if genre := session(); genre != "essay" {
		t.Errorf("a new essay written after it: genre %q, want essay", genre)
	}
}

// TestSessionContext: a starting session handed the block learns first why
// it writes in that genre, which the block itself never says; with no
// reason (the default genre, nothing chose it) it gets the block alone.
func TestSessionContext(t *testing.T) {
	const blockText = "<!-- sw:begin -->\n## Writing profile: essay\n<!-- sw:end -->"
	if got := sessionContext("default", "", blockText); got != blockText {
		t.Errorf("no reason: got %q, want the block alone", got)
	}
	want := "This session writes in the genre essay: the genre of pieces/a.md, your latest piece.\n\n" + blockText
	if got := sessionContext("essay", "the genre of pieces/a.md, your latest piece", blockText); got != want {
		t.Errorf("with a reason: got %q\nwant %q", got, want)
	}
}

func writeTestFile(tb testing.TB, path, text string) {
	tb.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
		tb.Fatal(err)
	}
}

// onePoem makes a collection holding one committed poem, with a git
// identity of its own, and returns its root and a way to run git there.
func onePoem(t *testing.T) (string, func(args ...string) string) {
	t.Helper()
	root, git := gitFolder(t)
	writeTestFile(t, filepath.Join(root, ".sw.yaml"), "batch_size: 3\n")
	writeTestFile(t, filepath.Join(root, "pieces", "p.md"), "---\ngenre: poem\n---\nA line.\n")
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "First poem")
	return root, git
}

// gitFolder makes an empty folder, and a home with a git identity of its
// own (nothing of the machine's configuration leaks in), and returns the
// folder and a way to run git there.
func gitFolder(tb testing.TB) (string, func(args ...string) string) {
	tb.Helper()
	root := tb.TempDir()
	home := filepath.Join(tb.TempDir(), "home")
	writeTestFile(tb, filepath.Join(home, ".gitconfig"), "[user]\n\tname = Ada\n\temail = ada@example.com\n[init]\n\tdefaultBranch = main\n")
	tb.Setenv("HOME", home)
	tb.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	tb.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	git := func(args ...string) string {
		tb.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		out, err := cmd.CombinedOutput()
		if err != nil {
			tb.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	return root, git
}
