package install

// The guard (sw hook guard) lets the agent change Claude Code's settings
// with its file tools as long as what keeps the profile the person's
// stays: sw's hooks and deny rules, and hooks on. It asks here, so that
// what makes an entry sw's is decided in one place.

// AgentEntries lists sw's hooks and deny rules that the settings
// document text holds, by their descriptions. Text that is not a JSON
// object holds none (Claude Code could not read it either).
func AgentEntries(text []byte) []string {
	root, err := parseJSON(text)
	if err != nil || root.kind != '{' {
		return nil
	}
	var found []string
	for _, h := range agentHooks {
		if hasHook(root, h) {
			found = append(found, h.String())
		}
	}
	for _, rule := range denyRules() {
		if hasString(root.member("permissions").member("deny"), rule) {
			found = append(found, denyString(rule))
		}
	}
	return found
}

// TurnsHooksOff reports whether the settings document text turns every
// hook off: Claude Code's "disableAllHooks": true.
func TurnsHooksOff(text []byte) bool {
	root, err := parseJSON(text)
	if err != nil || root.kind != '{' {
		return false
	}
	off := root.member("disableAllHooks")
	return off != nil && string(text[off.start:off.end]) == "true"

}
