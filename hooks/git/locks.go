package git

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"sw/profile/atomicfile"
)

// RemoveLeakedRefLocks removes the lock files git leaked beside the refs
// under refs/<prefix>, and returns their paths. git makes <ref>.lock,
// empty and open for writing, to update a ref; a signal that lands as the
// file is made (Ctrl-C mid-analysis) ends git before it has noted the file
// for removal, and every later update of that ref fails on it. Such a file
// is empty and nobody has it open (a git at work on it has it open, or has
// written it). Where the system cannot say, nothing is removed.
func (r *Repo) RemoveLeakedRefLocks(prefix string) []string {
	var removed []string
	root := filepath.Join(r.CommonDir, "refs", filepath.FromSlash(prefix))
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(d.Name(), ".lock") {
			return nil
		}
		if leaked(path) && os.Remove(path) == nil {
			removed = append(removed, path)
		}
		return nil
	})
	return removed
}

// leaked reports whether the lock file at path is empty with nobody
// writing it.
func leaked(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || fi.Size() != 0 {
		return false
	}
	writing, known := atomicfile.OpenForWriting(f)
	return known && !writing
}
