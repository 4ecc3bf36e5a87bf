package gitrepo

import (
	"os"
	"path/filepath"

	"sw/profile/binenc"
)

// The object cache keeps, from one process to the next, the last commit a
// hook counted and the trees of it that the hook read. The next commit's
// hook compares its commit with that one, its parent, and would otherwise
// inflate the same large trees again (0.24 ms for a folder of a thousand
// pieces); the pre-session hook asks for that commit to learn its tree,
// and would otherwise set up a decompressor for a few hundred bytes. Like
// trees built from the index, an object read from the file is hashed
// before it is used, so a stale or damaged file costs only the attempt.

const (
	objectCacheVersion = 1
	// maxObjectCacheBytes bounds the file: past it, a commit's larger
	// folders are inflated as before.
	maxObjectCacheBytes = 8 << 20
)

// UseObjectCache lets the objects this Repo reads from now on (readObject)
// come from the cache file at path when it holds them. The file is read
// once, at the first object asked for.
func (r *Repo) UseObjectCache(path string) {
	st := r.state()
	st.mu.Lock()
	st.objectCachePath = path
	st.mu.Unlock()
}

// fromObjectCache returns the content of the object h of type typ from the
// cache file, if it holds it.
func (r *Repo) fromObjectCache(h Hash, typ objectType) ([]byte, bool) {
	st := r.state()
	st.mu.Lock()
	if st.objectCachePath == "" {
		st.mu.Unlock()
		return nil, false
	}
	if st.cachedObjects == nil {
		st.cachedObjects = readObjectCache(st.objectCachePath)
	}
	raw, ok := st.cachedObjects[h]
	st.mu.Unlock()
	if !ok || objectHash(typ, raw) != h {
		return nil, false
	}
	return raw, true
}

// KeepInObjectCache writes commit, with the trees of it this Repo read, to
// the cache file when this process had to read it from the object store:
// the next process that asks for it finds it there. A commit the file
// already held, or one not read here, leaves the file as it is.
func (r *Repo) KeepInObjectCache(commit Hash) error {
	st := r.state()
	st.mu.Lock()
	path, cached := st.objectCachePath, st.cachedObjects
	st.mu.Unlock()
	if path == "" {
		return nil
	}
	if _, held := cached[commit]; held {
		return nil
	}
	if _, read := lookup(st, &st.commits, commit); !read {
		return nil
	}
	return r.SaveObjectCache(commit)
}

// readObjectCache reads the cache file: a version, a count, then each
// object's name and content (its type is checked when it is hashed). A
// missing, torn or unknown file holds nothing.
func readObjectCache(path string) map[Hash][]byte {
	objects := map[Hash][]byte{}
	data, ok := binenc.ReadFile(path)
	if !ok {
		return objects
	}
	rd := binenc.NewReader(data)
	if rd.Byte() != objectCacheVersion {
		return objects
	}
	for n := rd.Len(); n > 0 && rd.Err() == nil; n-- {
		name, raw := rd.Bytes(), rd.Bytes()
		var h Hash
		if len(name) == len(h) && rd.Err() == nil {
			copy(h[:], name)
			objects[h] = raw
		}
	}
	return objects
}

// SaveObjectCache writes to the cache file the commit and the trees of it
// this Repo has read: the folders a hook compared, which the next commit's
// hook compares again, from the other side.
func (r *Repo) SaveObjectCache(commit Hash) error {
	st := r.state()
	st.mu.Lock()
	path := st.objectCachePath
	st.mu.Unlock()
	if path == "" {
		return nil
	}
	if _, err := r.Commit(commit); err != nil {
		return err
	}
	cc, read := lookup(st, &st.commits, commit)
	if !read {
		return nil // the commit cache was cleared meanwhile: keep nothing
	}
	kept, raws := []Hash{commit}, [][]byte{cc.raw}
	size := len(cc.raw)
	var keep func(h Hash)
	keep = func(h Hash) {
		t, read := lookup(st, &st.trees, h)
		if !read || h == emptyTree || size+len(t.raw) > maxObjectCacheBytes {
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
	keep(cc.c.Tree)
	// Sized for the seal too, so the file's bytes are built in one buffer.
	w := &binenc.Writer{B: make([]byte, 0, size+len(kept)*32+32)}
	w.Byte(objectCacheVersion)
	w.Uint(uint64(len(kept)))
	for i, h := range kept {
		w.Bytes(h[:])
		w.Bytes(raws[i])
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return err
	}
	return binenc.WriteFile(path, w.B)
}
