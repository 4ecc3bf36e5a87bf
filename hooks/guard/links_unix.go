//go:build unix

package guard

import (
	"os"
	"syscall"
)

// linkCount is how many names the file has.
func linkCount(fi os.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}
