package hooks

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStandAside: SW_HOOKS=off makes the hooks stand aside for sw's own
// git commands, which run without an agent's markers, and never where git
// runs for an agent, who could set it.
func TestStandAside(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want bool
	}{
		{nil, false},
		{map[string]string{"SW_HOOKS": "off"}, true},
		{map[string]string{"SW_HOOKS": "on"}, false},
		{map[string]string{"SW_HOOKS": "off", "CLAUDECODE": "1"}, false},
		{map[string]string{"SW_HOOKS": "off", "CODEX_THREAD_ID": "0199"}, false},
		{map[string]string{"SW_HOOKS": "off", "CLAUDECODE": "0"}, true},
		{map[string]string{"CLAUDECODE": "1"}, false},
	} {
		if got := standAside(IO{Getenv: func(k string) string { return tc.env[k] }}); got != tc.want {
			t.Errorf("standAside with %v = %v", tc.env, got)
		}
	}
}

// TestAgentCommitMsg: where git runs for an agent, a commit is marked as
// its draft whatever its message says, and one that changes the profile is
// refused even with the person's SW_ALLOW_PROFILE_COMMIT, and taken back
// out of the index.
func TestAgentCommitMsg(t *testing.T) {
	root, git := onePoem(t)
	msgFile := filepath.Join(root, ".git", "COMMIT_EDITMSG")
	run := func(msg string, env map[string]string) (int, string) {
		t.Helper()
		writeTestFile(t, msgFile, msg)
		var stderr bytes.Buffer
		code := CommitMsg(IO{Stderr: &stderr, Dir: root, Args: []string{".git/COMMIT_EDITMSG"},
			Getenv: func(k string) string { return env[k] }})
		return code, stderr.String()
	}
	agent := map[string]string{"CLAUDECODE": "1", "SW_HOOKS": "off", AllowProfileCommit: "1"}

	writeTestFile(t, filepath.Join(root, "pieces", "p.md"), "---\ngenre: poem\n---\nThe agent's line.\n")
	git("add", "pieces")
	if code, out := run("A plain message\n", agent); code != 0 || out != "" {
		t.Errorf("the agent's piece: exit %d %s", code, out)
	}
	msg, err := os.ReadFile(msgFile)
	if err != nil || string(msg) != "A plain message\n\nSw-Agent: Claude Code\n" {
		t.Errorf("the message after: %q (%v)", msg, err)
	}
	if code, _ := run("Again\n\nSw-Agent: Claude Code\n", agent); code != 0 {
		t.Errorf("a message marked already: exit %d", code)
	}
	if msg, _ := os.ReadFile(msgFile); strings.Count(string(msg), "Sw-Agent") != 1 {
		t.Errorf("marked twice: %q", msg)
	}

	writeTestFile(t, filepath.Join(root, "profile", "preferences", "x.yaml"), "id: x\nrule: Be brief.\n")
	git("add", "profile")
	code, out := run("My own rule\n", agent)
	if code != 1 || !strings.Contains(out, "sw: refused: commit a change to the profile (profile/preferences/x.yaml). Only the person changes the profile. Git runs here for Claude Code (CLAUDECODE is set).") {
		t.Errorf("the agent's rule: exit %d\n%s", code, out)
	}
	if staged := git("diff", "--cached", "--name-only"); staged != "pieces/p.md" {
		t.Errorf("staged after the refusal: %q", staged)
	}
	if _, err := os.Stat(filepath.Join(root, "profile", "preferences", "x.yaml")); err != nil {
		t.Errorf("the rule left the working tree, where it may be the person's: %v", err)
	}
}

func TestAgentMayNotRun(t *testing.T) {
	if err := AgentMayNotRun(func(string) string { return "" }, "accept"); err != nil {
		t.Errorf("the person: %v", err)
	}
	err := AgentMayNotRun(func(k string) string { return map[string]string{"GEMINI_CLI": "1"}[k] }, "reject")
	if err == nil || err.Error() != "sw reject is the person's to run: only the person decides suggestions and turns sw's safeguards off. sw runs here for Gemini CLI (GEMINI_CLI is set)." {
		t.Errorf("an agent: %v", err)
	}
}
