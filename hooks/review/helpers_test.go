package review

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sw/profile"
	"sw/profile/analyze"
)

// newCollection makes a collection in a temporary git repository with one
// commit on main, and opens its loop. git runs with a home of its own, so
// nothing of the machine's configuration leaks in.
func newCollection(tb testing.TB) *Loop {
	tb.Helper()
	dir := tb.TempDir()
	home := filepath.Join(dir, "home")
	root := filepath.Join(dir, "essays")
	for _, d := range []string{home, root} {
		if err := os.MkdirAll(d, 0o777); err != nil {
			tb.Fatal(err)
		}
	}
	gitconfig := "[user]\n\tname = Ada Writer\n\temail = ada@example.com\n[init]\n\tdefaultBranch = main\n"
	write(tb, filepath.Join(home, ".gitconfig"), gitconfig)
	tb.Setenv("HOME", home)
	tb.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	tb.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	write(tb, filepath.Join(root, ".sw.yaml"), "batch_size: 3\n")
	write(tb, filepath.Join(root, "profile_feedback.json"), `{"version": 1, "window": 1, "batches": []}`+"\n")
	runGit(tb, root, "init", "-q")
	runGit(tb, root, "add", "-A")
	runGit(tb, root, "commit", "-q", "-m", "Start the series")
	l, err := Open(root)
	if err != nil {
		tb.Fatal(err)
	}
	return l
}

func write(tb testing.TB, path, text string) {
	tb.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
		tb.Fatal(err)
	}
}

func runGit(tb testing.TB, dir string, args ...string) string {
	tb.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SW_HOOKS=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		tb.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// suggestions makes n distinct preference suggestions.
func suggestions(n int) []analyze.Suggestion {
	var out []analyze.Suggestion
	for i := range n {
		id := fmt.Sprintf("rule-%02d", i)
		out = append(out, analyze.Suggestion{
			ID: id, Layer: "preferences",
			Rule:    &profile.Rule{ID: id, Rule: fmt.Sprintf("Rule number %d.", i)},
			Summary: "Rule " + id, Evidence: "pieces/a.md, pieces/b.md",
			Signature: "test:" + id,
		})
	}
	return out
}

// propose writes suggestions as branches, as an analysis would.
func propose(tb testing.TB, l *Loop, s []analyze.Suggestion) *Outcome {
	tb.Helper()
	head, err := l.headCommit()
	if err != nil {
		tb.Fatal(err)
	}
	out, err := l.Apply(&Proposal{Request: &analyze.Request{}, Suggestions: s, head: head, seq: -1})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// analysisLock takes the analysis's lock, as RunAnalysis does.
func (l *Loop) analysisLock() (release func(), ok bool, err error) {
	return l.fileLock(analysisLockFile)
}
