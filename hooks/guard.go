package hooks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"text/template"

	"sw/profile/block"
	"sw/profile/collection"
	"sw/profile/confine"
	"sw/templates"
)

// Guard is `sw hook guard`, Claude Code's PreToolUse hook: it keeps the
// writing agent out of the style profile. A tool call that would write
// profile/ or profile_feedback.json, or change sw's block in CLAUDE.md,
// AGENTS.md or another target file, is denied, with a reason telling the
// agent what to do instead; anything else gets no output, and the call
// goes on as it would have. It always exits 0. It runs before every tool
// call, so it decides on the hook's JSON alone, looking at the disk only
// to find the collection, resolve links and read a target file an edit
// names. Input it cannot read lets the call through, with one line on
// stderr (a broken guard must not stop all work), unless what could be
// read names a protected path for a writing tool.
func Guard(io IO) int { return guardHook(io, foldsCase) }

// guardHook is Guard with the test of whether a collection's file system
// compares names without case passed in.
func guardHook(io IO, folds func(root string) bool) (code int) {
	// A panic would exit with status 2, which Claude Code takes as a
	// refusal: a fault in the guard would stop every tool call.
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(io.Stderr, "sw: hook guard failed (%v); the tool call is let through\n", r)
			code = 0
		}
	}()
	data, readErr := readGuardInput(io.Stdin)
	call, parseErr := parseGuardCall(data)
	if readErr != nil {
		parseErr = readErr
	}
	dir := call.cwd
	if dir == "" && io.Getenv != nil {
		dir = io.Getenv("CLAUDE_PROJECT_DIR")
	}
	if dir == "" {
		dir = io.Dir
	}
	g := newGuard(dir, io.Getenv, folds)
	d, problem := g.decide(call)
	if d != nil {
		writeDenial(io.Stdout, d)
		return 0
	}
	if parseErr == nil {
		parseErr = problem
	}
	if parseErr != nil {
		fmt.Fprintf(io.Stderr, "sw: hook guard: %s; the tool call is let through\n", oneLine(parseErr))
	}
	return 0
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
	data, err := io.ReadAll(io.LimitReader(stdin, maxAgentInput+1))
	if len(data) > maxAgentInput {
		io.Copy(io.Discard, stdin)
		return data[:maxAgentInput], errors.New("hook input too large")
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
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
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
	var call guardCall
	var odd []string
	for key, dst := range map[string]*string{"hook_event_name": &call.event, "tool_name": &call.tool, "cwd": &call.cwd} {
		if raw, ok := top[key]; ok && json.Unmarshal(raw, dst) != nil {
			odd = append(odd, key)
		}
	}
	if raw, ok := top["tool_input"]; ok && json.Unmarshal(raw, &call.input) != nil {
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

// denial is why a call is denied, for the reason's template.
type denial struct {
	Path  string // the protected path, relative to the collection's root
	Block bool   // sw's block in a target file, not the profile itself
	Holds bool   // a folder that holds the profile
	Shell bool   // a Bash command, not a file tool
}

func writeDenial(w io.Writer, d *denial) {
	type specific struct {
		HookEventName            string `json:"hookEventName"`
		PermissionDecision       string `json:"permissionDecision"`
		PermissionDecisionReason string `json:"permissionDecisionReason"`
	}
	out := struct {
		HookSpecificOutput specific `json:"hookSpecificOutput"`
	}{specific{"PreToolUse", "deny", denialReason(d)}}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(out)
}

func denialReason(d *denial) string {
	var b strings.Builder
	t := template.Must(template.New("guard").Parse(templates.Text("agent/guard-deny.txt")))
	if err := t.Execute(&b, d); err != nil {
		return d.Path + " is part of the style profile, which only the person changes, through suggestions they review (sw review)."
	}
	return strings.TrimSpace(b.String())
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
}

func newGuard(dir string, getenv func(string) string, folds func(root string) bool) *guard {
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	return &guard{dir: dir, getenv: getenv, folds: folds, scopes: map[string]*guardScope{}}
}

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

// fileTool decides a call of a file tool on p.
func (g *guard) fileTool(call guardCall, p string) *denial {
	at := g.locate(p, g.dir)
	switch at.kind {
	case inProfile:
		return &denial{Path: at.rel}
	case inTarget:
		before, err := at.read()
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return &denial{Path: at.rel, Block: true} // cannot tell what it holds
		}
		if !editKeepsBlock(call, before) {
			return &denial{Path: at.rel, Block: true}
		}
	}
	return nil
}

// editKeepsBlock reports whether a file tool's call leaves sw's block in a
// target file as it is: an edit's old text must not reach into the block,
// and the file it leaves must hold the same block, byte for byte (or no
// block, if it had none). A call whose fields cannot be read is taken to
// change it, when there is a block.
func editKeepsBlock(call guardCall, before []byte) bool {
	_, _, had := blockSpan(before)
	str := func(raw json.RawMessage, s *string) bool { return raw == nil || json.Unmarshal(raw, s) == nil }
	var after []byte
	switch call.tool {
	case "Write":
		var content string
		if !str(call.input["content"], &content) {
			return !had
		}
		after = []byte(content)
	case "Edit", "MultiEdit":
		type edit struct {
			Old        *string `json:"old_string"`
			New        *string `json:"new_string"`
			ReplaceAll bool    `json:"replace_all"`
		}
		var edits []edit
		if call.tool == "Edit" {
			var e edit
			raw, _ := json.Marshal(call.input)
			if json.Unmarshal(raw, &e) != nil {
				return !had
			}
			edits = []edit{e}
		} else if json.Unmarshal(call.input["edits"], &edits) != nil {
			return !had
		}
		after = before
		for _, e := range edits {
			if e.Old == nil || e.New == nil {
				return !had
			}
			var ok bool
			if after, ok = applyEdit(after, *e.Old, *e.New, e.ReplaceAll); !ok {
				return false
			}
		}
	default: // NotebookEdit: a target file is Markdown, not a notebook
		return !had
	}
	return sameBlock(before, after)
}

// applyEdit applies one replacement as the Edit tool does, and reports
// false when the old text reaches into the block. Old text that is not in
// the file changes nothing (the tool will say so); empty old text is a
// new file's content.
func applyEdit(content []byte, old, new string, all bool) ([]byte, bool) {
	if old == "" {
		return []byte(new), true
	}
	start, end, found := blockSpan(content)
	for i := 0; ; {
		k := bytes.Index(content[i:], []byte(old))
		if k < 0 {
			break
		}
		k += i
		if found && k < end && k+len(old) > start {
			return nil, false
		}
		i = k + len(old)
	}
	n := 1
	if all {
		n = -1
	}
	return bytes.Replace(content, []byte(old), []byte(new), n), true
}

// sameBlock reports whether before and after hold the same block, or both
// none.
func sameBlock(before, after []byte) bool {
	s1, e1, had := blockSpan(before)
	s2, e2, has := blockSpan(after)
	if !had || !has {
		return had == has
	}
	return bytes.Equal(before[s1:e1], after[s2:e2])
}

// blockSpan finds sw's block in a target file's content as the block
// package finds it (markers in code are text). A broken block (a marker
// without its partner, two blocks) spans from its first marker line to
// its last.
func blockSpan(content []byte) (start, end int, found bool) {
	if start, end, found, err := block.Span(content); err == nil {
		return start, end, found
	}
	start = -1
	for i := 0; i < len(content); {
		j := bytes.IndexByte(content[i:], '\n')
		lineEnd := len(content)
		if j >= 0 {
			lineEnd = i + j
		}
		line := bytes.TrimSpace(content[i:lineEnd])
		if bytes.HasPrefix(line, []byte("<!-- sw:begin")) || bytes.HasPrefix(line, []byte("<!-- sw:end")) {
			if start < 0 {
				start = i
			}
			end = lineEnd
		}
		i = lineEnd + 1
	}
	return max(start, 0), end, start >= 0
}

// bash decides a Bash call: it is denied when the command writes a
// protected path. A command the parser cannot read whole (the shell would
// likely refuse it too) is denied when any word of it names the profile
// or a target file that holds sw's block, and let through otherwise, with
// the parser's error for the one line on stderr.
func (g *guard) bash(command string) (*denial, error) {
	writes, err := shellWrites(command, g.dir, g.getenv)
	for _, w := range writes {
		if d := g.written(w); d != nil {
			return d, nil
		}
	}
	if err == nil {
		return nil, nil
	}
	// Each distinct word once: a long unreadable command (an unclosed
	// heredoc holding a draft) repeats its words thousands of times, and
	// each look costs the word's links resolved.
	seen := map[string]bool{}
	for _, word := range strings.FieldsFunc(command, func(r rune) bool { return strings.ContainsRune(" \t\r\n;&|()<>'\"`$={},", r) }) {
		if seen[word] {
			continue
		}
		seen[word] = true
		if d := g.written(shellWrite{word: shWord{text: word}, dir: g.dir}); d != nil {
			return d, nil
		}
	}
	return nil, fmt.Errorf("the Bash command is not shell the guard can read (%v)", err)
}

// written decides one path a command writes.
func (g *guard) written(w shellWrite) *denial {
	for _, p := range g.globbed(w) {
		if p == "/dev/null" || strings.HasPrefix(p, "/dev/fd/") || p == "/dev/stdout" || p == "/dev/stderr" {
			continue
		}
		at := g.locate(p, w.dir)
		switch {
		case at.kind == inProfile:
			return &denial{Path: at.rel, Shell: true}
		case at.kind == holdsProfile && w.whole:
			return &denial{Path: at.rel, Holds: true, Shell: true}
		case at.kind == inTarget:
			// The shell cannot say what a command leaves in the file:
			// one that holds a block is kept from it.
			content, err := at.read()
			if _, _, has := blockSpan(content); has || err != nil && !errors.Is(err, os.ErrNotExist) {
				return &denial{Path: at.rel, Block: true, Shell: true}
			}
		}
	}
	return nil
}

// globbed returns the paths a shell word stands for: the word itself and,
// when it has an unquoted pattern, the files it matches.
func (g *guard) globbed(w shellWrite) []string {
	out := []string{w.word.text}
	if !w.word.glob {
		return out
	}
	pattern := w.word.text
	if !filepath.IsAbs(pattern) {
		pattern = filepath.Join(w.dir, pattern)
	}
	matches, _ := filepath.Glob(pattern)
	if len(matches) > 256 {
		matches = matches[:256]
	}
	return append(out, matches...)
}

type pathKind int

const (
	outside      pathKind = iota
	holdsProfile          // a folder the profile is in: the collection's root or above
	inTarget              // a target file, whose block is protected
	inProfile             // profile/ or profile_feedback.json: never written
)

// location is where a path stands in a collection.
type location struct {
	kind pathKind
	rel  string // relative to the collection's root, for the reason
	file string // the path, absolute, to read a target file
	fold bool   // names compare without case
}

// read reads a target file. Where names compare without case, a name in
// another case is the same file, and the file is found as such a file
// system finds it.
func (l location) read() ([]byte, error) {
	data, err := confine.ReadFile(l.file) // a link to a device is not read forever
	if l.fold && errors.Is(err, os.ErrNotExist) {
		if p, ok := foldedPath(l.file); ok {
			return confine.ReadFile(p)
		}
	}
	return data, err
}

// foldedPath finds the file at p, each name in it matched in any case.
func foldedPath(p string) (string, bool) {
	if _, err := os.Lstat(p); err == nil {
		return p, true
	}
	dir := filepath.Dir(p)
	if dir == p {
		return "", false
	}
	dir, ok := foldedPath(dir)
	if !ok {
		return "", false
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", false
	}
	for _, e := range entries {
		if strings.EqualFold(e.Name(), filepath.Base(p)) {
			return filepath.Join(dir, e.Name()), true
		}
	}
	return "", false
}

// guardScope is a collection as the guard compares paths with it.
type guardScope struct {
	roots   []string // its root as found, and with links resolved
	profile string   // the profile's folder, relative
	targets []string // target files, relative, beyond every CLAUDE.md and AGENTS.md
	fold    bool     // names compare without case
}

// locate finds where p, relative to base unless absolute, stands: each of
// its spellings (as written and cleaned, with links resolved) in the
// project's collection and in the collection holding p, the strictest
// answer winning.
func (g *guard) locate(p, base string) location {
	if home := g.getenv("HOME"); home != "" && (p == "~" || strings.HasPrefix(p, "~/")) {
		p = home + p[1:]
	}
	raw := p
	if !filepath.IsAbs(raw) {
		raw = base + string(filepath.Separator) + raw
	}
	spellings := []string{filepath.Clean(raw), realPath(raw)}
	best := location{file: spellings[0]}
	for _, s := range g.scopesFor(spellings) {
		for _, sp := range spellings {
			if at := s.locate(sp); at.kind > best.kind {
				best.kind, best.rel, best.fold = at.kind, at.rel, s.fold
			}
		}
	}
	return best
}

// scopesFor returns the collections to hold paths against: the project's,
// and, for a path outside it, the one the path is in.
func (g *guard) scopesFor(spellings []string) []*guardScope {
	var out []*guardScope
	project := g.scopeAt(g.dir)
	if project != nil {
		out = append(out, project)
	}
	for _, sp := range spellings {
		if project != nil && project.holds(sp) {
			continue
		}
		if s := g.scopeAt(filepath.Dir(sp)); s != nil && s != project {
			out = append(out, s)
		}
	}
	return out
}

// scopeAt opens the collection dir is in, or nil. A collection whose
// settings are broken is still protected, at the nearest folder above
// with .sw.yaml.
func (g *guard) scopeAt(dir string) *guardScope {
	if s, ok := g.scopes[dir]; ok {
		return s
	}
	var s *guardScope
	c, err := collection.Find(dir)
	switch {
	case err == nil:
		s = &guardScope{roots: []string{c.Root}, profile: c.Profile().Dir, targets: c.Settings.Targets}
	case !errors.Is(err, collection.ErrNotCollection):
		if root := nearestSettings(dir); root != "" {
			s = &guardScope{roots: []string{root}, profile: collection.ProfileDir}
		}
	}
	if s != nil {
		if known := g.scopeWithRoot(s.roots[0]); known != nil {
			s = known
		} else {
			if real := realPath(s.roots[0]); real != s.roots[0] {
				s.roots = append(s.roots, real)
			}
			s.fold = g.folds(s.roots[0])
		}
	}
	g.scopes[dir] = s
	return s
}

func (g *guard) scopeWithRoot(root string) *guardScope {
	for _, s := range g.scopes {
		if s != nil && s.roots[0] == root {
			return s
		}
	}
	return nil
}

func nearestSettings(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for d := abs; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, collection.SettingsFile)); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// foldsCase reports whether the file system at root finds a name in
// another case: .sw.yaml, there in every collection, asked for as
// .SW.YAML.
func foldsCase(root string) bool {
	a, err := os.Stat(filepath.Join(root, collection.SettingsFile))
	if err != nil {
		return false
	}
	b, err := os.Stat(filepath.Join(root, strings.ToUpper(collection.SettingsFile)))
	return err == nil && os.SameFile(a, b)
}

func (s *guardScope) norm(p string) string {
	if s.fold {
		return strings.ToLower(p)
	}
	return p
}

// holds reports whether p is the root or inside it.
func (s *guardScope) holds(p string) bool {
	for _, root := range s.roots {
		if _, ok := within(s.norm(root), s.norm(p)); ok {
			return true
		}
	}
	return false
}

// locate places p, absolute and clean, in the collection.
func (s *guardScope) locate(p string) location {
	best := location{}
	for _, root := range s.roots {
		rel, in := within(s.norm(root), s.norm(p))
		if !in {
			if _, above := within(s.norm(p), s.norm(root)); above {
				best.kind, best.rel = max(best.kind, holdsProfile), "."
			}
			continue
		}
		shown := rel
		if rel != "." && len(p) >= len(rel) && s.fold {
			shown = filepath.ToSlash(p[len(p)-len(rel):]) // in the case it was given
		}
		kind := s.kindOf(rel)
		if kind > best.kind {
			best.kind, best.rel = kind, shown
		}
	}
	return best
}

func (s *guardScope) kindOf(rel string) pathKind {
	profile := s.norm(s.profile)
	switch {
	case rel == ".":
		return holdsProfile
	case rel == profile || strings.HasPrefix(rel, profile+"/") || rel == s.norm(collection.FeedbackFile):
		return inProfile
	case strings.HasPrefix(profile, rel+"/"):
		return holdsProfile
	}
	base := path.Base(rel)
	if base == s.norm(collection.ClaudeFile) || base == s.norm("AGENTS.md") {
		return inTarget
	}
	for _, t := range s.targets {
		if rel == s.norm(path.Clean(t)) {
			return inTarget
		}
	}
	return outside
}

// within returns p relative to root, slash-separated, when p is root
// ("." ) or inside it.
func within(root, p string) (string, bool) {
	rel, err := filepath.Rel(root, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// realPath is p with every link resolved, as the system would follow it
// to open p: the part that exists is resolved, the rest joined on (a link
// at the end that leads nowhere yet is followed too).
func realPath(p string) string {
	for range 40 {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return real
		}
		target, err := os.Readlink(p)
		if err != nil {
			break
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(p), target)
		}
		p = target
	}
	dir, base := filepath.Dir(p), filepath.Base(p)
	if dir == p || base == string(filepath.Separator) {
		return filepath.Clean(p)
	}
	return filepath.Join(realPath(dir), base)
}
