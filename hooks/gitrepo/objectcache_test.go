package gitrepo

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"sw/profile/binenc"
)

// The trees one process read come back in the next from the cache file,
// equal to git's, without the object store.
func TestObjectCacheCarriesTreesToTheNextProcess(t *testing.T) {
	r := newRepo(t)
	nestedCommit(t, r)
	cache := filepath.Join(t.TempDir(), "trees")
	head := revParse(t, r.Root, "HEAD")
	first, _ := At(r.Root)
	first.UseObjectCache(cache)
	want := map[Hash][]TreeEntry{}
	for _, h := range treesOf(t, r.Root) {
		ents, err := first.Tree(h)
		if err != nil {
			t.Fatal(err)
		}
		want[h] = ents
	}
	if err := first.SaveObjectCache(head); err != nil {
		t.Fatal(err)
	}
	looseTreesRemoved(t, r, treesOf(t, r.Root))
	next, _ := At(r.Root)
	next.UseObjectCache(cache)
	for h, ents := range want {
		got, err := next.Tree(h)
		if err != nil || !slices.Equal(got, ents) {
			t.Fatalf("tree %s: got %v (%v), want %v", h, got, err, ents)
		}
	}
}

// Only trees the process read are kept, and a file that lies about a tree
// or is torn is not believed.
func TestObjectCacheKeepsWhatWasReadAndTrustsNothing(t *testing.T) {
	r := newRepo(t)
	nestedCommit(t, r)
	cache := filepath.Join(t.TempDir(), "trees")
	head := revParse(t, r.Root, "HEAD")
	root := revParse(t, r.Root, "HEAD^{tree}")
	pieces := revParse(t, r.Root, "HEAD:pieces")
	first, _ := At(r.Root)
	first.UseObjectCache(cache)
	first.Tree(root)
	first.Tree(pieces)
	if err := first.SaveObjectCache(head); err != nil {
		t.Fatal(err)
	}
	if kept := readObjectCache(cache); len(kept) != 3 || kept[head] == nil || kept[root] == nil || kept[pieces] == nil {
		t.Fatalf("kept %d objects, want the commit, the root and pieces/", len(kept))
	}

	// A cache that names pieces/ with other content: the object store wins.
	lie := &binenc.Writer{}
	lie.Byte(objectCacheVersion)
	lie.Uint(1)
	lie.Bytes(pieces[:])
	lie.Bytes(encodeTree([]TreeEntry{{Name: "forged.md", Mode: ModeFile, Hash: Hash{1}}}))
	if err := binenc.WriteFile(cache, lie.B); err != nil {
		t.Fatal(err)
	}
	stored, _ := At(r.Root)
	want, _ := stored.Tree(pieces)
	fooled, _ := At(r.Root)
	fooled.UseObjectCache(cache)
	if got, err := fooled.Tree(pieces); err != nil || !slices.Equal(got, want) {
		t.Fatalf("a forged cache entry was used: %v %v", got, err)
	}

	// A torn file holds nothing.
	first.SaveObjectCache(head)
	data, _ := os.ReadFile(cache)
	os.WriteFile(cache, data[:len(data)-3], 0o666)
	if kept := readObjectCache(cache); len(kept) != 0 {
		t.Fatalf("a torn cache gave %d objects", len(kept))
	}
}

// The commit comes back too, without the object store, and a commit the
// file holds under another name is not believed.
func TestObjectCacheCarriesTheCommit(t *testing.T) {
	r := newRepo(t)
	commitFiles(t, r.Root, "first", "a.md", "a\n")
	head := commitFiles(t, r.Root, "second", "a.md", "b\n")
	parent := revParse(t, r.Root, "HEAD~1")
	cache := filepath.Join(t.TempDir(), "objects")
	first, _ := At(r.Root)
	first.UseObjectCache(cache)
	want, err := first.Commit(head)
	if err != nil {
		t.Fatal(err)
	}
	if err := first.SaveObjectCache(head); err != nil {
		t.Fatal(err)
	}
	os.Remove(loosePath(filepath.Join(r.GitDir, "objects"), head))
	next, _ := At(r.Root)
	next.UseObjectCache(cache)
	got, err := next.Commit(head)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v (%v), want %+v", got, err, want)
	}

	// The parent's name over the head's content: the parent is read from
	// the object store, as it is.
	data, _ := binenc.ReadFile(cache)
	forged := bytes.Replace(data, head[:], parent[:], 1)
	binenc.WriteFile(cache, forged)
	fooled, _ := At(r.Root)
	fooled.UseObjectCache(cache)
	if c, err := fooled.Commit(parent); err != nil || c.Message != "first\n" {
		t.Fatalf("a forged commit was used: %+v %v", c, err)
	}
}
