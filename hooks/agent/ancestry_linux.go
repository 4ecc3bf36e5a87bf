package agent

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// startedBySw reports whether an ancestor of this process, above its own
// parent, runs the very binary this process runs: for a hook, sw (its
// binary) started git, which started the hook's shim, which started this
// sw. It reads /proc, the system's own record, which no process can
// rewrite for another.
func startedBySw() bool {
	self, err := os.Executable()
	if err != nil {
		return false
	}
	self, _ = filepath.EvalSymlinks(self)
	pid := parentOf(os.Getpid())
	for depth := 0; depth < 4 && pid > 1; depth++ {
		pid = parentOf(pid)
		exe, err := os.Readlink("/proc/" + strconv.Itoa(pid) + "/exe")
		if err == nil && exe == self {
			return true
		}
	}
	return false
}

// parentOf is the process id of pid's parent, 0 when it cannot be read.
func parentOf(pid int) int {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	// pid (comm) state ppid ...: comm may hold spaces and parentheses.
	s := string(data)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(fields) < 2 {
		return 0
	}
	ppid, _ := strconv.Atoi(fields[1])
	return ppid
}
