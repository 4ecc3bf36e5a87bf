package install

import (
	"os"
	"path/filepath"
	"strings"
)

// What the project's settings leave in force of sw's. Claude Code reads a
// project's settings from two files: the shared one sw writes, and the
// person's own beside it, which wins where both set something. Either may
// say "disableAllHooks": true, and then Claude Code runs no hook at all:
// sw's entries are there, and nothing runs them. A cloned collection can
// ship that line; so sw says so wherever it says its hooks are in place.

// ProjectSettingsFiles are Claude Code's settings files of a project,
// relative to the top of its working tree.
var ProjectSettingsFiles = []string{ClaudeSettingsFile, ".claude/settings.local.json"}

// HooksOff lists the project settings files of the working tree at root
// that turn every hook off. A file that cannot be read turns nothing off.
func HooksOff(root string) []string {
	var off []string
	for _, f := range ProjectSettingsFiles {
		if text, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f))); err == nil && TurnsHooksOff(text) {
			off = append(off, f)
		}
	}
	return off
}

// HooksOffNote says in one line what files turning hooks off means.
func HooksOffNote(files []string) string {
	return plural(files, " says", " say") + ` "disableAllHooks": true, so Claude Code runs none of sw's hooks: ` +
		"the profile is not loaded at a session's start, and no guard stops the agent's writes; take that line out to turn them on"
}

// turnOff says that files turn every hook off.
func turnOff(files []string) string {
	return plural(files, " turns", " turn") + " every hook off"
}

// plural is files, joined, then the verb for one or for more.
func plural(files []string, one, more string) string {
	if len(files) > 1 {
		one = more
	}
	return strings.Join(files, " and ") + one
}

// localSandbox lists what the person's own settings file of the working
// tree at root sets against sw's sandbox settings: it wins over the
// shared file's.
func localSandbox(root string) []string {
	local := ProjectSettingsFiles[1]
	text, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(local)))
	if err != nil {
		return nil
	}
	doc, err := parseJSON(text)
	if err != nil {
		return nil
	}
	var theirs []string
	for _, e := range sandboxEntries() {
		if v := e.theirs(&doc.root); v != nil {
			theirs = append(theirs, local+": "+strings.Join(e.keys, ".")+" "+textOf(v))
		}
	}
	return theirs
}
