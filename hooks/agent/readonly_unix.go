//go:build unix

package agent

import "syscall"

// readOnlyFS reports whether path lies on a file system mounted read-only
// for this process: writing there fails whatever its permissions say.
func readOnlyFS(path string) bool {
	const wOK = 2
	return syscall.Access(path, wOK) == syscall.EROFS
}
