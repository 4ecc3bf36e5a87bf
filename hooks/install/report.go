package install

import (
	"fmt"
	"slices"
	"strings"
)

// Action is what install or uninstall did to one hook file.
type Action string

const (
	// Installed: there was no hook; sw's shim is now there.
	Installed Action = "installed"
	// Chained: a hook was there; it is kept as <hook>.sw-chained and runs
	// first, then sw.
	Chained Action = "chained"
	// AlreadyInstalled: sw's shim was there already; nothing changed.
	AlreadyInstalled Action = "already installed"
	// Updated: an older (or altered) shim of sw's was rewritten.
	Updated Action = "updated"
	// Restored: sw's shim was taken away and the hook that was there before
	// is back in place, bytes and mode as they were.
	Restored Action = "restored"
	// Removed: sw's shim was taken away; there had been no hook before it.
	Removed Action = "removed"
	// NotInstalled: uninstall found no shim of sw's; nothing changed.
	NotInstalled Action = "not installed"
	// Created: there was no agent settings file; sw wrote one with its
	// entries.
	Created Action = "created"
)

// HookResult is what happened to one hook: one line of the command's output.
type HookResult struct {
	Hook   string `json:"hook"`             // the hook's name, e.g. post-commit
	Path   string `json:"path"`             // the hook file git runs
	Action Action `json:"action"`           // what was done
	Detail string `json:"detail,omitempty"` // why, or what to know, in words
}

// String is the line a person reads: "post-commit: chained (...)".
func (r HookResult) String() string {
	if r.Detail == "" {
		return fmt.Sprintf("%s: %s", r.Hook, r.Action)
	}
	return fmt.Sprintf("%s: %s (%s)", r.Hook, r.Action, r.Detail)
}

// Report is what Install or Uninstall did, one entry per hook in a stable
// order, so a command can print it line by line or as JSON.
type Report struct {
	Dir   string       `json:"dir"` // the folder git runs hooks from
	Hooks []HookResult `json:"hooks"`
	// Shared warns that Dir is not this repository's alone: core.hooksPath
	// comes from a configuration outside it, so every repository that
	// uses the same setting runs what is installed there.
	Shared string `json:"shared,omitempty"`
	// Attributes is what was done to memory.md's merge rule in the
	// repository's attributes file (see attributes.go).
	Attributes *HookResult `json:"attributes,omitempty"`
	// Agent is what was done to Claude Code's settings; nil when the
	// agent side was left out.
	Agent *AgentResult `json:"agent,omitempty"`
}

// AgentResult is what install or uninstall did to Claude Code's project
// settings file: the action, and each of sw's entries added, pointed at
// this sw, or taken out; for install, what calls sw and whether the
// sandbox is on.
type AgentResult struct {
	File    string   `json:"file"` // .claude/settings.json
	Path    string   `json:"path"` // the file itself
	Action  Action   `json:"action"`
	Detail  string   `json:"detail,omitempty"`
	Added   []string `json:"added,omitempty"`
	Updated []string `json:"updated,omitempty"`
	Removed []string `json:"removed,omitempty"`
	// Binary is the sw the hooks call by its path ("" for sw on PATH).
	Binary string `json:"binary,omitempty"`
	// Sandbox says in one line whether Claude Code's sandbox is on.
	Sandbox string `json:"sandbox,omitempty"`
	// HooksOff are the project's settings files that turn every hook off.
	HooksOff []string `json:"hooks_off,omitempty"`
	// Warnings are what keeps sw's settings from holding, one line each.
	Warnings []string `json:"warnings,omitempty"`
}

// String is the result's lines: ".claude/settings.json: created", then
// one indented line per entry added, pointed at this sw or taken out;
// for install, a line saying which sw the hooks call, and one for the
// sandbox. Warnings are not among them (see Report.Warnings).
func (r AgentResult) String() string {
	var b strings.Builder
	b.WriteString(HookResult{Hook: r.File, Action: r.Action, Detail: r.Detail}.String() + "\n")
	for _, list := range []struct {
		verb    string
		entries []string
	}{{"added", r.Added}, {"updated", r.Updated}, {"removed", r.Removed}} {
		for _, e := range list.entries {
			b.WriteString("  " + list.verb + " " + e + "\n")
		}
	}
	if r.Sandbox == "" { // uninstall
		return b.String()
	}
	if r.Binary != "" {
		b.WriteString("Claude Code's hooks call " + r.Binary + ", or sw on PATH once that is gone\n")
	} else {
		b.WriteString("Claude Code's hooks call sw on PATH\n")
	}
	b.WriteString(r.Sandbox + "\n")
	return b.String()
}

// Changed reports whether any hook file was written, moved or removed,
// or the agent's settings changed.
func (r Report) Changed() bool {
	changed := func(a Action) bool { return a != AlreadyInstalled && a != NotInstalled }
	return slices.ContainsFunc(r.Hooks, func(h HookResult) bool { return changed(h.Action) }) ||
		r.Attributes != nil && changed(r.Attributes.Action) || r.Agent != nil && changed(r.Agent.Action)
}

// String is one line per hook, each ending in a newline, then the merge
// rule's line and the lines of the agent's settings.
func (r Report) String() string {
	var b strings.Builder
	for _, h := range r.Hooks {
		b.WriteString(h.String())
		b.WriteByte('\n')
	}
	if r.Attributes != nil {
		b.WriteString(r.Attributes.String() + "\n")
	}
	if r.Agent != nil {
		b.WriteString(r.Agent.String())
	}
	if r.Shared != "" {
		b.WriteString("note: " + r.Shared + "\n")
	}
	return b.String()
}

// Warnings are what keeps what was installed from working as the report
// says, one line each, for a person to see apart from the report.
func (r Report) Warnings() []string {
	if r.Agent == nil {
		return nil
	}
	return r.Agent.Warnings
}
