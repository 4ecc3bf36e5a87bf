package main

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"sw/profile/block"
	"sw/testdata/agent/standin"
)

func TestChangesNameWhatMoved(t *testing.T) {
	before := state{"profile/a.yaml": "a", "branch refs/heads/sw/1/x": "1", blockKey: "b", "gone": "g"}
	after := state{"profile/a.yaml": "a", "branch refs/heads/sw/1/x": "2", blockKey: "c", "new": "n"}
	want := []string{
		"CLAUDE.md's block is not the one sw writes for the profile",
		"branch refs/heads/sw/1/x changed",
		"gone is gone",
		"new appeared",
	}
	if got := changes(before, after); !reflect.DeepEqual(got, want) {
		t.Errorf("changes = %q", got)
	}
	if got := changes(before, before); len(got) != 0 {
		t.Errorf("no change reads as %q", got)
	}
}

func TestBlockOf(t *testing.T) {
	text := "# Mine\n\n" + block.Begin + "\nrules\n" + block.End + "\n"
	if got := blockOf(text); !strings.HasPrefix(got, block.Begin) || !strings.Contains(got, "rules") {
		t.Errorf("blockOf = %q", got)
	}
	if got := blockOf("# Mine\n"); got != "(no block)" {
		t.Errorf("no block reads as %q", got)
	}
	if got := blockOf(block.Begin + "\nrules\n"); !strings.HasPrefix(got, "(broken") {
		t.Errorf("a block without its end reads as %q", got)
	}
}

func TestStoppedBy(t *testing.T) {
	for text, want := range map[string]string{
		"<tool_use_error>File is in a directory that is denied by your permission settings.</tool_use_error>": "deny rule",
		"Permission to use Bash with command echo x > profile/a has been denied.":                             "deny rule",
		"PreToolUse:Bash hook error: profile/a is part of the person's style profile":                         "guard",
		"Claude requested permissions to edit /c/.git/hooks/commit-msg which is a sensitive file.":            "Claude Code's prompt",
		"sh: 1: cannot create profile/a: Read-only file system":                                               "sandbox",
		"mv: cannot move '.sw.yaml' to '.sw.yaml.off': Device or resource busy":                               "sandbox",
		"": "no tool result",
	} {
		if got := stoppedBy(text, true); got != want {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
	if got := stoppedBy("(Bash completed with no output)", false); got != "ran" {
		t.Errorf("a call that ran: %q", got)
	}
	if got := stoppedBy("Exit code 128\nfatal: no branch", true); got != "failed: fatal: no branch" {
		t.Errorf("a call that failed: %q", got)
	}
}

func TestLastToolResultReadsTheRequestAfterTheLastCall(t *testing.T) {
	script := []standin.Turn{standin.Call("Read", nil), standin.Call("Edit", nil), standin.Say("done")}
	result := func(text string) []byte {
		return []byte(`{"messages":[{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":"` + text + `"}]}]}`)
	}
	requests := []standin.Request{
		{Turn: 1, Body: []byte(`{"messages":[{"role":"user","content":"go"}]}`)},
		{Turn: 2, Body: result("read it")},
		{Turn: 3, Body: result("edited")},
	}
	if text, _, ok := lastToolResult(script, requests); text != "edited" || !ok {
		t.Errorf("lastToolResult = %q, %v", text, ok)
	}
	if !playedOut(requests, 3) || playedOut(requests[:2], 3) {
		t.Error("playedOut misreads how far the script went")
	}
	if _, _, ok := lastToolResult([]standin.Turn{standin.Say("hi")}, requests); ok {
		t.Error("a script with no tool call has a tool result")
	}
}

func TestParseOutputKeepsTheResultAndTheHooks(t *testing.T) {
	stream := `{"type":"system","subtype":"hook_response","hook_name":"SessionStart:startup","exit_code":0}
not json
{"type":"system","subtype":"hook_response","hook_name":"SessionStart:compact","exit_code":1}
{"type":"result","subtype":"success","session_id":"s1","result":"ok","is_error":false}
`
	out, hooks := parseOutput(stream)
	if out.SessionID != "s1" || out.Result != "ok" || len(hooks) != 2 {
		t.Fatalf("parseOutput = %+v, %+v", out, hooks)
	}
	if ranHook(hooks, "SessionStart:compact") || !ranHook(hooks, "SessionStart:startup") {
		t.Error("ranHook misreads the exit statuses")
	}
}

func TestClaudeEnvKeepsTheMachineOut(t *testing.T) {
	bin := t.TempDir()
	os.WriteFile(filepath.Join(bin, "sw"), []byte("#!/bin/sh\n"), 0o755)
	env := []string{"HOME=/h", "ANTHROPIC_API_KEY=real", "ANTHROPIC_BASE_URL=https://far", "https_proxy=http://p",
		"PATH=" + bin + string(os.PathListSeparator) + "/usr/bin"}
	got := claudeEnv(env, "http://127.0.0.1:9", defaultMode, true)
	for _, kv := range got {
		if kv == "ANTHROPIC_API_KEY=real" || kv == "ANTHROPIC_BASE_URL=https://far" || strings.HasPrefix(kv, "https_proxy=") {
			t.Errorf("%s came through", kv)
		}
	}
	for _, want := range []string{"HOME=/h", "PATH=/usr/bin", "ANTHROPIC_BASE_URL=http://127.0.0.1:9", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1"} {
		if !slices.Contains(got, want) {
			t.Errorf("%s is missing from %q", want, got)
		}
	}
	if slices.Contains(got, "IS_SANDBOX=1") {
		t.Error("IS_SANDBOX set outside bypassPermissions")
	}
	if on := claudeEnv(env, "u", defaultMode, false); !slices.Contains(on, env[4]) {
		t.Error("PATH changed with sw meant to be on it")
	}
}
