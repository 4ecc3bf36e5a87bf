// Package atomicfile writes files a person owns so that a crash, a full disk
// or a concurrent reader never sees half a file: the new bytes go to a
// synced temporary file in the same folder, which replaces the old by rename.
//
// It is sw's own, not a renameio package's: sw names its temporary files so
// that Sweep tells them, and whether their writer lives, from a person's
// (temp.go), checks the file between the sync and the rename (WriteOver),
// sets the mode whatever the umask, and syncs the folder. go-internal's
// renameio, deprecated, does none of that; google's renameio/v2 does not
// build for Windows.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Write replaces the file at path with data. A new file gets mode perm; an
// existing one keeps its own, and one its owner cannot write is refused. A
// symbolic link keeps pointing where it pointed: the file it points to is
// the one replaced.
func Write(path string, data []byte, perm fs.FileMode) error {
	return write(path, data, perm, nil)
}

// write is Write, and WriteOver when g is set.
func write(path string, data []byte, perm fs.FileMode, g *guard) error {
	path, err := LinkedFile(path)
	if err != nil {
		return err
	}
	if fi, err := os.Stat(path); err == nil {
		// A rename would replace a file its owner made read-only: that
		// is the person saying hands off.
		if fi.Mode().Perm()&0o200 == 0 {
			return fmt.Errorf("%s is read-only, so sw leaves it as it is; make it writable (chmod u+w) for sw to write it", path)
		}
		perm = fi.Mode().Perm()
	}
	if err := g.hold(path); err != nil {
		return err
	}
	return replace(path, data, perm, g)
}

// LinkedFile follows path, while it is a symbolic link, to the file the
// links name: the one to replace, which need not exist yet (a link made
// before its target).
func LinkedFile(path string) (string, error) {
	for range 40 { // as many links as Linux follows
		fi, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) || err == nil && fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		if err != nil {
			return "", err
		}
		target, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(path), target)
		}
		path = target
	}
	return "", fmt.Errorf("%s: too many levels of symbolic links", path)
}

// Replace puts a file with data and mode at path, whatever was there,
// a symbolic link included.
func Replace(path string, data []byte, mode fs.FileMode) error {
	return replace(path, data, mode, nil)
}

// replace is Replace, guarded by g when set: g checks the file right
// before the rename, giving up on its error, and right after.
func replace(path string, data []byte, mode fs.FileMode, g *guard) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := CreateTemp(dir, base)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Chmod(mode); err != nil { // explicit: the umask must not decide
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	mine, err := tmp.Stat()
	if err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = g.beforeRename(path); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	SyncDir(dir)
	return g.afterRename(path, mine)
}

// SyncDir makes renames and removals in dir durable, as far as the file
// system allows: some cannot sync a folder, and the change has happened
// either way.
func SyncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
