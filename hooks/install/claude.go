package install

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"sw/profile/atomicfile"
	"sw/profile/confine"
)

// The agent side of `sw hook install`: into Claude Code's shared project
// settings, .claude/settings.json, sw merges four things and nothing else:
//
//   - a SessionStart hook running `sw hook pre-session`, which writes the
//     profile into CLAUDE.md before the session reads it;
//   - PreToolUse hooks running `sw hook guard` for the tools that edit
//     files and for Bash; both call the sw that installed them by its
//     path (see command.go);
//   - permissions.deny rules Edit(/profile/**), Edit(/profile_feedback.json),
//     Edit(/.git/hooks/**) and Edit(/.git/config). Claude Code applies an
//     Edit rule to every built-in tool that edits files (a Write rule is
//     not read), and reads a path that starts with one slash as relative
//     to the project (two slashes would start an absolute path). The
//     settings files get no such rule: the guard lets the agent's file
//     tools change them as long as sw's entries stay;
//   - Claude Code's sandbox for Bash (see sandbox.go), unless --no-sandbox.
//
// Under "hooks", each event holds matcher groups, {"matcher": <tools>,
// "hooks": [{"type": "command", "command": ...}]}; SessionStart needs no
// matcher.
//
// An entry is sw's by what it is: a hook whose command is one sw writes
// (for any binary), a deny rule or sandbox path that is exactly one of
// sw's, a sandbox setting with sw's value. Installing adds only the ones
// that are missing, and points a hook that calls another binary at this
// one; uninstalling takes out every one it finds, with any array or
// object it leaves empty, up to the file itself and the .claude folder.
// So a file sw created goes away again, and one the person had is left
// byte for byte as it was, unless it held an empty list or object where
// sw put its entries. A sandbox setting the person had with sw's value
// is taken out with sw's; one they set otherwise is left as it is.

// ClaudeSettingsFile is Claude Code's project settings file, relative to
// the top of the working tree.
const ClaudeSettingsFile = ".claude/settings.json"

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

// planAgentInstall decides what installing cfg means for the settings
// file of the working tree at root, without changing anything.
func planAgentInstall(root string, cfg agentConfig) (agentStep, error) {
	f, err := readSettings(root)
	if err != nil {
		return agentStep{}, err
	}
	result := AgentResult{File: ClaudeSettingsFile, Path: f.path, Binary: cfg.binary}
	text := f.text
	if f.seen == nil {
		text = []byte("{}\n")
	}
	out, ch, err := mergeAgentSettings(text, cfg)
	if err != nil {
		return agentStep{}, settingsError(f.path, err)
	}
	result.Added, result.Updated, result.Removed = ch.added, ch.updated, ch.removed
	result.noteInForce(root, cfg, ch.theirs)
	dir := filepath.Dir(f.path)
	switch {
	case f.seen == nil:
		result.Action = Created
		if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
			result.Detail = "the " + filepath.Base(dir) + " folder too"
		}
	case ch.none():
		result.Action = AlreadyInstalled
	case len(ch.updated)+len(ch.removed) == 0:
		result.Action = Updated
		result.Detail = "sw's entries added; the rest is as it was"
	default:
		result.Action = Updated
		result.Detail = "sw's entries brought up to date; the rest is as it was"
	}
	if len(result.HooksOff) > 0 {
		result.Detail = joinDetail(result.Detail, "not in force: "+turnOff(result.HooksOff))
	}
	if result.Action == AlreadyInstalled {
		return agentStep{result: result}, nil
	}
	return agentStep{result: result, apply: func() error {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		return writeSettings(f, out)
	}}, nil
}

// noteInForce notes what of sw's the project's settings leave in force:
// the hooks, unless a settings file turns every hook off; the sandbox,
// as cfg asks and the person's settings allow, and where its tools are.
func (r *AgentResult) noteInForce(root string, cfg agentConfig, theirs []string) {
	for i, t := range theirs {
		theirs[i] = ClaudeSettingsFile + ": " + t
	}
	if cfg.sandbox {
		theirs = append(theirs, localSandbox(root)...)
	}
	r.Sandbox = sandboxLine(cfg.sandbox, theirs)
	if r.HooksOff = HooksOff(root); len(r.HooksOff) > 0 {
		r.Warnings = append(r.Warnings, HooksOffNote(r.HooksOff))
	}
	if cfg.sandbox {
		if w := sandboxToolsMissing(); w != "" {
			r.Warnings = append(r.Warnings, w)
		}
	}
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
