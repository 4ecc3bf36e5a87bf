package gitrepo

// Filter chooses the paths a walk reports. Both functions get slash paths
// relative to the top of the repository. A nil function accepts everything.
//
// Dir lets a walk skip a whole folder before reading it: a folder Dir
// rejects is not entered, so nothing below it is reported whatever File would
// say. It is separate from File because a file predicate cannot answer for a
// folder: "pieces" is not a piece, yet pieces/ holds them.
type Filter struct {
	File func(path string) bool
	Dir  func(dir string) bool // dir has no trailing slash
}

func (f Filter) file(p string) bool { return f.File == nil || f.File(p) }
func (f Filter) dir(p string) bool  { return f.Dir == nil || f.Dir(p) }

// dirsOf asks Dir about every folder above a file path.
func (f Filter) dirsOf(p string) bool {
	if f.Dir == nil {
		return true
	}
	for i := 0; i < len(p); i++ {
		if p[i] == '/' && !f.Dir(p[:i]) {
			return false
		}
	}
	return true
}

// Change is one file whose content differs between two commits: its blob
// in each. From is zero for a file the later commit adds, To is zero for one
// it deletes.
type Change struct {
	Path string
	From Hash
	To   Hash
}

// Added reports whether the file is new in the later commit.
func (c Change) Added() bool { return c.From.IsZero() }

// Deleted reports whether the later commit removes the file.
func (c Change) Deleted() bool { return c.To.IsZero() }

// ChangedFiles lists the files (blobs and symlinks; submodules are left out)
// whose content differs between the commits from and to, and that keep
// accepts (nil keeps all), in git's path order. A zero from compares to
// against nothing, as for a root commit. A file whose mode alone changed is
// not listed.
//
// Only subtrees whose names differ are read: two trees with the same name
// are identical, so a one-file commit costs the trees along that one path,
// however large the repository. (go-git's Tree.Diff reads every sibling
// subtree, which costs milliseconds on every commit.) ChangedFilesIn also
// skips the folders a Filter rejects.
func (r *Repo) ChangedFiles(from, to Hash, keep func(path string) bool) ([]Change, error) {
	return r.ChangedFilesIn(from, to, Filter{File: keep})
}

// ChangedFilesIn is ChangedFiles with a Filter: folders its Dir function
// rejects are not read at all.
func (r *Repo) ChangedFilesIn(from, to Hash, keep Filter) ([]Change, error) {
	toCommit, err := r.Commit(to)
	if err != nil {
		return nil, err
	}
	fromTree := emptyTree
	if !from.IsZero() {
		c, err := r.Commit(from)
		if err != nil {
			return nil, err
		}
		fromTree = c.Tree
	}
	var out []Change
	err = r.diffTrees("", fromTree, toCommit.Tree, keep, &out)
	return out, err
}

func (r *Repo) diffTrees(prefix string, a, b Hash, keep Filter, out *[]Change) error {
	if a == b {
		return nil
	}
	as, err := r.tree(a)
	if err != nil {
		return err
	}
	bs, err := r.tree(b)
	if err != nil {
		return err
	}
	i, j := 0, 0
	for i < len(as) || j < len(bs) {
		var c int
		switch {
		case i == len(as):
			c = 1
		case j == len(bs):
			c = -1
		default:
			c = compareNames(as[i].Name, as[i].Mode.IsDir(), bs[j].Name, bs[j].Mode.IsDir())
		}
		switch {
		case c < 0:
			if err := r.diffEntry(prefix, &as[i], nil, keep, out); err != nil {
				return err
			}
			i++
		case c > 0:
			if err := r.diffEntry(prefix, nil, &bs[j], keep, out); err != nil {
				return err
			}
			j++
		default:
			if as[i].Hash != bs[j].Hash {
				if err := r.diffEntry(prefix, &as[i], &bs[j], keep, out); err != nil {
					return err
				}
			}
			i++
			j++
		}
	}
	return nil
}

// diffEntry reports one differing entry: a file present on one side or
// both, or a folder, entered when the filter allows.
func (r *Repo) diffEntry(prefix string, a, b *TreeEntry, keep Filter, out *[]Change) error {
	e := a
	if e == nil {
		e = b
	}
	p := prefix + e.Name
	if e.Mode.IsDir() {
		if !keep.dir(p) {
			return nil
		}
		at, bt := emptyTree, emptyTree
		if a != nil {
			at = a.Hash
		}
		if b != nil {
			bt = b.Hash
		}
		return r.diffTrees(p+"/", at, bt, keep, out)
	}
	ch := Change{Path: p}
	if a != nil && a.Mode.IsBlob() {
		ch.From = a.Hash
	}
	if b != nil && b.Mode.IsBlob() {
		ch.To = b.Hash
	}
	if ch.From == ch.To || !keep.file(p) {
		return nil // equal, or a submodule on both sides
	}
	*out = append(*out, ch)
	return nil
}
