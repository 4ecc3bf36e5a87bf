package facts

// The auto-memory audit. Claude Code keeps notes of its own for each
// project (its "auto memory"): a folder of Markdown files, MEMORY.md (the
// index it loads at the start of every session) and topic files beside it.
// sw's block tells the agent to record only facts there; the audit finds
// the entries that file a writing-style judgment anyway, so the person can
// move them to the profile.
//
// Where the folder is, as Claude Code's documentation describes it:
//   - by default, <config>/projects/<slug>/memory/, where <config> is
//     $CLAUDE_CONFIG_DIR, else ~/.claude, and <slug> is the project's
//     absolute path (the git repository's root; outside git, the folder)
//     with every character but ASCII letters and digits replaced by "-";
//   - the autoMemoryDirectory setting moves it, taken from the managed
//     policy, the project's .claude/settings.local.json and the user's
//     <config>/settings.json, in that order, but never from the project's
//     shared .claude/settings.json, so that a repository cannot send a
//     person's notes elsewhere. It is an absolute path or one starting ~/.
//
// A slug longer than 200 characters is cut there and given a hash suffix
// sw cannot compute; sw then takes the one folder whose name starts with
// the cut slug.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"

	"sw/profile/markdown"
)

// AutoMemoryIndex is the file of the auto-memory folder the agent loads
// at the start of every session; the folder's other Markdown files are
// topic files it reads when it needs them.
const AutoMemoryIndex = "MEMORY.md"

// maxSlug is the length past which Claude Code shortens a project's slug.
const maxSlug = 200

// AutoMemoryEnv is what locating the auto memory reads of the world.
type AutoMemoryEnv struct {
	Getenv          func(string) string
	Home            string // the user's home folder: ~
	ManagedSettings string // the managed-policy settings file (ManagedSettingsFile), "" for none
}

// ManagedSettingsFile is where Claude Code's managed policy (settings an
// organisation deploys) lives on this system.
func ManagedSettingsFile() string {
	switch runtime.GOOS {
	case "darwin":
		return "/Library/Application Support/ClaudeCode/managed-settings.json"
	case "windows":
		return `C:\Program Files\ClaudeCode\managed-settings.json`
	default:
		return "/etc/claude-code/managed-settings.json"
	}
}

// AutoMemory is where a project's auto memory is, or would be.
type AutoMemory struct {
	Folder string   // the folder, "" when there is none
	Looked []string // every folder looked in, in order
	From   string   // what named the folder: "the default location", or the settings file
	Notes  []string // settings read and set aside, each with why
}

// LocateAutoMemory finds the auto memory of the project whose root is
// root (for a git repository, the main worktree's top folder).
func LocateAutoMemory(root string, env AutoMemoryEnv) (*AutoMemory, error) {
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	config := env.Getenv("CLAUDE_CONFIG_DIR")
	if config == "" {
		if env.Home == "" {
			return nil, errors.New("cannot tell where Claude Code keeps its auto memory: no home folder (HOME is not set) and no CLAUDE_CONFIG_DIR")
		}
		config = filepath.Join(env.Home, ".claude")
	}
	am := &AutoMemory{}
	local := filepath.Join(root, ".claude", "settings.local.json")
	for _, file := range []string{env.ManagedSettings, local, filepath.Join(config, "settings.json")} {
		if file == "" {
			continue
		}
		dir, set, err := autoMemoryDirectory(file)
		if err != nil {
			return nil, err
		}
		if !set {
			continue
		}
		if expanded, ok := expandTilde(dir, env.Home); ok {
			am.From = "autoMemoryDirectory in " + file
			am.look(expanded)
			return am, nil
		}
		am.Notes = append(am.Notes, fmt.Sprintf("%s: autoMemoryDirectory %q set aside: Claude Code takes only an absolute path or one starting with ~/", file, dir))
	}
	if _, set, err := autoMemoryDirectory(filepath.Join(root, ".claude", "settings.json")); err == nil && set {
		am.Notes = append(am.Notes, fmt.Sprintf("%s: autoMemoryDirectory set aside: Claude Code does not take it from a project's shared settings (put it in %s)",
			filepath.Join(root, ".claude", "settings.json"), local))
	}
	am.From = "the default location"
	projects := filepath.Join(config, "projects")
	roots := []string{root}
	if real, err := filepath.EvalSymlinks(root); err == nil && real != root {
		roots = append(roots, real)
	}
	for _, r := range roots {
		slug := ProjectSlug(r)
		if len(slug) <= maxSlug {
			if am.look(filepath.Join(projects, slug, "memory")) {
				return am, nil
			}
			continue
		}
		// A slug is ASCII letters, digits and dashes: no byte of it is
		// special to Glob.
		pattern := filepath.Join(projects, slug[:maxSlug]+"-*", "memory")
		am.Looked = append(am.Looked, pattern)
		if matches, _ := filepath.Glob(pattern); len(matches) == 1 && isFolder(matches[0]) {
			am.Folder = matches[0]
			return am, nil
		}
	}
	return am, nil
}

// look records dir as looked in, and takes it when it is a folder.
func (am *AutoMemory) look(dir string) bool {
	am.Looked = append(am.Looked, dir)
	if isFolder(dir) {
		am.Folder = dir
		return true
	}
	return false
}

// ProjectSlug is the name Claude Code gives a project's folder under
// projects/: its absolute path with every character that is not an ASCII
// letter or digit replaced by "-". Claude Code counts characters as
// JavaScript does, so a character outside the Basic Multilingual Plane
// (an emoji) becomes two dashes.
func ProjectSlug(path string) string {
	var b strings.Builder
	for _, r := range path {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case r > 0xFFFF:
			b.WriteString("--")
		default:
			b.WriteByte('-')
		}
	}
	return b.String()
}

// autoMemoryDirectory reads the autoMemoryDirectory setting of a Claude
// Code settings file: a file that is not there sets nothing, and one that
// is not valid JSON is an error, as Claude Code would not read it either.
func autoMemoryDirectory(file string) (dir string, set bool, err error) {
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	var settings struct {
		AutoMemoryDirectory *string `json:"autoMemoryDirectory"`
	}
	if err := json.Unmarshal(data, &settings); err != nil {
		return "", false, fmt.Errorf("%s: not valid JSON (%v); fix it, or Claude Code will not read it either", file, err)
	}
	if settings.AutoMemoryDirectory == nil || strings.TrimSpace(*settings.AutoMemoryDirectory) == "" {
		return "", false, nil
	}
	return *settings.AutoMemoryDirectory, true, nil
}

// expandTilde makes a setting's path absolute: ~ and ~/... are under home;
// ok is false for a path that is neither absolute nor under ~.
func expandTilde(path, home string) (string, bool) {
	switch {
	case home == "" && strings.HasPrefix(path, "~"):
		return "", false
	case path == "~":
		return home, true
	case strings.HasPrefix(path, "~/"), runtime.GOOS == "windows" && strings.HasPrefix(path, `~\`):
		return filepath.Join(home, path[2:]), true
	case filepath.IsAbs(path):
		return filepath.Clean(path), true
	}
	return "", false
}

func isFolder(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// Finding is an auto-memory entry that files a writing-style judgment.
type Finding struct {
	File string `json:"file"` // relative to the folder, with forward slashes
	Line int    `json:"line"`
	Text string `json:"text"` // the line as written
	Why  string `json:"why"`  // the kind of judgment, what about, and the cues
	// Reading is what the judgment asks, for turning it into a rule; the
	// audit's JSON lists findings only.
	Reading Reading `json:"-"`
}

// Audit is what the audit found in an auto-memory folder.
type Audit struct {
	Folder   string    `json:"folder"` // "" when there is none
	From     string    `json:"from,omitempty"`
	Looked   []string  `json:"looked,omitempty"`
	Notes    []string  `json:"notes,omitempty"`
	Findings []Finding `json:"findings"`
	Entries  int       `json:"entries"` // how many entries were read
}

// AuditProject locates the auto memory of the project whose root is root
// (see LocateAutoMemory) and audits it; with no folder, the Audit has no
// Folder and says where it looked.
func AuditProject(root string, env AutoMemoryEnv) (*Audit, error) {
	am, err := LocateAutoMemory(root, env)
	if err != nil {
		return nil, err
	}
	a := &Audit{Findings: []Finding{}}
	if am.Folder != "" {
		if a, err = AuditAutoMemory(am.Folder); err != nil {
			return nil, err
		}
	}
	a.From, a.Looked, a.Notes = am.From, am.Looked, am.Notes
	return a, nil
}

// WriteText writes the audit for a person: where the folder is, one line
// per finding (file:line: why: the line) and a summary of what to do.
func (a *Audit) WriteText(w io.Writer) error {
	b := a.findings()
	switch n := len(a.Findings); {
	case a.Folder == "":
	case a.Entries == 0:
		b.WriteString("no entries: nothing to audit\n")
	case n == 0:
		fmt.Fprintf(b, "%s, none a writing-style judgment\n", plural(a.Entries, "entry", "entries"))
	default:
		fmt.Fprintf(b, "%s a writing-style judgment: style lives in profile/, not in the agent's notes. Remove these lines from the auto memory; write any you want kept as a rule in profile/.\n",
			a.HowMany())
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteFindings writes the audit's notes, where the folder is (or where
// sw looked) and one line per finding, without WriteText's summary, for a
// caller that says what to do in its own words.
func (a *Audit) WriteFindings(w io.Writer) error {
	_, err := io.WriteString(w, a.findings().String())
	return err
}

func (a *Audit) findings() *strings.Builder {
	b := &strings.Builder{}
	for _, n := range a.Notes {
		fmt.Fprintf(b, "note: %s\n", n)
	}
	if a.Folder == "" {
		fmt.Fprintf(b, "sw: no auto memory for this repository (looked in %s)\n", strings.Join(a.Looked, " and "))
		return b
	}
	fmt.Fprintf(b, "auto memory: %s (%s)\n", a.Folder, a.From)
	for _, f := range a.Findings {
		fmt.Fprintf(b, "%s:%d: %s: %s\n", f.File, f.Line, f.Why, strings.TrimSpace(f.Text))
	}
	return b
}

// HowMany says how many of the entries read file a judgment: "5 of 11
// entries file".
func (a *Audit) HowMany() string {
	verb := "file"
	if len(a.Findings) == 1 {
		verb = "files"
	}
	return fmt.Sprintf("%d of %s %s", len(a.Findings), plural(a.Entries, "entry", "entries"), verb)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// AuditAutoMemory reads every Markdown file in dir (MEMORY.md first, then
// the topic files by name, subfolders included) and reports the entries
// that file a writing-style judgment. An entry is one line of text: a list
// item, a line of a paragraph, a table row, or a front-matter name or
// description. Headings, code blocks, HTML comments and front matter's
// other fields are not entries.
func AuditAutoMemory(dir string) (*Audit, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if strings.HasPrefix(d.Name(), ".") && path != dir {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".md") {
			rel, err := filepath.Rel(dir, path)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(files, func(a, b string) int {
		switch {
		case a == AutoMemoryIndex:
			return -1
		case b == AutoMemoryIndex:
			return 1
		}
		return strings.Compare(a, b)
	})
	a := &Audit{Folder: dir, Findings: []Finding{}}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			return nil, err
		}
		if len(data) > MaxFileSize {
			// Claude Code loads no more than its first lines either; read
			// as Markdown, the whole would cost many times its size.
			return nil, tooBig(filepath.Join(dir, filepath.FromSlash(f)), len(data))
		}
		for _, e := range autoEntries(data) {
			a.Entries++
			if j, ok := classify(e.text); ok {
				a.Findings = append(a.Findings, Finding{File: f, Line: e.line, Text: e.raw, Why: j.why(), Reading: read(e.text, j)})
			}
		}
	}
	return a, nil
}

// autoEntry is one entry of an auto-memory file: its line, the line as
// written, and the text to classify (markers and labels taken off).
type autoEntry struct {
	line      int
	raw, text string
}

// autoEntries splits an auto-memory file into entries, one per line of
// text (see AuditAutoMemory): the front matter's name and description, and
// each line of a paragraph, as CommonMark reads the rest (in a list, a
// quote or not). Headings, code, HTML and thematic breaks hold none.
func autoEntries(data []byte) []autoEntry {
	var entries []autoEntry
	lines := markdown.Lines(data)
	add := func(l markdown.Line, text string) {
		entries = append(entries, autoEntry{line: l.Num, raw: string(data[l.Start:l.End]), text: text})
	}
	body := 0 // the line the Markdown starts on, past the front matter
	if len(lines) > 0 && trimmedLine(data, lines[0]) == "---" {
		body = len(lines) // front matter never closed holds the rest
		for i, l := range lines[1:] {
			line := trimmedLine(data, l)
			if line == "---" || line == "..." {
				body = i + 2
				break
			}
			// Claude Code's topic files carry a name and a description
			// of what they hold; the other fields (type) are labels.
			key, value, _ := strings.Cut(line, ":")
			if k := strings.TrimSpace(key); k == "name" || k == "description" {
				if v := strings.Trim(strings.TrimSpace(value), `"'`); v != "" {
					add(l, v)
				}
			}
		}
	}
	if body == len(lines) {
		return entries
	}
	markdown.EachBlock(markdown.Parse(data, lines[body].Start), func(n ast.Node) {
		if n.Kind() != ast.KindParagraph && n.Kind() != ast.KindTextBlock {
			return
		}
		for i := range n.Lines().Len() {
			seg := n.Lines().At(i)
			if text := autoEntryText(strings.TrimSpace(string(seg.Value(data)))); text != "" {
				add(lines[markdown.LineAt(lines, seg.Start)], text)
			}
		}
	})
	return entries
}

// trimmedLine is a line's text without the spaces around it.
func trimmedLine(data []byte, l markdown.Line) string {
	return strings.TrimSpace(string(data[l.Start:l.End]))
}

// autoEntryText is the text of a paragraph's line without its task box,
// and with a table row's cells joined; a table's delimiter row (|---|:-:|)
// is none.
func autoEntryText(line string) string {
	if strings.HasPrefix(line, "|") && strings.Trim(line, "|-: \t") == "" {
		return ""
	}
	for _, box := range []string{"[ ] ", "[x] ", "[X] "} {
		line = strings.TrimPrefix(line, box)
	}
	if strings.HasPrefix(line, "|") {
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		line = strings.Join(cells, " ")
	}
	return strings.TrimSpace(line)
}
