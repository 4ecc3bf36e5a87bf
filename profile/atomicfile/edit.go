package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// EditWait is how long an Editor waits, unless told otherwise, for
// another sw process editing a file in the same folder: each holds it for
// a few milliseconds.
var EditWait = 10 * time.Second

// Editor rewrites a file with what an edit makes of its bytes. Two sw
// processes editing one file (memory.md, the trusted analyzers, the
// followed voices) take turns (LockDir), so both changes are kept; a
// change saved meanwhile by anything else (a person's editor) is read and
// edited again (WriteOver).
type Editor struct {
	Perm fs.FileMode                       // a new file's mode
	Name string                            // the file as messages name it; its path when ""
	Read func(path string) ([]byte, error) // os.ReadFile when nil (confine.ReadFile for a collection's file)
	Wait time.Duration                     // EditWait when 0
}

// Edit rewrites the file at path with what edit makes of its bytes
// (exists is false, and old nil, when there is none yet); edit returns
// nil to write nothing. A new file goes in a folder made private to the
// person if need be. On any error the file is left as it was.
func (e Editor) Edit(path string, edit func(old []byte, exists bool) ([]byte, error)) error {
	name, read, wait := e.Name, e.Read, e.Wait
	if name == "" {
		name = path
	}
	if read == nil {
		read = os.ReadFile
	}
	if wait == 0 {
		wait = EditWait
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	unlock, err := LockDir(dir, wait)
	if errors.Is(err, ErrBusy) {
		return fmt.Errorf("%s: %w; sw leaves it as it is: try again", name, err)
	}
	if err != nil {
		return err
	}
	defer unlock()
	for range 3 {
		var old []byte
		seen, err := os.Stat(path)
		if err == nil {
			old, err = read(path)
		} else if errors.Is(err, fs.ErrNotExist) {
			seen, err = nil, nil
		}
		if err != nil {
			return err
		}
		data, err := edit(old, seen != nil)
		if err != nil || data == nil {
			return err
		}
		if err := WriteOver(path, data, e.Perm, seen); !errors.Is(err, ErrChanged) {
			return err
		}
	}
	return fmt.Errorf("%s kept changing while sw wrote it; sw leaves it as it is: try again", name)
}
