package gitrepo

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// treesOf lists HEAD's root tree and every tree below it, as git names them.
func treesOf(t *testing.T, dir string) []Hash {
	trees := []Hash{revParse(t, dir, "HEAD^{tree}")}
	for _, line := range strings.Split(git(t, dir, "ls-tree", "-r", "-t", "HEAD"), "\n") {
		if f := strings.Fields(line); len(f) >= 3 && f[1] == "tree" {
			h, err := ParseHash(f[2])
			if err != nil {
				t.Fatal(err)
			}
			trees = append(trees, h)
		}
	}
	return trees
}

// nestedCommit commits names that test git's tree order ("a.b" < "a/" <
// "a0"), an executable, a symlink and folders three deep.
func nestedCommit(t *testing.T, r *Repo) {
	for _, p := range []string{"a", "a.b", "a-b", "a0", "a/x.md", "a/b/c/deep.md", "b/y.md", "pieces/one.md", "pieces/two.md"} {
		if p == "a" {
			continue // a folder here
		}
		writeFile(t, r.Root, p, p+"\n")
	}
	writeFile(t, r.Root, "run.sh", "#!/bin/sh\n")
	os.Chmod(filepath.Join(r.Root, "run.sh"), 0o755)
	os.Symlink("a.b", filepath.Join(r.Root, "link"))
	git(t, r.Root, "add", "-A")
	git(t, r.Root, "commit", "-q", "-m", "nested")
}

// looseTreesRemoved deletes the loose tree objects git just wrote, so only
// the index can give those trees.
func looseTreesRemoved(t *testing.T, r *Repo, trees []Hash) {
	for _, h := range trees {
		if err := os.Remove(loosePath(filepath.Join(r.GitDir, "objects"), h)); err != nil {
			t.Fatal(err)
		}
	}
}

// Right after a commit, every tree of it comes from the index, equal to
// what git stored.
func TestTreesFromIndexAreGitsTrees(t *testing.T) {
	r := newRepo(t)
	commitFiles(t, r.Root, "first", "old.md", "old\n")
	nestedCommit(t, r)
	trees := treesOf(t, r.Root)
	want := map[Hash][]TreeEntry{}
	stored, _ := At(r.Root)
	for _, h := range trees {
		ents, err := stored.Tree(h)
		if err != nil {
			t.Fatal(err)
		}
		want[h] = ents
	}
	looseTreesRemoved(t, r, trees)
	fromIndex, _ := At(r.Root)
	fromIndex.TreesFromIndex()
	for _, h := range trees {
		got, err := fromIndex.Tree(h)
		if err != nil {
			t.Fatalf("tree %s: %v", h, err)
		}
		if !slices.Equal(got, want[h]) {
			t.Errorf("tree %s:\n got %v\nwant %v", h, got, want[h])
		}
	}
	// Without TreesFromIndex a Repo reads only the object store.
	plain, _ := At(r.Root)
	if _, err := plain.Tree(trees[0]); err == nil {
		t.Error("a Repo read a tree from the index unasked")
	}
}

// When the index no longer holds the commit's trees, or cannot say, the
// trees come from the object store, still right.
func TestTreesFromIndexFallBackToObjects(t *testing.T) {
	for name, change := range map[string]func(t *testing.T, root string){
		"a staged change": func(t *testing.T, root string) {
			writeFile(t, root, "pieces/one.md", "new\n")
			git(t, root, "add", "pieces/one.md")
		},
		"a staged change, cache-tree rebuilt": func(t *testing.T, root string) {
			writeFile(t, root, "pieces/one.md", "new\n")
			git(t, root, "add", "pieces/one.md")
			git(t, root, "write-tree")
		},
		"a path added with -N": func(t *testing.T, root string) {
			writeFile(t, root, "pieces/three.md", "3\n")
			git(t, root, "add", "-N", "pieces/three.md")
		},
		"an index removed": func(t *testing.T, root string) { os.Remove(filepath.Join(root, ".git", "index")) },
		"a split index":    func(t *testing.T, root string) { git(t, root, "update-index", "--split-index") },
		"index version 4":  func(t *testing.T, root string) { git(t, root, "update-index", "--index-version", "4") },
	} {
		t.Run(name, func(t *testing.T) {
			r := newRepo(t)
			nestedCommit(t, r)
			change(t, r.Root)
			stored, _ := At(r.Root)
			fromIndex, _ := At(r.Root)
			fromIndex.TreesFromIndex()
			for _, h := range treesOf(t, r.Root) {
				want, err1 := stored.Tree(h)
				got, err2 := fromIndex.Tree(h)
				if err1 != nil || err2 != nil || !slices.Equal(got, want) {
					t.Errorf("tree %s: got %v (%v), want %v (%v)", h, got, err2, want, err1)
				}
			}
		})
	}
}

// The index is git's file, but sw must never crash on one: any bytes
// parse, or fail to, and a cache-tree read from them names only folders
// whose paths the extension spelled out.
func FuzzParseIndex(f *testing.F) {
	for _, version := range []string{"2", "3", "4"} {
		dir := f.TempDir()
		git(f, dir, "init", "-q")
		for _, p := range []string{"a.b", "a/x.md", "a/b/c.md", "z.md"} {
			writeFile(f, dir, p, p)
		}
		git(f, dir, "add", "-A")
		git(f, dir, "update-index", "--index-version", version)
		git(f, dir, "write-tree")
		data, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		idx, err := parseIndex(data)
		if err != nil || idx.unsupported != "" {
			return
		}
		dirs, trees := idx.cacheTrees()
		for h, path := range dirs {
			if _, ok := trees[path]; !ok {
				t.Fatalf("tree %s names folder %q, which has no record", h, path)
			}
		}
		for path := range trees {
			if path != "" && !strings.Contains(string(idx.cacheTree), path[strings.LastIndexByte(path, '/')+1:]) {
				t.Fatalf("folder %q is not in the extension", path)
			}
		}
		it := &indexTrees{idx: idx, dirs: dirs, trees: trees}
		for _, path := range dirs {
			it.entries(path)
		}
	})
}
