package collection

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"sw/templates"
)

// The file sw init writes reads back as the defaults.
func TestStarterSettingsAreTheDefaults(t *testing.T) {
	s, err := ParseSettings(".sw.yaml", []byte(templates.Text("init/sw.yaml")))
	if err != nil {
		t.Fatal(err)
	}
	d := DefaultSettings()
	if s.BatchSize != d.BatchSize || s.Genre != d.Genre || s.SuggestionsPerBatch != d.SuggestionsPerBatch || s.FeedbackWindow != nil ||
		s.Analyzer.Timeout != d.Analyzer.Timeout || len(s.Analyzer.Command) != 0 ||
		strings.Join(s.Pieces.Include, ",") != "**/*.md" || len(s.Pieces.Exclude) != 0 ||
		strings.Join(s.AgentCommits, "|") != strings.Join(d.AgentCommits, "|") || s.FactsBudget != d.FactsBudget {
		t.Errorf("starter settings %+v differ from defaults %+v", s, d)
	}
}

// The unknown-setting message lists exactly the settings sw init writes.
func TestUnknownSettingListsEverySetting(t *testing.T) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(templates.Text("init/sw.yaml")), &doc); err != nil {
		t.Fatal(err)
	}
	want := "unknown setting \"batch_sise\"; the settings are " + keysOf(doc.Content[0])
	_, err := ParseSettings(".sw.yaml", []byte("batch_sise: 3\n"))
	if err == nil || err.Error() != ".sw.yaml:1:1: "+want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// A key unknown in a block of settings is told the keys sw init writes in
// that block, at its place.
func TestUnknownSettingInABlockListsTheBlocksSettings(t *testing.T) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(templates.Text("init/sw.yaml")), &doc); err != nil {
		t.Fatal(err)
	}
	top, blocks := doc.Content[0], 0
	for i := 0; i+1 < len(top.Content); i += 2 {
		block, value := top.Content[i].Value, top.Content[i+1]
		if value.Kind != yaml.MappingNode {
			continue
		}
		blocks++
		want := fmt.Sprintf(".sw.yaml:2:3: unknown setting \"colour\" in %s; the settings in %s are %s", block, block, keysOf(value))
		_, err := ParseSettings(".sw.yaml", []byte(block+":\n  colour: blue\n"))
		if err == nil || err.Error() != want {
			t.Errorf("got %v, want %s", err, want)
		}
	}
	if blocks == 0 {
		t.Error("the starter settings have no blocks")
	}
}

// keysOf lists a mapping's keys as the unknown-setting message does, a
// key whose value is a mapping with its keys in parentheses.
func keysOf(m *yaml.Node) string {
	var keys []string
	for i := 0; i+1 < len(m.Content); i += 2 {
		key := m.Content[i].Value
		if v := m.Content[i+1]; v.Kind == yaml.MappingNode {
			key += " (" + keysOf(v) + ")"
		}
		keys = append(keys, key)
	}
	return strings.Join(keys, ", ")
}

func TestParseSettings(t *testing.T) {
	s, err := ParseSettings(".sw.yaml", []byte("batch_size: 5\ngenre: essay\nanalyzer:\n  command: [my-analyzer, --strict]\n  timeout: 30s\n"))
	if err != nil {
		t.Fatal(err)
	}
	if s.BatchSize != 5 || s.Genre != "essay" || s.Analyzer.Timeout != 30*time.Second || len(s.Analyzer.Command) != 2 {
		t.Errorf("got %+v", s)
	}
	// A missing line keeps its default.
	if s.SuggestionsPerBatch != 5 || s.Pieces.Include[0] != "**/*.md" {
		t.Errorf("defaults lost: %+v", s)
	}
	if s, err := ParseSettings(".sw.yaml", nil); err != nil || s.BatchSize != 3 {
		t.Errorf("empty file: %+v %v", s, err)
	}
}

// memory.md's budget defaults to what Claude Code loads whole; a missing
// half of it keeps its default.
func TestParseSettingsFactsBudget(t *testing.T) {
	if d := DefaultSettings().FactsBudget; d != (FactsBudget{Lines: 200, Bytes: 25600}) {
		t.Errorf("default %+v", d)
	}
	s, err := ParseSettings(".sw.yaml", []byte("facts_budget:\n  lines: 50\n"))
	if err != nil || s.FactsBudget != (FactsBudget{Lines: 50, Bytes: 25600}) {
		t.Errorf("got %+v, %v", s.FactsBudget, err)
	}
	s, err = ParseSettings(".sw.yaml", []byte("facts_budget: {lines: 10, bytes: 900}\n"))
	if err != nil || s.FactsBudget != (FactsBudget{Lines: 10, Bytes: 900}) {
		t.Errorf("got %+v, %v", s.FactsBudget, err)
	}
}

// .sw.yaml's genre reads as a piece's front matter and SW_GENRE do.
func TestParseSettingsGenre(t *testing.T) {
	s, err := ParseSettings(".sw.yaml", []byte("genre: Op Ed\n"))
	if err != nil || s.Genre != "op-ed" {
		t.Errorf("genre %q, %v; want op-ed", s.Genre, err)
	}
}

func TestParseSettingsErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"batch_sise: 3\n", `.sw.yaml:1:1: unknown setting "batch_sise"`},
		{"analyzer:\n  comand: [x]\n", `.sw.yaml:2:3: unknown setting "comand" in analyzer; the settings in analyzer are command, timeout`},
		{"genre: essay\npieces:\n  include: [\"*.md\"]\n  exlude: [drafts]\n", `.sw.yaml:4:3: unknown setting "exlude" in pieces; the settings in pieces are include, exclude`},
		{"pieces: {include: [a], inclde: [b]}\n", `.sw.yaml:1:24: unknown setting "inclde" in pieces; the settings in pieces are include, exclude`},
		{"analyzer:\n  batch_size: 3\n", `.sw.yaml:2:3: unknown setting "batch_size" in analyzer; the settings in analyzer are command, timeout`},
		{"timeout: 30s\n", `.sw.yaml:1:1: unknown setting "timeout"; the settings are batch_size, genre, pieces (include, exclude), suggestions_per_batch, analyzer (command, timeout, window), agent_commits`},
		{"batch_size: three\n", `.sw.yaml:1:13: "three" should be a whole number`},
		{"batch_size: [3]\n", ".sw.yaml:1:13: cannot unmarshal !!seq into int"},
		{"pieces: {include: [a, 1, {b: c}]}\n", ".sw.yaml:1:26: cannot unmarshal !!map into string"},
		{"batch_size: 0\n", ".sw.yaml:1:1: batch_size must be 1 or more"},
		{"genre: Эссе\n", `genre "Эссе" has a letter sw cannot write with a to z ("Э")`},
		{"\nsuggestions_per_batch: 0\n", ".sw.yaml:2:1: suggestions_per_batch must be 1 or more"},
		{"targets: [../CLAUDE.md]\n", `.sw.yaml:1:1: target "../CLAUDE.md": give a clean path inside the collection`},
		{"targets: [/home/me/CLAUDE.md]\n", `.sw.yaml:1:1: target "/home/me/CLAUDE.md": give a path relative to the collection`},
		{"targets: [AGENTS.txt]\n", `.sw.yaml:1:1: target "AGENTS.txt": an agent's instruction file is Markdown`},
		{"targets: [profile/x.md]\n", `.sw.yaml:1:1: target "profile/x.md": sw's block cannot go into the profile`},
		{"targets: [memory.md]\n", `.sw.yaml:1:1: target "memory.md": sw's block cannot go into the profile`},
		{"analyzer:\n  timeout: soon\n", `.sw.yaml:2:12: "soon" should be a duration such as 120s`},
		{"analyzer:\n  timeout: 2 minutes\n", `.sw.yaml:2:12: "2 minutes" should be a duration such as 120s`},
		{"analyzer:\n  timeout: -1s\n", ".sw.yaml:1:1: analyzer timeout must be a positive duration"},
		{"analyzer:\n  command: my-analyzer\n", `.sw.yaml:2:12: "my-anal..." should be a list`},
		{"pieces:\n  include: [\"/abs/*.md\"]\n", `.sw.yaml:1:1: pieces glob "/abs/*.md": globs are relative to the collection`},
		{"pieces:\n  exclude: [\"[\"]\n", `pieces glob "[": malformed pattern`},
		{"pieces:\n  exclude: [\"../x\"]\n", "globs cannot leave the collection"},
		{"genre: essay\nfacts_budget:\n  lines: 0\n", ".sw.yaml:2:1: facts_budget lines and bytes must be 1 or more"},
		{"facts_budget: {lines: 10, bytes: -1}\n", ".sw.yaml:1:1: facts_budget lines and bytes must be 1 or more"},
		{"facts_budget:\n  bytes: 25k\n", `.sw.yaml:2:10: "25k" should be a whole number`},
		{"facts_budget:\n  line: 10\n", `.sw.yaml:2:3: unknown setting "line" in facts_budget; the settings in facts_budget are lines, bytes`},
		{"batch_size: [\n", ".sw.yaml:1:13: not valid YAML: "},
		{"batch_size: 3\ngenre: @essay\n", ".sw.yaml:2:8: not valid YAML: found character that cannot start any token"},
		{"genre: essay\nanalyzer:\n  command: [\"my-analyzer\n", ".sw.yaml:3:13: not valid YAML: found unexpected end of stream"},
	}
	for _, tt := range tests {
		_, err := ParseSettings(".sw.yaml", []byte(tt.src))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: got %v, want %q", tt.src, err, tt.want)
		}
	}
}

// The analyzer's window: 100 pieces unless set, 0 for every piece, never
// negative.
func TestAnalyzerWindow(t *testing.T) {
	if s, err := ParseSettings(".sw.yaml", nil); err != nil || s.Analyzer.Window != DefaultWindow {
		t.Errorf("default: %d, %v", s.Analyzer.Window, err)
	}
	if s, err := ParseSettings(".sw.yaml", []byte("analyzer:\n  window: 0\n")); err != nil || s.Analyzer.Window != 0 {
		t.Errorf("0: %d, %v", s.Analyzer.Window, err)
	}
	_, err := ParseSettings(".sw.yaml", []byte("analyzer:\n  window: -3\n"))
	if err == nil || !strings.Contains(err.Error(), ".sw.yaml:1:1: analyzer window must be 0 (every piece) or more") {
		t.Errorf("negative: %v", err)
	}
}

// A .sw.yaml from before rejections were kept in full still reads, and
// says what to do about the line that no longer does anything.
func TestFeedbackWindowIsLegacy(t *testing.T) {
	s, err := ParseSettings(".sw.yaml", []byte("batch_size: 3\nfeedback_window: 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := s.LegacyFeedbackWindow(); !strings.Contains(got, "feedback_window no longer has any effect") {
		t.Errorf("LegacyFeedbackWindow() = %q", got)
	}
	if s, _ := ParseSettings(".sw.yaml", nil); s.LegacyFeedbackWindow() != "" {
		t.Errorf("a collection without the line is told about it")
	}
}
