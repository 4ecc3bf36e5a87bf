package install

import (
	"fmt"
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
}

// Changed reports whether any hook file was written, moved or removed.
func (r Report) Changed() bool {
	for _, h := range r.Hooks {
		if h.Action != AlreadyInstalled && h.Action != NotInstalled {
			return true
		}
	}
	return false
}

// String is one line per hook, each ending in a newline.
func (r Report) String() string {
	var b strings.Builder
	for _, h := range r.Hooks {
		b.WriteString(h.String())
		b.WriteByte('\n')
	}
	if r.Shared != "" {
		b.WriteString("note: " + r.Shared + "\n")
	}
	return b.String()
}
