package hooks

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommitMsgGuard: an agent's commit that changes the profile is
// refused, with the way round; the person's, an agent's that leaves the
// profile alone, one let through by the variable, and the merge of a
// suggestion branch pass.
func TestCommitMsgGuard(t *testing.T) {
	root, git := onePoem(t)
	const agent = "Tweak the rules\n\nCo-Authored-By: Claude <noreply@anthropic.com>\n"
	msgFile := filepath.Join(root, ".git", "COMMIT_EDITMSG")
	run := func(msg string, env map[string]string) (int, string) {
		t.Helper()
		writeTestFile(t, msgFile, msg)
		var stderr bytes.Buffer
		code := CommitMsg(IO{Stderr: &stderr, Dir: root, Args: []string{".git/COMMIT_EDITMSG"},
			Getenv: func(k string) string { return env[k] }})
		return code, stderr.String()
	}
	writeTestFile(t, filepath.Join(root, "profile", "preferences", "x.yaml"), "id: x\nrule: Be brief.\n")
	git("add", "profile")
	if code, out := run(agent, nil); code != 1 || !strings.Contains(out, "Co-Authored-By: Claude <noreply@anthropic.com>") ||
		!strings.Contains(out, "profile/preferences/x.yaml") || !strings.Contains(out, AllowProfileCommit+"=1") {
		t.Errorf("an agent's profile change: exit %d\n%s", code, out)
	}
	if code, out := run("My own rule\n", nil); code != 0 || out != "" {
		t.Errorf("the person's profile change: exit %d %s", code, out)
	}
	if code, _ := run(agent, map[string]string{AllowProfileCommit: "1"}); code != 0 {
		t.Errorf("let through by %s: exit %d", AllowProfileCommit, code)
	}
	git("reset", "-q")
	writeTestFile(t, filepath.Join(root, "profile_feedback.json"), "{}\n")
	git("add", "profile_feedback.json")
	if code, _ := run(agent, nil); code != 1 {
		t.Errorf("an agent's change of profile_feedback.json: exit %d", code)
	}
	git("reset", "-q")
	writeTestFile(t, filepath.Join(root, "pieces", "p.md"), "---\ngenre: poem\n---\nThe agent's line.\n")
	git("add", "pieces")
	if code, out := run(agent, nil); code != 0 || out != "" {
		t.Errorf("an agent's piece: exit %d %s", code, out)
	}
	git("commit", "-q", "-m", "a piece")

	// The merge of a suggestion branch, its message marked as an agent's.
	git("checkout", "-q", "-b", "sw/1/x")
	writeTestFile(t, filepath.Join(root, "profile", "preferences", "x.yaml"), "id: x\nrule: Be brief.\n")
	git("add", "profile")
	git("commit", "-q", "-m", "Be brief\n\nSw-Batch: 1\nSw-Suggestion: x\nSw-Signature: s\n")
	git("checkout", "-q", "-")
	writeTestFile(t, filepath.Join(root, "pieces", "q.md"), "---\ngenre: poem\n---\nAnother.\n")
	git("add", "pieces")
	git("commit", "-q", "-m", "another piece")
	git("merge", "-q", "--no-commit", "--no-ff", "sw/1/x")
	if code, out := run("Merge sw/1/x\n\nCo-Authored-By: Claude <noreply@anthropic.com>\n", nil); code != 0 {
		t.Errorf("merging a suggestion: exit %d %s", code, out)
	}
}
