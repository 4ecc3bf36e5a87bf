//go:build unix

package atomicfile

import (
	"os"
	"syscall"
)

// tryLock takes f's lock (flock) unless another process holds it. The
// kernel lets go of it when the file is closed or the process ends,
// however it ends.
func tryLock(f *os.File) bool {
	conn, err := f.SyscallConn()
	if err != nil {
		return false
	}
	var lockErr error
	conn.Control(func(fd uintptr) { lockErr = syscall.Flock(int(fd), syscall.LOCK_EX|syscall.LOCK_NB) })
	// A file system without locks (some network shares) cannot say: the
	// name and the age decide.
	return lockErr != syscall.EWOULDBLOCK
}

// alive reports whether a process with the id runs (perhaps as another
// user: then signalling it is not permitted).
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}
