// Package collection knows the layout of a collection: one git repository
// holding a series of pieces, its settings (.sw.yaml), its style profile,
// its CLAUDE.md and its memory.md. The rest of sw asks it where things
// are; what goes into those files is the callers' business.
package collection

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"sw/profile"
	"sw/profile/atomicfile"
	"sw/profile/confine"
)

// The collection's files, relative to its root.
const (
	SettingsFile = ".sw.yaml"
	ClaudeFile   = "CLAUDE.md"
	MemoryFile   = "memory.md"
	ProfileDir   = "profile"
	FeedbackFile = "profile_feedback.json"
)

// Collection is an opened collection.
type Collection struct {
	Root     string
	Settings Settings
}

// ErrNotCollection means no .sw.yaml was found.
var ErrNotCollection = errors.New("not an sw collection")

// Find opens the collection containing dir: the top of its git repository,
// which must hold .sw.yaml, or outside git the nearest folder above with
// .sw.yaml. The folders above dir are taken as its path names them, then,
// failing that, as they are on disk: a shell in a linked folder reports
// the path it was given, while git sees where the link leads.
func Find(dir string) (*Collection, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	c, err := findFrom(abs)
	if !errors.Is(err, ErrNotCollection) {
		return c, err
	}
	if onDisk, evalErr := filepath.EvalSymlinks(abs); evalErr == nil && onDisk != abs {
		if c, diskErr := findFrom(onDisk); diskErr == nil {
			return c, nil
		}
	}
	return nil, err
}

// findFrom is Find walking up from abs, an absolute path, by its names.
func findFrom(abs string) (*Collection, error) {
	nearest := ""
	for d := abs; ; {
		_, settingsErr := os.Stat(filepath.Join(d, SettingsFile))
		if settingsErr == nil && nearest == "" {
			nearest = d
		}
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			if settingsErr == nil {
				return open(d, nil)
			}
			return nil, fmt.Errorf("%s: %w: no %s at the top of the repository; run `sw init %s`", abs, ErrNotCollection, SettingsFile, d)
		}
		parent := filepath.Dir(d)
		if parent == d {
			if nearest != "" {
				return open(nearest, nil)
			}
			return nil, fmt.Errorf("%s: %w: no %s here or above; run `sw init`", abs, ErrNotCollection, SettingsFile)
		}
		d = parent
	}
}

// Open opens the collection whose root is root, reading its settings.
func Open(root string) (*Collection, error) {
	_, err := os.Stat(filepath.Join(root, SettingsFile))
	return open(root, err)
}

// open is Open with .sw.yaml already looked at (Find has, on its way up):
// err is what stat said of it.
func open(root string, err error) (*Collection, error) {
	c := &Collection{Root: root, Settings: DefaultSettings()}
	if d := c.MarkersDir(); d != "" {
		atomicfile.Watch(d) // this process's temporary files are marked there
	}
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return nil, err
	}
	data, err := c.ReadFile(SettingsFile)
	if err != nil {
		return nil, err
	}
	if c.Settings, err = ParseSettings(SettingsFile, data); err != nil {
		return nil, err
	}
	return c, nil
}

// Path returns the absolute path of rel, a slash path relative to the root.
func (c *Collection) Path(rel string) string {
	return filepath.Join(c.Root, filepath.FromSlash(rel))
}

// File is the file rel (a slash path relative to the root) leads to, its
// links followed: sw's own files are read and written through it, so that
// a cloned collection's CLAUDE.md linked out of it (or into .git) is
// refused rather than followed (see confine.Path).
func (c *Collection) File(rel string) (string, error) {
	return confine.Path(c.Root, c.Path(rel), rel)
}

// ReadFile reads the regular file rel leads to, inside the collection (see
// File); errors name it as rel.
func (c *Collection) ReadFile(rel string) ([]byte, error) {
	return confine.Read(c.Root, c.Path(rel), rel)
}

// Profile is the collection's style drawer.
func (c *Collection) Profile() profile.Profile {
	return profile.Profile{Root: c.Root, Dir: ProfileDir}
}

// Resolve resolves the profile for genre, a name as a person gives it
// (--genre "Op Ed" is op-ed, see profile.ParseGenre); "" means the
// default genre.
func (c *Collection) Resolve(genre string) (*profile.Resolved, error) {
	g, err := profile.ParseGenre(genre)
	if err != nil {
		return nil, err
	}
	if g == "" {
		g = c.DefaultGenre()
	}
	return c.resolve(g)
}

// Rel turns a path as the person typed it (relative to the current folder,
// or absolute) into a slash path relative to the collection root.
func (c *Collection) Rel(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	rel, ok := relInside(c.Root, abs)
	if !ok {
		// Either side may be reached through a symbolic link (see Find):
		// compared where they lead, they may still be one inside the other.
		root, rootErr := filepath.EvalSymlinks(c.Root)
		onDisk, diskErr := filepath.EvalSymlinks(abs)
		if rootErr == nil && diskErr == nil {
			rel, ok = relInside(root, onDisk)
		}
	}
	if !ok {
		return "", fmt.Errorf("%s is outside the collection at %s", path, c.Root)
	}
	return filepath.ToSlash(rel), nil
}

// relInside is abs relative to root, when it lies inside root.
func relInside(root, abs string) (string, bool) {
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}

// MarkersDir is the folder where sw's writers in this collection leave
// their markers while they run (see atomicfile.Begin), so that hooks see
// to what a killed one left, and only then; "" where the hooks sweep
// every time (see swDir).
func (c *Collection) MarkersDir() string { return c.swDir("busy") }

// swDir is the folder name in .git/sw, where .git is a folder; "" for a
// linked worktree or a collection outside git.
func (c *Collection) swDir(name string) string {
	dotgit := filepath.Join(c.Root, ".git")
	if fi, err := os.Stat(dotgit); err != nil || !fi.IsDir() {
		return ""
	}
	return filepath.Join(dotgit, "sw", name)
}
