//go:build !linux

package quickread

import (
	"io"
	"os"
	"time"
)

// ReadFileModTime is ReadFile that also gives the modification time of the
// file it read, from the same open file.
func ReadFileModTime(path string) ([]byte, time.Time, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, time.Time{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, time.Time{}, err
	}
	data, err := io.ReadAll(f)
	return data, fi.ModTime(), err
}
