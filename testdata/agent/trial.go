package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"sw/testdata/agent/standin"
)

// trial is one scenario in one mode: a world and a copy of the base
// collection of its own, with sw's hooks installed in it, and a stand-in
// of its own.
type trial struct {
	*world
	sc       scenario
	mode     mode
	dir      string // the collection
	claude   string // Claude Code's binary
	api      *standin.Server
	problems []string
	// profileChanged says the person has changed the profile since the
	// last session, so that the next one starts with a new block to write.
	profileChanged bool
	// result is what came back of the session's last tool call, and how
	// what stopped it (see stoppedBy).
	result, how string
}

// newTrial prepares the trial's folder under work.
func newTrial(work, sw, claude, base string, sc scenario, m mode) (*trial, error) {
	name := sc.name + "-" + m.name
	if sc.offPath {
		name += "-no-sw"
	}
	if sc.gone {
		name += "-gone"
	}
	folder := filepath.Join(work, name)
	w, err := newWorld(folder, sw)
	if err != nil {
		return nil, err
	}
	t := &trial{world: w, sc: sc, mode: m, dir: filepath.Join(folder, "collection"), claude: claude}
	if r := w.run(work, nil, time.Minute, "cp", "-a", base, t.dir); r.code != 0 {
		return nil, fmt.Errorf("copying the base collection: %s", r)
	}
	if sc.voice {
		if err := w.followVoice(folder, t.dir); err != nil {
			return nil, err
		}
	}
	// The hooks installed, and the block written as a session starting
	// now would write it: what the person leaves the agent.
	install := func() error { _, err := w.sw(t.dir, "hook", "install"); return err }
	if sc.gone {
		install = func() error { return w.installGone(folder, t.dir) }
	}
	if err := install(); err != nil {
		return nil, err
	}
	if _, err := w.sw(t.dir, "hook", "pre-session"); err != nil {
		return nil, err
	}
	if t.api, err = standin.Start(); err != nil {
		return nil, err
	}
	return t, nil
}

// fail notes a way the trial did not hold.
func (t *trial) fail(format string, args ...any) {
	t.problems = append(t.problems, fmt.Sprintf(format, args...))
}

// transcript is what came of one headless Claude Code session.
type transcript struct {
	out      outcome
	hooks    []hookRun
	requests []standin.Request // the model requests it made, in order
}

// first is the session's first model request ("" when it made none).
func (s transcript) first() string {
	if len(s.requests) == 0 {
		return ""
	}
	return s.requests[0].Text()
}

// prompt runs a session given prompt (and extra arguments), whose end
// Claude Code prints as JSON.
func (t *trial) prompt(script []standin.Turn, prompt string, extra ...string) transcript {
	return t.session(script, nil, append([]string{prompt, "--output-format", "json"}, extra...)...)
}

// session runs Claude Code headless in the collection, as -p with args
// (and stdin), with script as the model's answers, and fails the trial if
// the session changed the protected state or did not run its script to
// the end. The protected state it must leave is the one the person left,
// with the block the pre-session hook writes for it (which differs from
// the one in CLAUDE.md only once the person has changed the profile).
func (t *trial) session(script []standin.Turn, stdin []byte, args ...string) transcript {
	before := t.mustLeave()
	mark := len(t.api.Requests())
	t.api.Play(script...)
	cw := *t.world
	cw.env = claudeEnv(t.env, t.api.URL(), t.mode, t.sc.offPath)
	args = append(append([]string{"-p"}, args...), t.mode.args...)
	r := cw.run(t.dir, stdin, sessionTimeout, t.claude, args...)
	for _, c := range changes(before, t.protectedState(t.dir)) {
		t.fail("%s", c)
	}
	var s transcript
	s.out, s.hooks = parseOutput(r.stdout)
	for _, req := range t.api.Requests()[mark:] {
		if req.Model() {
			s.requests = append(s.requests, req)
		}
	}
	switch {
	case r.code != 0 || r.timedOut:
		t.fail("claude %s", r)
	case s.out.IsError:
		t.fail("the session ended in an error: %s", oneLine(s.out.Result, 200))
	case !playedOut(s.requests, len(script)):
		t.fail("the session stopped before the script's end (%d turns)", len(script))
	}
	if ran, isError, ok := lastToolResult(script, s.requests); ok {
		t.result, t.how = ran, stoppedBy(ran, isError)
	}
	return s
}

// mustLeave is the protected state the next session must leave: as it is,
// but for the block, once the person has changed the profile: then it is
// the one the session's pre-session hook is to write.
func (t *trial) mustLeave() state {
	s := t.protectedState(t.dir)
	if t.profileChanged {
		settled, err := t.settledBlock(t.dir)
		if err != nil {
			t.fail("the pre-session hook, run alone: %v", err)
		}
		s[blockKey], t.profileChanged = settled, false
	}
	return s
}

// playedOut reports whether the requests reached past the script's last
// turn (turns counts from 1).
func playedOut(requests []standin.Request, turns int) bool {
	if turns == 0 {
		return true
	}
	for _, r := range requests {
		if r.Turn == turns {
			return true
		}
	}
	return false
}

// lastToolResult is what came of the script's last tool call: the tool
// result the client sent back with the request after it. ok is false for
// a script with no tool call.
func lastToolResult(script []standin.Turn, requests []standin.Request) (text string, isError, ok bool) {
	last := 0
	for i, turn := range script {
		if turn.Tool != "" {
			last = i + 1
		}
	}
	if last == 0 {
		return "", false, false
	}
	for i, r := range requests {
		if r.Turn == last && i+1 < len(requests) {
			text, isError = requests[i+1].ToolResult()
			return text, isError, true
		}
	}
	return "", false, true
}

// stoppedBy names what stopped a tool call, from its result: sw's deny
// rules, sw's guard (a PreToolUse hook), Claude Code's prompt, the
// sandbox; or "ran", or "failed" with the first line that says why (a git
// hook's refusal, say).
func stoppedBy(text string, isError bool) string {
	switch {
	case text == "":
		return "no tool result"
	case strings.Contains(text, "denied by your permission settings") || strings.Contains(text, "has been denied"):
		return "deny rule"
	case strings.Contains(text, "PreToolUse") && strings.Contains(text, "hook"):
		return "guard"
	case strings.Contains(text, "Claude requested permissions") || strings.Contains(text, "needs approval"):
		return "Claude Code's prompt"
	case strings.Contains(text, "Read-only file system") || strings.Contains(text, "Operation not permitted") ||
		strings.Contains(text, "Device or resource busy") || strings.Contains(text, "Permission denied"):
		return "sandbox"
	case !isError:
		return "ran"
	}
	for _, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "Exit code") {
			return "failed: " + oneLine(line, 80)
		}
	}
	return "failed: " + oneLine(text, 80)
}

// contains fails the trial unless what reached the model holds each of
// want, naming the request as what.
func (t *trial) contains(what, text string, want ...string) {
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.fail("%s lacks %q", what, w)
		}
	}
}

// lacks fails the trial if text holds any of unwanted.
func (t *trial) lacks(what, text string, unwanted ...string) {
	for _, u := range unwanted {
		if strings.Contains(text, u) {
			t.fail("%s holds %q", what, u)
		}
	}
}

// keepRequests writes each request the stand-in was sent into the trial's
// folder, requests/NN.json, for a person looking into a failure.
func (t *trial) keepRequests() {
	dir := filepath.Join(filepath.Dir(t.dir), "requests")
	for i, r := range t.api.Requests() {
		writeFile(filepath.Join(dir, fmt.Sprintf("%02d.json", i+1)), string(r.Body))
	}
}
