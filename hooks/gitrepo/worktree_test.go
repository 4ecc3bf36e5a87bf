package gitrepo

import (
	"path/filepath"
	"testing"
)

// TestLinkedWorktree: objects and refs come from the common folder, HEAD
// and the index from the worktree's own, and writes are seen by both.
func TestLinkedWorktree(t *testing.T) {
	r := newRepo(t)
	base := commitFiles(t, r.Root, "base", "a.md", "a\n")
	git(t, r.Root, "gc", "--quiet")
	wtDir := filepath.Join(t.TempDir(), "wt")
	git(t, r.Root, "worktree", "add", "--quiet", "-b", "side", wtDir)
	wt, err := Find(filepath.Join(wtDir))
	if err != nil {
		t.Fatal(err)
	}
	side := commitFiles(t, wtDir, "on side", "b.md", "b\n")

	if ref, h, err := wt.Head(); err != nil || ref != "refs/heads/side" || h != side {
		t.Errorf("worktree Head = %q %s %v", ref, h, err)
	}
	if ref, h, err := r.Head(); err != nil || ref != "refs/heads/main" || h != base {
		t.Errorf("main Head = %q %s %v", ref, h, err)
	}
	if h, ok, _ := wt.Ref("refs/heads/main"); !ok || h != base {
		t.Errorf("worktree reads main as %s %v", h, ok)
	}
	changes, err := wt.ChangedFiles(base, side, nil)
	if err != nil || len(changes) != 1 || changes[0].Path != "b.md" || !changes[0].Added() {
		t.Errorf("ChangedFiles = %+v %v", changes, err)
	}

	// A suggestion written from the worktree is a branch in the main one.
	c, _ := wt.Commit(side)
	blob, _ := wt.WriteBlob([]byte("id: x\n"))
	tree, err := wt.TreeWith(c.Tree, "profile/preferences/x.yaml", &blob)
	if err != nil {
		t.Fatal(err)
	}
	s, err := wt.WriteCommit(CommitSpec{Tree: tree, Parents: []Hash{base}, Message: "s"})
	if err != nil {
		t.Fatal(err)
	}
	if err := wt.UpdateRef("refs/heads/sw/b/x", s, Hash{}); err != nil {
		t.Fatal(err)
	}
	if got := revParse(t, r.Root, "sw/b/x"); got != s {
		t.Errorf("main sees %s", got)
	}
	if ok, err := r.IsAncestor(base, s); err != nil || !ok {
		t.Errorf("IsAncestor from main: %v %v", ok, err)
	}
	fsck(t, r)
}
