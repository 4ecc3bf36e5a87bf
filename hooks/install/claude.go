package install

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"sw/profile/atomicfile"
	"sw/profile/collection"
	"sw/profile/confine"
)

// The agent side of `sw hook install`: Claude Code reads a project's
// shared settings from .claude/settings.json at the top of the project.
// sw merges three things into it, and nothing else:
//
//   - a SessionStart hook running `sw hook pre-session`, which writes the
//     profile into CLAUDE.md before the session reads it;
//   - PreToolUse hooks running `sw hook guard` for the tools that edit
//     files and for Bash, which deny a tool call that would write the
//     profile, the feedback file or sw's block of CLAUDE.md;
//   - permissions.deny rules Edit(/profile/**) and
//     Edit(/profile_feedback.json). Claude Code applies an Edit rule to
//     every built-in tool that edits files, and reads a path that starts
//     with one slash as relative to the project the settings file belongs
//     to (two slashes would start an absolute path).
//
// The hook configuration is Claude Code's: under "hooks", each event holds
// an array of matcher groups, {"matcher": <tool names>, "hooks": [{"type":
// "command", "command": ...}]}; SessionStart needs no matcher.
//
// An entry is sw's by what it runs: a hook whose command is exactly sw's,
// a deny rule that is exactly one of sw's. Installing adds only the ones
// that are missing, so installing twice is installing once; uninstalling
// takes out every one it finds, and with it any array or object it leaves
// empty (it held nothing else), up to the file itself, and the .claude
// folder if that is then empty. So a file sw created goes away again, and
// one the person had is left as it was, byte for byte, unless it had held
// an empty list or object where sw put its entries: that one goes too.

// ClaudeSettingsFile is Claude Code's project settings file, relative to
// the top of the working tree.
const ClaudeSettingsFile = ".claude/settings.json"

// The commands sw's agent hooks run.
const (
	PreSessionCommand = "sw hook pre-session"
	GuardCommand      = "sw hook guard"
)

// agentHook is one hook sw puts into the settings.
type agentHook struct {
	event   string // Claude Code's hook event
	matcher string // the tools it is for; "" for an event without tools
	command string
}

// agentHooks are sw's hooks, in the order they are added and reported.
var agentHooks = []agentHook{
	{"SessionStart", "", PreSessionCommand},
	{"PreToolUse", "Edit|Write|MultiEdit|NotebookEdit", GuardCommand},
	{"PreToolUse", "Bash", GuardCommand},
}

// String describes the hook in the report.
func (h agentHook) String() string {
	if h.matcher == "" {
		return fmt.Sprintf("%s hook %q", h.event, h.command)
	}
	return fmt.Sprintf("%s hook %q for %s", h.event, h.command, h.matcher)
}

// group is the matcher group that holds the hook, as sw writes it.
func (h agentHook) group() jsonValue {
	var g []jsonKV
	if h.matcher != "" {
		g = append(g, jsonKV{"matcher", h.matcher})
	}
	hook := []jsonKV{{"type", "command"}, {"command", h.command}}
	return append(g, jsonKV{"hooks", []jsonValue{hook}})
}

// denyRules are the permission rules that keep Claude Code's own file
// tools out of the profile and the feedback file.
func denyRules() []string {
	return []string{
		"Edit(/" + collection.ProfileDir + "/**)",
		"Edit(/" + collection.FeedbackFile + ")",
	}
}

func denyString(rule string) string { return "deny rule " + rule }

// mergeAgentSettings adds to the settings document text whichever of sw's
// hooks and deny rules it lacks, and says what it added. Everything else
// keeps its bytes. A document that is not an object, or that has a value
// of the wrong kind where sw's entries go, is an error: sw cannot add to
// it, and Claude Code could not read it either.
func mergeAgentSettings(text []byte) ([]byte, []string, error) {
	root, err := parseJSON(text)
	if err != nil {
		return nil, nil, err
	}
	if err := checkShape(text, root); err != nil {
		return nil, nil, err
	}
	st := styleOf(text, root)
	var added []string
	for _, h := range agentHooks {
		if root := mustParse(text); !hasHook(root, h) {
			text = addToArray(text, st, root, []string{"hooks", h.event}, h.group())
			added = append(added, h.String())
		}
	}
	for _, rule := range denyRules() {
		if root := mustParse(text); !hasString(root.member("permissions").member("deny"), rule) {
			text = addToArray(text, st, root, []string{"permissions", "deny"}, rule)
			added = append(added, denyString(rule))
		}
	}
	return text, added, nil
}

// removeAgentSettings takes sw's hooks and deny rules out of the settings
// document text, and says what it took out. It reports whether the
// document is left an empty object: it held nothing but sw's entries.
func removeAgentSettings(text []byte) (out []byte, removed []string, empty bool, err error) {
	root, err := parseJSON(text)
	if err != nil {
		return nil, nil, false, err
	}
	for {
		c, i, what, ok := findAgentEntry(root)
		if !ok {
			break
		}
		text = removeEntry(text, c, i)
		removed = append(removed, what)
		root = mustParse(text)
	}
	return text, removed, len(removed) > 0 && root.kind == '{' && root.entries() == 0, nil
}

// mustParse parses a document sw has just edited, which was valid before:
// an edit that broke it is a bug in sw.
func mustParse(text []byte) *jsonNode {
	root, err := parseJSON(text)
	if err != nil {
		panic("sw broke a settings file it edited: " + err.Error())
	}
	return root
}

// checkShape makes sure sw can add its entries: the document is an
// object, and "hooks", its events, "permissions" and "deny" are, where
// present, the kind of value Claude Code expects.
func checkShape(text []byte, root *jsonNode) error {
	want := func(n *jsonNode, name string, kind byte) error {
		if n == nil || n.kind == kind {
			return nil
		}
		line, col := position(text, n.start)
		expected := (&jsonNode{kind: kind}).kindName()
		return &JSONError{Line: line, Column: col,
			Msg: fmt.Sprintf("%s is %s; Claude Code expects %s there", name, n.kindName(), expected)}
	}
	if err := want(root, "the settings", '{'); err != nil {
		return err
	}
	hooks := root.member("hooks")
	if err := want(hooks, `"hooks"`, '{'); err != nil {
		return err
	}
	for _, h := range agentHooks {
		if err := want(hooks.member(h.event), fmt.Sprintf("%q in \"hooks\"", h.event), '['); err != nil {
			return err
		}
	}
	perms := root.member("permissions")
	if err := want(perms, `"permissions"`, '{'); err != nil {
		return err
	}
	return want(perms.member("deny"), `"deny" in "permissions"`, '[')
}

// addToArray appends elem to the array found by following keys from the
// top object, creating the objects and the array that are missing.
// checkShape has made sure that what is there is of the right kind.
func addToArray(text []byte, st jsonStyle, root *jsonNode, keys []string, elem jsonValue) []byte {
	n := root
	for i, key := range keys {
		child := n.member(key)
		if child == nil {
			var v jsonValue = []jsonValue{elem}
			for j := len(keys) - 1; j > i; j-- {
				v = []jsonKV{{keys[j], v}}
			}
			return insertEntry(text, st, n, jsonKV{key, v})
		}
		n = child
	}
	return insertEntry(text, st, n, elem)
}

// hasHook reports whether the settings hold h: a command hook running
// h.command in a matcher group for h.matcher (for an event without tools,
// in any group).
func hasHook(root *jsonNode, h agentHook) bool {
	groups := root.member("hooks").member(h.event)
	if groups == nil || groups.kind != '[' {
		return false
	}
	for _, g := range groups.elems {
		if h.matcher != "" && stringOf(g.member("matcher")) != h.matcher {
			continue
		}
		if len(commandHooks(g, h.command)) > 0 {
			return true
		}
	}
	return false
}

// commandHooks are the positions, in the matcher group g's "hooks", of the
// hooks that run command.
func commandHooks(g *jsonNode, command string) []int {
	hooks := g.member("hooks")
	if hooks == nil || hooks.kind != '[' {
		return nil
	}
	var found []int
	for i, hook := range hooks.elems {
		if c := hook.member("command"); c != nil && c.kind == '"' && c.str == command {
			found = append(found, i)
		}
	}
	return found
}

// stringOf is a string value's text, "" for anything else or nothing.
func stringOf(n *jsonNode) string {
	if n == nil || n.kind != '"' {
		return ""
	}
	return n.str
}

// hasString reports whether the array a holds the string s.
func hasString(a *jsonNode, s string) bool {
	return indexOfString(a, s) >= 0
}

func indexOfString(a *jsonNode, s string) int {
	if a == nil || a.kind != '[' {
		return -1
	}
	for i, e := range a.elems {
		if e.kind == '"' && e.str == s {
			return i
		}
	}
	return -1
}

// findAgentEntry finds the first of sw's entries in the settings: the
// container it is in, its position there, and its description. A matcher
// group that holds nothing but sw's hook is the entry; in a group that
// also holds the person's hooks, only sw's hook is.
func findAgentEntry(root *jsonNode) (c *jsonNode, i int, what string, ok bool) {
	for _, event := range []string{"SessionStart", "PreToolUse"} {
		groups := root.member("hooks").member(event)
		if groups == nil || groups.kind != '[' {
			continue
		}
		for _, g := range groups.elems {
			for _, h := range agentHooks {
				if h.event != event {
					continue
				}
				found := commandHooks(g, h.command)
				if len(found) == 0 {
					continue
				}
				desc := agentHook{event, stringOf(g.member("matcher")), h.command}.String()
				if len(found) == len(g.member("hooks").elems) {
					return groups, g.index, desc, true
				}
				return g.member("hooks"), found[0], desc, true
			}
		}
	}
	deny := root.member("permissions").member("deny")
	for _, rule := range denyRules() {
		if i := indexOfString(deny, rule); i >= 0 {
			return deny, i, denyString(rule), true
		}
	}
	return nil, 0, "", false
}

// agentStep is the planned change to the settings file: the result to
// report and the work that makes it true (nil when there is none).
type agentStep struct {
	result AgentResult
	apply  func() error
}

// settingsFile is the settings file of the working tree at root, as it
// was when looked at.
type settingsFile struct {
	path string
	seen fs.FileInfo // nil when there is no file
	link bool        // the path is a symbolic link: the file is elsewhere
	text []byte
}

func readSettings(root string) (settingsFile, error) {
	f := settingsFile{path: filepath.Join(root, filepath.FromSlash(ClaudeSettingsFile))}
	// A cloned collection's settings file may be a link to the person's
	// own (~/.claude/settings.json): sw's hooks would be added to every
	// project they open. A link inside the working tree is theirs to make.
	if _, err := confine.Path(root, f.path, ClaudeSettingsFile); err != nil {
		return f, err
	}
	info, err := os.Stat(f.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return f, nil
	case err != nil:
		return f, err
	case info.IsDir():
		return f, fmt.Errorf("%s is a folder where Claude Code expects its settings file; move it away and run the command again", f.path)
	}
	f.seen = info
	if li, err := os.Lstat(f.path); err == nil {
		f.link = li.Mode()&fs.ModeSymlink != 0
	}
	f.text, err = os.ReadFile(f.path)
	return f, err
}

// settingsError says where a settings file sw cannot work with breaks.
func settingsError(path string, err error) error {
	var je *JSONError
	if errors.As(err, &je) {
		return fmt.Errorf("%s:%d:%d: %s; fix the file (Claude Code cannot read it either) and run the command again; nothing was changed",
			path, je.Line, je.Column, je.Msg)
	}
	return fmt.Errorf("%s: %w", path, err)
}

// planAgentInstall decides what installing means for the settings file
// of the working tree at root, without changing anything.
func planAgentInstall(root string) (agentStep, error) {
	f, err := readSettings(root)
	if err != nil {
		return agentStep{}, err
	}
	result := AgentResult{File: ClaudeSettingsFile, Path: f.path}
	text := f.text
	if f.seen == nil {
		text = []byte("{}\n")
	}
	out, added, err := mergeAgentSettings(text)
	if err != nil {
		return agentStep{}, settingsError(f.path, err)
	}
	result.Added = added
	dir := filepath.Dir(f.path)
	switch {
	case f.seen == nil:
		result.Action = Created
		if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
			result.Detail = "the " + filepath.Base(dir) + " folder too"
		}
	case len(added) == 0:
		result.Action = AlreadyInstalled
		return agentStep{result: result}, nil
	default:
		result.Action = Updated
		result.Detail = "sw's entries added; the rest is as it was"
	}
	return agentStep{result: result, apply: func() error {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		return writeSettings(f, out)
	}}, nil
}

// planAgentUninstall decides what uninstalling means for the settings
// file of the working tree at root, without changing anything.
func planAgentUninstall(root string) (agentStep, error) {
	f, err := readSettings(root)
	if err != nil {
		return agentStep{}, err
	}
	result := AgentResult{File: ClaudeSettingsFile, Path: f.path, Action: NotInstalled}
	if f.seen == nil {
		return agentStep{result: result}, nil
	}
	out, removed, empty, err := removeAgentSettings(f.text)
	if err != nil {
		return agentStep{}, settingsError(f.path, err)
	}
	result.Removed = removed
	switch {
	case len(removed) == 0:
		return agentStep{result: result}, nil
	case empty && !f.link: // a linked file is left in place, emptied
		result.Action = Removed
		result.Detail = "it held nothing but sw's entries"
		dir := filepath.Dir(f.path)
		if entries, err := os.ReadDir(dir); err == nil && len(entries) == 1 {
			result.Detail += "; the " + filepath.Base(dir) + " folder, left empty, went too"
		}
		return agentStep{result: result, apply: func() error { return removeSettings(f) }}, nil
	}
	result.Action = Updated
	result.Detail = "sw's entries taken out; the rest is as it was"
	return agentStep{result: result, apply: func() error { return writeSettings(f, out) }}, nil
}

// writeSettings replaces the settings file with text, atomically, unless
// it changed since it was read.
func writeSettings(f settingsFile, text []byte) error {
	err := atomicfile.WriteOver(f.path, text, 0o644, f.seen)
	if errors.Is(err, atomicfile.ErrChanged) {
		return fmt.Errorf("%s changed while sw was working on it, so sw left it as it is; run the command again", f.path)
	}
	return err
}

// removeSettings deletes the settings file, unless it changed since it
// was read, and then the .claude folder if nothing else is in it.
func removeSettings(f settingsFile) error {
	now, err := os.ReadFile(f.path)
	if err != nil {
		return err
	}
	if !bytes.Equal(now, f.text) {
		return fmt.Errorf("%s changed while sw was working on it, so sw left it as it is; run the command again", f.path)
	}
	if err := remove(f.path); err != nil {
		return err
	}
	dir := filepath.Dir(f.path)
	if err := os.Remove(dir); err == nil { // only an empty folder goes
		atomicfile.SyncDir(filepath.Dir(dir))
	}
	return nil
}
