//go:build !unix

package hooks

import "syscall"

// detached is the default elsewhere: a background process (an analysis, a
// push watcher) still runs on after the hook, as git does not wait for a
// process it did not start.
func detached() *syscall.SysProcAttr { return nil }
