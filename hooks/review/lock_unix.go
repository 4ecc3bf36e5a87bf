//go:build unix

package review

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// lock takes .git/sw/lock for a read-modify-write of the state; critical
// sections are short (an analyzer runs outside it). It is an flock: the
// kernel lets go of it when the process ends, however it ends, so a crash
// leaves no stale lock behind, and the file is never created or removed
// after the first time, which keeps a hook inside git commit to two system
// calls.
func (l *Loop) lock() (unlock func(), err error) {
	if err := os.MkdirAll(l.Dir, 0o777); err != nil {
		return nil, err
	}
	path := filepath.Join(l.Dir, "lock")
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o666)
	if err != nil {
		return nil, err
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() { f.Close() }, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			f.Close()
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if time.Now().After(deadline) {
			f.Close()
			return nil, fmt.Errorf("%s is held by another sw process for more than 10s", path)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
