package install

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"sw/profile/atomicfile"
)

// hookMode is the mode of every shim: git runs only executable hooks.
const hookMode = 0o755

// writeHook replaces the file at path with text, mode 0755, atomically, so
// git never runs half a shim. A symbolic link at path is replaced, not
// followed: the shim belongs in the hooks folder itself.
func writeHook(path, text string) error {
	return atomicfile.Replace(path, []byte(text), hookMode)
}

// keepAside saves the hook at path as chained before the shim replaces it.
// A hard link keeps the very same file (bytes, mode, even a symbolic link
// stays a link) while git can still run the hook until the shim's rename;
// where the file system has no hard links, a rename does the same with a
// moment's gap.
func keepAside(path, chained string) error {
	if err := os.Link(path, chained); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return err // never overwrite a kept hook
		}
		if err := os.Rename(path, chained); err != nil {
			return err
		}
	}
	atomicfile.SyncDir(filepath.Dir(path))
	return nil
}

// putBack moves the kept hook over path in one rename: the very file that
// was there before sw, bytes and mode untouched.
func putBack(chained, path string) error {
	if err := os.Rename(chained, path); err != nil {
		return err
	}
	atomicfile.SyncDir(filepath.Dir(path))
	return nil
}

// AlteredSuffix names the copy of a shim the person had edited, which sw
// keeps beside it when it rewrites or removes the shim: the edit may be
// the only copy of something they meant.
const AlteredSuffix = ".sw-altered"

// thenKeepAltered runs work after copying the edited shim f to
// <hook>.sw-altered, with its mode.
func thenKeepAltered(f hookFile, work func() error) func() error {
	return func() error {
		if err := atomicfile.Replace(f.path+AlteredSuffix, f.content, f.info.Mode().Perm()); err != nil {
			return err
		}
		return work()
	}
}

// remove deletes path and makes that durable.
func remove(path string) error {
	if err := os.Remove(path); err != nil {
		return err
	}
	atomicfile.SyncDir(filepath.Dir(path))
	return nil
}
