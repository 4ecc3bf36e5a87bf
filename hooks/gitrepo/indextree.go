package gitrepo

import (
	"bytes"
	"sort"
	"strconv"
	"strings"
)

// Trees from the index. Right after a commit the index holds what the
// commit holds, and its cache-tree extension names the tree of every
// folder in it, so the post-commit hook can build the new commit's trees
// from one file read instead of inflating them: a folder of a thousand
// pieces is a 36 KB tree, about 0.24 ms to inflate and parse. Each tree
// built is hashed and used only when its name is the one asked for, so an
// index that has moved on, or one git would turn into different trees,
// costs the attempt and nothing else.

// indexTrees is the index as read once, with the folders its cache-tree
// holds valid trees for.
type indexTrees struct {
	idx   *index
	dirs  map[Hash]string         // tree name → folder path ("" is the top)
	trees map[string]cacheTreeDir // folder path → its tree
}

// cacheTreeDir is a folder's record in the cache-tree: its tree, and how
// many index entries lie below it.
type cacheTreeDir struct {
	tree    Hash
	entries int
}

// TreesFromIndex lets the trees this Repo reads from now on come from the
// index where it holds them. It is for a caller that has just seen git
// write the index, as a commit's hooks have; the index is read once, at
// the first tree that is not already known.
func (r *Repo) TreesFromIndex() {
	st := r.state()
	st.mu.Lock()
	st.fromIndex = true
	st.mu.Unlock()
}

// treeFromIndex builds the tree h from the index, if TreesFromIndex was
// called and the index holds exactly that tree.
func (r *Repo) treeFromIndex(h Hash) (parsedTree, bool) {
	st := r.state()
	st.mu.Lock()
	if !st.fromIndex {
		st.mu.Unlock()
		return parsedTree{}, false
	}
	if st.indexTrees == nil {
		st.indexTrees = &indexTrees{}
		if idx, err := r.readIndex(); err == nil && idx.unsupported == "" {
			st.indexTrees.idx = idx
			st.indexTrees.dirs, st.indexTrees.trees = idx.cacheTrees()
		}
	}
	it := st.indexTrees
	st.mu.Unlock()
	dir, ok := it.dirs[h]
	if !ok {
		return parsedTree{}, false
	}
	ents, ok := it.entries(dir)
	if !ok {
		return parsedTree{}, false
	}
	raw := encodeTree(ents)
	if objectHash(typeTree, raw) != h {
		return parsedTree{}, false
	}
	return parsedTree{ents, raw}, true
}

// entries lists the folder dir from the index: its files, and its
// subfolders with the trees the cache-tree gives them. ok is false when
// the index cannot say: a conflict, a path added with git add -N (in the
// index, not in a tree), a subfolder without a valid tree.
func (it *indexTrees) entries(dir string) ([]TreeEntry, bool) {
	prefix := ""
	if dir != "" {
		prefix = dir + "/"
	}
	all := it.idx.entries
	i := sort.Search(len(all), func(i int) bool { return all[i].path >= prefix })
	ents := make([]TreeEntry, 0, it.trees[dir].entries) // at most one per entry below
	for i < len(all) && strings.HasPrefix(all[i].path, prefix) {
		e := &all[i]
		if e.stage != 0 || e.intentToAdd {
			return nil, false
		}
		rest := e.path[len(prefix):]
		slash := strings.IndexByte(rest, '/')
		if slash < 0 {
			ents = append(ents, TreeEntry{Name: rest, Mode: Mode(e.mode), Hash: e.hash})
			i++
			continue
		}
		sub := prefix + rest[:slash]
		d, ok := it.trees[sub]
		if !ok {
			return nil, false
		}
		ents = append(ents, TreeEntry{Name: rest[:slash], Mode: ModeDir, Hash: d.tree})
		below := sub + "/"
		i += sort.Search(len(all)-i, func(k int) bool { return !strings.HasPrefix(all[i+k].path, below) })
	}
	return ents, true
}

// cacheTrees reads the cache-tree extension: per folder, depth first,
// "<name>\x00<entry count> <subfolder count>\n<tree name>", where a
// negative count marks a folder changed since its tree was written (and
// no tree name follows). It returns the folders with valid trees, both
// ways; a malformed extension gives none.
func (idx *index) cacheTrees() (map[Hash]string, map[string]cacheTreeDir) {
	ext := idx.cacheTree
	dirs, trees := map[Hash]string{}, map[string]cacheTreeDir{}
	var walk func(parent string) bool
	walk = func(parent string) bool {
		nul := bytes.IndexByte(ext, 0)
		if nul < 0 {
			return false
		}
		path := string(ext[:nul])
		if parent != "" {
			path = parent + "/" + path
		}
		ext = ext[nul+1:]
		nl := bytes.IndexByte(ext, '\n')
		if nl < 0 {
			return false
		}
		countText, subText, ok := bytes.Cut(ext[:nl], []byte{' '})
		count, err1 := strconv.Atoi(string(countText))
		subs, err2 := strconv.Atoi(string(subText))
		if !ok || err1 != nil || err2 != nil || subs < 0 {
			return false
		}
		ext = ext[nl+1:]
		if count >= 0 {
			if len(ext) < 20 {
				return false
			}
			var h Hash
			copy(h[:], ext[:20])
			ext = ext[20:]
			dirs[h], trees[path] = path, cacheTreeDir{h, min(count, len(idx.entries))}
		}
		for range subs {
			if !walk(path) {
				return false
			}
		}
		return true
	}
	if len(ext) == 0 || !walk("") {
		return nil, nil
	}
	return dirs, trees
}
