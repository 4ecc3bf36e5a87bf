//go:build unix

package atomicfile

import (
	"bytes"
	"os"
	"strconv"
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
// user: then signalling it is not permitted). One that has ended but that
// its parent has not reaped (a zombie, which an init that does not reap
// keeps for good) has ended.
func alive(pid int) bool {
	if err := syscall.Kill(pid, 0); err != nil && err != syscall.EPERM {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true // no /proc here: the signal's answer stands
	}
	// pid (comm) state ...: comm may hold anything, so read after its
	// closing parenthesis.
	rest := stat[bytes.LastIndexByte(stat, ')')+1:]
	state := bytes.Fields(rest)
	return len(state) == 0 || (string(state[0]) != "Z" && string(state[0]) != "X")
}
