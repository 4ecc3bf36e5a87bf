package review

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLatestPieceWithoutTheHooksNote: with no hook to note it, the latest
// piece comes from git's history, is kept for the commit it was found at,
// and is found again once another commit is made; an agent's commit, or a
// piece deleted since, is never the answer.
func TestLatestPieceWithoutTheHooksNote(t *testing.T) {
	l := newCollection(t)
	root := l.Repo.Root
	commit := func(path, msg string) {
		t.Helper()
		write(t, filepath.Join(root, path), "A piece.\n")
		runGit(t, root, "add", "-A")
		runGit(t, root, "commit", "-q", "-m", msg)
	}
	latest := func(want string) {
		t.Helper()
		if got, err := l.LatestPiece(); err != nil || got != want {
			t.Errorf("LatestPiece = %q %v, want %q", got, err, want)
		}
	}
	latest("")
	commit("pieces/a.md", "A")
	latest("pieces/a.md")
	if _, err := os.Stat(filepath.Join(l.Dir, "latest")); err != nil {
		t.Fatalf("the answer was not kept: %v", err)
	}
	commit("pieces/b.md", "B")
	latest("pieces/b.md")
	commit("pieces/c.md", "C\n\nCo-Authored-By: Claude <noreply@anthropic.com>")
	latest("pieces/b.md")
	runGit(t, root, "rm", "-q", "pieces/b.md")
	runGit(t, root, "commit", "-q", "-m", "drop B")
	latest("pieces/a.md")
}

// TestLatestPieceKeptReadsNoTree: the answer kept for HEAD's commit is
// taken as it is, without reading the folder of the piece it names again
// (here, a folder whose tree is gone from the repository).
func TestLatestPieceKeptReadsNoTree(t *testing.T) {
	l := newCollection(t)
	root := l.Repo.Root
	write(t, filepath.Join(root, "pieces", "a.md"), "A piece.\n")
	runGit(t, root, "add", "-A")
	runGit(t, root, "commit", "-q", "-m", "A")
	if got, err := l.LatestPiece(); err != nil || got != "pieces/a.md" {
		t.Fatalf("LatestPiece = %q %v", got, err)
	}
	tree := strings.TrimSpace(runGit(t, root, "rev-parse", "HEAD:pieces"))
	if err := os.Remove(filepath.Join(root, ".git", "objects", tree[:2], tree[2:])); err != nil {
		t.Fatal(err)
	}
	fresh, err := Open(root)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := fresh.LatestPiece(); err != nil || got != "pieces/a.md" {
		t.Errorf("with the folder's tree gone, LatestPiece = %q %v", got, err)
	}
}

// TestDefaultUpstreamFollowsTheConfig: the default branch's upstream is
// kept in the state for the config file it was read from, and read again
// once git config changes it.
func TestDefaultUpstreamFollowsTheConfig(t *testing.T) {
	l := newCollection(t)
	root := l.Repo.Root
	st := &State{}
	if up, ok := l.defaultUpstream(st, "main"); ok {
		t.Fatalf("an upstream before any: %q", up)
	}
	runGit(t, root, "config", "remote.origin.url", "/nowhere")
	runGit(t, root, "config", "remote.origin.fetch", "+refs/heads/*:refs/remotes/origin/*")
	runGit(t, root, "config", "branch.main.remote", "origin")
	runGit(t, root, "config", "branch.main.merge", "refs/heads/main")
	if up, ok := l.defaultUpstream(st, "main"); !ok || up != "refs/remotes/origin/main" {
		t.Errorf("after git config: %q %v", up, ok)
	}
	if st.DefaultUpstreamKey == "" {
		t.Error("the answer was not noted with its config file")
	}
	runGit(t, root, "config", "branch.main.merge", "refs/heads/trunk")
	if up, _ := l.defaultUpstream(st, "main"); up != "refs/remotes/origin/trunk" {
		t.Errorf("after the upstream changed: %q", up)
	}
}
