//go:build !unix

package analyze

import "os/exec"

// inGroup leaves the default: cancelling kills the analyzer process itself.
// Children it started may outlive it; WaitDelay still bounds the wait.
func inGroup(cmd *exec.Cmd) {}

func killGroup(cmd *exec.Cmd) {}
