package install

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tailscale/hujson"

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
func (h agentHook) group(binary string) hujson.Value {
	matcher := ""
	if h.matcher != "" {
		matcher = `"matcher":` + string(hujson.String(h.matcher)) + ","
	}
	hook := `{"type":"command","command":` + string(hujson.String(HookCommand(binary, h.sub))) + "}"
	return mustParse("{" + matcher + `"hooks":[` + hook + "]}")
}

// commands are the command strings of sw's hooks for h in the settings,
// for any binary: in each matcher group for h.matcher (for an event
// without tools, in any group).
func (h agentHook) commands(root *hujson.Value) []*hujson.Value {
	var found []*hujson.Value
	for _, g := range elements(memberAt(root, "hooks", h.event)) {
		if h.matcher != "" && stringOf(member(g, "matcher")) != h.matcher {
			continue
		}
		for _, hook := range swHooks(g, h.sub) {
			found = append(found, member(hook, "command"))
		}
	}
	return found
}

// swHooks are sw's hooks in the matcher group g that run `sw hook <sub>`.
func swHooks(g *hujson.Value, sub string) []*hujson.Value {
	var found []*hujson.Value
	for _, hook := range elements(member(g, "hooks")) {
		if s, _, ok := parseHookCommand(stringOf(member(hook, "command"))); ok && s == sub {
			found = append(found, hook)
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

// at is the entry in the settings, sw's string or sw's value; nil when
// they do not hold it.
func (e entry) at(root *hujson.Value) *hujson.Value {
	v := memberAt(root, e.keys...)
	if !e.list {
		if textOf(v) == e.value {
			return v
		}
		return nil
	}
	for _, s := range elements(v) {
		if stringOf(s) == e.value {
			return s
		}
	}
	return nil
}

// theirs is the member's value where it is not sw's: the person's
// setting, which sw leaves as it is. It is nil for a list entry.
func (e entry) theirs(root *hujson.Value) *hujson.Value {
	if v := memberAt(root, e.keys...); !e.list && e.at(root) == nil {
		return v
	}
	return nil
}

// add writes the entry into the settings, which do not hold it.
func (e entry) add(doc *jsonDoc) {
	if e.list {
		doc.add(e.keys, "", hujson.Value{Value: hujson.String(e.value)})
		return
	}
	last := len(e.keys) - 1
	doc.add(e.keys[:last], e.keys[last], mustParse(e.value))
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
	doc, err := parseJSON(text)
	if err != nil {
		return nil, ch, err
	}
	if err := checkShape(doc, cfg.sandbox); err != nil {
		return nil, ch, err
	}
	for _, h := range agentHooks {
		want := HookCommand(cfg.binary, h.sub)
		cmds := h.commands(&doc.root)
		switch {
		case slices.ContainsFunc(cmds, func(c *hujson.Value) bool { return stringOf(c) == want }):
		case len(cmds) > 0:
			_, was, _ := parseHookCommand(stringOf(cmds[0]))
			cmds[0].Value = hujson.String(want)
			doc.edited()
			ch.updated = append(ch.updated, h.String()+" (it called "+calling(was)+")")
		default:
			doc.add([]string{"hooks", h.event}, "", h.group(cfg.binary))
			ch.added = append(ch.added, h.String())
		}
	}
	wanted := denyEntries()
	if cfg.sandbox {
		wanted = append(wanted, sandboxEntries()...)
	}
	for _, e := range wanted {
		if v := e.theirs(&doc.root); v != nil {
			ch.theirs = append(ch.theirs, strings.Join(e.keys, ".")+" "+textOf(v))
			continue
		}
		if e.at(&doc.root) == nil {
			e.add(doc)
			ch.added = append(ch.added, e.String())
		}
	}
	if !cfg.sandbox {
		ch.removed = doc.removeAll(func(root *hujson.Value) (*hujson.Value, string) {
			return findEntry(root, sandboxEntries())
		})
	}
	return doc.packed(), ch, nil
}

// removeAgentSettings takes sw's hooks and entries out of the settings
// document text, and says what it took out. It reports whether the
// document is left an empty object: it held nothing but sw's entries.
func removeAgentSettings(text []byte) (out []byte, removed []string, empty bool, err error) {
	doc, err := parseJSON(text)
	if err != nil {
		return nil, nil, false, err
	}
	removed = doc.removeAll(findAgentEntry)
	empty = len(removed) > 0 && doc.root.Value.Kind() == '{' && len(slots(&doc.root)) == 0
	return doc.packed(), removed, empty, nil
}

// removeAll takes out, one by one, each entry find finds, and says what
// it took out.
func (d *jsonDoc) removeAll(find func(*hujson.Value) (*hujson.Value, string)) []string {
	var removed []string
	for {
		v, what := find(&d.root)
		if v == nil {
			return removed
		}
		d.remove(v)
		removed = append(removed, what)
	}
}

// checkShape makes sure sw can add its entries: the document is an
// object, and "hooks", its events, "permissions" and "deny" (and, for
// the sandbox, "sandbox", "filesystem" and "denyWrite") are, where
// present, the kind of value Claude Code expects.
func checkShape(doc *jsonDoc, sandbox bool) error {
	shapes := []shape{{nil, '{'}, {[]string{"hooks"}, '{'}}
	for _, h := range agentHooks {
		shapes = append(shapes, shape{[]string{"hooks", h.event}, '['})
	}
	shapes = append(shapes, shape{[]string{"permissions"}, '{'}, shape{[]string{"permissions", "deny"}, '['})
	if sandbox {
		shapes = append(shapes, shape{[]string{"sandbox"}, '{'}, shape{[]string{"sandbox", "filesystem"}, '{'},
			shape{denyWriteKeys, '['})
	}
	for _, s := range shapes {
		v := memberAt(&doc.root, s.keys...)
		if v == nil || v.Value.Kind() == s.kind {
			continue
		}
		name := "the settings"
		if n := len(s.keys); n > 0 {
			name = fmt.Sprintf("%q", s.keys[n-1])
			if n > 1 {
				name += fmt.Sprintf(" in %q", s.keys[n-2])
			}
		}
		return jsonError(doc.text, v.StartOffset,
			fmt.Sprintf("%s is %s; Claude Code expects %s there", name, kindName(v.Value.Kind()), kindName(s.kind)))
	}
	return nil
}

// shape is the kind of value Claude Code expects at keys, from the top.
type shape struct {
	keys []string
	kind hujson.Kind
}

// kindName names a value's kind for an error message.
func kindName(k hujson.Kind) string {
	switch k {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	}
	return "a plain value"
}

// findAgentEntry finds the first of sw's entries in the settings, and
// its description. A matcher group that holds nothing but sw's hooks is
// the entry; in a group that also holds the person's hooks, only sw's
// hook is.
func findAgentEntry(root *hujson.Value) (*hujson.Value, string) {
	for _, h := range agentHooks {
		for _, g := range elements(memberAt(root, "hooks", h.event)) {
			found := swHooks(g, h.sub)
			if len(found) == 0 {
				continue
			}
			desc := agentHook{h.event, stringOf(member(g, "matcher")), h.sub}.String()
			if len(found) == len(elements(member(g, "hooks"))) {
				return g, desc
			}
			return found[0], desc
		}
	}
	return findEntry(root, allEntries())
}

// findEntry finds the first of entries the settings hold.
func findEntry(root *hujson.Value, entries []entry) (*hujson.Value, string) {
	for _, e := range entries {
		if v := e.at(root); v != nil {
			return v, e.String()
		}
	}
	return nil, ""
}
