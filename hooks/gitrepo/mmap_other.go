//go:build !unix

package gitrepo

import (
	"errors"
	"os"
)

// Without mmap, packs are read with ReadAt.
func mapFile(f *os.File, size int64) ([]byte, error) { return nil, errors.ErrUnsupported }

func unmapFile(b []byte) {}
