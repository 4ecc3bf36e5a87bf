//go:build !linux

package quickread

import (
	"io/fs"
	"os"
	"path/filepath"
)

// lstatIn is os.Lstat of the entry name of the folder at path.
func lstatIn(_ *os.File, path, name string) (fs.FileInfo, error) {
	return os.Lstat(filepath.Join(path, name))
}
