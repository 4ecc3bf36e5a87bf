package install

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tailscale/hujson"
)

// testConfig is what the tests install: hooks that call a binary whose
// path needs quoting for the shell, and the sandbox on.
var testConfig = agentConfig{binary: "/opt/Ada's tools/sw", sandbox: true}

// allAdded is what merging testConfig into settings with none of sw's
// entries adds.
var allAdded = func() []string {
	added := []string{
		`SessionStart hook "sw hook pre-session"`,
		`PreToolUse hook "sw hook guard" for Edit|Write|MultiEdit|NotebookEdit`,
		`PreToolUse hook "sw hook guard" for Bash`,
	}
	for _, e := range allEntries() {
		added = append(added, e.String())
	}
	return added
}()

// merge merges testConfig into text, and says what it added.
func merge(text []byte) ([]byte, []string, error) {
	out, ch, err := mergeAgentSettings(text, testConfig)
	return out, ch.added, err
}

// commands puts the commands sw writes for testConfig into an expected
// text where it has "sw hook guard" or "sw hook pre-session" as a JSON
// string.
func commands(s string) string {
	return strings.NewReplacer(`"sw hook guard"`, jsonQuote(HookCommand(testConfig.binary, guard)),
		`"sw hook pre-session"`, jsonQuote(HookCommand(testConfig.binary, preSession))).Replace(s)
}

// jsonQuote is s as a JSON string, as sw writes it.
func jsonQuote(s string) string { return string(hujson.String(s)) }

// roundTrip merges sw's entries into in, checks that the result holds
// them, that merging again changes nothing, and that taking them out gives
// back in, byte for byte. It returns the merged text.
func roundTrip(t *testing.T, in string) string {
	t.Helper()
	out, added, err := merge([]byte(in))
	if err != nil {
		t.Fatalf("merge: %v", err)
	}
	wantSwEntries(t, out)
	again, addedAgain, err := merge(out)
	if err != nil || !bytes.Equal(again, out) || len(addedAgain) > 0 {
		t.Errorf("merging twice is not merging once: err %v, added %q\n%s", err, addedAgain, again)
	}
	back, removed, _, err := removeAgentSettings(out)
	if err != nil {
		t.Fatalf("remove: %v", err)
	}
	if string(back) != in {
		t.Errorf("taking sw's entries out did not give back the file:\n got: %q\nwant: %q", back, in)
	}
	if len(removed) != len(added) {
		t.Errorf("added %q, removed %q", added, removed)
	}
	return string(out)
}

// wantSwEntries checks, by decoding it, that the settings hold sw's hooks
// and deny rules where Claude Code looks for them.
func wantSwEntries(t *testing.T, text []byte) {
	t.Helper()
	var doc struct {
		Hooks map[string][]struct {
			Matcher *string `json:"matcher"`
			Hooks   []struct {
				Type    string `json:"type"`
				Command string `json:"command"`
			} `json:"hooks"`
		} `json:"hooks"`
		Permissions struct {
			Deny []string `json:"deny"`
		} `json:"permissions"`
		Sandbox struct {
			Enabled                  *bool `json:"enabled"`
			AllowUnsandboxedCommands *bool `json:"allowUnsandboxedCommands"`
			Filesystem               struct {
				DenyWrite []string `json:"denyWrite"`
			} `json:"filesystem"`
		} `json:"sandbox"`
	}
	if err := json.Unmarshal(bytes.TrimPrefix(text, []byte(bom)), &doc); err != nil {
		t.Fatalf("the merged settings are not valid JSON: %v\n%s", err, text)
	}
	for _, h := range agentHooks {
		found := false
		for _, g := range doc.Hooks[h.event] {
			if h.matcher != "" && (g.Matcher == nil || *g.Matcher != h.matcher) {
				continue
			}
			for _, hook := range g.Hooks {
				found = found || hook.Type == "command" && hook.Command == HookCommand(testConfig.binary, h.sub)
			}
		}
		if !found {
			t.Errorf("no %s in:\n%s", h, text)
		}
	}
	for _, rule := range denyRules() {
		if !slices.Contains(doc.Permissions.Deny, rule) {
			t.Errorf("no deny rule %s in:\n%s", rule, text)
		}
	}
	sb := doc.Sandbox
	if sb.Enabled == nil || !*sb.Enabled || sb.AllowUnsandboxedCommands == nil || *sb.AllowUnsandboxedCommands ||
		!reflect.DeepEqual(sb.Filesystem.DenyWrite, []string{"./profile", "./profile_feedback.json", "./.sw.yaml"}) {
		t.Errorf("not sw's sandbox in:\n%s", text)
	}
}

func TestMergeIntoAnEmptyObject(t *testing.T) {
	out := roundTrip(t, "{}\n")
	want := commands(`{
  "hooks": {
    "SessionStart": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "sw hook pre-session"
          }
        ]
      }
    ],
    "PreToolUse": [
      {
        "matcher": "Edit|Write|MultiEdit|NotebookEdit",
        "hooks": [
          {
            "type": "command",
            "command": "sw hook guard"
          }
        ]
      },
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "sw hook guard"
          }
        ]
      }
    ]
  },
  "permissions": {
    "deny": [
      "Edit(/profile/**)",
      "Edit(/profile_feedback.json)",
      "Edit(/.git/hooks/**)",
      "Edit(/.git/config)"
    ]
  },
  "sandbox": {
    "enabled": true,
    "allowUnsandboxedCommands": false,
    "filesystem": {
      "denyWrite": [
        "./profile",
        "./profile_feedback.json",
        "./.sw.yaml"
      ]
    }
  }
}
`)
	wantText(t, "merged", out, want)
	_, _, empty, _ := removeAgentSettings([]byte(out))
	if !empty {
		t.Error("the settings sw wrote alone are not reported empty once sw's entries are out")
	}
}

func TestMergeKeepsThePersonsSettings(t *testing.T) {
	// Four-space indent, keys in no particular order, the person's hooks,
	// allow and deny rules, and env.
	in := `{
    "model": "opus",
    "permissions": {
        "deny": ["Read(./.env)"],
        "allow": [
            "Bash(git diff:*)"
        ]
    },
    "env": {"EDITOR": "vi"},
    "hooks": {
        "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}],
        "PreToolUse": [
            {
                "matcher": "Bash",
                "hooks": [
                    {"type": "command", "command": "./check-bash.sh"}
                ]
            }
        ]
    },
    "includeCoAuthoredBy": false
}
`
	out := roundTrip(t, in)
	for _, kept := range []string{
		`"model": "opus",`,
		`        "deny": ["Read(./.env)", "Edit(/profile/**)", "Edit(/profile_feedback.json)", "Edit(/.git/hooks/**)", "Edit(/.git/config)"],`,
		`        "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}],`,
		`                    {"type": "command", "command": "./check-bash.sh"}`,
		"            },\n            {\n                \"matcher\": \"Edit|Write|MultiEdit|NotebookEdit\",\n",
		"        ],\n        \"SessionStart\": [\n            {\n                \"hooks\": [\n",
		"    \"includeCoAuthoredBy\": false,\n    \"sandbox\": {\n        \"enabled\": true,\n",
	} {
		if !strings.Contains(out, kept) {
			t.Errorf("merged settings lack %q:\n%s", kept, out)
		}
	}
}

func TestMergeIntoHooksWithOtherEvents(t *testing.T) {
	in := "{\n  \"hooks\": {\n    \"PostToolUse\": [\n      {\n        \"matcher\": \"Write\",\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"gofmt -w .\"\n          }\n        ]\n      }\n    ]\n  }\n}\n"
	out := roundTrip(t, in)
	if !strings.HasPrefix(out, strings.TrimSuffix(in, "    ]\n  }\n}\n")+"    ],\n    \"SessionStart\": [") {
		t.Errorf("sw's events do not follow the person's:\n%s", out)
	}
}

func TestMergeIntoASessionStartThatHasThePersonsHook(t *testing.T) {
	in := `{
  "hooks": {
    "SessionStart": [
      {
        "matcher": "startup",
        "hooks": [
          {
            "type": "command",
            "command": "echo hello"
          }
        ]
      }
    ]
  }
}
`
	out := roundTrip(t, in)
	want := commands(`      },
      {
        "hooks": [
          {
            "type": "command",
            "command": "sw hook pre-session"
          }
        ]
      }
    ],
    "PreToolUse": [`)
	if !strings.Contains(out, want) {
		t.Errorf("sw's group does not follow the person's:\n%s", out)
	}
}

func TestMergeIntoPermissionsWithoutDeny(t *testing.T) {
	in := "{\n  \"permissions\": {\n    \"allow\": [\n      \"Bash(ls)\"\n    ],\n    \"defaultMode\": \"acceptEdits\"\n  }\n}\n"
	out := roundTrip(t, in)
	want := "    \"defaultMode\": \"acceptEdits\",\n    \"deny\": [\n      \"Edit(/profile/**)\",\n      \"Edit(/profile_feedback.json)\",\n      \"Edit(/.git/hooks/**)\",\n      \"Edit(/.git/config)\"\n    ]\n  },\n  \"hooks\": {"
	if !strings.Contains(out, want) {
		t.Errorf("want %q in:\n%s", want, out)
	}
}

func TestMergeKeepsCRLFLineEndings(t *testing.T) {
	in := "{\r\n  \"env\": {\r\n    \"A\": \"1\"\r\n  },\r\n  \"permissions\": {\r\n    \"ask\": []\r\n  }\r\n}\r\n"
	out := roundTrip(t, in)
	if n, crlf := strings.Count(out, "\n"), strings.Count(out, "\r\n"); n != crlf {
		t.Errorf("%d line ends, %d of them CRLF:\n%q", n, crlf, out)
	}
}

func TestMergeKeepsAMissingFinalNewline(t *testing.T) {
	in := "{\n  \"env\": {\n    \"A\": \"1\"\n  }\n}"
	out := roundTrip(t, in)
	if !strings.HasSuffix(out, "]\n    }\n  }\n}") {
		t.Errorf("the merged file gained a final newline or lost its end:\n%q", out)
	}
}

func TestMergeIndentsWithTabs(t *testing.T) {
	in := "{\n\t\"env\": {\n\t\t\"A\": \"1\"\n\t}\n}\n"
	out := roundTrip(t, in)
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, " ") {
			t.Errorf("a line indented with spaces in a file indented with tabs: %q\n%s", line, out)
		}
	}
	if !strings.Contains(out, "\n\t\t\"SessionStart\": [\n\t\t\t{\n\t\t\t\t\"hooks\": [\n") {
		t.Errorf("not indented a tab per level:\n%s", out)
	}
}

func TestMergeIntoAFileOnOneLine(t *testing.T) {
	in := `{"model":"opus","permissions":{"deny":["Bash(rm:*)"]}}`
	out := roundTrip(t, in)
	want := commands(`{"model":"opus","permissions":{"deny":["Bash(rm:*)","Edit(/profile/**)","Edit(/profile_feedback.json)","Edit(/.git/hooks/**)","Edit(/.git/config)"]},"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"sw hook pre-session"}]}],`)
	if !strings.HasPrefix(out, want) || strings.Contains(out, "\n") {
		t.Errorf("want one line starting %s, got\n%s", want, out)
	}
}

func TestMergeKeepsAByteOrderMark(t *testing.T) {
	roundTrip(t, bom+"{\n  \"model\": \"opus\"\n}\n")
}

func TestMergeAddsOnlyWhatIsMissing(t *testing.T) {
	full, _, err := merge([]byte("{}\n"))
	if err != nil {
		t.Fatal(err)
	}
	// The person took one deny rule out, and sw's Bash guard.
	partial := strings.Replace(string(full), ",\n      \"Edit(/profile_feedback.json)\"", "", 1)
	partial = strings.Replace(partial, commands(",\n      {\n        \"matcher\": \"Bash\",\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"sw hook guard\"\n          }\n        ]\n      }"), "", 1)
	if partial == string(full) {
		t.Fatal("the test's edits did not apply")
	}
	out, added, err := merge([]byte(partial))
	if err != nil {
		t.Fatal(err)
	}
	wantText(t, "added", strings.Join(added, "\n"), allAdded[2]+"\n"+allAdded[4])
	// Put back where they go: the rule at the end of its list.
	moved := strings.Replace(string(full), "\n      \"Edit(/profile_feedback.json)\",", "", 1)
	moved = strings.Replace(moved, "\"Edit(/.git/config)\"", "\"Edit(/.git/config)\",\n      \"Edit(/profile_feedback.json)\"", 1)
	wantText(t, "merged", string(out), moved)
}

func TestSwsHookInThePersonsGroup(t *testing.T) {
	// The person moved sw's pre-session hook into their own group (as an
	// earlier sw wrote it), and put a guard under a matcher of their own:
	// both are sw's by command.
	in := `{
  "hooks": {
    "SessionStart": [
      {"hooks": [{"type": "command", "command": "echo hi"}, {"type": "command", "command": "sw hook pre-session"}]}
    ],
    "PreToolUse": [
      {"matcher": "Write", "hooks": [{"type": "command", "command": "sw hook guard"}]}
    ]
  }
}
`
	out, ch, err := mergeAgentSettings([]byte(in), testConfig)
	if err != nil {
		t.Fatal(err)
	}
	wantText(t, "added", strings.Join(ch.added, "\n"), strings.Join(allAdded[1:], "\n"))
	wantText(t, "updated", strings.Join(ch.updated, "\n"), allAdded[0]+" (it called sw on PATH)")
	back, removed, empty, err := removeAgentSettings(out)
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "hooks": {
    "SessionStart": [
      {"hooks": [{"type": "command", "command": "echo hi"}]}
    ]
  }
}
`
	wantText(t, "after removal", string(back), want)
	if empty || len(removed) != len(allAdded)+1 {
		t.Errorf("empty %v, removed %q", empty, removed)
	}
}

func TestAnEmptyListWhereSwAddsGoesWithSwsEntries(t *testing.T) {
	// sw cannot tell an empty list the person had from one it made: once
	// its entries are out, an emptied list or object goes.
	in := "{\n  \"model\": \"opus\",\n  \"permissions\": {\n    \"deny\": []\n  }\n}\n"
	out, _, err := merge([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "\"deny\": [\n      \"Edit(/profile/**)\",\n") {
		t.Errorf("the empty list was not opened up one level deeper:\n%s", out)
	}
	back, _, empty, err := removeAgentSettings(out)
	if err != nil {
		t.Fatal(err)
	}
	wantText(t, "after removal", string(back), "{\n  \"model\": \"opus\"\n}\n")
	if empty {
		t.Error("reported empty")
	}
}

func TestRemoveLeavesNoTrailingComma(t *testing.T) {
	// The space before a comma goes with the comma, when the entry after
	// it is the one taken out: a trailing comma is not JSON.
	in := `{"permissions": {"deny": ["Bash" , "Edit(/profile/**)"], "ask": []}}`
	out, _, _, err := removeAgentSettings([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	wantText(t, "after removal", string(out), `{"permissions": {"deny": ["Bash"], "ask": []}}`)
}

func TestRemoveLeavesSettingsWithoutSwsEntriesAlone(t *testing.T) {
	for _, in := range []string{"{}\n", `{"hooks": {}, "permissions": {"deny": []}}`, "[1, 2]", "\"x\""} {
		out, removed, empty, err := removeAgentSettings([]byte(in))
		if err != nil || string(out) != in || len(removed) > 0 || empty {
			t.Errorf("%s: got %q, removed %q, empty %v, err %v", in, out, removed, empty, err)
		}
	}
}

func TestMergeReadsKeysAsJSONDoes(t *testing.T) {
	// An escaped key is the same key; of a key given twice, the last counts.
	in := `{"\u0068ooks": {"PreToolUse": "not read"}, "hooks": {"Stop": []}}`
	out, _, err := merge([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(out), `{"\u0068ooks": {"PreToolUse": "not read"}, "hooks": {"Stop": [], "SessionStart": [`) {
		t.Errorf("sw's hooks did not go into the last \"hooks\":\n%s", out)
	}
}

func TestInvalidJSONIsAnErrorWithLineAndColumn(t *testing.T) {
	for _, c := range []struct {
		in        string
		line, col int
		msg       string
	}{
		{"{\n  \"a\": 1,\n}\n", 3, 1, "looking for beginning of object key string"},
		{"{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "after object key:value pair"},
		{"{\n  \"é\": tru\n}", 2, 11, "in literal true"},
		{"{\"a\": [1, 2}", 1, 12, "after array element"},
		{"{\"a\": \"x\ty\"}", 1, 9, "in string literal"},
		{"{} {}", 1, 4, "after top-level value"},
		{"", 1, 1, "holds no JSON value"},
		{"  \n", 2, 1, "holds no JSON value"},
		{"{\"a\": 01}", 1, 8, "after object key:value pair"},
		{"{\"a\": \"\\x\"}", 1, 9, "in string escape code"},
		{"{\"a\": 1", 1, 8, "unexpected end"},
		{"// a comment\n{}", 1, 1, "JSON has no comments"},
		{"{\"a\": [\n  1 /* one */\n]}", 2, 5, "JSON has no comments"},
		{strings.Repeat("[", 20000), 1, 10001, "exceeded max depth"},
	} {
		_, _, err := merge([]byte(c.in))
		var je *JSONError
		if !errors.As(err, &je) {
			t.Errorf("%q: got %v, want a JSONError", c.in, err)
			continue
		}
		if je.Line != c.line || je.Column != c.col || !strings.Contains(je.Msg, c.msg) {
			t.Errorf("%q: got %d:%d %s, want %d:%d ...%s...", c.in, je.Line, je.Column, je.Msg, c.line, c.col, c.msg)
		}
		if _, _, _, err := removeAgentSettings([]byte(c.in)); !errors.As(err, &je) {
			t.Errorf("%q: remove got %v, want a JSONError", c.in, err)
		}
	}
}

func TestSettingsOfTheWrongShapeAreAnError(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"[]", "1:1: the settings is an array; Claude Code expects an object there"},
		{"{\n  \"hooks\": []\n}", `2:12: "hooks" is an array; Claude Code expects an object there`},
		{`{"hooks": {"SessionStart": {}}}`, `1:28: "SessionStart" in "hooks" is an object; Claude Code expects an array there`},
		{`{"permissions": {"deny": "Bash"}}`, `1:26: "deny" in "permissions" is a string; Claude Code expects an array there`},
		{`{"permissions": null}`, `1:17: "permissions" is a plain value; Claude Code expects an object there`},
	} {
		_, _, err := merge([]byte(c.in))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.in, err, c.want)
		}
	}
}

// FuzzParseJSON holds the parser to encoding/json's idea of valid JSON
// and to giving back the bytes it read, and merging and removing to
// producing valid JSON again.
func FuzzParseJSON(f *testing.F) {
	for _, seed := range []string{
		"{}", "[]", `{"a": [1, 2.5e-3, true, null, "x\u00e9\n"]}`, "{\n\t\"hooks\": {}\n}\r\n",
		`{"permissions": {"deny": ["Bash"]}, "hooks": {"SessionStart": [{"hooks": []}]}}`,
		"{\"a\":-0}", "{\"a\" : 1 , \"b\":[ ]}", "{\"a\": 1,}", "\"\\ud800\"", "nul",
		"{\"a\": 1 /* one */}", "{\"sandbox\": {\"filesystem\": {\"denyWrite\": [\"x\" , \"./profile\"]}}}",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if bytes.HasPrefix(in, []byte(bom)) {
			return // encoding/json refuses one; sw lets it be
		}
		doc, err := parseJSON(in)
		if (err == nil) != json.Valid(in) {
			t.Fatalf("%q: parse error %v, json.Valid %v", in, err, json.Valid(in))
		}
		if err != nil {
			return
		}
		if !bytes.Equal(doc.packed(), in) {
			t.Fatalf("%q read back as %q", in, doc.packed())
		}
		out, _, err := merge(in)
		if err != nil {
			return // not an object, or not the shape sw can add to
		}
		if !json.Valid(out) {
			t.Fatalf("merging into %q made invalid JSON: %q", in, out)
		}
		back, _, _, err := removeAgentSettings(out)
		if err != nil || !json.Valid(back) {
			t.Fatalf("removing from %q made invalid JSON: %q (%v)", out, back, err)
		}
		var a, b any
		json.Unmarshal(in, &a)
		json.Unmarshal(back, &b)
		if !hasSwEntries(in) && !reflect.DeepEqual(pruneEmpty(a), pruneEmpty(b)) {
			t.Fatalf("merging then removing changed what %q says: %q", in, back)
		}
	})
}

// hasSwEntries reports whether the settings already hold something of
// sw's, which removing takes out too.
func hasSwEntries(text []byte) bool {
	return bytes.Contains(text, []byte("sw hook")) || bytes.Contains(text, []byte("Edit(")) ||
		bytes.Contains(text, []byte("sandbox")) || bytes.Contains(text, []byte(`\`)) // an escape can spell anything
}

// pruneEmpty drops the empty arrays and objects removing may take out,
// with the objects left empty by that.
func pruneEmpty(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			if e = pruneEmpty(e); isEmpty(e) {
				delete(v, k)
			} else {
				v[k] = e
			}
		}
	case []any:
		for i, e := range v {
			v[i] = pruneEmpty(e)
		}
	}
	return v
}

func isEmpty(v any) bool {
	switch v := v.(type) {
	case map[string]any:
		return len(v) == 0
	case []any:
		return len(v) == 0
	}
	return false
}

// installTest plans an install of testConfig.
func installTest(root string) (agentStep, error) { return planAgentInstall(root, testConfig) }

func TestAgentInstallCreatesAndUninstallRemovesTheFileAndFolder(t *testing.T) {
	root := t.TempDir()
	step, err := planAgentInstall(root, testConfig)
	if err != nil {
		t.Fatal(err)
	}
	wantText(t, "install", step.result.String(), ".claude/settings.json: created (the .claude folder too)\n"+
		"  added "+strings.Join(allAdded, "\n  added ")+"\n"+
		"Claude Code's hooks call "+testConfig.binary+", or sw on PATH once that is gone\n"+sandboxLine(true, nil)+"\n")
	if err := step.apply(); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(filepath.Join(root, ".claude", "settings.json"))
	if err != nil || info.Mode().Perm() != 0o644 {
		t.Fatalf("settings file: %v, %v", info, err)
	}

	step, err = planAgentInstall(root, testConfig)
	if err != nil || step.apply != nil || step.result.Action != AlreadyInstalled {
		t.Fatalf("a second install: %+v, %v", step, err)
	}

	step, err = planAgentUninstall(root)
	if err != nil {
		t.Fatal(err)
	}
	wantText(t, "uninstall", step.result.String(), ".claude/settings.json: removed (it held nothing but sw's entries; the .claude folder, left empty, went too)\n"+
		"  removed "+strings.Join(allAdded, "\n  removed ")+"\n")
	if err := step.apply(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(filepath.Join(root, ".claude")); !os.IsNotExist(err) {
		t.Errorf(".claude is still there (%v)", err)
	}
}

func TestAgentUninstallKeepsAClaudeFolderWithOtherFiles(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, ".claude", "settings.local.json"), "{}\n", 0o644)
	for _, plan := range []func(string) (agentStep, error){installTest, planAgentUninstall} {
		step, err := plan(root)
		if err != nil {
			t.Fatal(err)
		}
		if err := step.apply(); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(filepath.Join(root, ".claude", "settings.json")); !os.IsNotExist(err) {
		t.Errorf("settings.json is still there (%v)", err)
	}
	if _, err := os.Stat(filepath.Join(root, ".claude", "settings.local.json")); err != nil {
		t.Error(err)
	}
}

func TestInvalidSettingsStopInstallBeforeAnyHook(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	settings := filepath.Join(repo.Root, ".claude", "settings.json")
	writeFile(t, settings, "{\n  \"model\": \"opus\",\n}\n", 0o644)
	hooksDir := filepath.Join(repo.GitDir, "hooks")
	before := snapshot(t, hooksDir)

	_, err := Install(repo, Options{Agent: true})
	want := settings + ":3:1: invalid character '}' looking for beginning of object key string; " +
		"fix the file (Claude Code cannot read it either) and run the command again; nothing was changed"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
	if after := snapshot(t, hooksDir); !reflect.DeepEqual(before, after) {
		t.Errorf("the hooks folder changed: %v", after)
	}
	if _, err := Uninstall(repo); err == nil {
		t.Error("uninstall took settings that are not valid JSON")
	}

	// Without the agent side, the settings file is not read at all.
	report := mustInstall(t, repo, Options{})
	if report.Agent != nil {
		t.Errorf("install without the agent side reported %+v", report.Agent)
	}
}

func TestAgentWriteKeepsAChangeMadeMeanwhile(t *testing.T) {
	root := t.TempDir()
	settings := filepath.Join(root, ".claude", "settings.json")
	writeFile(t, settings, "{}\n", 0o644)
	step, err := planAgentInstall(root, testConfig)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, settings, "{\"model\": \"opus\"}\n", 0o644)
	if err := step.apply(); err == nil || !strings.Contains(err.Error(), "changed while sw was working on it") {
		t.Fatalf("got %v", err)
	}
	if b, _ := os.ReadFile(settings); string(b) != "{\"model\": \"opus\"}\n" {
		t.Errorf("the person's change was lost: %q", b)
	}
}

func TestAgentSettingsThroughASymbolicLink(t *testing.T) {
	root := t.TempDir()
	shared := filepath.Join(root, "tree", "shared.json")
	if err := os.MkdirAll(filepath.Join(root, "tree", ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, shared, "{}\n", 0o600)
	settings := filepath.Join(root, "tree", ".claude", "settings.json")
	if err := os.Symlink(shared, settings); err != nil {
		t.Fatal(err)
	}
	for _, plan := range []func(string) (agentStep, error){installTest, planAgentUninstall} {
		step, err := plan(filepath.Join(root, "tree"))
		if err != nil {
			t.Fatal(err)
		}
		if err := step.apply(); err != nil {
			t.Fatal(err)
		}
		if info, err := os.Lstat(settings); err != nil || info.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("the link is gone (%v, %v)", info, err)
		}
	}
	if b, err := os.ReadFile(shared); err != nil || string(b) != "{}\n" {
		t.Errorf("the linked file holds %q (%v)", b, err)
	}
	if info, _ := os.Stat(shared); info.Mode().Perm() != 0o600 {
		t.Errorf("the linked file's mode changed: %v", info.Mode())
	}
}

// A cloned collection's settings file that links out of the working tree
// (to the person's own ~/.claude/settings.json, say) is refused: sw's hooks
// are not added to every project the person opens.
func TestAgentSettingsLinkedOutsideIsRefused(t *testing.T) {
	root := t.TempDir()
	personal := filepath.Join(root, "home", "settings.json")
	writeFile(t, personal, "{\"model\": \"opus\"}\n", 0o600)
	tree := filepath.Join(root, "tree")
	if err := os.MkdirAll(filepath.Join(tree, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(personal, filepath.Join(tree, ".claude", "settings.json")); err != nil {
		t.Fatal(err)
	}
	for _, plan := range []func(string) (agentStep, error){installTest, planAgentUninstall} {
		_, err := plan(tree)
		if err == nil || !strings.Contains(err.Error(), "leads outside") {
			t.Errorf("planned through a link out of the tree: %v", err)
		}
	}
	if b, _ := os.ReadFile(personal); string(b) != "{\"model\": \"opus\"}\n" {
		t.Errorf("the person's own settings changed: %q", b)
	}
}
