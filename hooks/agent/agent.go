// Package agent tells whether a coding agent started the command sw runs
// in. The agents sw knows set a variable in the environment of every
// command they run, so git's hooks, which inherit it, know when git was run
// by the agent rather than by the person: then they refuse what only the
// person decides, whatever shell or script ran git.
//
// A variable counts when it is set to anything but "" or "0". The shims
// test the same in the shell (ShellTest), before they start sw, so the
// person's own commands pay for no process.
//
// A variable is a marker, not a proof: a process that takes it out of its
// environment would be taken for the person, but in Claude Code's sandbox
// the read-only profile folder gives the agent away (In). sw takes the
// markers out of the git commands it runs itself (Strip), which are sw's,
// not the agent's.
package agent

import (
	"slices"
	"strings"

	"sw/profile/collection"
)

// Marker is a variable an agent sets in the environment of the commands
// it runs, and the agent it names.
type Marker struct {
	Var, Agent string
}

// Markers are the variables honoured, each checked against the agent's own
// source or documentation (see `sw help hooks`, "When git runs for an
// agent"); the first one set names the agent.
var Markers = []Marker{
	{"CLAUDECODE", "Claude Code"},
	{"AI_AGENT", "an agent"},
	{"GEMINI_CLI", "Gemini CLI"},
	{"CODEX_THREAD_ID", "Codex CLI"},
	{"CODEX_SANDBOX", "Codex CLI"},
	{"CODEX_SANDBOX_NETWORK_DISABLED", "Codex CLI"},
}

// String names the agent and how sw knows, for a message:
// "Claude Code (CLAUDECODE is set)".
func (m Marker) String() string {
	if m.Var == "" {
		return m.Agent + " (" + collection.ProfileDir + "/ is read-only here)"
	}
	return m.Agent + " (" + m.Var + " is set)"
}

// Detect reports the first marker set in the environment getenv reads.
// A value of "" or "0" is unset, the rule ShellTest repeats.
func Detect(getenv func(string) string) (Marker, bool) {
	for _, m := range Markers {
		if v := getenv(m.Var); v != "" && v != "0" {
			return m, true
		}
	}
	return Marker{}, false
}

// ShellTest is a POSIX shell test, made of builtins only, that succeeds
// where In may find an agent, run where git runs hooks (the top of the
// working tree): a marker set (${V#0} is empty exactly when V is "" or
// "0", so the markers' values joined that way are empty when none is
// set), or a profile folder this process cannot write to, which sw then
// tells from one mounted read-only.
func ShellTest() string {
	test := `{ [ -n "`
	for _, m := range Markers {
		test += "${" + m.Var + "#0}"
	}
	p := collection.ProfileDir
	return test + `" ] || { [ -d ` + p + ` ] && ! [ -w ` + p + ` ]; }; }`
}

// Strip returns env (NAME=value entries) without the markers: the
// environment of a git command sw runs itself, whose hooks must know it
// for sw's own rather than the agent's.
func Strip(env []string) []string {
	return slices.DeleteFunc(append([]string{}, env...), func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return slices.ContainsFunc(Markers, func(m Marker) bool { return m.Var == name })
	})
}
