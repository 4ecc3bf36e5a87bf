package gitrepo

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// TreeWith returns a root tree equal to tree except at the slash path: the
// file there is set to blob as a regular file (mode 100644), or removed when
// blob is nil. Intermediate folders are created as needed, and folders left
// empty by a removal disappear, as git never stores an empty subtree. New
// trees are written as loose objects; trees that do not change are not
// rewritten, so removing an absent file returns tree itself. A zero tree is
// the empty tree.
//
// The path must be clean (no empty, "." or ".." segments) and must not name
// .git; a path that crosses an existing file ("a/b" where "a" is a file) or
// names an existing folder is refused rather than silently replaced.
func (r *Repo) TreeWith(tree Hash, path string, blob *Hash) (Hash, error) {
	segs, err := splitTreePath(path)
	if err != nil {
		return Hash{}, err
	}
	if tree.IsZero() {
		tree = emptyTree
	}
	o, err := r.objects()
	if err != nil {
		return Hash{}, err
	}
	h, empty, err := r.treeWith(o, tree, segs, blob, "")
	if err != nil {
		return Hash{}, err
	}
	if empty && h == emptyTree {
		// A commit may point at the empty tree; make sure it is stored.
		if _, err := o.write(typeTree, nil); err != nil {
			return Hash{}, err
		}
	}
	return h, nil
}

func splitTreePath(path string) ([]string, error) {
	if path == "" {
		return nil, fmt.Errorf("empty path")
	}
	segs := strings.Split(path, "/")
	for _, s := range segs {
		switch {
		case s == "", s == ".", s == "..":
			return nil, fmt.Errorf("%q is not a clean slash path", path)
		case strings.EqualFold(s, ".git"):
			return nil, fmt.Errorf("%q: git refuses paths inside .git", path)
		case strings.ContainsRune(s, 0):
			return nil, fmt.Errorf("%q: a path cannot hold a NUL byte", path)
		}
	}
	return segs, nil
}

// treeWith rewrites one level and reports the new tree and whether it is
// empty.
func (r *Repo) treeWith(o *odb, tree Hash, segs []string, blob *Hash, at string) (Hash, bool, error) {
	cur, err := r.tree(tree)
	if err != nil {
		return Hash{}, false, err
	}
	ents := slices.Clone(cur)
	name := segs[0]
	at += name
	fileAt := slices.IndexFunc(ents, func(e TreeEntry) bool { return e.Name == name && !e.Mode.IsDir() })
	dirAt := slices.IndexFunc(ents, func(e TreeEntry) bool { return e.Name == name && e.Mode.IsDir() })
	if len(segs) == 1 {
		if dirAt >= 0 {
			return Hash{}, false, fmt.Errorf("%s is a folder, not a file", at)
		}
		switch {
		case blob == nil && fileAt < 0:
			return tree, len(ents) == 0, nil
		case blob == nil:
			ents = slices.Delete(ents, fileAt, fileAt+1)
		case fileAt >= 0 && ents[fileAt].Hash == *blob && ents[fileAt].Mode == ModeFile:
			return tree, false, nil
		case fileAt >= 0:
			ents[fileAt] = TreeEntry{Name: name, Mode: ModeFile, Hash: *blob}
		default:
			ents = append(ents, TreeEntry{Name: name, Mode: ModeFile, Hash: *blob})
		}
	} else {
		if fileAt >= 0 {
			return Hash{}, false, fmt.Errorf("%s is a file, not a folder", at)
		}
		sub := emptyTree
		if dirAt >= 0 {
			sub = ents[dirAt].Hash
		} else if blob == nil {
			return tree, len(ents) == 0, nil // removing below a folder that is not there
		}
		newSub, empty, err := r.treeWith(o, sub, segs[1:], blob, at+"/")
		if err != nil {
			return Hash{}, false, err
		}
		switch {
		case newSub == sub:
			return tree, len(ents) == 0, nil
		case empty && dirAt >= 0:
			ents = slices.Delete(ents, dirAt, dirAt+1)
		case empty:
		case dirAt >= 0:
			ents[dirAt].Hash = newSub
		default:
			ents = append(ents, TreeEntry{Name: name, Mode: ModeDir, Hash: newSub})
		}
	}
	if len(ents) == 0 {
		return emptyTree, true, nil
	}
	sortEntries(ents)
	h, err := o.write(typeTree, encodeTree(ents))
	return h, false, err
}

// sortEntries puts entries in the order git requires of a tree.
func sortEntries(ents []TreeEntry) {
	slices.SortFunc(ents, func(a, b TreeEntry) int {
		return compareNames(a.Name, a.Mode.IsDir(), b.Name, b.Mode.IsDir())
	})
}

// encodeTree writes entries as git does: the mode in octal without leading
// zeros ("40000" for a folder; git fsck --strict flags "040000"), a space,
// the name, a NUL and the binary object name.
func encodeTree(ents []TreeEntry) []byte {
	n := 0
	for _, e := range ents {
		n += 7 + len(e.Name) + 1 + 20
	}
	b := make([]byte, 0, n)
	for _, e := range ents {
		b = strconv.AppendUint(b, uint64(e.Mode), 8)
		b = append(b, ' ')
		b = append(b, e.Name...)
		b = append(b, 0)
		b = append(b, e.Hash[:]...)
	}
	return b
}
