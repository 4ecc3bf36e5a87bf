package gitrepo

import (
	"bytes"
	"os"
	"path/filepath"
)

// RecentlyChanged returns the slash path of the most recently modified file
// that git shows as changed (untracked, modified or staged) and that keep
// accepts, or "" when there is none.
func (r *Repo) RecentlyChanged(keep func(rel string) bool) (string, error) {
	out, err := r.Git("status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames")
	if err != nil {
		return "", err
	}
	best, bestTime := "", int64(0)
	for _, entry := range bytes.Split(out, []byte{0}) {
		if len(entry) < 4 {
			continue
		}
		rel := string(entry[3:])
		if !keep(rel) {
			continue
		}
		fi, err := os.Stat(filepath.Join(r.Root, filepath.FromSlash(rel)))
		if err != nil {
			continue // deleted: not a piece to write in
		}
		if t := fi.ModTime().UnixNano(); best == "" || t > bestTime {
			best, bestTime = rel, t
		}
	}
	return best, nil
}
