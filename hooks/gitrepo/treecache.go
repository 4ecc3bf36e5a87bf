package gitrepo

import (
	"sw/profile/binenc"
)

// The tree cache keeps, from one process to the next, the trees of the
// last commit a hook counted. The next commit's hook compares its commit
// with that one, its parent, and would otherwise inflate the same large
// trees again (0.24 ms for a folder of a thousand pieces). Like trees built
// from the index, a tree read from the file is hashed before it is used,
// so a stale or damaged file costs only the attempt.

const (
	treeCacheVersion = 1
	// maxTreeCacheBytes bounds the file: past it, a commit's larger
	// folders are inflated as before.
	maxTreeCacheBytes = 8 << 20
)

// UseTreeCache lets the trees this Repo reads from now on come from the
// cache file at path when it holds them. The file is read once, at the
// first tree that is not already known.
func (r *Repo) UseTreeCache(path string) {
	st := r.state()
	st.mu.Lock()
	st.treeCachePath = path
	st.mu.Unlock()
}

// treeFromCache returns the tree h from the cache file, if it holds it.
func (r *Repo) treeFromCache(h Hash) (parsedTree, bool) {
	st := r.state()
	st.mu.Lock()
	if st.treeCachePath == "" {
		st.mu.Unlock()
		return parsedTree{}, false
	}
	if st.cachedTrees == nil {
		st.cachedTrees = readTreeCache(st.treeCachePath)
	}
	raw, ok := st.cachedTrees[h]
	st.mu.Unlock()
	if !ok || objectHash(typeTree, raw) != h {
		return parsedTree{}, false
	}
	ents, err := parseTree(raw)
	return parsedTree{ents, raw}, err == nil
}

// readTreeCache reads the cache file: a version, a count, then each tree's
// name and content. A missing, torn or unknown file holds nothing.
func readTreeCache(path string) map[Hash][]byte {
	trees := map[Hash][]byte{}
	data, ok := binenc.ReadFile(path)
	if !ok {
		return trees
	}
	rd := binenc.NewReader(data)
	if rd.Byte() != treeCacheVersion {
		return trees
	}
	for n := rd.Len(); n > 0 && rd.Err() == nil; n-- {
		name, raw := rd.Bytes(), rd.Bytes()
		var h Hash
		if len(name) == len(h) && rd.Err() == nil {
			copy(h[:], name)
			trees[h] = raw
		}
	}
	return trees
}

// SaveTreeCache writes to the cache file the trees of commit this Repo has
// read: the folders a hook compared, which the next commit's hook compares
// again, from the other side.
func (r *Repo) SaveTreeCache(commit Hash) error {
	st := r.state()
	st.mu.Lock()
	path := st.treeCachePath
	st.mu.Unlock()
	if path == "" {
		return nil
	}
	c, err := r.Commit(commit)
	if err != nil {
		return err
	}
	var kept []Hash
	var raws [][]byte
	size := 0
	var keep func(h Hash)
	keep = func(h Hash) {
		st.mu.Lock()
		t, read := st.trees[h]
		st.mu.Unlock()
		if !read || h == emptyTree || size+len(t.raw) > maxTreeCacheBytes {
			return
		}
		size += len(t.raw)
		kept, raws = append(kept, h), append(raws, t.raw)
		for _, e := range t.ents {
			if e.Mode.IsDir() {
				keep(e.Hash)
			}
		}
	}
	keep(c.Tree)
	// Sized for the seal too, so the file's bytes are built in one buffer.
	w := &binenc.Writer{B: make([]byte, 0, size+len(kept)*32+32)}
	w.Byte(treeCacheVersion)
	w.Uint(uint64(len(kept)))
	for i, h := range kept {
		w.Bytes(h[:])
		w.Bytes(raws[i])
	}
	return binenc.WriteFile(path, w.B)
}
