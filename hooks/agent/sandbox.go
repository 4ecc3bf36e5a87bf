package agent

import (
	"os"
	"path/filepath"

	"sw/profile/collection"
)

// Sandbox stands for Claude Code's sandbox, known without a variable: sw
// hook install has it keep profile/ read-only for every command the agent
// runs (bubblewrap, on Linux). A script can take CLAUDECODE out of its
// environment before it runs git; it cannot leave the sandbox.
var Sandbox = Marker{Agent: "an agent in Claude Code's sandbox"}

// In reports the agent a command runs for: the first marker set in the
// environment getenv reads; or else, where the profile folder of the
// collection holding dir sits on a file system mounted read-only, Claude
// Code's sandbox, unless git was started by sw itself (sw's own git
// commands take the markers out, and sw answers for what it runs there:
// it asks In before anything only the person may do).
func In(getenv func(string) string, dir string) (Marker, bool) {
	if m, ok := Detect(getenv); ok {
		return m, true
	}
	root := collectionRoot(dir)
	if root == "" || !readOnlyFS(filepath.Join(root, collection.ProfileDir)) || startedBySw() {
		return Marker{}, false
	}
	return Sandbox, true
}

// collectionRoot is the nearest folder from dir up that holds .sw.yaml;
// "" for none.
func collectionRoot(dir string) string {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Lstat(filepath.Join(dir, collection.SettingsFile)); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
