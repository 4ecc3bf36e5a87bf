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
// existing one keeps its own, and one its owner cannot write is refused. A
// symbolic link keeps pointing where it pointed: the file it points to is
// the one replaced.
func Write(path string, data []byte, perm fs.FileMode) error {
	return write(path, data, perm, nil)
}

// ErrChanged is WriteOver's answer when the file is no longer as the
// caller saw it.
var ErrChanged = errors.New("changed by someone else meanwhile")

// WriteOver is Write for a caller that read the file first and computed
// data from it: seen is what os.Stat said of it then (nil: there was no
// file). Just before the rename, the new bytes already synced, it checks
// that the file is still as seen (the same file, size and modification
// time) and otherwise writes nothing and returns ErrChanged, so that a
// change saved meanwhile (by a person's editor, say) is not lost.
func WriteOver(path string, data []byte, perm fs.FileMode, seen fs.FileInfo) error {
	return write(path, data, perm, func(now fs.FileInfo, err error) error {
		switch {
		case seen == nil && errors.Is(err, fs.ErrNotExist):
			return nil
		case seen == nil || err != nil,
			!os.SameFile(seen, now) || seen.Size() != now.Size() || !seen.ModTime().Equal(now.ModTime()):
			return ErrChanged
		}
		return nil
	})
}

// write is Write, and WriteOver when check is set: check is given the
// file's stat data right before the rename, and can stop it.
func write(path string, data []byte, perm fs.FileMode, check func(fs.FileInfo, error) error) error {
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
	var beforeRename func() error
	if check != nil {
		beforeRename = func() error { return check(os.Stat(path)) }
	}
	return replace(path, data, perm, beforeRename)
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

// replace is Replace, which calls check (when set) right before the
// rename and gives up on its error.
func replace(path string, data []byte, mode fs.FileMode, check func() error) (err error) {
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
	if check != nil {
		if err = check(); err != nil {
			return err
		}
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
