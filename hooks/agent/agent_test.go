package agent

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// detectCases are environments and what Detect finds in them: the first
// marker set, by the one rule for values ("" and "0" are unset).
var detectCases = []struct {
	name string
	env  map[string]string
	want string // Marker.String(), "" for none
}{
	{"nothing", nil, ""},
	{"Claude Code", map[string]string{"CLAUDECODE": "1"}, "Claude Code (CLAUDECODE is set)"},
	{"Claude Code's second marker alone", map[string]string{"AI_AGENT": "claude-code_2_agent"}, "an agent (AI_AGENT is set)"},
	{"both of Claude Code's", map[string]string{"CLAUDECODE": "1", "AI_AGENT": "claude-code_2_agent"}, "Claude Code (CLAUDECODE is set)"},
	{"zero is unset", map[string]string{"CLAUDECODE": "0"}, ""},
	{"empty is unset", map[string]string{"CLAUDECODE": "", "GEMINI_CLI": ""}, ""},
	{"a zero does not hide a later marker", map[string]string{"CLAUDECODE": "0", "GEMINI_CLI": "1"}, "Gemini CLI (GEMINI_CLI is set)"},
	{"two zeros are still unset", map[string]string{"CLAUDECODE": "0", "GEMINI_CLI": "0"}, ""},
	{"a value that starts with zero is set", map[string]string{"CODEX_THREAD_ID": "0199a213-81c0-7800-8aa1-bbab2a035a53"}, "Codex CLI (CODEX_THREAD_ID is set)"},
	{"any other value is set", map[string]string{"CLAUDECODE": "true"}, "Claude Code (CLAUDECODE is set)"},
	{"Codex's sandbox", map[string]string{"CODEX_SANDBOX": "seatbelt"}, "Codex CLI (CODEX_SANDBOX is set)"},
	{"Codex without network", map[string]string{"CODEX_SANDBOX_NETWORK_DISABLED": "1"}, "Codex CLI (CODEX_SANDBOX_NETWORK_DISABLED is set)"},
	{"names that only look alike", map[string]string{"CLAUDE_CODE": "1", "claudecode": "1", "CURSOR_AGENT": "1", "CI": "1"}, ""},
}

func TestDetect(t *testing.T) {
	for _, tc := range detectCases {
		found, ok := Detect(func(k string) string { return tc.env[k] })
		got := ""
		if ok {
			got = found.String()
		}
		if got != tc.want {
			t.Errorf("%s: Detect = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestShellTestAgreesWithDetect runs the shims' test in sh with each
// environment: it must say what Detect says.
func TestShellTestAgreesWithDetect(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the shims' shell is tested where sh is at hand")
	}
	for _, tc := range detectCases {
		cmd := exec.Command("sh", "-c", ShellTest())
		cmd.Env = []string{"PATH="} // builtins only
		for k, v := range tc.env {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		err := cmd.Run()
		if _, isExit := err.(*exec.ExitError); err != nil && !isExit {
			t.Fatal(err)
		}
		if shell := err == nil; shell != (tc.want != "") {
			t.Errorf("%s: the shell test says %v, Detect says %q", tc.name, shell, tc.want)
		}
	}
}

func TestStrip(t *testing.T) {
	env := []string{"PATH=/bin", "CLAUDECODE=1", "AI_AGENT=claude-code_2", "HOME=/h", "CLAUDECODE_X=1", "GEMINI_CLI=1", "SW_HOOKS=off"}
	got := Strip(env)
	want := []string{"PATH=/bin", "HOME=/h", "CLAUDECODE_X=1", "SW_HOOKS=off"}
	if !slices.Equal(got, want) {
		t.Errorf("Strip = %q, want %q", got, want)
	}
	if _, ok := Detect(func(k string) string {
		for _, kv := range got {
			if name, v, _ := strings.Cut(kv, "="); name == k {
				return v
			}
		}
		return ""
	}); ok {
		t.Error("a marker is left after Strip")
	}
}

// TestInFindsAMarkerFirstAndNoSandboxHere: a marker is found wherever sw
// runs; without one, a collection whose profile folder is writable is the
// person's (the read-only case, Claude Code's sandbox, is the story
// agent_git_sandboxed, under bubblewrap).
func TestInFindsAMarkerFirstAndNoSandboxHere(t *testing.T) {
	root := t.TempDir()
	for _, p := range []string{"profile/preferences", "pieces/deep"} {
		if err := os.MkdirAll(filepath.Join(root, p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, ".sw.yaml"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := collectionRoot(filepath.Join(root, "pieces", "deep")); got != root {
		t.Errorf("collectionRoot from below = %q, want %q", got, root)
	}
	none := func(string) string { return "" }
	if m, ok := In(none, filepath.Join(root, "pieces")); ok {
		t.Errorf("a writable profile folder: %v", m)
	}
	claude := func(k string) string { return map[string]string{"CLAUDECODE": "1"}[k] }
	if m, ok := In(claude, root); !ok || m.Var != "CLAUDECODE" {
		t.Errorf("a marker: %v %v", m, ok)
	}
	if got := Sandbox.String(); got != "an agent in Claude Code's sandbox (profile/ is read-only here)" {
		t.Errorf("Sandbox.String() = %q", got)
	}
}
