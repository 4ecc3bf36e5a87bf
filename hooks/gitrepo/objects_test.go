package gitrepo

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// allObjects asks git for every object in the repository, with content.
func allObjects(t *testing.T, dir string) map[Hash]struct {
	typ  string
	data []byte
} {
	t.Helper()
	cmd := exec.Command("git", "cat-file", "--batch-all-objects", "--batch")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	objs := map[Hash]struct {
		typ  string
		data []byte
	}{}
	for len(out) > 0 {
		nl := bytes.IndexByte(out, '\n')
		f := strings.Fields(string(out[:nl]))
		h, _ := ParseHash(f[0])
		size, _ := strconv.Atoi(f[2])
		out = out[nl+1:]
		objs[h] = struct {
			typ  string
			data []byte
		}{f[1], append([]byte(nil), out[:size]...)}
		out = out[size+1:]
	}
	return objs
}

// historyWithDeltas makes a repository where gc will store most objects as
// deltas: one file growing over many commits, plus a few folders.
func historyWithDeltas(t *testing.T) *Repo {
	r := newRepo(t)
	var body strings.Builder
	for i := 0; i < 60; i++ {
		fmt.Fprintf(&body, "Line %d of a piece that keeps growing, with enough words to delta.\n", i)
		commitFiles(t, r.Root, fmt.Sprintf("revision %d", i),
			"pieces/essay.md", body.String(),
			fmt.Sprintf("pieces/2026/note-%02d.md", i%7), strings.Repeat("note ", i+1),
			"profile/preferences/length.yaml", fmt.Sprintf("id: length\ntarget: %d\n", i))
	}
	return r
}

func checkAllObjects(t *testing.T, r *Repo) {
	t.Helper()
	objs := allObjects(t, r.Root)
	if len(objs) < 100 {
		t.Fatalf("only %d objects", len(objs))
	}
	o, err := r.objects()
	if err != nil {
		t.Fatal(err)
	}
	for h, want := range objs {
		typ, data, err := o.read(h)
		if err != nil {
			t.Fatalf("%s: %v", h, err)
		}
		if typ.String() != want.typ || !bytes.Equal(data, want.data) {
			t.Fatalf("%s: read %s of %d bytes, git says %s of %d", h, typ, len(data), want.typ, len(want.data))
		}
		if objectHash(typ, data) != h {
			t.Fatalf("%s: content hashes to %s", h, objectHash(typ, data))
		}
	}
}

func TestReadLooseObjects(t *testing.T) {
	r := historyWithDeltas(t)
	if n := git(t, r.Root, "count-objects"); strings.HasPrefix(n, "0 objects") {
		t.Fatal("expected loose objects")
	}
	checkAllObjects(t, r)
}

func TestReadPackedObjectsWithDeltas(t *testing.T) {
	r := historyWithDeltas(t)
	git(t, r.Root, "gc", "--quiet", "--aggressive")
	verify := git(t, r.Root, "verify-pack", "-v", packIdxPath(t, r))
	if !strings.Contains(verify, "chain length = ") {
		t.Fatalf("expected delta chains in the pack:\n%s", verify)
	}
	checkAllObjects(t, r)
}

func packIdxPath(t *testing.T, r *Repo) string {
	t.Helper()
	idx, _ := filepath.Glob(filepath.Join(r.CommonDir, "objects", "pack", "*.idx"))
	if len(idx) != 1 {
		t.Fatalf("want one pack, found %v", idx)
	}
	return idx[0]
}

func TestReadObjectsMixedAndAfterRepack(t *testing.T) {
	r := historyWithDeltas(t)
	git(t, r.Root, "gc", "--quiet")
	commitFiles(t, r.Root, "after gc", "pieces/new.md", "fresh\n")
	// Open the store, then repack behind its back: reads must find the
	// objects in the new pack.
	head := revParse(t, r.Root, "HEAD")
	if _, err := r.Commit(head); err != nil {
		t.Fatal(err)
	}
	git(t, r.Root, "repack", "-a", "-d", "--quiet")
	git(t, r.Root, "prune-packed")
	checkAllObjects(t, r)
}

// TestRecentObjectsLeavePacksClosed: the commit a hook reads and its tree
// are loose, and reading them opens no pack; the first packed object does.
func TestRecentObjectsLeavePacksClosed(t *testing.T) {
	r := historyWithDeltas(t)
	old := revParse(t, r.Root, "HEAD")
	git(t, r.Root, "gc", "--quiet")
	head := commitFiles(t, r.Root, "after gc", "pieces/new.md", "fresh\n")
	c, err := r.Commit(head)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Tree(c.Tree); err != nil {
		t.Fatal(err)
	}
	o, _ := r.objects()
	if o.packs != nil {
		t.Fatalf("reading loose objects listed the packs: %v", o.packs)
	}
	if _, err := r.Commit(old); err != nil {
		t.Fatal(err)
	}
	if len(o.packs) != 1 {
		t.Fatalf("reading a packed commit: %d packs listed, want 1", len(o.packs))
	}
}

func TestMissingObject(t *testing.T) {
	r := newRepo(t)
	commitFiles(t, r.Root, "one", "a.md", "a\n")
	_, err := r.Commit(Hash{1, 2, 3})
	if !errors.Is(err, ErrObjectNotFound) {
		t.Fatalf("err = %v, want ErrObjectNotFound", err)
	}
	blob := revParse(t, r.Root, "HEAD:a.md")
	if _, err := r.Commit(blob); err == nil || !strings.Contains(err.Error(), "is a blob") {
		t.Fatalf("reading a blob as a commit: %v", err)
	}
}

// TestDamagedLooseObjectSize: a loose object whose header claims more
// than its compressed bytes could hold is an error, not an allocation of
// that size (or, past what an int holds, a panic).
func TestDamagedLooseObjectSize(t *testing.T) {
	r := newRepo(t)
	for i, header := range []string{"blob 999999999999999999\x00x", "blob 4000000000\x00x", "blob 99999999999999999999999\x00x"} {
		var buf bytes.Buffer
		zw := zlib.NewWriter(&buf)
		zw.Write([]byte(header))
		zw.Close()
		h := Hash{byte(i + 1)}
		p := loosePath(filepath.Join(r.CommonDir, "objects"), h)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, buf.Bytes(), 0o444); err != nil {
			t.Fatal(err)
		}
		if _, err := r.Blob(h); err == nil || !strings.Contains(err.Error(), h.String()) {
			t.Errorf("%q: err = %v, want one naming the object", header, err)
		}
	}
}

func TestCommitAndTreeAgreeWithGit(t *testing.T) {
	r := newRepo(t)
	commitFiles(t, r.Root, "first", "a.md", "a\n")
	writeFile(t, r.Root, "a.md", "b\n")
	writeFile(t, r.Root, "dir/x.md", "x\n")
	writeFile(t, r.Root, "a-b", "1")
	writeFile(t, r.Root, "a.b", "2")
	writeFile(t, r.Root, "a0", "3")
	git(t, r.Root, "add", "-A")
	msg := "Second: the subject\n\nA body line.\n\nSw-Batch: 2026-01\nCo-Authored-By: Agent <a@example.com>\n"
	cmd := exec.Command("git", "commit", "--quiet", "-F", "-")
	cmd.Dir = r.Root
	cmd.Stdin = strings.NewReader(msg)
	cmd.Env = append(cmd.Environ(), "GIT_AUTHOR_DATE=2026-03-01T10:00:00+02:00", "GIT_COMMITTER_DATE=@1772400000 -0500")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatal(err, string(out))
	}
	head := revParse(t, r.Root, "HEAD")
	c, err := r.Commit(head)
	if err != nil {
		t.Fatal(err)
	}
	if c.Hash != head || c.Tree != revParse(t, r.Root, "HEAD^{tree}") {
		t.Errorf("hash/tree = %s/%s", c.Hash, c.Tree)
	}
	if len(c.Parents) != 1 || c.Parents[0] != revParse(t, r.Root, "HEAD~1") {
		t.Errorf("parents = %v", c.Parents)
	}
	if c.Message != msg {
		t.Errorf("message = %q", c.Message)
	}
	if got := c.Author.Name + " <" + c.Author.Email + "> " + c.Author.When.Format("2006-01-02T15:04:05-07:00"); got != "Test Writer <writer@example.com> 2026-03-01T10:00:00+02:00" {
		t.Errorf("author = %s", got)
	}
	if got, want := c.Committer.When.Unix(), int64(1772400000); got != want {
		t.Errorf("committer time = %d", got)
	}
	if _, off := c.Committer.When.Zone(); off != -5*3600 {
		t.Errorf("committer zone offset = %d", off)
	}
	if got := c.Trailers("sw-batch"); len(got) != 1 || got[0] != "2026-01" {
		t.Errorf("Trailers = %q", got)
	}

	ents, err := r.Tree(c.Tree)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, e := range ents {
		kind := "blob"
		if e.Mode.IsDir() {
			kind = "tree"
		}
		lines = append(lines, fmt.Sprintf("%06o %s %s\t%s", uint32(e.Mode), kind, e.Hash, e.Name))
	}
	if got, want := strings.Join(lines, "\n"), git(t, r.Root, "ls-tree", "HEAD"); got != want {
		t.Errorf("Tree:\n%s\ngit ls-tree:\n%s", got, want)
	}

	blob, ok, err := r.FileAt(head, "dir/x.md")
	if err != nil || !ok || blob != revParse(t, r.Root, "HEAD:dir/x.md") {
		t.Errorf("FileAt = %s %v %v", blob, ok, err)
	}
	data, err := r.Blob(blob)
	if err != nil || string(data) != "x\n" {
		t.Errorf("Blob = %q %v", data, err)
	}
	for _, p := range []string{"dir", "missing.md", "dir/missing.md", "a.md/x"} {
		if _, ok, err := r.FileAt(head, p); ok || err != nil {
			t.Errorf("FileAt(%q) = %v, %v; want absent", p, ok, err)
		}
	}
}

// A Repo parses a commit once, and each caller gets a copy it may change.
func TestCommitsAreReadOnceAndHandedOutAsCopies(t *testing.T) {
	r := newRepo(t)
	commitFiles(t, r.Root, "first", "a.md", "a\n")
	commitFiles(t, r.Root, "second", "a.md", "b\n")
	head := revParse(t, r.Root, "HEAD")
	first, err := r.Commit(head)
	if err != nil {
		t.Fatal(err)
	}
	first.Message = "changed by a caller"
	first.Parents = append(first.Parents, Hash{9})
	if err := os.Remove(loosePath(filepath.Join(r.GitDir, "objects"), head)); err != nil {
		t.Fatal(err)
	}
	again, err := r.Commit(head)
	if err != nil {
		t.Fatalf("the commit was read from disk again: %v", err)
	}
	if again.Message != "second\n" || len(again.Parents) != 1 {
		t.Fatalf("a caller's change reached the cache: %q %v", again.Message, again.Parents)
	}
}
