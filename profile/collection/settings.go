package collection

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"path"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"gopkg.in/yaml.v3"

	"sw/profile"
)

// Settings are a collection's .sw.yaml. A missing line, or file, means
// the default.
type Settings struct {
	BatchSize int    `yaml:"batch_size"`
	Genre     string `yaml:"genre"`
	Pieces    Pieces `yaml:"pieces"`
	// SuggestionsPerBatch is the most suggestions pending at once: a
	// batch a person reviews in one sitting. The heaviest go first; the
	// rest wait for a later batch.
	SuggestionsPerBatch int `yaml:"suggestions_per_batch"`
	// FeedbackWindow is read so that an older .sw.yaml still parses (see
	// LegacyFeedbackWindow).
	FeedbackWindow *int     `yaml:"feedback_window" sw:"legacy"`
	Analyzer       Analyzer `yaml:"analyzer"`
	AgentCommits   []string `yaml:"agent_commits"`
	// Targets are the agents' instruction files that get sw's block:
	// CLAUDE.md for Claude Code, AGENTS.md for Codex and others.
	Targets []string `yaml:"targets"`
	// FactsBudget is the size memory.md should keep within, since the
	// agent loads it whole; `sw facts check` reports a file past it.
	FactsBudget FactsBudget `yaml:"facts_budget"`
	// Voice is the path of the person's voice repository (see VoiceLink),
	// relative to the collection or from ~/.
	Voice string `yaml:"voice"`
}

// FactsBudget is memory.md's size budget. By default it is what Claude
// Code loads whole of its own memory index: 200 lines and 25 KB.
type FactsBudget struct {
	Lines int `yaml:"lines"`
	Bytes int `yaml:"bytes"`
}

// Pieces says which Markdown files are pieces, by slash globs relative to
// the collection root; `**` matches any number of folders.
type Pieces struct {
	Include []string `yaml:"include"`
	Exclude []string `yaml:"exclude"`
}

// Analyzer is the program that proposes profile changes. No command means
// sw's embedded analyzer.
type Analyzer struct {
	Command []string      `yaml:"command"`
	Timeout time.Duration `yaml:"timeout"`
	// Window is how many of the most recently finished pieces each
	// analysis revisits the rules on; 0 reads every piece.
	Window int `yaml:"window"`
}

// DefaultSuggestionsPerBatch keeps a batch to what a person reviews in one
// sitting.
const DefaultSuggestionsPerBatch = 5

// LegacyFeedbackWindow says what to do about a feedback_window line, which
// no longer has any effect; "" when there is none.
func (s Settings) LegacyFeedbackWindow() string {
	if s.FeedbackWindow == nil {
		return ""
	}
	return SettingsFile + ": feedback_window no longer has any effect (sw remembers every rejection); delete the line"
}

// DefaultWindow is the pieces an analysis reads by default: enough that a
// rule rests on dozens of pieces, few enough that a writer whose style
// moves sees the profile follow.
const DefaultWindow = 100

// DefaultSettings are what a missing .sw.yaml, or a missing line, means.
func DefaultSettings() Settings {
	return Settings{
		BatchSize:           3,
		Pieces:              Pieces{Include: []string{"**/*.md"}},
		SuggestionsPerBatch: DefaultSuggestionsPerBatch,
		Analyzer:            Analyzer{Timeout: 120 * time.Second, Window: DefaultWindow},
		AgentCommits:        append([]string(nil), DefaultAgentCommits...),
		Targets:             []string{ClaudeFile},
		FactsBudget:         FactsBudget{Lines: 200, Bytes: 25 * 1024},
	}
}

// DefaultGenre is the genre of a piece and a session when nothing says
// otherwise.
const DefaultGenre = profile.DefaultGenre

// Patterns for yaml.v3's messages, compiled on first use: most processes
// never meet a broken .sw.yaml.
var (
	yamlLine     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^line (\d+): `) })
	unknownField = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^field (\S+) not found in type (\S+)$`) })
	wrongType    = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("^cannot unmarshal (!!\\w+)(?: (`(.*)`))? into (\\S+)$")
	})
)

// friendlier rewords yaml.v3's messages about Go types into what to write.
func friendlier(msg string) string {
	if m := unknownField().FindStringSubmatch(msg); m != nil {
		if key, block, ok := settingsBlock(reflect.TypeFor[Settings](), m[2]); ok {
			return fmt.Sprintf("unknown setting %q in %s; the settings in %s are %s", m[1], key, key, settingNames(block))
		}
		return fmt.Sprintf("unknown setting %q; the settings are %s", m[1], settingNames(reflect.TypeFor[Settings]()))
	}
	if m := wrongType().FindStringSubmatch(msg); m != nil && m[2] != "" {
		want := cmp.Or(map[string]string{
			"int":           "a whole number",
			"time.Duration": "a duration such as 120s",
			"[]string":      "a list, e.g. [a, b]",
			"string":        "text",
		}[m[4]], "of another kind (see the comments sw init wrote)")
		return fmt.Sprintf("%q should be %s", m[3], want)
	}
	return msg
}

// settingNames lists the yaml keys of a settings struct, each group's own
// in parentheses: "batch_size, analyzer (command, timeout)". A setting
// tagged sw:"legacy" is read and not listed: it no longer does anything.
func settingNames(t reflect.Type) string {
	var names []string
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Tag.Get("sw") == "legacy" {
			continue
		}
		name := f.Tag.Get("yaml")
		if f.Type.Kind() == reflect.Struct {
			name += " (" + settingNames(f.Type) + ")"
		}
		names = append(names, name)
	}
	return strings.Join(names, ", ")
}

// settingsBlock finds the block of settings in t (analyzer, pieces) that
// yaml.v3 names by its Go type in an unknown-field error, and its key, so
// that a key unknown in a block is told that block's keys. ok is false for
// the top level.
func settingsBlock(t reflect.Type, typeName string) (key string, block reflect.Type, ok bool) {
	for i := range t.NumField() {
		if f := t.Field(i); f.Type.Kind() == reflect.Struct && f.Type.String() == typeName {
			return f.Tag.Get("yaml"), f.Type, true
		}
	}
	return "", nil, false
}

// ParseSettings reads .sw.yaml strictly: a misspelt setting silently
// ignored would leave the person puzzled why it has no effect. file names
// the file in errors.
func ParseSettings(file string, data []byte) (Settings, error) {
	s := DefaultSettings()
	strict := yaml.NewDecoder(bytes.NewReader(data))
	strict.KnownFields(true)
	if err := strict.Decode(&s); err != nil {
		if errors.Is(err, io.EOF) {
			return DefaultSettings(), nil
		}
		return s, yamlError(file, data, err)
	}
	// A bad value needs its position: only then is the file parsed again,
	// as a tree (hooks read settings on every commit).
	fail := func(key, msg string) error {
		var doc yaml.Node
		yaml.Unmarshal(data, &doc)
		line, col := position(&doc, key)
		return &profile.Error{File: file, Line: line, Col: col, Msg: msg}
	}
	genre, genreErr := profile.ParseGenre(s.Genre)
	s.Genre = genre
	switch {
	case s.BatchSize < 1:
		return s, fail("batch_size", "batch_size must be 1 or more (pieces per analysis)")
	case genreErr != nil:
		return s, fail("genre", genreErr.Error())
	case s.SuggestionsPerBatch < 1:
		return s, fail("suggestions_per_batch", "suggestions_per_batch must be 1 or more (suggestions pending at once)")
	case s.Analyzer.Timeout <= 0:
		return s, fail("analyzer", "analyzer timeout must be a positive duration, e.g. 120s")
	case s.Analyzer.Window < 0:
		return s, fail("analyzer", "analyzer window must be 0 (every piece) or more (the most recent pieces an analysis reads)")
	case s.FactsBudget.Lines < 1 || s.FactsBudget.Bytes < 1:
		return s, fail("facts_budget", "facts_budget lines and bytes must be 1 or more, e.g. {lines: 200, bytes: 25600}")
	case s.Voice != "" && strings.TrimSpace(s.Voice) != s.Voice:
		return s, fail("voice", "voice is a folder's path, without spaces around it, e.g. ../my-voice")
	}
	for _, t := range s.Targets {
		if err := checkTarget(t); err != nil {
			return s, fail("targets", fmt.Sprintf("target %q: %v", t, err))
		}
	}
	for _, g := range slices.Concat(s.Pieces.Include, s.Pieces.Exclude) {
		if err := checkGlob(g); err != nil {
			return s, fail("pieces", fmt.Sprintf("pieces glob %q: %v", g, err))
		}
	}
	return s, nil
}

// yamlError turns yaml.v3's errors into file:line:col errors; yaml.v3
// names a type error's line only.
func yamlError(file string, data []byte, err error) error {
	te, ok := err.(*yaml.TypeError)
	if !ok {
		return profile.Errors{profile.SyntaxError(file, data, err)}
	}
	var doc yaml.Node
	yaml.Unmarshal(data, &doc)
	var errs profile.Errors
	for _, m := range te.Errors {
		e := &profile.Error{File: file, Msg: m}
		if sub := yamlLine().FindStringSubmatch(m); sub != nil {
			e.Line, _ = strconv.Atoi(sub[1])
			e.Msg = strings.TrimPrefix(m, sub[0])
			e.Col = typeErrorColumn(&doc, e.Line, e.Msg)
		}
		e.Msg = friendlier(e.Msg)
		errs = append(errs, e)
	}
	return errs
}

// typeErrorColumn finds the column of the unknown key or the wrong value a
// yaml.v3 type error on line is about, or 0.
func typeErrorColumn(doc *yaml.Node, line int, msg string) int {
	var about func(n *yaml.Node, t reflect.Type) bool
	if m := unknownField().FindStringSubmatch(msg); m != nil {
		about = func(n *yaml.Node, t reflect.Type) bool { return t == nil && n.Value == m[1] }
	} else if m := wrongType().FindStringSubmatch(msg); m != nil {
		about = func(n *yaml.Node, t reflect.Type) bool {
			return t != nil && t.String() == m[4] && n.ShortTag() == m[1] && (m[2] == "" || sameValue(n.Value, m[3]))
		}
	} else {
		return 0
	}
	col := 0
	if len(doc.Content) > 0 {
		eachTyped(doc.Content[0], reflect.TypeFor[Settings](), func(n *yaml.Node, t reflect.Type) {
			if col == 0 && n.Line == line && about(n, t) {
				col = n.Column
			}
		})
	}
	return col
}

// eachTyped calls visit for n and every node below it with the Go type
// yaml.v3 decodes it into (nil for a key no field has), so a type error's
// node is told apart from others on its line.
func eachTyped(n *yaml.Node, t reflect.Type, visit func(*yaml.Node, reflect.Type)) {
	visit(n, t)
	switch {
	case t.Kind() == reflect.Struct && n.Kind == yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			key, value := n.Content[i], n.Content[i+1]
			f, ok := fieldByKey(t, key.Value)
			if !ok {
				visit(key, nil)
				continue
			}
			eachTyped(value, f.Type, visit)
		}
	case t.Kind() == reflect.Slice && n.Kind == yaml.SequenceNode:
		for _, item := range n.Content {
			eachTyped(item, t.Elem(), visit)
		}
	}
}

// fieldByKey is the field of struct type t that the YAML key decodes into.
func fieldByKey(t reflect.Type, key string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		if f := t.Field(i); f.Tag.Get("yaml") == key {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// sameValue reports whether a node's value is the one a type error quotes:
// yaml.v3 quotes a long value as its first 7 characters and "...".
func sameValue(value, quoted string) bool {
	if short, cut := strings.CutSuffix(quoted, "..."); cut {
		return strings.HasPrefix(value, short)
	}
	return value == quoted
}

// position finds the line and column of a top-level key, for messages.
func position(doc *yaml.Node, key string) (int, int) {
	if len(doc.Content) == 0 {
		return 0, 0
	}
	m := doc.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i].Line, m.Content[i].Column
		}
	}
	return 0, 0
}

// checkTarget accepts an instruction file's path: a clean slash path inside
// the collection, a Markdown file, not among the profile's own files.
func checkTarget(t string) error {
	switch {
	case t == "" || strings.HasPrefix(t, "/") || strings.Contains(t, "\\"):
		return errors.New("give a path relative to the collection, with forward slashes, e.g. AGENTS.md")
	case path.Clean(t) != t || t == ".." || strings.HasPrefix(t, "../"):
		return errors.New("give a clean path inside the collection, e.g. AGENTS.md")
	case !strings.HasSuffix(t, ".md"):
		return errors.New("an agent's instruction file is Markdown (.md)")
	case strings.HasPrefix(t, ProfileDir+"/") || strings.HasPrefix(t, ".git/") || t == MemoryFile:
		return errors.New("sw's block cannot go into the profile, git's folder or memory.md")
	}
	return nil
}
