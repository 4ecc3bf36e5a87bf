package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// EditWait is how long Edit waits for another sw process editing a file
// in the same folder: each holds it for a few milliseconds.
var EditWait = 10 * time.Second

// Edit rewrites the file at path with what edit makes of its bytes (nil
// when there is none yet); edit returns nil to write nothing. Two sw
// processes editing one list (trusted analyzers, followed voices) take
// turns (LockDir), so both changes are kept; a change saved meanwhile by
// anything else (a person's editor) is read and edited again (WriteOver).
// A new file gets mode perm, in a folder made private to the person if
// need be.
func Edit(path string, perm fs.FileMode, edit func(old []byte) ([]byte, error)) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	unlock, err := LockDir(dir, EditWait)
	if errors.Is(err, ErrBusy) {
		return fmt.Errorf("%s: %w; try again", path, err)
	}
	if err != nil {
		return err
	}
	defer unlock()
	for range 3 {
		var old []byte
		seen, err := os.Stat(path)
		if err == nil {
			old, err = os.ReadFile(path)
		} else if errors.Is(err, fs.ErrNotExist) {
			seen, err = nil, nil
		}
		if err != nil {
			return err
		}
		data, err := edit(old)
		if err != nil || data == nil {
			return err
		}
		if err := WriteOver(path, data, perm, seen); !errors.Is(err, ErrChanged) {
			return err
		}
	}
	return fmt.Errorf("%s kept changing while sw wrote it; try again", path)
}
