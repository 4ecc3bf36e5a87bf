package install

import (
	"os/exec"
	"runtime"
	"strings"

	"sw/profile/collection"
)

// The guard reads a shell command's words, and a command it cannot read
// through (a script the agent wrote, then ran; a find -exec; an awk
// redirection; base64 -d | bash) writes wherever it likes. Claude Code's
// own sandbox does not read words: with it on, every Bash command and its
// children run with the paths of sandbox.filesystem.denyWrite read-only
// (bubblewrap on Linux, Seatbelt on macOS), and allowUnsandboxedCommands
// false keeps the agent from asking to run one outside it. A relative
// path there is relative to the project, for project settings. The
// sandbox also keeps, of itself, .claude/settings*.json, .git/hooks and
// .git/config read-only. .sw.yaml is denied as well: without it sw finds
// no collection, and nothing is protected.
//
// On Linux the sandbox needs bwrap and socat; where they are missing,
// Claude Code warns and runs commands without it, so install says how to
// get them.

// denyWriteKeys lead to the sandbox's list of paths denied for writing.
var denyWriteKeys = []string{"sandbox", "filesystem", "denyWrite"}

// sandboxEntries are sw's sandbox settings, in the order they are added.
func sandboxEntries() []entry {
	return []entry{
		{keys: []string{"sandbox", "enabled"}, value: "true"},
		{keys: []string{"sandbox", "allowUnsandboxedCommands"}, value: "false"},
		{keys: denyWriteKeys, value: "./" + collection.ProfileDir, list: true},
		{keys: denyWriteKeys, value: "./" + collection.FeedbackFile, list: true},
		{keys: denyWriteKeys, value: "./" + collection.SettingsFile, list: true},
	}
}

// sandboxLine says in one line what the sandbox does for the profile:
// on, or not as sw would set it because of the person's settings
// (theirs), or left off.
func sandboxLine(on bool, theirs []string) string {
	switch {
	case !on:
		return "Claude Code's sandbox: not set (--no-sandbox), so only the guard, which reads a command's words, keeps the agent's shell out of " + collection.ProfileDir + "/"
	case len(theirs) > 0:
		return "Claude Code's sandbox: not as sw sets it, for your settings say otherwise (" + strings.Join(theirs, "; ") + "), which sw leaves as they are"
	}
	return "Claude Code's sandbox: on, so every shell command the agent runs finds " + collection.ProfileDir + "/, " +
		collection.FeedbackFile + " and " + collection.SettingsFile + " read-only (--no-sandbox leaves it off)"
}

// Where to look for the sandbox's tools: variables, for tests.
var (
	lookPath = exec.LookPath
	goos     = runtime.GOOS
)

// sandboxToolsMissing is, on Linux, a warning naming the tools the
// sandbox needs that are not on PATH; "" when none is missing.
func sandboxToolsMissing() string {
	if goos != "linux" {
		return ""
	}
	var missing []string
	for _, tool := range []string{"bwrap", "socat"} {
		if _, err := lookPath(tool); err != nil {
			missing = append(missing, tool)
		}
	}
	if len(missing) == 0 {
		return ""
	}
	verb := " is"
	if len(missing) > 1 {
		verb = " are"
	}
	return "Claude Code's sandbox needs bwrap and socat, and " + strings.Join(missing, " and ") + verb +
		" not on PATH: until you install them (Debian and Ubuntu: sudo apt-get install bubblewrap socat), Claude Code runs the agent's shell commands without it"
}
