//go:build unix

package confine

import "syscall"

// openNoWait opens a named pipe without waiting for a writer.
const openNoWait = syscall.O_NONBLOCK
