package install

import (
	"fmt"
	"strings"

	"sw/profile/collection"
)

// agentConfig is what install writes into Claude Code's settings.
type agentConfig struct {
	binary  string // the sw the hooks call ("" for sw on PATH alone)
	sandbox bool   // the sandbox on; false takes sw's sandbox entries out
}

// agentHook is one hook sw puts into the settings.
type agentHook struct {
	event   string // Claude Code's hook event
	matcher string // the tools it is for; "" for an event without tools
	sub     string // what it runs: `sw hook <sub>`
}

// agentHooks are sw's hooks, in the order they are added and reported.
var agentHooks = []agentHook{
	{"SessionStart", "", preSession},
	{"PreToolUse", "Edit|Write|MultiEdit|NotebookEdit", guard},
	{"PreToolUse", "Bash", guard},
}

// String describes the hook in the report, by the sw command it runs.
func (h agentHook) String() string {
	if h.matcher == "" {
		return fmt.Sprintf("%s hook %q", h.event, "sw hook "+h.sub)
	}
	return fmt.Sprintf("%s hook %q for %s", h.event, "sw hook "+h.sub, h.matcher)
}

// group is the matcher group that holds the hook, as sw writes it.
func (h agentHook) group(binary string) jsonValue {
	var g []jsonKV
	if h.matcher != "" {
		g = append(g, jsonKV{"matcher", h.matcher})
	}
	hook := []jsonKV{{"type", "command"}, {"command", HookCommand(binary, h.sub)}}
	return append(g, jsonKV{"hooks", []jsonValue{hook}})
}

// commands are the command strings of sw's hooks for h in the settings,
// for any binary: in each matcher group for h.matcher (for an event
// without tools, in any group).
func (h agentHook) commands(root *jsonNode) []*jsonNode {
	groups := root.member("hooks").member(h.event)
	if groups == nil || groups.kind != '[' {
		return nil
	}
	var found []*jsonNode
	for _, g := range groups.elems {
		if h.matcher != "" && stringOf(g.member("matcher")) != h.matcher {
			continue
		}
		hooks := g.member("hooks")
		for _, i := range swHooks(g, h.sub) {
			found = append(found, hooks.elems[i].member("command"))
		}
	}
	return found
}

// swHooks are the positions, in the matcher group g's "hooks", of sw's
// hooks that run `sw hook <sub>`.
func swHooks(g *jsonNode, sub string) []int {
	hooks := g.member("hooks")
	if hooks == nil || hooks.kind != '[' {
		return nil
	}
	var found []int
	for i, hook := range hooks.elems {
		if s, _, ok := parseHookCommand(stringOf(hook.member("command"))); ok && s == sub {
			found = append(found, i)
		}
	}
	return found
}

// entry is one of sw's settings other than its hooks: a string in an
// array (a deny rule, a path the sandbox keeps read-only), or a member
// set to a plain value (the sandbox switched on).
type entry struct {
	keys  []string // from the top: to the array, or to the member (its name last)
	value string   // the array's string, or the member's value as written
	list  bool
}

// String describes the entry in the report.
func (e entry) String() string {
	if e.list && e.keys[0] == "permissions" {
		return "deny rule " + e.value
	}
	return strings.Join(e.keys, ".") + " " + e.value
}

// holder is the array that holds the entry, or the object its member is
// in; nil when there is none.
func (e entry) holder(root *jsonNode) *jsonNode {
	n := root
	keys := e.keys
	if !e.list {
		keys = keys[:len(keys)-1]
	}
	for _, k := range keys {
		n = n.member(k)
	}
	return n
}

// at is the entry in the settings, sw's string or sw's value; nil when
// they do not hold it.
func (e entry) at(root *jsonNode) *jsonNode {
	n := e.holder(root)
	if e.list {
		if i := indexOfString(n, e.value); i >= 0 {
			return n.elems[i]
		}
		return nil
	}
	if v := n.member(e.keys[len(e.keys)-1]); v != nil && v.kind == 'v' && v.str == e.value {
		return v
	}
	return nil
}

// theirs is the member's value where it is not sw's: the person's
// setting, which sw leaves as it is. It is nil for a list entry.
func (e entry) theirs(root *jsonNode) *jsonNode {
	if e.list {
		return nil
	}
	if v := e.holder(root).member(e.keys[len(e.keys)-1]); v != nil && e.at(root) == nil {
		return v
	}
	return nil
}

// add writes the entry into the settings, which do not hold it.
func (e entry) add(text []byte, st jsonStyle, root *jsonNode) []byte {
	if e.list {
		return addToArray(text, st, root, e.keys, e.value)
	}
	last := len(e.keys) - 1
	return addMember(text, st, root, e.keys[:last], jsonKV{e.keys[last], jsonLiteral(e.value)})
}

// denyRules are the permission rules that keep Claude Code's own file
// tools out of the profile, the feedback file, and what would turn git's
// hooks off.
func denyRules() []string {
	return []string{
		"Edit(/" + collection.ProfileDir + "/**)",
		"Edit(/" + collection.FeedbackFile + ")",
		"Edit(/.git/hooks/**)",
		"Edit(/.git/config)",
	}
}

func denyEntries() []entry {
	var out []entry
	for _, rule := range denyRules() {
		out = append(out, entry{keys: []string{"permissions", "deny"}, value: rule, list: true})
	}
	return out
}

// allEntries are every entry sw may have written, hooks aside.
func allEntries() []entry { return append(denyEntries(), sandboxEntries()...) }

// settingsChanges is what merging did: entries added, hooks pointed at
// this sw, entries taken out, and the person's settings that stand where
// sw's would go.
type settingsChanges struct {
	added, updated, removed, theirs []string
}

func (c settingsChanges) none() bool {
	return len(c.added)+len(c.updated)+len(c.removed) == 0
}

// mergeAgentSettings adds to the settings document text whichever of sw's
// hooks and entries it lacks, points sw's hooks that call another binary
// at cfg.binary, takes sw's sandbox entries out if cfg.sandbox is off,
// and says what it did. Everything else keeps its bytes. A document that
// is not an object, or that has a value of the wrong kind where sw's
// entries go, is an error: sw cannot add to it, and Claude Code could not
// read it either.
func mergeAgentSettings(text []byte, cfg agentConfig) ([]byte, settingsChanges, error) {
	var ch settingsChanges
	root, err := parseJSON(text)
	if err != nil {
		return nil, ch, err
	}
	if err := checkShape(text, root, cfg.sandbox); err != nil {
		return nil, ch, err
	}
	st := styleOf(text, root)
	for _, h := range agentHooks {
		root := mustParse(text)
		want := HookCommand(cfg.binary, h.sub)
		cmds := h.commands(root)
		switch {
		case hasCommand(cmds, want):
		case len(cmds) > 0:
			_, was, _ := parseHookCommand(cmds[0].str)
			text = splice(text, cmds[0].start, cmds[0].end, jsonQuote(want))
			ch.updated = append(ch.updated, h.String()+" (it called "+calling(was)+")")
		default:
			text = addToArray(text, st, root, []string{"hooks", h.event}, h.group(cfg.binary))
			ch.added = append(ch.added, h.String())
		}
	}
	wanted := denyEntries()
	if cfg.sandbox {
		wanted = append(wanted, sandboxEntries()...)
	}
	for _, e := range wanted {
		root := mustParse(text)
		if v := e.theirs(root); v != nil {
			ch.theirs = append(ch.theirs, strings.Join(e.keys, ".")+" "+string(text[v.start:v.end]))
			continue
		}
		if e.at(root) == nil {
			text = e.add(text, st, root)
			ch.added = append(ch.added, e.String())
		}
	}
	if !cfg.sandbox {
		text, ch.removed = removeEntries(text, func(root *jsonNode) (*jsonNode, int, string, bool) {
			return findEntry(root, sandboxEntries())
		})
	}
	return text, ch, nil
}

func hasCommand(cmds []*jsonNode, command string) bool {
	for _, c := range cmds {
		if c.str == command {
			return true
		}
	}
	return false
}

// removeAgentSettings takes sw's hooks and entries out of the settings
// document text, and says what it took out. It reports whether the
// document is left an empty object: it held nothing but sw's entries.
func removeAgentSettings(text []byte) (out []byte, removed []string, empty bool, err error) {
	if _, err := parseJSON(text); err != nil {
		return nil, nil, false, err
	}
	text, removed = removeEntries(text, findAgentEntry)
	root := mustParse(text)
	return text, removed, len(removed) > 0 && root.kind == '{' && root.entries() == 0, nil
}

// removeEntries takes out, one by one, each entry find finds, and says
// what it took out.
func removeEntries(text []byte, find func(*jsonNode) (*jsonNode, int, string, bool)) ([]byte, []string) {
	var removed []string
	for {
		c, i, what, ok := find(mustParse(text))
		if !ok {
			return text, removed
		}
		text = removeEntry(text, c, i)
		removed = append(removed, what)
	}
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
// object, and "hooks", its events, "permissions" and "deny" (and, for
// the sandbox, "sandbox", "filesystem" and "denyWrite") are, where
// present, the kind of value Claude Code expects.
func checkShape(text []byte, root *jsonNode, sandbox bool) error {
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
	shapes := []shape{{[]string{"permissions"}, '{'}, {[]string{"permissions", "deny"}, '['}}
	if sandbox {
		shapes = append(shapes, shape{[]string{"sandbox"}, '{'}, shape{[]string{"sandbox", "filesystem"}, '{'},
			shape{[]string{"sandbox", "filesystem", "denyWrite"}, '['})
	}
	for _, s := range shapes {
		n := root
		for _, k := range s.keys {
			n = n.member(k)
		}
		name := fmt.Sprintf("%q", s.keys[len(s.keys)-1])
		if len(s.keys) > 1 {
			name += fmt.Sprintf(" in %q", s.keys[len(s.keys)-2])
		}
		if err := want(n, name, s.kind); err != nil {
			return err
		}
	}
	return nil
}

// shape is the kind of value Claude Code expects at keys, from the top.
type shape struct {
	keys []string
	kind byte
}

// addToArray appends elem to the array found by following keys from the
// top object, creating the objects and the array that are missing.
// checkShape has made sure that what is there is of the right kind.
func addToArray(text []byte, st jsonStyle, root *jsonNode, keys []string, elem jsonValue) []byte {
	n := root
	for _, key := range keys {
		n = n.member(key)
	}
	if n != nil {
		return insertEntry(text, st, n, elem)
	}
	last := len(keys) - 1
	return addMember(text, st, root, keys[:last], jsonKV{keys[last], []jsonValue{elem}})
}

// addMember adds m to the object found by following keys from the top
// object, creating the objects that are missing.
func addMember(text []byte, st jsonStyle, root *jsonNode, keys []string, m jsonKV) []byte {
	n := root
	for i, key := range keys {
		child := n.member(key)
		if child == nil {
			var v jsonValue = []jsonKV{m}
			for j := len(keys) - 1; j > i; j-- {
				v = []jsonKV{{keys[j], v}}
			}
			return insertEntry(text, st, n, jsonKV{key, v})
		}
		n = child
	}
	return insertEntry(text, st, n, m)
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
// group that holds nothing but sw's hooks is the entry; in a group that
// also holds the person's hooks, only sw's hook is.
func findAgentEntry(root *jsonNode) (c *jsonNode, i int, what string, ok bool) {
	for _, h := range agentHooks {
		groups := root.member("hooks").member(h.event)
		if groups == nil || groups.kind != '[' {
			continue
		}
		for _, g := range groups.elems {
			found := swHooks(g, h.sub)
			if len(found) == 0 {
				continue
			}
			desc := agentHook{h.event, stringOf(g.member("matcher")), h.sub}.String()
			if len(found) == len(g.member("hooks").elems) {
				return groups, g.index, desc, true
			}
			return g.member("hooks"), found[0], desc, true
		}
	}
	return findEntry(root, allEntries())
}

// findEntry finds the first of entries the settings hold.
func findEntry(root *jsonNode, entries []entry) (c *jsonNode, i int, what string, ok bool) {
	for _, e := range entries {
		if n := e.at(root); n != nil {
			return n.parent, n.index, e.String(), true
		}
	}
	return nil, 0, "", false
}
