//go:build unix

package confine

import "syscall"

func mkfifo(path string) error { return syscall.Mkfifo(path, 0o666) }
