// Package confine keeps what sw reads and writes of a collection inside
// the collection. A cloned collection is untrusted input: its CLAUDE.md
// may be a link to the person's global instructions file, its memory.md a
// link to a shell's startup file, a rule file a link to /dev/zero, and
// following them would have sw write a hard limit into every session the
// person starts, break their shell, or read forever. Path refuses a file
// whose links lead out of the collection (or into its .git folder), and
// ReadFile reads only regular files. A link inside the collection is the
// person's own arrangement and stays allowed.
package confine

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// maxLinks is how many links Path follows, as many as Linux does.
const maxLinks = 40

// OutsideError is Path's answer for a file whose links lead out of the
// collection or into git's folder.
type OutsideError struct {
	Name    string // the file as the collection names it, e.g. CLAUDE.md
	Target  string // where its links lead
	IntoGit bool   // into the collection's .git folder rather than out
}

func (e *OutsideError) Error() string { return e.Name + " is " + e.Describe() }

// Describe is the error without the file's name, for a message that gives
// it already.
func (e *OutsideError) Describe() string {
	where := "outside the collection"
	if e.IntoGit {
		where = "into git's folder"
	}
	return fmt.Sprintf("a link that leads %s (to %s); sw reads and writes no file there: make it a file of its own, or a link to one inside the collection",
		where, e.Target)
}

// Path returns the file that path, a file of the collection at root,
// leads to once its links (and those of the folders above it) are
// followed: the one to read, or to replace. It need not exist, so long as
// it would be made inside the collection (a link made before its target).
// A path that leads outside root, or into root's .git folder, is refused
// with an *OutsideError naming name, the file as messages name it.
func Path(root, path, name string) (string, error) {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	target, err := resolve(abs, 0)
	if err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	rel, err := filepath.Rel(realRoot, target)
	switch {
	case err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel):
		return "", &OutsideError{Name: name, Target: target}
	case rel == ".git" || strings.HasPrefix(rel, ".git"+string(filepath.Separator)):
		return "", &OutsideError{Name: name, Target: target, IntoGit: true}
	}
	return target, nil
}

// resolve is filepath.EvalSymlinks for a path whose last link may name a
// file not made yet: the folders are followed to where they are, and the
// file is taken to be made there. hops counts the links followed so far.
func resolve(path string, hops int) (string, error) {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		return real, nil
	}
	dir, base := filepath.Split(path)
	dir = filepath.Clean(dir)
	if dir == path || base == "" {
		return path, nil // the top of the file system
	}
	realDir, err := resolve(dir, hops)
	if err != nil {
		return "", err
	}
	here := filepath.Join(realDir, base)
	fi, err := os.Lstat(here)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return here, nil // not made yet: it would be made here
	case err != nil:
		return "", err
	case fi.Mode()&fs.ModeSymlink == 0:
		return here, nil
	case hops >= maxLinks:
		return "", errors.New("too many levels of symbolic links")
	}
	target, err := os.Readlink(here)
	if err != nil {
		return "", err
	}
	if !filepath.IsAbs(target) {
		target = filepath.Join(realDir, target) // as the system reads a link: from where it is
	}
	return resolve(target, hops+1)
}

// Describe is err without the file's name when it is one of this
// package's, which name it, and err's message otherwise: for a message
// that gives the name already, as profile.Error does.
func Describe(err error) string {
	var outside *OutsideError
	var notRegular *NotRegularError
	switch {
	case errors.As(err, &outside):
		return outside.Describe()
	case errors.As(err, &notRegular):
		return notRegular.Describe()
	}
	return err.Error()
}
