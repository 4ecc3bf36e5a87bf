package atomicfile

import (
	"os"
	"syscall"
)

// openForWriting reports whether any process holds f's file open for
// writing. Linux grants a read lease only on a file nobody has open for
// writing, so sw asks for one and gives it back at once: an editor in the
// middle of saving in place (truncated, not yet written) holds the file
// open. known is false where the kernel will not say (a file sw's user
// does not own, a file system without leases).
func openForWriting(f *os.File) (writing, known bool) {
	conn, err := f.SyscallConn()
	if err != nil {
		return false, false
	}
	var leaseErr error
	conn.Control(func(fd uintptr) {
		leaseErr = fcntl(fd, syscall.F_SETLEASE, syscall.F_RDLCK)
		if leaseErr == nil {
			fcntl(fd, syscall.F_SETLEASE, syscall.F_UNLCK)
		}
	})
	switch leaseErr {
	case nil:
		return false, true
	case syscall.EAGAIN:
		return true, true
	}
	return false, false
}

func fcntl(fd, cmd, arg uintptr) error {
	if _, _, errno := syscall.Syscall(syscall.SYS_FCNTL, fd, cmd, arg); errno != 0 {
		return errno
	}
	return nil
}
