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
// It is a file made exclusively, so it works wherever sw runs, holding
// the holder's process id for a person who wonders; ok is false when
// another process holds it. A holder that ends by whatever means leaves
// no lock behind, except by crashing: a lock file older than staleAfter
// is taken for that, and broken.
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
		fi, statErr := os.Stat(path)
		if statErr != nil || time.Since(fi.ModTime()) < staleAfter {
			return nil, false, nil
		}
		os.Remove(path)
	}
	return nil, false, fmt.Errorf("%s: cannot take the lock", path)
}
