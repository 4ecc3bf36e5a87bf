package install

import (
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestShimTextChangesBumpTheVersion pins the shims' text to ShimVersion. A
// new hook changes the digest without changing any shim already installed:
// then the version stays (pre-commit came in at 5), since raising it would
// call every installed shim outdated, and the new hook is reported missing
// on its own (NotInPlace).
func TestShimTextChangesBumpTheVersion(t *testing.T) {
	const version, digest = 11, "d5aeebe9f6ffac22ed8b7584e81c1f690a6a072312039ba9f19fdee1dd519c38"
	h := sha256.New()
	for _, hook := range allHooks {
		h.Write([]byte(shimText(hook)))
	}
	h.Write([]byte(shimTextFor(ReferenceTransaction, true, "")))
	got := fmt.Sprintf("%x", h.Sum(nil))
	if ShimVersion != version || got != digest {
		t.Errorf("the shim text changed (digest %s): raise ShimVersion, then set version and digest in this test to match", got)
	}
}

func TestShimTextIsComplete(t *testing.T) {
	for _, hook := range allHooks {
		text := shimText(hook)
		if strings.Contains(text, "{{") {
			t.Errorf("%s: a placeholder is left in the shim", hook)
		}
		if v, ok := shimVersion([]byte(text)); !ok || v != ShimVersion {
			t.Errorf("%s: marker reads as version %d, %v", hook, v, ok)
		}
		if out, err := exec.Command("sh", "-n", "-c", text).CombinedOutput(); err != nil {
			t.Errorf("%s: sh -n: %v\n%s", hook, err, out)
		}
	}
}

func TestShimVersion(t *testing.T) {
	for _, tc := range []struct {
		content string
		version int
		shim    bool
	}{
		{"#!/bin/sh\n# sw-hook-shim 1 post-commit\n", 1, true},
		{"#!/bin/sh\n# sw-hook-shim 12 post-merge\nexit 0\n", 12, true},
		{"#!/bin/sh\n# sw-hook-shim x post-commit\n", 0, true},
		{"#!/bin/sh\n# sw-hook-shim\n", 0, false}, // no space after the name: not the marker
		{"#!/bin/sh\necho hi\n\n# sw-hook-shim 1 post-commit\n", 0, false},
		{"#!/bin/sh\nsw hook post-commit # like sw-hook-shim 1\n", 0, false},
		{"", 0, false},
		{"\x7fELF\x00\x01", 0, false},
	} {
		v, ok := shimVersion([]byte(tc.content))
		if v != tc.version || ok != tc.shim {
			t.Errorf("shimVersion(%q) = %d, %v; want %d, %v", tc.content, v, ok, tc.version, tc.shim)
		}
	}
}

// TestShimUsesOnlyShellBuiltins runs shims with nothing on PATH but a fake sw
// made of builtins: a shim that started any other program would fail here.
func TestShimUsesOnlyShellBuiltins(t *testing.T) {
	dir := t.TempDir()
	bin, hooks, log := filepath.Join(dir, "bin"), filepath.Join(dir, "hooks"), filepath.Join(dir, "log")
	writeFile(t, filepath.Join(bin, "sw"), "#!/bin/sh\necho \"sw $*\" >>"+log+"\nwhile IFS= read -r l; do echo \"sw< $l\" >>"+log+"; done\nexit ${SW_STATUS:-0}\n", 0o755)
	for _, hook := range allHooks {
		writeFile(t, filepath.Join(hooks, hook), shimText(hook), 0o755)
	}
	// Installed with --reference-transaction: committed changes to
	// suggestion branches start sw.
	const noticing = ReferenceTransaction + "-noticing"
	writeFile(t, filepath.Join(hooks, noticing), shimTextFor(ReferenceTransaction, true, ""), 0o755)
	writeFile(t, filepath.Join(hooks, PostRewrite+ChainedSuffix), "#!/bin/sh\nwhile IFS= read -r l; do echo \"mine< $l\" >>"+log+"; done\nexit 4\n", 0o755)

	agentEnv, refusing := []string{"CLAUDECODE=1"}, []string{"GEMINI_CLI=1", "SW_STATUS=1"}
	for _, tc := range []struct {
		hook, arg, stdin string
		env              []string
		status           int
		log              string
	}{
		{PostCommit, "", "", nil, 0, "sw hook post-commit\n"},
		{PostRewrite, "amend", "a b\nc d\n", nil, 4, "mine< a b\nmine< c d\nsw hook post-rewrite amend\nsw< a b\nsw< c d\n"},
		{ReferenceTransaction, "prepared", "0 1 refs/heads/sw/b/x\n", nil, 0, ""},
		{ReferenceTransaction, "committed", "0 1 HEAD\n0 1 refs/heads/main\n", nil, 0, ""},
		{ReferenceTransaction, "committed", "0 1 refs/remotes/origin/sw/b/x\n", nil, 0, ""},
		{noticing, "committed", "0 1 refs/remotes/origin/sw/b/x\n", nil, 0, "sw hook reference-transaction committed\nsw< 0 1 refs/remotes/origin/sw/b/x\n"},
		{noticing, "committed", "0 1 HEAD\n0 1 refs/heads/main\n", nil, 0, ""},
		{noticing, "prepared", "0 1 refs/heads/sw/b/x\n", nil, 0, ""},
		{ReferenceTransaction, "prepared", "0 1 HEAD\n0 1 refs/heads/main\n", agentEnv, 0, "sw hook reference-transaction prepared\nsw< 0 1 HEAD\nsw< 0 1 refs/heads/main\n"},
		{ReferenceTransaction, "prepared", "0 1 ORIG_HEAD\n", agentEnv, 0, ""},
		{ReferenceTransaction, "committed", "0 1 refs/heads/sw/b/x\n", agentEnv, 0, ""},
		{ReferenceTransaction, "prepared", "1 0 refs/heads/sw/b/x\n", []string{"CLAUDECODE=0"}, 0, ""},
		{ReferenceTransaction, "prepared", "1 0 refs/heads/sw/b/x\n", refusing, 1, "sw hook reference-transaction prepared\nsw< 1 0 refs/heads/sw/b/x\n"},
		{ReferenceTransaction, "aborted", "1 0 refs/heads/sw/b/x\n", refusing, 0, "sw hook reference-transaction aborted\nsw< 1 0 refs/heads/sw/b/x\n"},
		{PrePush, "origin", "refs/heads/main 1 refs/heads/main 0\n", nil, 0, ""},
		{PrePush, "origin", "refs/heads/main 1 refs/heads/main 0\nHEAD 1 refs/heads/sw/b/x 0\n", nil, 0, "sw hook pre-push origin\nsw< refs/heads/main 1 refs/heads/main 0\nsw< HEAD 1 refs/heads/sw/b/x 0\n"},
		{PrePush, "origin", "refs/heads/main 1 refs/heads/main 0\n", refusing, 1, "sw hook pre-push origin\nsw< refs/heads/main 1 refs/heads/main 0\n"},
		{CommitMsg, ".git/COMMIT_EDITMSG", "", agentEnv, 0, "sw hook commit-msg .git/COMMIT_EDITMSG\n"},
	} {
		os.Remove(log)
		out, status := runShim(filepath.Join(hooks, tc.hook), tc.arg, tc.stdin, append([]string{"PATH=" + bin}, tc.env...))
		if status != tc.status || len(out) != 0 {
			t.Errorf("%s %s: status %d (want %d), output %q", tc.hook, tc.arg, status, tc.status, out)
		}
		got, _ := os.ReadFile(log)
		wantText(t, tc.hook+" "+tc.arg, string(got), tc.log)
	}
}

// runShim runs the shim at path as git would, with arg if any, stdin and
// env, and returns what it printed and its exit status.
func runShim(path, arg, stdin string, env []string) (string, int) {
	cmd := exec.Command("/bin/sh", path)
	if arg != "" {
		cmd.Args = append(cmd.Args, arg)
	}
	cmd.Env = env
	cmd.Stdin = strings.NewReader(stdin)
	out, _ := cmd.CombinedOutput()
	return string(out), cmd.ProcessState.ExitCode()
}

// TestShimPassesLongInputWhole feeds a shim with an earlier hook more lines
// than the shell reads itself (a long rebase), the last without a newline:
// both hooks read every line.
func TestShimPassesLongInputWhole(t *testing.T) {
	dir := t.TempDir()
	bin, hooks := filepath.Join(dir, "bin"), filepath.Join(dir, "hooks")
	writeFile(t, filepath.Join(bin, "sw"), "#!/bin/sh\ncat >"+filepath.Join(dir, "sw.in")+"\n", 0o755)
	writeFile(t, filepath.Join(hooks, PostRewrite), shimText(PostRewrite), 0o755)
	writeFile(t, filepath.Join(hooks, PostRewrite+ChainedSuffix), "#!/bin/sh\ncat >"+filepath.Join(dir, "mine.in")+"\n", 0o755)
	var in strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&in, "%040d %040d\n", i, i+1)
	}
	in.WriteString("last line, no newline")
	cmd := exec.Command("/bin/sh", filepath.Join(hooks, PostRewrite), "rebase")
	cmd.Env = []string{"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH")}
	cmd.Stdin = strings.NewReader(in.String())
	if out, err := cmd.CombinedOutput(); err != nil || len(out) != 0 {
		t.Fatalf("%v: %s", err, out)
	}
	want := in.String() + "\n"
	for _, name := range []string{"mine.in", "sw.in"} {
		if got, _ := os.ReadFile(filepath.Join(dir, name)); string(got) != want {
			t.Errorf("%s: %d bytes, want %d", name, len(got), len(want))
		}
	}
}

// shimText is the whole shim for hook, as a first install writes it with
// no binary to call by its path (sw on PATH alone).
func shimText(hook string) string { return shimTextFor(hook, false, "") }
