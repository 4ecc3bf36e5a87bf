// Package hooks holds the entry points git and the agent call: what runs
// when `sw hook <event>` is invoked. Each entry point is forgiving by design:
// a hook runs inside someone's commit or agent session, so a problem in the
// collection is reported in one line and never fails the caller.
package hooks

import (
	"encoding/json"
	"io"
	"os"
	"sw/hooks/guard"
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

// firstArg is git's first argument to the hook, "" when there is none.
func (io IO) firstArg() string {
	if len(io.Args) == 0 {
		return ""
	}
	return io.Args[0]
}

// agentInput is the part of Claude Code's hook JSON that sw reads.
type agentInput struct {
	HookEventName string `json:"hook_event_name"`
	SessionID     string `json:"session_id"`
	Source        string `json:"source"` // SessionStart: startup, resume, clear, compact, fork
	Cwd           string `json:"cwd"`
}

// maxAgentInput bounds what is read of a hook's input: past the guard's
// bound, the input is not a hook call sw understands.
const maxAgentInput = guard.MaxInput

// Guard is `sw hook guard` (see package guard).
func Guard(io IO) int {
	return guard.Guard(guard.Env{Stdin: io.Stdin, Stdout: io.Stdout, Stderr: io.Stderr, Getenv: io.Getenv, Dir: io.Dir})
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
	data, err := io.ReadAll(io.LimitReader(stdin, maxAgentInput+1))
	if len(data) > maxAgentInput {
		// Read the rest and drop it: a writer cut off mid-input would
		// fail on a broken pipe.
		io.Copy(io.Discard, stdin)
		return in, false
	}
	if err != nil || len(data) == 0 {
		return in, false
	}
	// A hook call names its event or its session; either will do.
	if json.Unmarshal(data, &in) != nil || in.HookEventName == "" && in.SessionID == "" {
		return agentInput{}, false
	}
	return in, true
}
