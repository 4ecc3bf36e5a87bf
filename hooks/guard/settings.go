package guard

import (
	"slices"

	"sw/hooks/install"
)

// editKeepsAgentEntries reports whether a file tool's call leaves Claude
// Code's settings file holding every one of sw's hooks and deny rules it
// held before, with hooks on. The rest of the file is the person's and
// the agent's to change; a call whose content cannot be read is taken to
// take sw's entries out.
func editKeepsAgentEntries(call guardCall, before []byte) bool {
	after, readable, _ := editResult(call, before, noSpan)
	if !readable || install.TurnsHooksOff(after) {
		return false
	}
	kept := install.AgentEntries(after)
	for _, e := range install.AgentEntries(before) {
		if !slices.Contains(kept, e) {
			return false
		}
	}
	return true
}
