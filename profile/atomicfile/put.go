package atomicfile

import (
	"cmp"
	"os"
	"path/filepath"
)

// Put replaces the file at path with data by rename, as Replace does but
// neither synced nor given a mode (a new one is its writer's alone): for
// what sw rebuilds when a crash loses it (its state, caches, a queue),
// which a reader must still never find half written.
func Put(path string, data []byte) error {
	dir, base := filepath.Split(path)
	tmp, err := CreateTemp(cmp.Or(dir, "."), base)
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if closeErr := tmp.Close(); err == nil {
		err = closeErr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
