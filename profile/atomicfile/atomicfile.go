// Package atomicfile writes files a person owns so that a crash, a full disk
// or a concurrent reader never sees half a file: the new bytes go to a
// temporary file in the same folder, are synced, and replace the old file by
// rename.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Write replaces the file at path with data. A new file gets mode perm; an
// existing one keeps its own. A symbolic link keeps pointing where it
// pointed: the file it points to is the one replaced.
func Write(path string, data []byte, perm fs.FileMode) error {
	path, err := linkedFile(path)
	if err != nil {
		return err
	}
	if fi, err := os.Stat(path); err == nil {
		perm = fi.Mode().Perm()
	}
	return Replace(path, data, perm)
}

// linkedFile follows path, while it is a symbolic link, to the file the
// links name: the one to replace, which need not exist yet (a link made
// before its target).
func linkedFile(path string) (string, error) {
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
func Replace(path string, data []byte, mode fs.FileMode) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".sw-*")
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
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	SyncDir(dir)
	return nil
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
