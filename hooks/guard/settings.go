package guard

import (
	"slices"

	"sw/hooks/install"
)

// editKeepsAgentEntries reports whether a file tool's call leaves Claude
// Code's settings file holding every one of sw's hooks, deny rules and
// sandbox settings it held before, with hooks on and the sandbox no
// looser than it was. The rest of the file is the person's and the
// agent's to change; a call whose content cannot be read is taken to
// take sw's entries out.
func editKeepsAgentEntries(call guardCall, before []byte) bool {
	after, readable, _ := editResult(call, before, noSpan)
	if !readable || install.TurnsHooksOff(after) {
		return false
	}
	return containsAll(install.AgentEntries(after), install.AgentEntries(before)) &&
		containsAll(install.SandboxLoosening(before), install.SandboxLoosening(after))
}

// containsAll reports whether have holds every one of want.
func containsAll(have, want []string) bool {
	return !slices.ContainsFunc(want, func(w string) bool { return !slices.Contains(have, w) })
}
