package gitrepo

import (
	"fmt"
	"sort"
	"strings"
	"unsafe"
)

// Mode is a tree entry's file mode, as git records it.
type Mode uint32

// The modes git writes. Old repositories may hold others (100664); they read
// as regular files.
const (
	ModeFile       Mode = 0o100644
	ModeExecutable Mode = 0o100755
	ModeSymlink    Mode = 0o120000
	ModeDir        Mode = 0o040000
	ModeSubmodule  Mode = 0o160000
)

// IsDir reports whether the entry is a subtree.
func (m Mode) IsDir() bool { return m&0o170000 == 0o040000 }

// IsBlob reports whether the entry's object is a blob: a file or a symlink.
func (m Mode) IsBlob() bool { return m&0o170000 == 0o100000 || m == ModeSymlink }

// TreeEntry is one line of a tree object.
type TreeEntry struct {
	Name string // one path segment
	Mode Mode
	Hash Hash
}

// Tree returns the entries of the tree h in git's order. The slice is the
// caller's to keep and change.
func (r *Repo) Tree(h Hash) ([]TreeEntry, error) {
	ents, err := r.tree(h)
	if err != nil {
		return nil, err
	}
	return append([]TreeEntry(nil), ents...), nil
}

// tree returns a parsed tree from the cache; callers must not modify it.
func (r *Repo) tree(h Hash) ([]TreeEntry, error) {
	t, err := r.parsedTree(h)
	return t.ents, err
}

// parsedTree is a tree as the Repo keeps it: its entries, and the object's
// content they were parsed from or built into.
type parsedTree struct {
	ents []TreeEntry
	raw  []byte
}

// parsedTree finds the tree h: already parsed, built from the index where
// that is in use, else read.
func (r *Repo) parsedTree(h Hash) (parsedTree, error) {
	st := r.state()
	if t, ok := lookup(st, &st.trees, h); ok {
		return t, nil
	}
	if h == emptyTree {
		return parsedTree{}, nil // git knows the empty tree without storing it
	}
	t, ok := r.treeFromIndex(h)
	if !ok {
		data, err := r.readObject(h, typeTree)
		if err != nil {
			return parsedTree{}, err
		}
		ents, err := parseTree(data)
		if err != nil {
			return parsedTree{}, fmt.Errorf("tree %s: %w", h, err)
		}
		t = parsedTree{ents, data}
	}
	remember(st, &st.trees, maxCachedTrees, h, t)
	return t, nil
}

// emptyTree is the name of the tree with no entries, which git treats as
// always present.
var emptyTree = Hash{0x4b, 0x82, 0x5d, 0xc6, 0x42, 0xcb, 0x6e, 0xb9, 0xa0, 0x60,
	0xe5, 0x4b, 0xf8, 0xd6, 0x92, 0x88, 0xfb, 0xee, 0x49, 0x04}

// parseTree reads "<octal mode> <name>\x00<20-byte name>" entries.
func parseTree(data []byte) ([]TreeEntry, error) {
	// The names are slices of one string over data, and one slice holds
	// every entry: a commit's hook reads trees of a thousand pieces, and an
	// allocation per entry costs more than the parse. data is the object
	// as read, owned here and never written again, so the string may share
	// its bytes.
	text := unsafe.String(unsafe.SliceData(data), len(data))
	ents := make([]TreeEntry, 0, len(text)/36+1)
	for len(text) > 0 {
		sp := strings.IndexByte(text, ' ')
		if sp <= 0 {
			return nil, fmt.Errorf("corrupt entry")
		}
		mode, ok := parseOctal(text[:sp])
		if !ok {
			return nil, fmt.Errorf("bad mode %q", text[:sp])
		}
		text = text[sp+1:]
		nul := strings.IndexByte(text, 0)
		if nul <= 0 || len(text) < nul+21 {
			return nil, fmt.Errorf("corrupt entry")
		}
		e := TreeEntry{Name: text[:nul], Mode: Mode(mode)}
		copy(e.Hash[:], text[nul+1:nul+21])
		ents = append(ents, e)
		text = text[nul+21:]
	}
	return ents, nil
}

// parseOctal reads a tree entry's mode.
func parseOctal(s string) (uint32, bool) {
	if s == "" || len(s) > 7 {
		return 0, false
	}
	var v uint32
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '7' {
			return 0, false
		}
		v = v<<3 | uint32(c-'0')
	}
	return v, true
}

// compareNames orders tree entries as git does: by the bytes of their
// names, where a subtree's name compares as if it ended in "/". So "a.b" <
// "a/" (a folder) < "a0", while a file "a" comes before "a-b".
func compareNames(a string, aDir bool, b string, bDir bool) int {
	n := min(len(a), len(b))
	if c := strings.Compare(a[:n], b[:n]); c != 0 {
		return c
	}
	ca, cb := nextByte(a, n, aDir), nextByte(b, n, bDir)
	switch {
	case ca < cb:
		return -1
	case ca > cb:
		return 1
	}
	return 0
}

// nextByte is the byte after position n of a name, with a folder's implied
// "/" and 0 past the end.
func nextByte(s string, n int, dir bool) int {
	switch {
	case n < len(s):
		return int(s[n])
	case n == len(s) && dir:
		return '/'
	}
	return 0
}

// findEntry finds name in entries sorted in git's order (git fsck rejects
// trees that are not); dir says which of a folder or a file of that name is
// wanted.
func findEntry(ents []TreeEntry, name string, dir bool) (TreeEntry, bool) {
	i := sort.Search(len(ents), func(i int) bool {
		return compareNames(ents[i].Name, ents[i].Mode.IsDir(), name, dir) >= 0
	})
	if i < len(ents) && ents[i].Name == name && ents[i].Mode.IsDir() == dir {
		return ents[i], true
	}
	return TreeEntry{}, false
}

// FileAt returns the blob a commit holds at a slash path. ok is false when
// the path is absent, or is a folder or a submodule rather than a file.
func (r *Repo) FileAt(commit Hash, path string) (blob Hash, ok bool, err error) {
	c, err := r.Commit(commit)
	if err != nil {
		return Hash{}, false, err
	}
	e, ok, err := r.entryAt(c.Tree, path)
	if err != nil || !ok || !e.Mode.IsBlob() {
		return Hash{}, false, err
	}
	return e.Hash, true, nil
}

// entryAt finds the entry at a slash path below a tree.
func (r *Repo) entryAt(tree Hash, path string) (TreeEntry, bool, error) {
	segs := strings.Split(path, "/")
	for i, seg := range segs {
		if seg == "" {
			return TreeEntry{}, false, fmt.Errorf("%q is not a clean slash path", path)
		}
		last := i == len(segs)-1
		e, ok, err := r.entryIn(tree, seg, last)
		if err != nil || !ok {
			return TreeEntry{}, false, err
		}
		if last {
			return e, true, nil
		}
		tree = e.Hash
	}
	return TreeEntry{}, false, nil
}

// SameAt reports whether two commits hold the same thing at a slash path:
// the same file or folder, or nothing in both. It stops at the first tree
// on the way that the two share, so for a path the commits between them
// did not touch it reads little more than their root trees.
func (r *Repo) SameAt(a, b Hash, path string) (bool, error) {
	if a == b {
		return true, nil // a branch that did not move: nothing to read
	}
	ca, err := r.Commit(a)
	if err != nil {
		return false, err
	}
	cb, err := r.Commit(b)
	if err != nil {
		return false, err
	}
	ta, tb := ca.Tree, cb.Tree
	segs := strings.Split(path, "/")
	for i, seg := range segs {
		if ta == tb {
			return true, nil
		}
		if seg == "" {
			return false, fmt.Errorf("%q is not a clean slash path", path)
		}
		last := i == len(segs)-1
		ea, oka, err := r.entryIn(ta, seg, last)
		if err != nil {
			return false, err
		}
		eb, okb, err := r.entryIn(tb, seg, last)
		if err != nil {
			return false, err
		}
		if !oka || !okb {
			return !oka && !okb, nil
		}
		if last {
			return ea.Hash == eb.Hash && ea.Mode == eb.Mode, nil
		}
		ta, tb = ea.Hash, eb.Hash
	}
	return ta == tb, nil
}

// entryIn finds one name in a tree: a folder, or if last a file first.
func (r *Repo) entryIn(tree Hash, name string, last bool) (TreeEntry, bool, error) {
	ents, err := r.tree(tree)
	if err != nil {
		return TreeEntry{}, false, err
	}
	e, ok := findEntry(ents, name, !last)
	if !ok && last {
		e, ok = findEntry(ents, name, true)
	}
	return e, ok, nil
}
