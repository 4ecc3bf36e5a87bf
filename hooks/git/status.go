package git

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// RecentlyChangedIn returns the slash path of the most recently modified
// file that git shows as changed and that keep accepts, or "" for none.
// Deleted files are never the answer: there is nothing to write in.
//
// `git status` decides what changed, with every rule git has. It lists an
// untracked folder as one entry, as git does by default, so that git's
// untracked cache and file system monitor, where the person has turned
// them on for a large collection, spare it reading every folder; only the
// untracked folders it names are then listed file by file.
func (r *Repo) RecentlyChangedIn(keep Filter) (string, error) {
	recs, err := r.changedFiles("--untracked-files=normal")
	if err != nil {
		return "", err
	}
	var folders []string
	for _, rec := range recs {
		if p := rec[3:]; strings.HasPrefix(rec, "?? ") && strings.HasSuffix(p, "/") && keep.dirsOf(p) {
			folders = append(folders, p)
		}
	}
	if len(folders) > 0 {
		more, err := r.changedFiles(append([]string{"--untracked-files=all", "--"}, Literal(folders)...)...)
		if err != nil {
			return "", err
		}
		recs = append(recs, more...)
	}
	var newest string
	var newestTime time.Time
	for _, rec := range recs {
		p := rec[3:]
		if !keep.Keeps(p) {
			continue
		}
		fi, err := os.Lstat(filepath.Join(r.Root, filepath.FromSlash(p)))
		if err != nil || !fi.Mode().IsRegular() {
			continue // deleted, or not a file to write in
		}
		if newest == "" || fi.ModTime().After(newestTime) {
			newest, newestTime = p, fi.ModTime()
		}
	}
	return newest, nil
}

// dirsOf asks the filter's Dir about every folder above a file path.
func (f Filter) dirsOf(p string) bool {
	for i := 0; i < len(p); i++ {
		if p[i] == '/' && !f.dir(p[:i]) {
			return false
		}
	}
	return true
}

// changedFiles is `git status` in short form with args, a record a file
// ("XY path"). Its optional locks are off, so sw never competes with the
// person's own git commands for the index.
func (r *Repo) changedFiles(args ...string) ([]string, error) {
	out, err := r.git(append([]string{"--no-optional-locks", "status", "--porcelain", "-z", "--no-renames"}, args...)...)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(nulList(out), func(rec string) bool { return len(rec) < 4 }), nil
}

// StagedChanges lists the paths the commit being made changes against
// HEAD in indexFile (see index.go).
func (r *Repo) StagedChanges(indexFile string) ([]string, error) {
	out, err := r.gitWithEnv(indexEnv(indexFile), "diff", "--cached", "--name-only", "--no-renames", "-z")
	return nulList(out), err
}

// StatusOf tells which of paths git status shows as changed in any way
// (staged, modified in the working tree, or untracked), and which of those
// are untracked: files in the working tree the index does not hold.
func (r *Repo) StatusOf(paths []string) (changed, untracked []string, err error) {
	if len(paths) == 0 {
		return nil, nil, nil
	}
	recs, err := r.changedFiles(append([]string{"--untracked-files=all", "--"}, Literal(paths)...)...)
	for _, rec := range recs {
		changed = append(changed, rec[3:])
		if strings.HasPrefix(rec, "?? ") {
			untracked = append(untracked, rec[3:])
		}
	}
	return changed, untracked, err
}

// Literal makes each path a pathspec git reads as the name it is: a
// suggestion fetched from a clone may name any file, * and : included.
func Literal(paths []string) []string {
	specs := make([]string, len(paths))
	for i, p := range paths {
		specs[i] = ":(literal)" + p
	}
	return specs
}

// nulList is the entries of git's -z output.
func nulList(out []byte) []string {
	var list []string
	for _, e := range strings.Split(string(out), "\x00") {
		if e != "" {
			list = append(list, e)
		}
	}
	return list
}
