package git

import (
	"cmp"
	"fmt"
	"sort"
	"strings"
)

// Filter chooses the paths a walk reports, given as slash paths from the
// top of the repository; a nil function accepts everything. A folder Dir
// rejects is not entered at all. It is separate from File because a file
// predicate cannot answer for a folder: "pieces" is not a piece, yet
// pieces/ holds them.
type Filter struct {
	File func(path string) bool
	Dir  func(dir string) bool // dir has no trailing slash
}

func (f Filter) file(p string) bool { return f.File == nil || f.File(p) }
func (f Filter) dir(p string) bool  { return f.Dir == nil || f.Dir(p) }

// Change is one file whose content differs between two commits: its blob
// in each. From is zero for a file the later commit adds, To is zero for one
// it deletes.
type Change struct {
	Path string
	From Hash
	To   Hash
}

// FileAt returns the blob a commit holds at a slash path. ok is false when
// the path is absent, or is a folder or a submodule rather than a file.
func (r *Repo) FileAt(commit Hash, path string) (blob Hash, ok bool, err error) {
	e, ok, err := r.entryAt(commit, path)
	if err != nil || !ok || !e.Mode.IsBlob() {
		return ZeroHash, false, err
	}
	return e.Hash, true, nil
}

// entryAt finds what a commit holds at a slash path other than a folder: a
// file, a link or a submodule. ok is false when it holds none of these.
func (r *Repo) entryAt(commit Hash, path string) (TreeEntry, bool, error) {
	c, err := r.Commit(commit)
	if err != nil {
		return TreeEntry{}, false, err
	}
	tree := c.Tree
	segs := strings.Split(path, "/")
	for i, seg := range segs {
		e, ok, err := r.entryIn(tree, seg, i == len(segs)-1)
		if err != nil || !ok {
			return TreeEntry{}, false, err
		}
		if i == len(segs)-1 {
			return e, !e.Mode.IsDir(), nil
		}
		tree = e.Hash
	}
	return TreeEntry{}, false, nil
}

// SameAt reports whether two commits hold the same thing at a slash path
// (or nothing in both). It stops at the first tree on the way the two
// share, so for a path untouched between them it reads little more than
// their root trees.
func (r *Repo) SameAt(a, b Hash, path string) (bool, error) {
	if a == b {
		return true, nil
	}
	ca, err := r.Commit(a)
	if err != nil {
		return false, err
	}
	cb, err := r.Commit(b)
	if err != nil {
		return false, err
	}
	ea := TreeEntry{Hash: ca.Tree, Mode: ModeDir}
	eb := TreeEntry{Hash: cb.Tree, Mode: ModeDir}
	segs := strings.Split(path, "/")
	for i, seg := range segs {
		if ea == eb {
			return true, nil
		}
		last := i == len(segs)-1
		var oka, okb bool
		if ea, oka, err = r.entryIn(ea.Hash, seg, last); err != nil {
			return false, err
		}
		if eb, okb, err = r.entryIn(eb.Hash, seg, last); err != nil {
			return false, err
		}
		if !oka || !okb {
			return oka == okb, nil
		}
	}
	return ea.Hash == eb.Hash && ea.Mode == eb.Mode, nil
}

// entryIn finds one name in a tree: a folder, or, when last, a file first.
func (r *Repo) entryIn(tree Hash, name string, last bool) (TreeEntry, bool, error) {
	if name == "" {
		return TreeEntry{}, false, fmt.Errorf("%q is not a clean slash path segment", name)
	}
	ents, err := r.Tree(tree)
	if err != nil {
		return TreeEntry{}, false, err
	}
	var dir *TreeEntry
	for i, e := range ents {
		switch {
		case e.Name != name:
		case e.Mode.IsDir():
			dir = &ents[i]
		case last:
			return e, true, nil
		}
	}
	if dir == nil {
		return TreeEntry{}, false, nil
	}
	return *dir, true, nil
}

// ChangedFiles lists the files (blobs and symlinks, not submodules) whose
// content differs between the commits from and to (zero: none, as for a
// root commit) and that keep accepts (nil keeps all), in git's path order.
// A file whose mode alone changed is not listed.
//
// Only subtrees whose names differ are read, so a one-file commit costs the
// trees along that one path however large the repository (go-git's
// DiffTree reads every sibling subtree, milliseconds on every commit).
func (r *Repo) ChangedFiles(from, to Hash, keep func(path string) bool) ([]Change, error) {
	return r.ChangedFilesIn(from, to, Filter{File: keep})
}

// ChangedFilesIn is ChangedFiles with a Filter: folders its Dir function
// rejects are not read at all.
func (r *Repo) ChangedFilesIn(from, to Hash, keep Filter) ([]Change, error) {
	var out []Change
	err := r.diffCommits(from, to, keep, func(p string, a, b *TreeEntry) {
		ch := Change{Path: p}
		if a != nil && a.Mode.IsBlob() {
			ch.From = a.Hash
		}
		if b != nil && b.Mode.IsBlob() {
			ch.To = b.Hash
		}
		if ch.From != ch.To {
			out = append(out, ch)
		}
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// diffCommits compares the trees of two commits (a zero one is empty) and
// tells emit each entry other than a folder that differs between them and
// keep accepts: nil on the side that lacks it.
func (r *Repo) diffCommits(from, to Hash, keep Filter, emit func(path string, a, b *TreeEntry)) error {
	var trees [2]Hash
	for i, h := range [2]Hash{from, to} {
		if h.IsZero() {
			continue
		}
		c, err := r.Commit(h)
		if err != nil {
			return err
		}
		trees[i] = c.Tree
	}
	return r.diffTrees("", trees[0], trees[1], keep, emit)
}

// diffTrees compares two trees (a zero one is empty) below prefix, walking
// their entries side by side in git's order.
func (r *Repo) diffTrees(prefix string, a, b Hash, keep Filter, emit func(path string, a, b *TreeEntry)) error {
	if a == b {
		return nil
	}
	if r.largeTree(a) || r.largeTree(b) {
		return r.diffTreesByGit(prefix, a, b, keep, emit)
	}
	var sides [2][]TreeEntry
	for i, h := range [2]Hash{a, b} {
		if !h.IsZero() {
			ents, err := r.Tree(h)
			if err != nil {
				return err
			}
			sides[i] = ents
		}
	}
	as, bs := sides[0], sides[1]
	for len(as) > 0 || len(bs) > 0 {
		var ea, eb *TreeEntry
		switch c := compareEntries(as, bs); {
		case c < 0:
			ea, as = &as[0], as[1:]
		case c > 0:
			eb, bs = &bs[0], bs[1:]
		default:
			ea, eb, as, bs = &as[0], &bs[0], as[1:], bs[1:]
			if *ea == *eb {
				continue
			}
		}
		// A folder on one side is never paired with a file on the other:
		// they sort apart.
		e := cmp.Or(ea, eb)
		p := prefix + e.Name
		switch {
		case !e.Mode.IsDir():
			if keep.file(p) {
				emit(p, ea, eb)
			}
		case keep.dir(p):
			if err := r.diffTrees(p+"/", hashOf(ea), hashOf(eb), keep, emit); err != nil {
				return err
			}
		}
	}
	return nil
}

func hashOf(e *TreeEntry) Hash {
	if e == nil {
		return ZeroHash
	}
	return e.Hash
}

// compareEntries orders the first entries of two lists as git sorts a
// tree: by name, a folder's name read with a slash after it. An empty list
// sorts last.
func compareEntries(as, bs []TreeEntry) int {
	switch {
	case len(as) == 0:
		return 1
	case len(bs) == 0:
		return -1
	}
	return strings.Compare(sortName(as[0]), sortName(bs[0]))
}

func sortName(e TreeEntry) string {
	if e.Mode.IsDir() {
		return e.Name + "/"
	}
	return e.Name
}
