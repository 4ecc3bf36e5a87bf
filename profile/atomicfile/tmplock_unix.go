//go:build unix

package atomicfile

import (
	"os"
	"syscall"
)

// TryLock takes f's lock (flock) unless another process holds it, or
// another open file of the same one. The kernel lets go of it when every
// process that shares the open file has closed it or ended, however it
// ended.
func TryLock(f *os.File) bool {
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
