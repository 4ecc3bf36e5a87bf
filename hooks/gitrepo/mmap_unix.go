//go:build unix

package gitrepo

import (
	"os"
	"syscall"
)

// mapFile maps a file read-only. Pack files and their indexes are read by
// mapping them: a delta chain of fifty objects then costs memory reads, not
// a hundred small pread calls, which is most of what the post-commit hook
// does.
func mapFile(f *os.File, size int64) ([]byte, error) {
	if size == 0 || int64(int(size)) != size {
		return nil, syscall.EINVAL
	}
	return syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
}

func unmapFile(b []byte) { syscall.Munmap(b) }
