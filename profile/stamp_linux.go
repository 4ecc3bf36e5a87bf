package profile

import (
	"io/fs"
	"syscall"
)

// inodeAndChange reads what a modification time alone would miss: a file
// replaced by another, or changed and set back to its old time.
func inodeAndChange(fi fs.FileInfo) (ino, ctimeNanos int64) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return int64(st.Ino), int64(st.Ctim.Sec)*1e9 + int64(st.Ctim.Nsec)
	}
	return 0, 0
}
