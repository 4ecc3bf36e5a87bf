package git

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sw/profile/atomicfile"
)

func TestUpdateRefCompareAndSwap(t *testing.T) {
	r := newRepo(t)
	c1 := commitFiles(t, r.Root, "one", "a.md", "a\n")
	c2 := commitFiles(t, r.Root, "two", "a.md", "b\n")
	name := "refs/heads/sw/b1/x"

	if err := r.UpdateRef(name, c1, ZeroHash); err != nil {
		t.Fatal(err)
	}
	if got := revParse(t, r.Root, name); got != c1 {
		t.Fatalf("git sees %s", got)
	}
	if err := r.UpdateRef(name, c2, ZeroHash); !errors.Is(err, ErrRefChanged) {
		t.Errorf("create over an existing ref: %v", err)
	}
	if err := r.UpdateRef(name, c2, c2); !errors.Is(err, ErrRefChanged) {
		t.Errorf("update with a wrong old value: %v", err)
	}
	if err := r.UpdateRefLogged(name, c2, c1, RefLog{Who: Signature{Name: "sw", Email: "sw@localhost"}, Message: "sw: refreshed"}); err != nil {
		t.Fatal(err)
	}
	if got := git(t, r.Root, "reflog", "-1", "--format=%gs|%gn", name); got != "sw: refreshed|sw" {
		t.Errorf("reflog %q", got)
	}
	if err := r.UpdateRef(name, ZeroHash, c1); !errors.Is(err, ErrRefChanged) {
		t.Errorf("delete with a wrong old value: %v", err)
	}
	if err := r.UpdateRef(name, ZeroHash, c2); err != nil {
		t.Fatal(err)
	}
	if out, err := gitInput(r.Root, "", "rev-parse", "--verify", "--quiet", name); err == nil {
		t.Errorf("git still sees the ref: %s", out)
	}
	if err := r.UpdateRef(name, ZeroHash, c2); !errors.Is(err, ErrRefChanged) {
		t.Errorf("deleting a deleted ref: %v", err)
	}
	// A packed ref is deleted as well as a loose one.
	git(t, r.Root, "branch", "packed", c1.String())
	git(t, r.Root, "pack-refs", "--all")
	if err := r.UpdateRef("refs/heads/packed", ZeroHash, c1); err != nil {
		t.Errorf("deleting a packed ref: %v", err)
	}

	// Branches hold commits; names follow git's rules; symbolic refs and
	// anything outside refs/ are not moved.
	blob := revParse(t, r.Root, "HEAD:a.md")
	if err := r.UpdateRef("refs/heads/blob", blob, ZeroHash); err == nil {
		t.Error("a branch pointed at a blob")
	}
	for _, bad := range []string{"HEAD", "refs/heads/a..b", "refs/heads/x.lock", "refs/heads/a b", "refs/heads//x", "refs/heads/@{x}"} {
		if err := r.UpdateRef(bad, c1, ZeroHash); err == nil {
			t.Errorf("UpdateRef(%q) accepted", bad)
		}
	}
	git(t, r.Root, "symbolic-ref", "refs/heads/alias", "refs/heads/main")
	if err := r.UpdateRef("refs/heads/alias", c1, c2); err == nil {
		t.Error("a symbolic ref moved")
	}
	if got := revParse(t, r.Root, "main"); got != c2 {
		t.Errorf("main moved to %s", got)
	}
}

func TestTreeWith(t *testing.T) {
	r := newRepo(t)
	c := commitFiles(t, r.Root, "one", "profile/preferences/a.yaml", "a\n", "pieces/p.md", "p\n")
	commit, _ := r.Commit(c)
	blob, err := r.WriteBlob([]byte("b\n"))
	if err != nil || blob.String() != strings.TrimSpace(mustGitInput(t, r.Root, "b\n", "hash-object", "--stdin")) {
		t.Fatalf("WriteBlob = %s %v", blob, err)
	}
	added, err := r.TreeWith(commit.Tree, "profile/genres/essay/b.yaml", &blob)
	if err != nil {
		t.Fatal(err)
	}
	if got := git(t, r.Root, "ls-tree", "-r", "--name-only", added.String()); got != "pieces/p.md\nprofile/genres/essay/b.yaml\nprofile/preferences/a.yaml" {
		t.Errorf("added:\n%s", got)
	}
	removed, err := r.TreeWith(added, "profile/preferences/a.yaml", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := git(t, r.Root, "ls-tree", "-r", "--name-only", removed.String()); got != "pieces/p.md\nprofile/genres/essay/b.yaml" {
		t.Errorf("removed (and its folder with it):\n%s", got)
	}
	if same, err := r.TreeWith(commit.Tree, "none.yaml", nil); err != nil || same != commit.Tree {
		t.Errorf("removing an absent file: %s %v", same, err)
	}
	empty, err := r.TreeWith(ZeroHash, "x.yaml", &blob)
	if err != nil || git(t, r.Root, "ls-tree", "--name-only", empty.String()) != "x.yaml" {
		t.Errorf("from the empty tree: %v", err)
	}
	for _, bad := range []string{"../x", "a//b", ".git/config"} {
		if _, err := r.TreeWith(commit.Tree, bad, &blob); err == nil {
			t.Errorf("TreeWith(%q) accepted", bad)
		}
	}
	if entries, _ := os.ReadDir(r.GitDir); len(entries) > 0 {
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), "sw-index-") {
				t.Errorf("temporary index left: %s", e.Name())
			}
		}
	}
}

func TestWriteCommitIdentity(t *testing.T) {
	r := newRepo(t)
	blob, _ := r.WriteBlob([]byte("x"))
	tree, _ := r.TreeWith(ZeroHash, "x", &blob)
	t.Setenv("GIT_COMMITTER_NAME", "Robot")
	t.Setenv("GIT_COMMITTER_EMAIL", "robot@example.com")
	when := time.Date(2025, 5, 6, 7, 8, 9, 0, time.FixedZone("", -7*3600))
	c, err := r.WriteCommit(CommitSpec{
		Tree:    tree,
		Author:  Signature{Name: "Someone", Email: "s@example.com", When: when},
		Message: "m",
	})
	if err != nil {
		t.Fatal(err)
	}
	got := git(t, r.Root, "log", "-1", "--format=%an|%ae|%ad|%cn|%ce|%B", "--date=raw", c.String())
	if want := fmt.Sprintf("Someone|s@example.com|%d -0700|Robot|robot@example.com|m", when.Unix()); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, err := r.WriteCommit(CommitSpec{Tree: Hash(strings.Repeat("9", 40))}); err == nil {
		t.Error("a missing tree was accepted")
	}
	if _, err := r.WriteCommit(CommitSpec{Tree: tree, Parents: []Hash{blob}}); err == nil {
		t.Error("a blob as parent was accepted")
	}
	fsck(t, r)
}

func mustGitInput(t *testing.T, dir, stdin string, args ...string) string {
	t.Helper()
	out, err := gitInput(dir, stdin, args...)
	if err != nil {
		t.Fatal(err, out)
	}
	return out
}

// TestUpdateRefConcurrent: of eight creations racing, as separate
// processes would, exactly one wins; git's own lock decides.
func TestUpdateRefConcurrent(t *testing.T) {
	r := newRepo(t)
	c1 := commitFiles(t, r.Root, "one", "a.md", "a\n")
	for round := range 5 {
		var wins atomic.Int32
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				other, _ := At(r.Root)
				if err := other.UpdateRef("refs/heads/race", c1, ZeroHash); err == nil {
					wins.Add(1)
				}
			}()
		}
		wg.Wait()
		if n := wins.Load(); n != 1 {
			t.Fatalf("round %d: %d creations won", round, n)
		}
		if err := r.UpdateRef("refs/heads/race", ZeroHash, c1); err != nil {
			t.Fatal(err)
		}
	}
}

// TestWritingLeavesTheWorkingTreeAlone: writing a suggestion (blob, tree,
// commit, branch) changes no file of the person's, nor the index or HEAD.
func TestWritingLeavesTheWorkingTreeAlone(t *testing.T) {
	r := newRepo(t)
	c := commitFiles(t, r.Root, "one", "pieces/a.md", "a\n")
	writeFile(t, r.Root, "pieces/a.md", "an edit in progress\n")
	git(t, r.Root, "add", "pieces/a.md")
	writeFile(t, r.Root, "pieces/b.md", "untracked\n")
	before := git(t, r.Root, "status", "--porcelain")
	index, _ := os.ReadFile(filepath.Join(r.GitDir, "index"))
	writeSuggestion(t, r, c)
	after, _ := os.ReadFile(filepath.Join(r.GitDir, "index"))
	if got := git(t, r.Root, "status", "--porcelain"); got != before || string(after) != string(index) {
		t.Errorf("status %q, was %q; index changed: %v", got, before, string(after) != string(index))
	}
	if _, h, _ := r.Head(); h != c {
		t.Errorf("HEAD moved to %s", h)
	}
}

func TestFindSaysWhatIsNotARepository(t *testing.T) {
	dir := t.TempDir()
	bare := filepath.Join(dir, "bare.git")
	git(t, dir, "init", "-q", "--bare", bare)
	for _, tc := range []struct{ dir, want string }{
		{dir, dir + ": not inside a git repository"},
		{bare, bare + " is a bare repository, with no working tree for pieces"},
		{filepath.Join(bare, "refs", "heads"), bare + " is a bare repository"},
	} {
		_, err := Find(tc.dir)
		if !errors.Is(err, ErrNotRepo) || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: %v", tc.dir, err)
		}
	}
}

// TestRemoveLeakedRefLocks: a ref's lock file that git leaked (empty, held
// by nobody) goes; one a git holds open, or one holding a hash, stays.
func TestRemoveLeakedRefLocks(t *testing.T) {
	r := newRepo(t)
	commitFiles(t, r.Root, "one", "a.md", "a\n")
	git(t, r.Root, "branch", "sw/1/x")
	dir := filepath.Join(r.Root, ".git", "refs", "heads", "sw", "1")
	leakedLock := filepath.Join(dir, "x.lock")
	heldLock := filepath.Join(dir, "y.lock")
	written := filepath.Join(dir, "z.lock")
	writeFile(t, r.Root, ".git/refs/heads/sw/1/x.lock", "")
	writeFile(t, r.Root, ".git/refs/heads/sw/1/z.lock", "0123456789012345678901234567890123456789\n")
	held, err := os.OpenFile(heldLock, os.O_CREATE|os.O_EXCL|os.O_RDWR, 0o666)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	if _, known := atomicfile.OpenForWriting(held); !known {
		t.Skip("this system does not say whether a file is open for writing")
	}
	removed := r.RemoveLeakedRefLocks("heads/sw/")
	if len(removed) != 1 || removed[0] != leakedLock {
		t.Errorf("removed %v, want only %s", removed, leakedLock)
	}
	for _, p := range []string{heldLock, written} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	git(t, r.Root, "update-ref", "refs/heads/sw/1/x", "HEAD") // the leak no longer stops an update
}
