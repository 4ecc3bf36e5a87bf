//go:build !unix

package review

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// fileLock takes the lock file name under .git/sw for a long-running
// process of sw's own (an analysis, a push watcher), one per repository.
// Where flock is not available it is a file made exclusively, holding the
// holder's process id for a person who wonders; ok is false when another
// process holds it. A holder that ends by whatever means leaves no lock
// behind, except by crashing: a lock file older than staleAfter is taken
// for that, and broken.
func (l *Loop) fileLock(name string, staleAfter time.Duration) (release func(), ok bool, err error) {
	if err := os.MkdirAll(l.Dir, 0o777); err != nil {
		return nil, false, err
	}
	path := filepath.Join(l.Dir, name)
	for range 2 {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o666)
		if err == nil {
			f.WriteString(strconv.Itoa(os.Getpid()) + "\n")
			f.Close()
			return func() { os.Remove(path) }, true, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, false, err
		}
		if l.lockHeld(name, staleAfter) {
			return nil, false, nil
		}
		os.Remove(path)
	}
	return nil, false, fmt.Errorf("%s: cannot take the lock", path)
}

// lockHeld reports whether a process holds the lock file name: here,
// whether the file is there and younger than staleAfter.
func (l *Loop) lockHeld(name string, staleAfter time.Duration) bool {
	fi, err := os.Stat(filepath.Join(l.Dir, name))
	return err == nil && time.Since(fi.ModTime()) < staleAfter
}
