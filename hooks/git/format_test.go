package git

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestFormatsGoGitWouldMisread: a repository whose format go-git cannot be
// trusted with is read through the git command, decided before anything is
// read; one it reads right stays with go-git.
func TestFormatsGoGitWouldMisread(t *testing.T) {
	cases := []struct {
		name  string
		setup func(t *testing.T) *Repo
		why   string // "" for go-git
	}{
		{"plain", func(t *testing.T) *Repo { return newRepo(t) }, ""},
		{"sha256", func(t *testing.T) *Repo { return newRepo(t, "--object-format=sha256") }, "extensions.objectformat"},
		{"an extension go-git does not know", func(t *testing.T) *Repo {
			r := newRepo(t)
			git(t, r.Root, "config", "core.repositoryFormatVersion", "1")
			git(t, r.Root, "config", "extensions.preciousObjects", "true")
			return r
		}, "extensions.preciousobjects"},
		{"partial clone", func(t *testing.T) *Repo {
			r := newRepo(t)
			git(t, r.Root, "config", "core.repositoryFormatVersion", "1")
			git(t, r.Root, "config", "extensions.partialClone", "origin")
			return r
		}, "extensions.partialclone"},
		{"worktreeConfig", func(t *testing.T) *Repo {
			r := newRepo(t)
			git(t, r.Root, "config", "core.repositoryFormatVersion", "1")
			git(t, r.Root, "config", "extensions.worktreeConfig", "true")
			git(t, r.Root, "config", "--worktree", "user.name", "Worktree Writer")
			return r
		}, ""},
		{"format version 2", func(t *testing.T) *Repo {
			r := newRepo(t)
			git(t, r.Root, "config", "core.repositoryFormatVersion", "2")
			return r
		}, "core.repositoryFormatVersion = 2"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.setup(t)
			if got, err := r.needsGit(); err != nil || got != tc.why {
				t.Fatalf("needsGit = %q %v, want %q", got, err, tc.why)
			}
			if tc.why == "core.repositoryFormatVersion = 2" {
				return // git itself refuses such a repository
			}
			rd, err := r.reader()
			if err != nil {
				t.Fatal(err)
			}
			if _, isCommand := rd.(*commandReader); isCommand != (tc.why != "") {
				t.Fatalf("reader %T", rd)
			}
			c := commitFiles(t, r.Root, "one", "pieces/a.md", "a\n")
			c2 := commitFiles(t, r.Root, "two", "pieces/a.md", "b\n", "pieces/b.md", "b\n")
			if len(c) != map[bool]int{true: 64, false: 40}[tc.name == "sha256"] {
				t.Fatalf("hash %s", c)
			}
			changes, err := r.ChangedFiles(c, c2, nil)
			if err != nil || nameStatus(changes) != "M\tpieces/a.md\nA\tpieces/b.md" {
				t.Errorf("ChangedFiles = %v %v", changes, err)
			}
			blob, ok, err := r.FileAt(c2, "pieces/a.md")
			if data, _ := r.Blob(blob); err != nil || !ok || string(data) != "b\n" {
				t.Errorf("FileAt = %s %v %v %q", blob, ok, err, data)
			}
			if _, h, err := r.Head(); err != nil || h != c2 {
				t.Errorf("Head = %s %v", h, err)
			}
			// Writing goes through git in every format.
			writeSuggestion(t, r, c2)
			if got := git(t, r.Root, "show", "sw/1/x:profile/x.yaml"); got != "rule" {
				t.Errorf("suggestion holds %q", got)
			}
			fsck(t, r)
		})
	}
}

// TestLinkedWorktree: a linked worktree has its own HEAD and reads the
// objects and refs of the repository it belongs to, with go-git, also when
// worktrees keep configuration of their own.
func TestLinkedWorktree(t *testing.T) {
	r := newRepo(t)
	git(t, r.Root, "config", "extensions.worktreeConfig", "true")
	first := commitFiles(t, r.Root, "one", "a.md", "a\n")
	wtDir := filepath.Join(t.TempDir(), "wt")
	git(t, r.Root, "worktree", "add", "-q", "-b", "side", wtDir)
	git(t, wtDir, "config", "--worktree", "core.hooksPath", "elsewhere")
	side := commitFiles(t, wtDir, "on side", "b.md", "b\n")
	wt, err := Find(filepath.Join(wtDir))
	if err != nil {
		t.Fatal(err)
	}
	if wt.GitDir == wt.CommonDir || wt.CommonDir != r.CommonDir {
		t.Fatalf("GitDir %s CommonDir %s", wt.GitDir, wt.CommonDir)
	}
	if why, _ := wt.needsGit(); why != "" {
		t.Fatalf("read through git: %s", why)
	}
	if branch, h, err := wt.Head(); err != nil || branch != "refs/heads/side" || h != side {
		t.Errorf("worktree Head = %q %s %v", branch, h, err)
	}
	if branch, h, err := r.Head(); err != nil || branch != "refs/heads/main" || h != first {
		t.Errorf("main Head = %q %s %v", branch, h, err)
	}
	if dir, err := wt.HooksDir(); err != nil || !strings.HasSuffix(dir, "elsewhere") {
		t.Errorf("worktree's own config unread: %q %v", dir, err)
	}
	if blob, ok, err := wt.FileAt(side, "b.md"); err != nil || !ok || blob.IsZero() {
		t.Errorf("FileAt in worktree: %v %v", ok, err)
	}
}

func fsck(t *testing.T, r *Repo) {
	t.Helper()
	if out, err := gitInput(r.Root, "", "fsck", "--strict", "--no-dangling"); err != nil {
		t.Fatalf("git fsck: %v\n%s", err, out)
	}
}

// writeSuggestion writes what the review loop writes for a suggestion: a
// rule file's blob, a tree with it on top of parent's, a commit, and the
// branch sw/1/x.
func writeSuggestion(t *testing.T, r *Repo, parent Hash) {
	t.Helper()
	blob, err := r.WriteBlob([]byte("rule\n"))
	if err != nil {
		t.Fatal(err)
	}
	commit, err := r.Commit(parent)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := r.TreeWith(commit.Tree, "profile/x.yaml", &blob)
	if err != nil {
		t.Fatal(err)
	}
	sug, err := r.WriteCommit(CommitSpec{Tree: tree, Parents: []Hash{parent}, Message: "suggest"})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.UpdateRef("refs/heads/sw/1/x", sug, ZeroHash); err != nil {
		t.Fatal(err)
	}
}
