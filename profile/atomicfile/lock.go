package atomicfile

import (
	"time"

	"github.com/rogpeppe/go-internal/lockedfile"
)

// Lock takes the lock of the file at path, made if need be, for a
// read-change-write of what it guards. It is lockedfile's: the system lets
// go of it when its holder ends, however it ends, and a waiter has it the
// moment its holder lets go. It waits at most wait, then returns ErrBusy.
// Closing the file lets go.
func Lock(path string, wait time.Duration) (*lockedfile.File, error) {
	type taken struct {
		f   *lockedfile.File
		err error
	}
	got := make(chan taken, 1)
	go func() {
		f, err := lockedfile.Edit(path)
		got <- taken{f, err}
	}()
	select {
	case t := <-got:
		return t.f, t.err
	case <-time.After(wait):
		// A lockedfile wait cannot be called off: the lock it comes to
		// have once the holder lets go is let go again at once.
		go func() {
			if t := <-got; t.err == nil {
				t.f.Close()
			}
		}()
		return nil, ErrBusy
	}
}
