//go:build unix

package hooks

import "syscall"

// detached makes the background analysis a session of its own, so it
// outlives the hook and no signal meant for git's terminal reaches it.
func detached() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }
