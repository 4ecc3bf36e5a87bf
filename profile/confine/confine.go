// Package confine keeps what sw reads and writes of a collection inside
// the collection. A cloned collection is untrusted input: its CLAUDE.md
// may be a link to the person's global instructions file, its memory.md a
// link to a shell's startup file, a rule file a link to /dev/zero, and
// following them would have sw write a hard limit into every session the
// person starts, break their shell, or read forever. Path refuses a file
// whose links lead out of the collection (or into its .git folder), and
// ReadFile reads only regular files. A link inside the collection is the
// person's own arrangement and stays allowed. The collection is looked at
// and read through an os.Root, which no link can lead out of; Path still
// follows the links itself, as sw's writers need the file they lead to.
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
	f, rel, err := find(root, path, name)
	if err != nil {
		return "", err
	}
	f.Close()
	return filepath.Join(f.real, rel), nil
}

// folder is a collection's folder opened as an os.Root: what sw looks at
// or reads through it is inside it, even should a folder in it be swapped
// for a link out while sw looks.
type folder struct {
	*os.Root
	real string // its path, links resolved, for Path's answers
}

// find opens the collection at root and follows path in it, to a path
// from its top with no link in it; the caller closes the folder.
func find(root, path, name string) (f folder, rel string, err error) {
	abs, err := filepath.Abs(path)
	if err == nil {
		f.real, err = filepath.EvalSymlinks(root)
	}
	if err == nil {
		f.Root, err = os.OpenRoot(f.real)
	}
	if err != nil {
		return f, "", err
	}
	rel, err = f.follow(abs, 0)
	top, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
	switch {
	case err != nil:
		err = fmt.Errorf("%s: %w", name, err)
	case filepath.IsAbs(rel):
		err = &OutsideError{Name: name, Target: rel}
	case top == ".git":
		err = &OutsideError{Name: name, Target: filepath.Join(f.real, rel), IntoGit: true}
	}
	if err != nil {
		f.Close()
	}
	return f, rel, err
}

// follow is rel, a path from the folder's top or from the file system's,
// with its links followed: a path from the folder's top with no link in
// it, or, where they lead out, that place from the file system's top.
// Inside, it looks through the os.Root, folders first.
func (f folder) follow(rel string, links int) (string, error) {
	if filepath.IsAbs(rel) {
		if rel = f.fromTop(rel); filepath.IsAbs(rel) {
			return rel, nil
		}
	}
	if rel == "." {
		return rel, nil
	}
	dir, err := f.follow(filepath.Dir(rel), links)
	here := filepath.Join(dir, filepath.Base(rel))
	if err != nil || filepath.IsAbs(dir) {
		return here, err
	}
	fi, err := f.Lstat(here)
	switch {
	case errors.Is(err, fs.ErrNotExist) || err == nil && fi.Mode()&fs.ModeSymlink == 0:
		return here, nil // a file, a folder, or one not made yet: made here
	case err != nil:
		return "", err
	case links == maxLinks:
		return "", errors.New("too many levels of symbolic links")
	}
	target, err := f.Readlink(here)
	if err != nil {
		return "", err
	}
	if !filepath.IsAbs(target) {
		// from where the link is, and not cleaned: a ".." after a link in
		// it is taken from where that link leads, as the system does
		target = filepath.Join(f.real, dir) + string(filepath.Separator) + target
	}
	return f.follow(target, links+1)
}

// fromTop is abs, a path from the file system's top, as a path from the
// folder's when it leads inside once the links of as much of it as exists
// are resolved; elsewhere, it is where those links lead.
func (f folder) fromTop(abs string) string {
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	} else if dir := filepath.Dir(abs); dir != abs {
		return filepath.Join(f.fromTop(dir), filepath.Base(abs))
	}
	if rel, err := filepath.Rel(f.real, abs); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	return abs
}

// Describe is err without the file's name when it can say itself so, as
// this package's errors, which name it, can; else err's message: for a
// message that gives the name already, as profile.Error does.
func Describe(err error) string {
	var named interface{ Describe() string }
	if errors.As(err, &named) {
		return named.Describe()
	}
	return err.Error()
}
