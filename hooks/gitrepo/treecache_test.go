package gitrepo

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"sw/profile/binenc"
)

// The trees one process read come back in the next from the cache file,
// equal to git's, without the object store.
func TestTreeCacheCarriesTreesToTheNextProcess(t *testing.T) {
	r := newRepo(t)
	nestedCommit(t, r)
	cache := filepath.Join(t.TempDir(), "trees")
	head := revParse(t, r.Root, "HEAD")
	first, _ := At(r.Root)
	first.UseTreeCache(cache)
	want := map[Hash][]TreeEntry{}
	for _, h := range treesOf(t, r.Root) {
		ents, err := first.Tree(h)
		if err != nil {
			t.Fatal(err)
		}
		want[h] = ents
	}
	if err := first.SaveTreeCache(head); err != nil {
		t.Fatal(err)
	}
	looseTreesRemoved(t, r, treesOf(t, r.Root))
	next, _ := At(r.Root)
	next.UseTreeCache(cache)
	for h, ents := range want {
		got, err := next.Tree(h)
		if err != nil || !slices.Equal(got, ents) {
			t.Fatalf("tree %s: got %v (%v), want %v", h, got, err, ents)
		}
	}
}

// Only trees the process read are kept, and a file that lies about a tree
// or is torn is not believed.
func TestTreeCacheKeepsWhatWasReadAndTrustsNothing(t *testing.T) {
	r := newRepo(t)
	nestedCommit(t, r)
	cache := filepath.Join(t.TempDir(), "trees")
	head := revParse(t, r.Root, "HEAD")
	root := revParse(t, r.Root, "HEAD^{tree}")
	pieces := revParse(t, r.Root, "HEAD:pieces")
	first, _ := At(r.Root)
	first.UseTreeCache(cache)
	first.Tree(root)
	first.Tree(pieces)
	if err := first.SaveTreeCache(head); err != nil {
		t.Fatal(err)
	}
	if kept := readTreeCache(cache); len(kept) != 2 || kept[root] == nil || kept[pieces] == nil {
		t.Fatalf("kept %d trees, want the root and pieces/", len(kept))
	}

	// A cache that names pieces/ with other content: the object store wins.
	lie := &binenc.Writer{}
	lie.Byte(treeCacheVersion)
	lie.Uint(1)
	lie.Bytes(pieces[:])
	lie.Bytes(encodeTree([]TreeEntry{{Name: "forged.md", Mode: ModeFile, Hash: Hash{1}}}))
	if err := binenc.WriteFile(cache, lie.B); err != nil {
		t.Fatal(err)
	}
	stored, _ := At(r.Root)
	want, _ := stored.Tree(pieces)
	fooled, _ := At(r.Root)
	fooled.UseTreeCache(cache)
	if got, err := fooled.Tree(pieces); err != nil || !slices.Equal(got, want) {
		t.Fatalf("a forged cache entry was used: %v %v", got, err)
	}

	// A torn file holds nothing.
	first.SaveTreeCache(head)
	data, _ := os.ReadFile(cache)
	os.WriteFile(cache, data[:len(data)-3], 0o666)
	if kept := readTreeCache(cache); len(kept) != 0 {
		t.Fatalf("a torn cache gave %d trees", len(kept))
	}
}
