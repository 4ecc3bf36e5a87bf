//go:build !unix

package review

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// lock takes .git/sw/lock for a read-modify-write of the state, creating
// it exclusively where flock is not available;
// a lock older than a minute is left over from a crash and is broken.
func (l *Loop) lock() (unlock func(), err error) {
	if err := os.MkdirAll(l.Dir, 0o777); err != nil {
		return nil, err
	}
	path := filepath.Join(l.Dir, "lock")
	deadline := time.Now().Add(10 * time.Second)
	for {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o666)
		if err == nil {
			f.Close()
			return func() { os.Remove(path) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if fi, err := os.Stat(path); err == nil && time.Since(fi.ModTime()) > time.Minute {
			os.Remove(path)
			continue
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("%s is held by another sw; if none is running, delete it", path)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
