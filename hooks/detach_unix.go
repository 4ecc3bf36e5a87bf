//go:build unix

package hooks

import "syscall"

// detached makes a background process (an analysis, a push watcher) a
// session of its own, so it outlives the hook and no signal meant for
// git's terminal reaches it.
func detached() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }
