//go:build unix

package analyze

import (
	"os/exec"
	"syscall"
)

// inGroup starts the analyzer as the leader of a process group of its own,
// and makes cancelling it kill that whole group: an analyzer is often a
// shell script or an interpreter that starts children, and killing only the
// leader would leave them running and holding its output open.
func inGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		killGroup(cmd)
		return nil
	}
}

// killGroup kills whatever is left of the analyzer's process group, also
// after a normal exit, to end stragglers it started in the background. The
// group id cannot name another process while any member lives, and the
// kernel hands out ids in sequence, so it is not reused this soon.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil && cmd.Process.Pid > 0 {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
