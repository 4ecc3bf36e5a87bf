// Package hooks holds the entry points git and the agent call: what runs
// when `sw hook <event>` is invoked. Each entry point is forgiving by design:
// a hook runs inside someone's commit or agent session, so a problem in the
// collection is reported in one line and never fails the caller.
package hooks

import (
	"encoding/json"
	"io"
	"os"
)

// IO is what an entry point reads and writes, so tests and the command
// line can hand in their own.
type IO struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	Dir            string   // the folder the hook was started in
	Args           []string // what git passed the hook
}

// agentInput is the part of Claude Code's hook JSON that sw reads.
type agentInput struct {
	HookEventName string `json:"hook_event_name"`
	Source        string `json:"source"` // SessionStart: startup, resume, clear, compact, fork
	Cwd           string `json:"cwd"`
}

// readAgentInput reads the hook JSON on stdin, if there is any. A launcher
// that calls a hook with no stdin, or with a terminal, gets ok == false.
func readAgentInput(stdin io.Reader) (in agentInput, ok bool) {
	if stdin == nil {
		return in, false
	}
	if f, isFile := stdin.(*os.File); isFile {
		if fi, err := f.Stat(); err != nil || fi.Mode()&os.ModeCharDevice != 0 {
			return in, false
		}
	}
	data, err := io.ReadAll(io.LimitReader(stdin, 1<<20))
	if err != nil || len(data) == 0 {
		return in, false
	}
	if json.Unmarshal(data, &in) != nil || in.HookEventName == "" {
		return agentInput{}, false
	}
	return in, true
}
