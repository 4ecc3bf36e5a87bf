package gitrepo

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

// showRefs is git's own view of refs under a prefix.
func showRefs(t *testing.T, r *Repo, prefix string) map[string]Hash {
	t.Helper()
	out := git(t, r.Root, "for-each-ref", "--format=%(objectname) %(refname)", prefix)
	m := map[string]Hash{}
	for _, line := range strings.Split(out, "\n") {
		if line == "" {
			continue
		}
		hex, name, _ := strings.Cut(line, " ")
		h, _ := ParseHash(hex)
		m[name] = h
	}
	return m
}

func TestHead(t *testing.T) {
	r := newRepo(t)
	ref, h, err := r.Head()
	if err != nil || ref != "refs/heads/main" || !h.IsZero() {
		t.Fatalf("unborn: %q %s %v", ref, h, err)
	}
	first := commitFiles(t, r.Root, "one", "a.md", "a\n")
	second := commitFiles(t, r.Root, "two", "a.md", "b\n")
	if ref, h, err = r.Head(); err != nil || ref != "refs/heads/main" || h != second {
		t.Fatalf("on main: %q %s %v", ref, h, err)
	}
	git(t, r.Root, "checkout", "--quiet", "--detach", first.String())
	if ref, h, err = r.Head(); err != nil || ref != "" || h != first {
		t.Fatalf("detached: %q %s %v", ref, h, err)
	}
	git(t, r.Root, "checkout", "--quiet", "--orphan", "fresh")
	if ref, h, err = r.Head(); err != nil || ref != "refs/heads/fresh" || !h.IsZero() {
		t.Fatalf("orphan: %q %s %v", ref, h, err)
	}
}

func TestRefsLooseAndPacked(t *testing.T) {
	r := newRepo(t)
	c1 := commitFiles(t, r.Root, "one", "a.md", "a\n")
	git(t, r.Root, "branch", "sw/b1/one")
	git(t, r.Root, "branch", "sw/b1/two")
	git(t, r.Root, "tag", "-a", "-m", "annotated", "v1")
	git(t, r.Root, "pack-refs", "--all")
	c2 := commitFiles(t, r.Root, "two", "a.md", "b\n")
	git(t, r.Root, "branch", "-f", "sw/b1/two", c2.String()) // now loose, packed value stale
	git(t, r.Root, "branch", "sw/b2/three")

	packed, _ := os.ReadFile(filepath.Join(r.CommonDir, "packed-refs"))
	if !strings.Contains(string(packed), "\n^") {
		t.Fatalf("expected a peeled line in packed-refs:\n%s", packed)
	}
	for _, prefix := range []string{"refs/heads/", "refs/heads/sw/", "refs/heads/sw/b1/", "refs/tags/", "refs/", "refs/heads/sw/b"} {
		got, err := r.Refs(prefix)
		if err != nil {
			t.Fatal(err)
		}
		if want := showRefs(t, r, prefix); !reflect.DeepEqual(got, want) && !strings.HasSuffix(prefix, "b") {
			t.Errorf("Refs(%q) = %v\ngit: %v", prefix, got, want)
		}
	}
	all, _ := r.Refs("")
	if want := showRefs(t, r, "refs/"); !reflect.DeepEqual(all, want) {
		t.Errorf("Refs(\"\") = %v\ngit: %v", all, want)
	}
	// A prefix that is not a folder: git's for-each-ref matches whole
	// segments, Refs matches the string.
	if got, _ := r.Refs("refs/heads/sw/b"); len(got) != 3 {
		t.Errorf("Refs(refs/heads/sw/b) = %v", got)
	}
	h, ok, err := r.Ref("refs/heads/sw/b1/two")
	if err != nil || !ok || h != c2 {
		t.Errorf("loose over packed: %s %v %v", h, ok, err)
	}
	h, ok, err = r.Ref("refs/heads/sw/b1/one")
	if err != nil || !ok || h != c1 {
		t.Errorf("packed: %s %v %v", h, ok, err)
	}
	tag, ok, _ := r.Ref("refs/tags/v1")
	if !ok || tag.String() != git(t, r.Root, "rev-parse", "refs/tags/v1") {
		t.Errorf("tag = %s (want the tag object, not the peeled commit)", tag)
	}
	if _, ok, err := r.Ref("refs/heads/nope"); ok || err != nil {
		t.Errorf("missing ref: %v %v", ok, err)
	}
	if _, ok, err := r.Ref("refs/heads/sw"); ok || err != nil {
		t.Errorf("a folder of refs read as a ref: %v %v", ok, err)
	}
}

func TestSymbolicRefAndClone(t *testing.T) {
	origin := newRepo(t)
	commitFiles(t, origin.Root, "one", "a.md", "a\n")
	git(t, origin.Root, "branch", "-m", "main", "trunk")
	clone := filepath.Join(t.TempDir(), "clone")
	git(t, origin.Root, "clone", "--quiet", origin.Root, clone)
	r, err := At(clone)
	if err != nil {
		t.Fatal(err)
	}
	target, ok, err := r.SymbolicRef("refs/remotes/origin/HEAD")
	if err != nil || !ok || target != "refs/remotes/origin/trunk" {
		t.Fatalf("SymbolicRef = %q %v %v", target, ok, err)
	}
	if _, ok, _ := r.SymbolicRef("refs/remotes/origin/trunk"); ok {
		t.Error("an ordinary ref read as symbolic")
	}
	h, ok, err := r.Ref("refs/remotes/origin/HEAD")
	if err != nil || !ok || h != revParse(t, clone, "origin/trunk") {
		t.Errorf("Ref through a symbolic ref: %s %v %v", h, ok, err)
	}
	got, _ := r.Refs("refs/remotes/")
	if want := showRefs(t, r, "refs/remotes/"); !reflect.DeepEqual(got, want) {
		t.Errorf("Refs = %v, git %v", got, want)
	}
	if b, err := r.DefaultBranch(); err != nil || b != "trunk" {
		t.Errorf("DefaultBranch = %q %v", b, err)
	}
	if up, ok := r.Upstream("trunk"); !ok || up != "refs/remotes/origin/trunk" {
		t.Errorf("Upstream = %q %v", up, ok)
	}
	if _, ok := r.Upstream("refs/heads/none"); ok {
		t.Error("Upstream of an unknown branch")
	}
}

func TestUpdateRefCompareAndSwap(t *testing.T) {
	r := newRepo(t)
	c1 := commitFiles(t, r.Root, "one", "a.md", "a\n")
	c2 := commitFiles(t, r.Root, "two", "a.md", "b\n")
	name := "refs/heads/sw/b1/x"

	if err := r.UpdateRef(name, c1, Hash{}); err != nil {
		t.Fatal(err)
	}
	if got := revParse(t, r.Root, name); got != c1 {
		t.Fatalf("git sees %s", got)
	}
	if err := r.UpdateRef(name, c2, Hash{}); !errors.Is(err, ErrRefChanged) {
		t.Errorf("create over an existing ref: %v", err)
	}
	if err := r.UpdateRef(name, c2, c2); !errors.Is(err, ErrRefChanged) {
		t.Errorf("update with a wrong old value: %v", err)
	}
	if err := r.UpdateRef(name, c2, c1); err != nil {
		t.Fatal(err)
	}
	if err := r.UpdateRef(name, Hash{}, c1); !errors.Is(err, ErrRefChanged) {
		t.Errorf("delete with a wrong old value: %v", err)
	}
	if err := r.UpdateRef(name, Hash{}, c2); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(r.CommonDir, "refs", "heads", "sw")); !os.IsNotExist(err) {
		t.Errorf("empty ref folders left behind: %v", err)
	}
	if out, err := gitInput(r.Root, "", "rev-parse", "--verify", "--quiet", name); err == nil {
		t.Errorf("git still sees the ref: %s", out)
	}
	if err := r.UpdateRef(name, Hash{}, c2); !errors.Is(err, ErrRefChanged) {
		t.Errorf("deleting a deleted ref: %v", err)
	}

	// A folder where the ref must go, or a ref where a folder must go.
	if err := r.UpdateRef("refs/heads/sw/b1/x/y", c1, Hash{}); err != nil {
		t.Fatal(err)
	}
	if err := r.UpdateRef("refs/heads/sw/b1/x", c1, Hash{}); err == nil {
		t.Error("a ref created over a folder of refs")
	}
	if err := r.UpdateRef("refs/heads/sw/b1/x/y/z", c1, Hash{}); err == nil {
		t.Error("a ref created below an existing ref")
	}

	// Branches hold commits; names follow git's rules.
	blob := revParse(t, r.Root, "HEAD:a.md")
	if err := r.UpdateRef("refs/heads/blob", blob, Hash{}); err == nil {
		t.Error("a branch pointed at a blob")
	}
	for _, bad := range []string{"HEAD", "refs/heads/a..b", "refs/heads/.x", "refs/heads/x.lock", "refs/heads/a b", "refs/heads/a~1", "refs/heads/", "refs/heads//x", "refs/heads/x/", "refs/heads/@{x}"} {
		if err := r.UpdateRef(bad, c1, Hash{}); err == nil {
			t.Errorf("UpdateRef(%q) accepted", bad)
		}
	}
	// Symbolic refs are not moved.
	git(t, r.Root, "symbolic-ref", "refs/heads/alias", "refs/heads/main")
	if err := r.UpdateRef("refs/heads/alias", c1, c2); err == nil {
		t.Error("a symbolic ref was moved")
	}
}

func TestUpdateRefPacked(t *testing.T) {
	r := newRepo(t)
	c1 := commitFiles(t, r.Root, "one", "a.md", "a\n")
	c2 := commitFiles(t, r.Root, "two", "a.md", "b\n")
	git(t, r.Root, "branch", "sw/b1/packed", c1.String())
	git(t, r.Root, "branch", "sw/b1/other", c1.String())
	git(t, r.Root, "pack-refs", "--all")

	if err := r.UpdateRef("refs/heads/sw/b1/packed", c2, Hash{}); !errors.Is(err, ErrRefChanged) {
		t.Errorf("create over a packed ref: %v", err)
	}
	if err := r.UpdateRef("refs/heads/sw/b1/packed", c2, c2); !errors.Is(err, ErrRefChanged) {
		t.Errorf("wrong old for a packed ref: %v", err)
	}
	// Update a packed ref: the loose file now wins.
	if err := r.UpdateRef("refs/heads/sw/b1/packed", c2, c1); err != nil {
		t.Fatal(err)
	}
	if got := revParse(t, r.Root, "sw/b1/packed"); got != c2 {
		t.Fatalf("after update git sees %s", got)
	}
	// Delete a ref that is both loose and packed, and one only packed.
	if err := r.UpdateRef("refs/heads/sw/b1/packed", Hash{}, c2); err != nil {
		t.Fatal(err)
	}
	if err := r.UpdateRef("refs/heads/sw/b1/other", Hash{}, c2); !errors.Is(err, ErrRefChanged) {
		t.Errorf("wrong old for a packed delete: %v", err)
	}
	if err := r.UpdateRef("refs/heads/sw/b1/other", Hash{}, c1); err != nil {
		t.Fatal(err)
	}
	if got := showRefs(t, r, "refs/heads/sw/"); len(got) != 0 {
		t.Errorf("git still sees %v", got)
	}
	if got, _ := r.Refs("refs/heads/sw/"); len(got) != 0 {
		t.Errorf("Refs still sees %v", got)
	}
}

func TestUpdateRefLocked(t *testing.T) {
	r := newRepo(t)
	c1 := commitFiles(t, r.Root, "one", "a.md", "a\n")
	lock := filepath.Join(r.CommonDir, "refs", "heads", "held.lock")
	if err := os.WriteFile(lock, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := r.UpdateRef("refs/heads/held", c1, Hash{}); !errors.Is(err, ErrRefLocked) {
		t.Errorf("err = %v, want ErrRefLocked", err)
	}
	if _, err := os.Stat(lock); err != nil {
		t.Error("someone else's lock was removed")
	}
}

// TestUpdateRefConcurrent races many compare-and-swaps on one ref: exactly
// one creation wins, and each later step has exactly one winner.
func TestUpdateRefConcurrent(t *testing.T) {
	r := newRepo(t)
	c1 := commitFiles(t, r.Root, "one", "a.md", "a\n")
	c2 := commitFiles(t, r.Root, "two", "a.md", "b\n")
	for round := 0; round < 20; round++ {
		name := "refs/heads/race"
		var wins int
		var mu sync.Mutex
		var wg sync.WaitGroup
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				other, _ := At(r.Root) // separate Repo values, as separate processes would be
				if err := other.UpdateRef(name, c1, Hash{}); err == nil {
					mu.Lock()
					wins++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if wins != 1 {
			t.Fatalf("round %d: %d creations won", round, wins)
		}
		if err := r.UpdateRef(name, c2, c1); err != nil {
			t.Fatal(err)
		}
		if err := r.UpdateRef(name, Hash{}, c2); err != nil {
			t.Fatal(err)
		}
	}
}

// TestUpdateRefDeleteWaitsForPackRefs plays `git pack-refs` by hand: it
// holds packed-refs.lock, and packs the loose ref before letting go. A
// deletion meanwhile must wait for the lock, then find the ref packed and
// delete it there; removing only the loose file would let it come back.
func TestUpdateRefDeleteWaitsForPackRefs(t *testing.T) {
	r := newRepo(t)
	c1 := commitFiles(t, r.Root, "one", "a.md", "a\n")
	name := "refs/heads/sw/1/x"
	if err := r.UpdateRef(name, c1, Hash{}); err != nil {
		t.Fatal(err)
	}
	packed := filepath.Join(r.CommonDir, "packed-refs")
	if err := os.WriteFile(packed+".lock", []byte("# pack-refs with: peeled fully-peeled sorted \n"+c1.String()+" "+name+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	deleted := make(chan error, 1)
	go func() { deleted <- r.UpdateRef(name, Hash{}, c1) }()
	time.Sleep(50 * time.Millisecond)
	select {
	case err := <-deleted:
		t.Fatalf("the deletion did not wait for packed-refs.lock (err %v)", err)
	default:
	}
	if err := os.Rename(packed+".lock", packed); err != nil {
		t.Fatal(err)
	}
	if err := <-deleted; err != nil {
		t.Fatal(err)
	}
	if refs := showRefs(t, r, "refs/heads/sw/"); len(refs) != 0 {
		t.Errorf("git still has %v", refs)
	}
}

// TestUpdateRefDeleteRacesRealPackRefs deletes loose refs while a real
// `git pack-refs --all` runs: none may come back.
func TestUpdateRefDeleteRacesRealPackRefs(t *testing.T) {
	r := newRepo(t)
	c1 := commitFiles(t, r.Root, "one", "a.md", "a\n")
	for i := range 60 {
		name := fmt.Sprintf("refs/heads/sw/1/r%d", i)
		if err := r.UpdateRef(name, c1, Hash{}); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("git", "pack-refs", "--all")
		cmd.Dir = r.Root
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(i%30) * 100 * time.Microsecond)
		err := r.UpdateRef(name, Hash{}, c1)
		cmd.Wait()
		if err != nil && !errors.Is(err, ErrRefLocked) {
			t.Fatal(err)
		}
		if refs := showRefs(t, r, name); err == nil && len(refs) != 0 {
			t.Fatalf("%s deleted without error, but git still has it", name)
		}
	}
}

// TestUpdateRefNamesTheRefInTheWay: a branch "sw", loose or packed, blocks
// every "sw/..." name, and the error says which ref does.
func TestUpdateRefNamesTheRefInTheWay(t *testing.T) {
	for _, packed := range []bool{false, true} {
		r := newRepo(t)
		c1 := commitFiles(t, r.Root, "one", "a.md", "a\n")
		git(t, r.Root, "branch", "sw")
		if packed {
			git(t, r.Root, "pack-refs", "--all")
		}
		err := r.UpdateRef("refs/heads/sw/1/x", c1, Hash{})
		if err == nil || errors.Is(err, ErrRefChanged) || !strings.Contains(err.Error(), "the existing ref refs/heads/sw ") {
			t.Errorf("packed=%v: err = %v", packed, err)
		}
	}
}

// TestFindSaysWhatIsNotARepository: outside any repository, and in a bare
// one (or a folder inside it), Find says which, with ErrNotRepo.
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

// TestUpdateRefLoggedWritesWhatGitReads: a logged branch update leaves a
// reflog entry git shows, where git would keep one; a deletion removes the
// log; with core.logAllRefUpdates off, only an existing log grows.
func TestUpdateRefLoggedWritesWhatGitReads(t *testing.T) {
	r := newRepo(t)
	c1 := commitFiles(t, r.Root, "one", "a.md", "a\n")
	c2 := commitFiles(t, r.Root, "two", "a.md", "b\n")
	who := Signature{Name: "sw", Email: "sw@localhost", When: time.Unix(1700000000, 0).In(time.FixedZone("", 3600))}
	name := "refs/heads/sw/1/x"
	if err := r.UpdateRefLogged(name, c1, Hash{}, RefLog{Who: who, Message: "sw: suggestion x, batch 1"}); err != nil {
		t.Fatal(err)
	}
	if err := r.UpdateRefLogged(name, c2, c1, RefLog{Who: who, Message: "sw: suggestion x, batch 1,\nwith fresher evidence"}); err != nil {
		t.Fatal(err)
	}
	got := git(t, r.Root, "reflog", "show", "--format=%H %gs", "sw/1/x")
	want := c2.String() + " sw: suggestion x, batch 1, with fresher evidence\n" + c1.String() + " sw: suggestion x, batch 1"
	if got != want {
		t.Errorf("git reflog:\n%s\nwant\n%s", got, want)
	}
	if got := git(t, r.Root, "rev-parse", "sw/1/x@{1}"); got != c1.String() {
		t.Errorf("sw/1/x@{1} = %s, want %s", got, c1)
	}
	if err := r.UpdateRef(name, Hash{}, c2); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(r.CommonDir, "logs", "refs", "heads", "sw", "1", "x")); !os.IsNotExist(err) {
		t.Errorf("the reflog outlived its branch: %v", err)
	}

	git(t, r.Root, "config", "core.logAllRefUpdates", "false")
	if err := r.UpdateRefLogged("refs/heads/sw/1/y", c1, Hash{}, RefLog{Who: who, Message: "not logged"}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(r.CommonDir, "logs", "refs", "heads", "sw", "1", "y")); !os.IsNotExist(err) {
		t.Errorf("logged with core.logAllRefUpdates off: %v", err)
	}
}
