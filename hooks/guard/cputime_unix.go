//go:build unix

package guard

import (
	"syscall"
	"time"
)

// CPUTime is the processor time this process has used, user and system:
// on a busy machine the clock says more of the machine than of the code,
// for a benchmark and for the guard's budget alike.
func CPUTime() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
