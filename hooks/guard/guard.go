// Package guard is `sw hook guard`, Claude Code's PreToolUse hook: it
// reads each tool call the agent is about to make and denies the ones that
// would change what only the person changes or decides. It is a package of
// its own because it is the largest reader of outside input sw has (shell
// commands, patches, archives) and shares nothing with the other hooks but
// the shape of their input.
package guard

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sw/profile"
	"time"
)

// Guard is `sw hook guard`. A tool call that would write profile/ or
// profile_feedback.json, change sw's block in CLAUDE.md, AGENTS.md or
// another target file, decide a suggestion (sw accept or reject, a merge,
// reset or deletion of an sw/ branch), or turn sw's hooks off
// (core.hooksPath, .git/hooks, .claude/settings*.json, .sw.yaml,
// SW_HOOKS) is denied, with a reason telling the agent what to do
// instead; so is a write the guard cannot place, and a command it cannot
// read in time. It always exits 0. It runs before every tool call, so it
// decides on the hook's JSON alone, looking at the disk only to find the
// collection, resolve links, read a file an edit or a patch names and
// match patterns inside the collection, and asking git only what a
// merge, cherry-pick, revert or stash would bring. Input it cannot read
// lets the call through, with one line on stderr (a broken guard must
// not stop all work), unless what could be read names a protected path
// for a writing tool.
func Guard(io Env) int {
	return guardHook(io, guardOptions{folds: foldsCase, budget: guardBudget, wall: guardWallLimit})
}

// Env is what the guard reads and writes: Claude Code's hook JSON on
// Stdin, a denial on Stdout, a problem on Stderr, and where it runs.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	Dir            string // the folder the hook was started in
}

// MaxInput bounds what is read of a hook's input. Claude Code's is a few
// hundred bytes (the transcript is passed by path), and a Bash call's
// command rarely more than a few kilobytes.
const MaxInput = 16 << 20

// The guard's limits. Claude Code waits for it before every tool call,
// and lets a call through when a hook outlives its timeout; so a command
// the guard has not read within its budget (a megabyte of words, a
// pattern over a huge tree) is denied. The budget is processor time, so
// that a busy machine does not turn an answer into a refusal; the clock
// bounds it too (a file system that hangs, a git that does not answer),
// well within Claude Code's timeout.
const (
	guardBudget    = 40 * time.Millisecond
	guardWallLimit = 2 * time.Second
)

// guardOptions is what tests set apart from the real hook: whether a
// collection's file system compares names without case, and the limits.
type guardOptions struct {
	folds        func(root string) bool
	budget, wall time.Duration
}

// guardClock measures the guard's work against its limits.
type guardClock struct {
	cpu0         time.Duration
	wall0        time.Time
	budget, wall time.Duration
}

// over reports whether the guard has spent its budget: processor time
// where the system tells it, the clock elsewhere, and the clock's limit
// everywhere.
func (c guardClock) over() bool {
	elapsed := time.Since(c.wall0)
	if elapsed > c.wall {
		return true
	}
	if c.cpu0 > 0 {
		return CPUTime()-c.cpu0 > c.budget
	}
	return elapsed > c.budget
}

// String says the budget in a reason.
func (c guardClock) String() string {
	if c.cpu0 > 0 {
		return fmt.Sprintf("%v of processor time", c.budget)
	}
	return c.budget.String()
}

// verdict is what deciding a call came to.
type verdict struct {
	denial           *denial
	problem, failure error
}

// guardHook is Guard with its options passed in.
func guardHook(io Env, opts guardOptions) int {
	data, readErr := readGuardInput(io.Stdin)
	clock := guardClock{cpu0: CPUTime(), wall0: time.Now(), budget: opts.budget, wall: opts.wall}
	done := make(chan verdict, 1)
	go func() {
		// A panic would exit with status 2, which Claude Code takes as a
		// refusal: a fault in the guard would stop every tool call.
		defer func() {
			if r := recover(); r != nil {
				done <- verdict{failure: fmt.Errorf("%v", r)}
			}
		}()
		done <- decideInput(io, opts, data, readErr, clock)
	}()
	v := awaitVerdict(done, clock, len(data))
	switch {
	case v.failure != nil:
		fmt.Fprintf(io.Stderr, "sw: hook guard failed (%v); the tool call is let through\n", v.failure)
	case v.denial != nil:
		writeDenial(io.Stdout, v.denial)
	case v.problem != nil:
		fmt.Fprintf(io.Stderr, "sw: hook guard: %s; the tool call is let through\n", profile.OneLine(v.problem))
	}
	return 0
}

// awaitVerdict waits for the decision, looking at the clock every few
// milliseconds: one not made within the budget is a denial.
func awaitVerdict(done <-chan verdict, clock guardClock, size int) verdict {
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case v := <-done:
			return v
		case <-tick.C:
			if clock.over() {
				return verdict{denial: &denial{kind: tooSlow, Why: fmt.Sprintf("%s of input, not decided within %v", byteSize(size), clock)}}
			}
		}
	}
}

// decideInput reads the hook's JSON and decides the call.
func decideInput(io Env, opts guardOptions, data []byte, readErr error, clock guardClock) verdict {
	call, parseErr := parseGuardCall(data)
	getenv := io.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	dir := cmp.Or(call.cwd, getenv("CLAUDE_PROJECT_DIR"), io.Dir)
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	g := &guard{dir: dir, getenv: getenv, folds: opts.folds, scopes: map[string]*guardScope{},
		clock: clock, decided: map[shellWrite]*denial{}}
	d, problem := g.decide(call)
	return verdict{denial: d, problem: cmp.Or(readErr, parseErr, problem)}
}

// byteSize says n bytes in words.
func byteSize(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

func readGuardInput(stdin io.Reader) ([]byte, error) {
	if stdin == nil {
		return nil, errors.New("no hook input")
	}
	if f, isFile := stdin.(*os.File); isFile {
		if fi, err := f.Stat(); err != nil || fi.Mode()&os.ModeCharDevice != 0 {
			return nil, errors.New("no hook input")
		}
	}
	data, err := io.ReadAll(io.LimitReader(stdin, MaxInput+1))
	if len(data) > MaxInput {
		io.Copy(io.Discard, stdin)
		return data[:MaxInput], errors.New("hook input too large")
	}
	return data, err
}

// guardCall is what the guard reads of a PreToolUse call.
type guardCall struct {
	event, tool, cwd string
	input            map[string]json.RawMessage
}

// parseGuardCall reads the hook's JSON. Input that is not JSON (cut
// short, say) is read as far as it goes, so that a write tool naming a
// protected path is still seen; the error says what was wrong.
func parseGuardCall(data []byte) (guardCall, error) {
	// One pass over the input: a Bash call's command may be a megabyte.
	var top struct {
		Event json.RawMessage            `json:"hook_event_name"`
		Tool  json.RawMessage            `json:"tool_name"`
		Cwd   json.RawMessage            `json:"cwd"`
		Input map[string]json.RawMessage `json:"tool_input"`
	}
	err := json.Unmarshal(data, &top)
	var typeErr *json.UnmarshalTypeError
	if err != nil && !errors.As(err, &typeErr) {
		salvaged := salvageStrings(data)
		call := guardCall{event: salvaged["hook_event_name"], tool: salvaged["tool_name"], cwd: salvaged["cwd"],
			input: map[string]json.RawMessage{}}
		for _, k := range []string{"file_path", "notebook_path", "command"} {
			if v, ok := salvaged[k]; ok {
				call.input[k], _ = json.Marshal(v)
			}
		}
		if len(bytes.TrimSpace(data)) == 0 {
			return call, errors.New("no hook input")
		}
		return call, fmt.Errorf("hook input is not valid JSON (%v)", err)
	}
	call := guardCall{input: top.Input}
	var odd []string
	for _, f := range []struct {
		key string
		raw json.RawMessage
		dst *string
	}{{"hook_event_name", top.Event, &call.event}, {"tool_name", top.Tool, &call.tool}, {"cwd", top.Cwd, &call.cwd}} {
		if f.raw != nil && json.Unmarshal(f.raw, f.dst) != nil {
			odd = append(odd, f.key)
		}
	}
	if typeErr != nil {
		odd = append(odd, "tool_input")
	}
	if len(odd) > 0 {
		return call, fmt.Errorf("hook input has fields of the wrong type: %s", strings.Join(odd, ", "))
	}
	return call, nil
}

// salvageStrings reads JSON as far as it is valid and returns the string
// value of each key, the first seen at any depth.
func salvageStrings(data []byte) map[string]string {
	found := map[string]string{}
	dec := json.NewDecoder(bytes.NewReader(data))
	type frame struct {
		object, wantKey bool
		key             string
	}
	var stack []frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return found
		}
		top := len(stack) - 1
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{', '[':
				if top >= 0 && stack[top].object {
					stack[top].wantKey = true
				}
				stack = append(stack, frame{object: d == '{', wantKey: d == '{'})
			default:
				if top >= 0 {
					stack = stack[:top]
				}
			}
			continue
		}
		if top < 0 || !stack[top].object {
			continue
		}
		if stack[top].wantKey {
			stack[top].key, _ = tok.(string)
			stack[top].wantKey = false
			continue
		}
		if s, ok := tok.(string); ok {
			if _, seen := found[stack[top].key]; !seen {
				found[stack[top].key] = s
			}
		}
		stack[top].wantKey = true
	}
}

// guard decides one tool call.
type guard struct {
	dir    string // the project folder: where relative paths start
	getenv func(string) string
	// folds says whether the file system under a collection's root
	// compares names without case (foldsCase; tests stand in for a file
	// system the machine does not have).
	folds  func(root string) bool
	scopes map[string]*guardScope // by the folder they were looked up from
	clock  guardClock             // past its budget, what is left to look at is not looked at
	// decided caches each write's answer, by its folder and words: a long
	// command repeats its writes.
	decided map[shellWrite]*denial
}

// late reports whether the guard has spent its budget.
func (g *guard) late() bool { return g.clock.over() }

// decide returns why the call is denied, or nil to let it through, and a
// problem with the input that let it through.
func (g *guard) decide(call guardCall) (*denial, error) {
	if call.event != "" && call.event != "PreToolUse" {
		return nil, nil
	}
	switch call.tool {
	case "Write", "Edit", "MultiEdit", "NotebookEdit":
		key := "file_path"
		if call.tool == "NotebookEdit" {
			key = "notebook_path"
		}
		var p string
		if json.Unmarshal(call.input[key], &p) != nil || p == "" {
			return nil, fmt.Errorf("%s call without a %s", call.tool, key)
		}
		return g.fileTool(call, p), nil
	case "Bash":
		var command string
		if json.Unmarshal(call.input["command"], &command) != nil {
			return nil, errors.New("Bash call without a command")
		}
		return g.bash(command)
	}
	return nil, nil
}

// fileTool decides a call of a file tool on p: unlike a shell write, an
// edit of a file whose block or entries are kept is read for what it
// leaves there.
func (g *guard) fileTool(call guardCall, p string) *denial {
	at := g.locateHooks(g.locate(p, g.dir), false)
	switch at.kind {
	case inAgentSettings:
		before, err := at.read()
		if err != nil && !errors.Is(err, os.ErrNotExist) || !editKeepsAgentEntries(call, before) {
			return &denial{kind: writesSettings, Path: at.rel, AgentSettings: true}
		}
		return nil
	case inTarget:
		before, err := at.read()
		if err != nil && !errors.Is(err, os.ErrNotExist) || !editKeepsBlock(call, before) {
			return &denial{Path: at.rel, Block: true} // an error: cannot tell what it holds
		}
		return nil
	case outside:
		if g.hardLinkToProfile(at.file) {
			return &denial{Path: filepath.ToSlash(p)}
		}
	}
	return g.keptDenial(at, false, false)
}

// locateHooks places a path at, which stands outside everything else
// kept, against the hooks folder git runs when core.hooksPath puts it
// elsewhere: when the path is named like a git hook, or is a folder
// written whole. Finding that folder takes a git command, so other
// writes do not ask.
func (g *guard) locateHooks(at location, whole bool) location {
	name := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(at.file), ".sw-chained"), ".sw-altered")
	if at.kind != outside || !whole && !gitHookNames[name] {
		return at
	}
	if s := g.scopeAt(g.dir); s != nil {
		s.lookForHooksDir()
	}
	for _, s := range g.scopes {
		if s != nil {
			s.lookForHooksDir()
		}
	}
	return g.locate(at.file, "/")
}

// gitHookNames are the hooks git runs that sw installs.
var gitHookNames = map[string]bool{"post-commit": true, "post-merge": true, "post-rewrite": true,
	"pre-push": true, "commit-msg": true, "pre-commit": true, "reference-transaction": true}
