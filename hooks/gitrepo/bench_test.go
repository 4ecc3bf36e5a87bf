package gitrepo

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The benchmarks measure the hot paths of sw's hooks on a repository of
// 1,000 pieces and 10,000 commits (packed, as after a gc), each iteration
// starting from a fresh Repo, as each hook process does.

var (
	postCommitOnce sync.Once
	postCommitHead Hash
)

// BenchmarkPostCommit is the post-commit hook's work: open the repository,
// read HEAD and its commit, list the files the commit changed.
func BenchmarkPostCommit(b *testing.B) {
	h := sharedBigHistory(b)
	postCommitOnce.Do(func() {
		writeFile(b, h.repo.Root, piecePath(123), "# Piece 123\n\nA new paragraph.\n")
		git(b, h.repo.Root, "commit", "--quiet", "-am", "finish piece 123")
		postCommitHead = revParse(b, h.repo.Root, "HEAD")
	})
	pieces := func(p string) bool { return strings.HasSuffix(p, ".md") }
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r, err := At(h.repo.Root)
		if err != nil {
			b.Fatal(err)
		}
		_, head, err := r.Head()
		if err != nil || head != postCommitHead {
			b.Fatal(head, err)
		}
		c, err := r.Commit(head)
		if err != nil {
			b.Fatal(err)
		}
		changes, err := r.ChangedFiles(c.Parents[0], head, pieces)
		if err != nil || len(changes) != 1 || changes[0].Path != piecePath(123) {
			b.Fatal(changes, err)
		}
	}
}

// BenchmarkIsAncestor50 checks 50 recent commits against the tip of the
// 10,000-commit branch: suggestions that were merged.
func BenchmarkIsAncestor50(b *testing.B) {
	h := sharedBigHistory(b)
	tip := h.commits[len(h.commits)-1]
	var recent []Hash
	for k := 1; k <= 50; k++ {
		recent = append(recent, h.commits[len(h.commits)-1-4*k])
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r, _ := At(h.repo.Root)
		for _, a := range recent {
			if ok, err := r.IsAncestor(a, tip); err != nil || !ok {
				b.Fatal(ok, err)
			}
		}
	}
}

var (
	pendingOnce sync.Once
	pending     []Hash
)

// BenchmarkIsAncestorPending50 checks 50 suggestion commits that are not
// merged, each built on a recent tip, against the tip: the usual case when
// sw reconciles its pending batch.
func BenchmarkIsAncestorPending50(b *testing.B) {
	h := sharedBigHistory(b)
	tip := h.commits[len(h.commits)-1]
	pendingOnce.Do(func() {
		r, _ := At(h.repo.Root)
		for k := 0; k < 50; k++ {
			base := h.commits[len(h.commits)-1-4*k]
			bc, err := r.Commit(base)
			if err != nil {
				b.Fatal(err)
			}
			blob, _ := r.WriteBlob([]byte(fmt.Sprintf("id: s%d\n", k)))
			tree, err := r.TreeWith(bc.Tree, fmt.Sprintf("profile/preferences/s%d.yaml", k), &blob)
			if err != nil {
				b.Fatal(err)
			}
			when := bc.Committer.When.Add(30 * time.Minute)
			sig := Signature{Name: "sw", Email: "sw@example.com", When: when}
			c, err := r.WriteCommit(CommitSpec{Tree: tree, Parents: []Hash{base}, Author: sig, Committer: sig, Message: "s"})
			if err != nil {
				b.Fatal(err)
			}
			pending = append(pending, c)
		}
	})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r, _ := At(h.repo.Root)
		for _, a := range pending {
			found, decided, err := r.paintWalk(a, tip)
			if err != nil || found || !decided {
				b.Fatal(found, decided, err)
			}
		}
	}
}

var (
	worktreeOnce sync.Once
	worktreeRepo *bigHistory
)

// BenchmarkRecentlyChanged is the pre-session hook's question on a working
// tree of 1,000 pieces, one of them just edited.
func BenchmarkRecentlyChanged(b *testing.B) {
	worktreeOnce.Do(func() {
		dir, err := os.MkdirTemp(bigDirOrTemp(), "worktree-")
		if err != nil {
			b.Fatal(err)
		}
		worktreeRepo = makeBigHistory(&tbInDir{TB: b, dir: dir}, 1000, 1)
		root := worktreeRepo.repo.Root
		writeFile(b, root, piecePath(500), "# Piece 500\n\nEdited.\n")
		setMtime(b, root, piecePath(500), time.Now().Add(time.Hour))
	})
	root := worktreeRepo.repo.Root
	for _, tc := range []struct {
		name string
		keep func(string) bool
		want string
	}{
		{"one-edited", func(p string) bool { return strings.HasSuffix(p, ".md") }, piecePath(500)},
		// Nothing kept is changed: every candidate is examined.
		{"all-clean", func(p string) bool { return strings.HasSuffix(p, ".md") && p != piecePath(500) }, ""},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				r, _ := At(root)
				got, err := r.RecentlyChanged(tc.keep)
				if err != nil || got != tc.want {
					b.Fatal(got, err)
				}
			}
		})
	}
}

func bigDirOrTemp() string {
	if bigDir != "" {
		return bigDir
	}
	return filepath.Clean(os.TempDir())
}
