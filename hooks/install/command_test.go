package install

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// oddPaths are binaries' paths a shell must be handed with care.
var oddPaths = []string{"/usr/local/bin/sw", "/home/ada/my tools/sw", "/opt/Ada's $HOME/`sw`/sw", `/a"b\c/sw`, "/line\nbreak/sw", ""}

func TestShellQuoteGivesThePathBack(t *testing.T) {
	for _, p := range oddPaths {
		word, rest, ok := shellUnquote(shellQuote(p) + "; more")
		if !ok || word != p || rest != "; more" {
			t.Errorf("%q: unquoted %q, rest %q, %v", p, word, rest, ok)
		}
		out, err := exec.Command("sh", "-c", "printf %s "+shellQuote(p)).Output()
		if err != nil || string(out) != p {
			t.Errorf("%q: sh printed %q (%v)", p, out, err)
		}
	}
	if _, _, ok := shellUnquote("/no/quotes"); ok {
		t.Error("a word without quotes read as quoted")
	}
	if _, _, ok := shellUnquote("'unclosed"); ok {
		t.Error("an unclosed quote read as a word")
	}
}

func TestParseHookCommand(t *testing.T) {
	for _, p := range oddPaths {
		for _, sub := range []string{guard, preSession} {
			gotSub, binary, ok := parseHookCommand(HookCommand(p, sub))
			if !ok || gotSub != sub || binary != p {
				t.Errorf("%q %s: read back as %q %q %v", p, sub, gotSub, binary, ok)
			}
		}
	}
	for _, c := range []struct {
		command, sub string
		ok           bool
	}{
		{"sw hook guard", guard, true}, // as an earlier sw wrote it
		{"sw hook pre-session", preSession, true},
		{"sw hook guard --verbose", "", false},
		{"/usr/bin/sw hook guard", "", false},
		{strings.Replace(HookCommand("/x/sw", guard), "exit 2", "exit 0", 1), "", false}, // altered: the person's
		{"sw='/x/sw'; true", "", false},
	} {
		sub, _, ok := parseHookCommand(c.command)
		if sub != c.sub || ok != c.ok {
			t.Errorf("%q: got %q %v, want %q %v", c.command, sub, ok, c.sub, c.ok)
		}
	}
}

// runHookCommand runs sw's command for sub as Claude Code does, with
// sh -c and the hook's input on stdin, and returns how it ended.
func runHookCommand(t *testing.T, binary, sub string) (stderr string, code int) {
	t.Helper()
	cmd := exec.Command("sh", "-c", HookCommand(binary, sub))
	cmd.Stdin = strings.NewReader(`{"tool_name": "Bash"}` + "\n")
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return errOut.String(), exit.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return errOut.String(), 0
}

func TestHookCommandsReachSwOrFailClosed(t *testing.T) {
	s := newSandbox(t)
	fake, err := os.ReadFile(filepath.Join(s.fakeBin, "sw"))
	if err != nil {
		t.Fatal(err)
	}
	binary := filepath.Join(t.TempDir(), "Ada's tools", "sw")
	writeFile(t, binary, string(fake), 0o755)

	// Off PATH, by its path, with the hook's input.
	t.Setenv("PATH", s.pathNoSW)
	if stderr, code := runHookCommand(t, binary, guard); code != 0 || stderr != "" {
		t.Errorf("by its path: exit %d, %q", code, stderr)
	}
	wantText(t, "what sw got", s.takeLog(), "sw hook guard\nsw stdin: {\"tool_name\": \"Bash\"}\n")

	// A guard that does not answer blocks the call.
	t.Setenv("SW_FAKE_STATUS", "3")
	stderr, code := runHookCommand(t, binary, guard)
	wantText(t, "a failing guard", stderr, "sw hook guard: "+binary+" failed (exit 3), so this call is blocked\n")
	if code != 2 {
		t.Errorf("a failing guard exits %d", code)
	}
	t.Setenv("SW_FAKE_STATUS", "")
	s.takeLog()

	// Gone from where it was: sw on PATH.
	if err := os.Remove(binary); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", s.fakeBin+string(os.PathListSeparator)+s.pathNoSW)
	if stderr, code := runHookCommand(t, binary, preSession); code != 0 || stderr != "" {
		t.Errorf("from PATH: exit %d, %q", code, stderr)
	}
	wantText(t, "what sw on PATH got", s.takeLog(), "sw hook pre-session\nsw stdin: {\"tool_name\": \"Bash\"}\n")

	// Nowhere: the guard blocks, in one line; the session is told.
	t.Setenv("PATH", s.pathNoSW)
	for sub, want := range map[string]int{guard: 2, preSession: 1} {
		stderr, code := runHookCommand(t, binary, sub)
		if code != want || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "nor on PATH") {
			t.Errorf("%s without sw: exit %d, %q", sub, code, stderr)
		}
	}
	if log := s.takeLog(); log != "" {
		t.Errorf("something ran: %s", log)
	}
}

func TestReinstallPointsSwsHooksAtTheNewBinary(t *testing.T) {
	first, _, err := mergeAgentSettings([]byte("{}\n"), agentConfig{binary: "/old/sw", sandbox: true})
	if err != nil {
		t.Fatal(err)
	}
	out, ch, err := mergeAgentSettings(first, testConfig)
	if err != nil {
		t.Fatal(err)
	}
	if len(ch.added)+len(ch.removed) > 0 || len(ch.updated) != len(agentHooks) {
		t.Errorf("changes: %+v", ch)
	}
	wantText(t, "the first update", ch.updated[0], `SessionStart hook "sw hook pre-session" (it called /old/sw)`)
	want := strings.ReplaceAll(string(first), jsonQuote(HookCommand("/old/sw", guard)), jsonQuote(HookCommand(testConfig.binary, guard)))
	want = strings.ReplaceAll(want, jsonQuote(HookCommand("/old/sw", preSession)), jsonQuote(HookCommand(testConfig.binary, preSession)))
	wantText(t, "updated in place", string(out), want)
}

func TestInstallingAgainWithAnotherBinaryRewritesTheShims(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	mustInstall(t, repo, Options{Binary: "/old/sw"})
	report := mustInstall(t, repo, Options{Binary: "/new place/sw"})
	for _, h := range report.Hooks {
		if h.Action != Updated || h.Detail != "it called /old/sw; now /new place/sw" {
			t.Errorf("%s", h)
		}
	}
	hook, _ := os.ReadFile(filepath.Join(repo.GitDir, "hooks", PostCommit))
	if got := shimBinary(hook); got != "/new place/sw" {
		t.Errorf("the shim calls %q", got)
	}
	if f, _ := inspect(filepath.Join(repo.GitDir, "hooks", PostCommit)); f.editedShim(PostCommit) {
		t.Error("a shim for another binary is taken for one edited by hand")
	}
}

// TestShimsCallTheirBinaryAndFailClosedForAnAgent runs shims that call a
// binary off PATH: they reach it; once it is gone, and with no sw on
// PATH, the hooks that can refuse do so where git runs for an agent, in
// one line, and say so and carry on for the person.
func TestShimsCallTheirBinaryAndFailClosedForAnAgent(t *testing.T) {
	dir := t.TempDir()
	binary, hooks, log := filepath.Join(dir, "Ada's bin", "sw"), filepath.Join(dir, "hooks"), filepath.Join(dir, "log")
	writeFile(t, binary, "#!/bin/sh\necho \"sw $*\" >>'"+log+"'\n", 0o755)
	for _, hook := range allHooks {
		writeFile(t, filepath.Join(hooks, hook), shimTextFor(hook, false, binary), 0o755)
	}
	run := func(hook, arg, stdin string, env ...string) (string, int) {
		return runShim(filepath.Join(hooks, hook), arg, stdin, append([]string{"PATH=" + filepath.Join(dir, "empty")}, env...))
	}
	if out, status := run(PostCommit, "", ""); status != 0 || out != "" {
		t.Errorf("post-commit by the binary's path: %d %q", status, out)
	}
	if got, _ := os.ReadFile(log); string(got) != "sw hook post-commit\n" {
		t.Errorf("the binary got %q", got)
	}

	if err := os.Remove(binary); err != nil {
		t.Fatal(err)
	}
	const gone = "sw: " + "%s is gone and 'sw' is not on PATH, so its %s hook "
	for _, tc := range []struct {
		hook, arg, stdin string
		agent            bool
		status           int
		says             string
	}{
		{ReferenceTransaction, "prepared", "1 0 refs/heads/sw/b/x\n", true, 1, "refuses what git runs for a coding agent; run sw hook install again"},
		{PrePush, "origin", "refs/heads/main 1 refs/heads/main 0\n", true, 1, "refuses what git runs for a coding agent; run sw hook install again"},
		{CommitMsg, ".git/COMMIT_EDITMSG", "", true, 1, "refuses what git runs for a coding agent; run sw hook install again"},
		{PostCommit, "", "", false, 0, "did nothing (git carries on)"},
		{PrePush, "origin", "HEAD 1 refs/heads/sw/b/x 0\n", false, 0, "did nothing (git carries on)"},
	} {
		var env []string
		if tc.agent {
			env = []string{"CLAUDECODE=1"}
		}
		out, status := run(tc.hook, tc.arg, tc.stdin, env...)
		want := fmt.Sprintf(gone, binary, tc.hook) + tc.says + "\n"
		if status != tc.status || out != want {
			t.Errorf("%s (agent %v): status %d, %q; want %d, %q", tc.hook, tc.agent, status, out, tc.status, want)
		}
	}
}
