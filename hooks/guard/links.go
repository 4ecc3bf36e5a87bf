package guard

import (
	"io/fs"
	"os"
	"path/filepath"
)

// hardLinkToProfile reports whether file, which stands outside everything
// kept, is another name of a kept file: a hard link made to a rule, then
// written. Only a file with more than one name is looked at, and only the
// profile, the feedback file and the settings are searched, within a
// budget.
func (g *guard) hardLinkToProfile(file string) bool {
	fi, err := os.Stat(file)
	if err != nil || !fi.Mode().IsRegular() || linkCount(fi) < 2 {
		return false
	}
	budget := maxGlobDirs
	for _, s := range g.scopes {
		if s == nil {
			continue
		}
		for _, e := range s.kept() {
			if e.at.kind == inGit || e.at.kind == inTarget {
				continue
			}
			found := false
			filepath.WalkDir(e.path, func(p string, d fs.DirEntry, err error) error {
				if budget--; err != nil || budget < 0 || found {
					return filepath.SkipAll
				}
				if other, err := os.Stat(p); err == nil && os.SameFile(fi, other) {
					found = true
				}
				return nil
			})
			if found || budget < 0 {
				return true // a budget spent is a file not ruled out
			}
		}
	}
	return false
}
