package review

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/rogpeppe/go-internal/lockedfile"

	"sw/profile/atomicfile"
)

// stateLockWait bounds how long a hook waits for another sw process's
// read-modify-write of the state, which takes it for milliseconds.
const stateLockWait = 10 * time.Second

// lock takes .git/sw/lock for a read-modify-write of the state. The system
// lets go of it however its holder ends, so a crash leaves no stale lock,
// and the file is never removed, which keeps a hook to an open and a lock.
func (l *Loop) lock() (unlock func(), err error) {
	f, err := l.takeLock("lock", stateLockWait)
	if errors.Is(err, atomicfile.ErrBusy) {
		return nil, fmt.Errorf("%s is held by another sw process for more than %v", filepath.Join(l.Dir, "lock"), stateLockWait)
	}
	if err != nil {
		return nil, err
	}
	return func() { f.Close() }, nil
}

// holderWait is how long fileLock looks for the lock to be let go: a lock
// still held after it is a holder's, not one letting go as this one looks.
const holderWait = 100 * time.Millisecond

// fileLock takes the lock file name under .git/sw for a long-running
// process (an analysis, a push watcher), one per repository; ok is false
// when another holds it. Like the state's lock it goes with its holder,
// however that ends, so no reused process id is taken for a live one. The
// file holds the holder's process id, for a person who wonders; release
// removes it.
func (l *Loop) fileLock(name string) (release func(), ok bool, err error) {
	path := filepath.Join(l.Dir, name)
	for deadline := time.Now().Add(holderWait); ; {
		f, err := l.takeLock(name, time.Until(deadline))
		if errors.Is(err, atomicfile.ErrBusy) {
			return nil, false, nil
		}
		if err != nil {
			return nil, false, err
		}
		if samePath(f.File, path) {
			f.Truncate(0)
			f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
			// Emptied and removed while still held, so that a process
			// that opened it before finds, once it has the lock, that the
			// file is gone. (Where an open file cannot be removed, it stays.)
			return func() { f.Truncate(0); os.Remove(path); f.Close() }, true, nil
		}
		f.Close() // its holder let go and removed it as this one opened it
	}
}

func (l *Loop) takeLock(name string, wait time.Duration) (*lockedfile.File, error) {
	if err := os.MkdirAll(l.Dir, 0o777); err != nil {
		return nil, err
	}
	return atomicfile.Lock(filepath.Join(l.Dir, name), wait)
}

// lockHeld reports whether a process holds the lock file name now: where a
// lock keeps others from reading (Windows), a read says so.
func (l *Loop) lockHeld(name string) bool {
	f, err := os.Open(filepath.Join(l.Dir, name))
	if err != nil {
		return false
	}
	defer f.Close()
	if _, err := f.Read(make([]byte, 1)); err != nil && err != io.EOF {
		return true
	}
	return !atomicfile.TryLock(f)
}
