package atomicfile

import (
	"errors"
	"os"
	"time"
)

// ErrBusy is LockDir's answer when another process held the lock for
// longer than the caller would wait.
var ErrBusy = errors.New("another sw process is writing there")

// LockDir lets one process at a time read, change and replace files in
// dir: the read-change-write of two sw processes at once (a commit's hook
// and `sw facts add`, say) would otherwise each pass WriteOver's checks, and
// the second rename would drop the first's change. It is an flock on the
// folder itself, so no file is made, and the kernel lets go of it when its
// holder ends, however it ends. It waits at most wait, then returns
// ErrBusy; where the system has no such locks it waits for nothing.
func LockDir(dir string, wait time.Duration) (unlock func(), err error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	for deadline := time.Now().Add(wait); !TryLock(f); {
		if time.Now().After(deadline) {
			f.Close()
			return nil, ErrBusy
		}
		time.Sleep(2 * time.Millisecond)
	}
	return func() { f.Close() }, nil
}
