package install

import "strings"

// The guard (sw hook guard) lets the agent change Claude Code's settings
// with its file tools as long as what keeps the profile the person's
// stays: sw's hooks (calling the same sw), deny rules and sandbox
// settings, hooks on, and the sandbox no looser. It asks here, so that
// what makes an entry sw's is decided in one place.

// AgentEntries lists sw's hooks, deny rules and sandbox settings that the
// settings document text holds, by their descriptions; a hook's names
// the sw it calls. Text that is not a JSON object holds none (Claude Code
// could not read it either).
func AgentEntries(text []byte) []string {
	doc, err := parseJSON(text)
	if err != nil {
		return nil
	}
	root := &doc.root
	var found []string
	for _, h := range agentHooks {
		for _, c := range h.commands(root) {
			_, binary, _ := parseHookCommand(stringOf(c))
			found = append(found, h.String()+", calling "+calling(binary))
		}
	}
	for _, e := range allEntries() {
		if e.at(root) != nil {
			found = append(found, e.String())
		}
	}
	return found
}

// TurnsHooksOff reports whether the settings document text turns every
// hook off: Claude Code's "disableAllHooks": true.
func TurnsHooksOff(text []byte) bool {
	doc, err := parseJSON(text)
	return err == nil && textOf(member(&doc.root, "disableAllHooks")) == "true"
}

// SandboxLoosening lists what the settings document text sets that lets
// a shell command past Claude Code's sandbox, in any settings file: the
// sandbox off, commands run outside it (asked for, or excluded by
// pattern), writes let through inside a folder it denies, the file
// system left unenforced, or namespaces of a command's own, through
// which it can undo the sandbox's read-only binds.
func SandboxLoosening(text []byte) []string {
	doc, err := parseJSON(text)
	if err != nil {
		return nil
	}
	sandbox := member(&doc.root, "sandbox")
	var found []string
	for _, s := range []struct{ path, loose string }{
		{"enabled", "false"}, {"allowUnsandboxedCommands", "true"},
		{"filesystem.disabled", "true"}, {"allowNestedUserNamespaces", "true"},
	} {
		if textOf(memberAt(sandbox, strings.Split(s.path, ".")...)) == s.loose {
			found = append(found, "sandbox."+s.path+" "+s.loose)
		}
	}
	for _, path := range []string{"excludedCommands", "filesystem.allowWriteWithinDeny"} {
		for _, e := range elements(memberAt(sandbox, strings.Split(path, ".")...)) {
			found = append(found, "sandbox."+path+" "+textOf(e))
		}
	}
	return found
}
