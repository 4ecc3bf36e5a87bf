//go:build unix

package review

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

// fileLock takes the lock file name under .git/sw for a long-running
// process of sw's own (an analysis, a push watcher), one per repository;
// ok is false when another process holds it. It is an flock on the file,
// which the kernel lets go of the moment the holder ends, however it ends:
// an analysis killed mid-run holds up none after it, and neither a process
// id used again nor a holder not yet reaped is taken for a live one. The
// file holds the holder's process id, for a person who wonders; release
// removes it (a holder killed leaves it, unheld, for the next to take).
// staleAfter is for systems without flock (filelock_other.go).
func (l *Loop) fileLock(name string, staleAfter time.Duration) (release func(), ok bool, err error) {
	if err := os.MkdirAll(l.Dir, 0o777); err != nil {
		return nil, false, err
	}
	path := filepath.Join(l.Dir, name)
	// lockHeld holds the lock for a moment as it looks: a lock still held
	// after a short while is a holder's.
	deadline := time.Now().Add(100 * time.Millisecond)
	for {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o666)
		if err != nil {
			return nil, false, err
		}
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil && samePath(f, path):
			f.Truncate(0)
			f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
			// Removed while still held, so that a process that opened
			// this file before finds, once it has the lock, that the
			// file is gone, and opens the path again.
			return func() { os.Remove(path); f.Close() }, true, nil
		case err == nil:
			// The holder released it as this one opened it: the path
			// names another file now, or none.
		case !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR):
			f.Close()
			return nil, false, fmt.Errorf("%s: %w", path, err)
		case time.Now().After(deadline):
			f.Close()
			return nil, false, nil
		default:
			time.Sleep(5 * time.Millisecond)
		}
		f.Close()
	}
}

// lockHeld reports whether a process holds the lock file name now.
func (l *Loop) lockHeld(name string, _ time.Duration) bool {
	f, err := os.Open(filepath.Join(l.Dir, name))
	if err != nil {
		return false
	}
	defer f.Close()
	return errors.Is(syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB), syscall.EWOULDBLOCK)
}
