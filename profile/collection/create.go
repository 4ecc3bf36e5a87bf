package collection

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"syscall"

	"sw/profile/atomicfile"
)

// errFolderInTheWay is CreateFile's answer for a folder where the file
// should be: it is not the file, so the file is not "already there".
var errFolderInTheWay = errors.New("a folder is where this file should be; move it aside")

// CreateFile makes the file rel (a slash path from the root) holding data,
// unless a file is there (fs.ErrExist): a person's file is always kept. A
// link to a file not made yet is followed, inside the collection (see
// File), as sw writes CLAUDE.md through a link. A file where one of rel's
// folders should be is named, since "not a directory" does not say which.
func (c *Collection) CreateFile(rel string, data []byte) error {
	err := c.createFile(rel, data)
	if errors.Is(err, syscall.ENOTDIR) {
		for dir := path.Dir(rel); dir != "."; dir = path.Dir(dir) {
			if fi, statErr := os.Stat(c.Path(dir)); statErr == nil && !fi.IsDir() {
				return errors.New(dir + " is a file where a folder should be; move it aside")
			}
		}
	}
	return err
}

// createFile is CreateFile in the system's own words.
func (c *Collection) createFile(rel string, data []byte) error {
	target, err := c.File(rel)
	if err != nil {
		return err
	}
	switch fi, err := os.Stat(target); {
	case err == nil && fi.IsDir():
		return errFolderInTheWay
	case err == nil:
		return fs.ErrExist
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	return createNew(target, data)
}

// createNew writes a new file atomically and never replaces one: a
// temporary file is hard-linked into place, which fails if the name is
// taken. On a file system without hard links (exFAT, some FUSE mounts and
// network shares) the file is created exclusively under its own name.
func createNew(path string, data []byte) error {
	if _, err := os.Lstat(path); err == nil {
		return fs.ErrExist
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	tmp, err := atomicfile.CreateTemp(dir, filepath.Base(path))
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := writeClose(tmp, data, true); err != nil {
		return err
	}
	switch err := linkFile(tmp.Name(), path); {
	case errors.Is(err, fs.ErrExist):
		return fs.ErrExist
	case cannotLink(err):
		return createExclusive(path, data)
	default:
		return err
	}
}

// linkFile is os.Link; tests stand in a file system without hard links.
var linkFile = os.Link

// openExclusive creates path for writing, failing if the name is taken. Its
// mode is 0644 less the umask, set at creation: a file system without hard
// links often has no modes either, and refuses a later chmod. Tests stand in
// a file that cannot be written.
var openExclusive = func(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
}

// cannotLink tells a link refused because the file system makes no hard
// links (or none here) from one refused for any other reason. Linux says
// EPERM for a file system without them; FUSE and network file systems say
// ENOTSUP, EOPNOTSUPP, ENOSYS, EXDEV or EMLINK.
func cannotLink(err error) bool {
	return errors.Is(err, errors.ErrUnsupported) || errors.Is(err, syscall.EPERM) ||
		errors.Is(err, syscall.EXDEV) || errors.Is(err, syscall.EMLINK)
}

// createExclusive writes data to a file it creates at path, and removes it
// again if the data cannot all be written and synced, so that no half-made
// file stands where the next `sw init` would take it for the writer's.
func createExclusive(path string, data []byte) error {
	f, err := openExclusive(path)
	if err != nil {
		return err
	}
	if err = writeClose(f, data, false); err != nil {
		os.Remove(path)
	}
	return err
}

// writeClose writes data to f (and sets its mode to 0644 if chmod), syncs
// and closes it.
func writeClose(f *os.File, data []byte, chmod bool) error {
	_, err := f.Write(data)
	if err == nil && chmod {
		err = f.Chmod(0o644)
	}
	if err == nil {
		err = f.Sync()
	}
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	return err
}
