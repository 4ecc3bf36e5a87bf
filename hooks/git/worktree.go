package git

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// WorkingTree is the working tree as a Filter takes it in, named by git's
// content hashes so that it can be kept and compared later: the commit HEAD
// points at (zero before the first commit) and the content of each path
// whose content differs from that commit's. Reading one costs a `git
// status` and a `git hash-object` of the files that differ, never a read
// of every file: git's tree hashes already name the commit's content.
//
// A content is named alike in a commit and in the working tree so the two
// compare: "file <blob id>" (content, not permissions), "link <target>",
// "submodule <commit>", "folder" (a repository nested in the working tree,
// not read), "special" (a named pipe, say: never read), "" for nothing.
type WorkingTree struct {
	Head    Hash
	Changed map[string]string
}

// ReadWorkingTree reads the working tree as keep takes it in: the paths git
// status lists as changed (submodules' own working trees left out), and
// every path of always (a file the person named, which may be ignored).
func (r *Repo) ReadWorkingTree(keep Filter, always []string) (WorkingTree, error) {
	var w WorkingTree
	_, head, err := r.Head()
	if err != nil {
		return w, err
	}
	w.Head = head
	changed, err := r.changedInWorkingTree(keep, "--ignore-submodules=all")
	if err != nil {
		return w, err
	}
	w.Changed, err = r.contents(append(changed, always...))
	return w, err
}

// WorkingTreeDiff lists, in order, the paths keep takes in whose content
// differs between two working trees read from this repository.
func (r *Repo) WorkingTreeDiff(then, now WorkingTree, keep Filter) ([]string, error) {
	paths := map[string]bool{}
	for _, w := range []WorkingTree{then, now} {
		for p := range w.Changed {
			paths[p] = true
		}
	}
	if then.Head != now.Head {
		err := r.diffCommits(then.Head, now.Head, keep, func(p string, _, _ *TreeEntry) { paths[p] = true })
		if err != nil {
			return nil, err
		}
	}
	var differ []string
	for p := range paths {
		a, err := r.contentIn(then, p)
		if err != nil {
			return nil, err
		}
		b, err := r.contentIn(now, p)
		if err != nil {
			return nil, err
		}
		if a != b {
			differ = append(differ, p)
		}
	}
	sort.Strings(differ)
	return differ, nil
}

// contentIn is what the working tree w held at path p.
func (r *Repo) contentIn(w WorkingTree, p string) (string, error) {
	if c, ok := w.Changed[p]; ok {
		return c, nil
	}
	if w.Head.IsZero() {
		return "", nil
	}
	e, ok, err := r.entryAt(w.Head, p)
	if err != nil || !ok {
		return "", err
	}
	switch {
	case e.Mode == ModeSymlink:
		target, err := r.Blob(e.Hash)
		return "link " + string(target), err
	case e.Mode == ModeSubmodule:
		return "submodule " + string(e.Hash), nil
	}
	return "file " + string(e.Hash), nil
}

// ModeSubmodule is a tree entry that names a commit of another repository.
const ModeSubmodule Mode = 0o160000

// contents reads what each path holds in the working tree. The regular
// files are hashed by git, as `git add` would store them (filters and line
// endings applied), without writing anything to the repository.
func (r *Repo) contents(paths []string) (map[string]string, error) {
	out := make(map[string]string, len(paths))
	var files []string
	seen := make(map[string]bool, len(paths))
	for _, p := range paths {
		if seen[p] {
			continue // listed twice: deleted from the index, kept on disk
		}
		seen[p] = true
		fi, err := os.Lstat(filepath.Join(r.Root, filepath.FromSlash(p)))
		switch {
		case os.IsNotExist(err):
			out[p] = ""
		case err != nil:
			return nil, err
		case fi.Mode()&os.ModeSymlink != 0:
			target, err := os.Readlink(filepath.Join(r.Root, filepath.FromSlash(p)))
			if err != nil {
				return nil, err
			}
			out[p] = "link " + filepath.ToSlash(target)
		case fi.IsDir():
			out[p] = "folder"
		case fi.Mode().IsRegular():
			files = append(files, p)
		default:
			out[p] = "special"
		}
	}
	ids, err := r.hashFiles(files)
	if err != nil {
		return nil, err
	}
	for i, id := range ids {
		out[files[i]] = "file " + string(id)
	}
	return out, nil
}

// hashFiles asks git for the blob id of each file, a few hundred names to
// a command so that no command line grows too long.
func (r *Repo) hashFiles(paths []string) ([]Hash, error) {
	const perCommand = 200
	var ids []Hash
	for len(paths) > 0 {
		n := min(len(paths), perCommand)
		out, err := r.git(append([]string{"hash-object", "--"}, paths[:n]...)...)
		if err != nil {
			return nil, err
		}
		lines := strings.Fields(string(out))
		if len(lines) != n {
			return nil, fmt.Errorf("git hash-object named %d files of %d", len(lines), n)
		}
		for _, l := range lines {
			id, err := ParseHash(l)
			if err != nil {
				return nil, err
			}
			ids = append(ids, id)
		}
		paths = paths[n:]
	}
	return ids, nil
}

// changedInWorkingTree lists, in status's order, the paths keep takes in
// that git status shows as changed in any way (untracked: each file, not
// its folder).
func (r *Repo) changedInWorkingTree(keep Filter, flags ...string) ([]string, error) {
	recs, err := r.changedFiles(append([]string{"--untracked-files=all"}, flags...)...)
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, rec := range recs {
		p := strings.TrimSuffix(rec[3:], "/")
		if keep.Keeps(p) {
			paths = append(paths, p)
		}
	}
	return paths, nil
}
