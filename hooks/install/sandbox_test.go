package install

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sw/hooks/agent"
	"testing"

	"sw/hooks/git"
)

// sandbox is a world for one test: a HOME with its own git identity, no GIT_*
// variables from outside, and a fake sw on PATH that appends its arguments
// and standard input to a log. git itself is the real one.
type sandbox struct {
	t        *testing.T
	dir      string // scratch space for repositories
	log      string // what the fake sw and the test's own hooks append to
	fakeBin  string // holds the fake sw
	pathNoSW string // PATH without any sw on it
}

func newSandbox(t *testing.T) *sandbox {
	t.Helper()
	for _, kv := range os.Environ() {
		if name, value, _ := strings.Cut(kv, "="); strings.HasPrefix(name, "GIT_") {
			t.Setenv(name, value) // restored after the test
			os.Unsetenv(name)
		}
	}
	// Tests run by a coding agent inherit its markers; git here is the
	// person's unless a test says otherwise.
	for _, m := range agent.Markers {
		t.Setenv(m.Var, "")
		os.Unsetenv(m.Var)
	}
	root := t.TempDir()
	s := &sandbox{t: t, dir: filepath.Join(root, "work"), log: filepath.Join(root, "log"), fakeBin: filepath.Join(root, "bin")}
	home := filepath.Join(root, "home")
	writeFile(t, filepath.Join(home, ".gitconfig"),
		"[user]\n\tname = Test Writer\n\temail = writer@example.com\n[init]\n\tdefaultBranch = main\n", 0o644)
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	writeFile(t, filepath.Join(s.fakeBin, "sw"), `#!/bin/sh
{
	echo "sw $*"
	while IFS= read -r line; do echo "sw stdin: $line"; done
} >>"`+s.log+`"
exit "${SW_FAKE_STATUS:-0}"
`, 0o755)
	s.pathNoSW = pathWithout(t, "sw")
	t.Setenv("PATH", s.fakeBin+string(os.PathListSeparator)+s.pathNoSW)
	return s
}

// pathWithout is PATH minus every folder that holds an executable named name.
func pathWithout(t *testing.T, name string) string {
	var keep []string
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if info, err := os.Stat(filepath.Join(dir, name)); err == nil && info.Mode()&0o111 != 0 {
			continue
		}
		keep = append(keep, dir)
	}
	return strings.Join(keep, string(os.PathListSeparator))
}

// repo makes a repository with one commit under the sandbox and returns it.
func (s *sandbox) repo(name string) *git.Repo {
	s.t.Helper()
	dir := filepath.Join(s.dir, name)
	repo, err := git.Init(dir)
	if err != nil {
		s.t.Fatal(err)
	}
	s.git(dir, "commit", "--quiet", "--allow-empty", "-m", "start")
	s.takeLog()
	return repo
}

// git runs git in dir and fails the test if it fails.
func (s *sandbox) git(dir string, args ...string) string {
	s.t.Helper()
	stdout, stderr, err := s.tryGit(dir, args...)
	if err != nil {
		s.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, stderr)
	}
	return stdout
}

// tryGit runs git in dir and returns what it printed and how it ended.
func (s *sandbox) tryGit(dir string, args ...string) (stdout, stderr string, err error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	return out.String(), errOut.String(), err
}

// takeLog returns what was logged since the last call, and empties the log.
func (s *sandbox) takeLog() string {
	s.t.Helper()
	b, err := os.ReadFile(s.log)
	if err != nil && !os.IsNotExist(err) {
		s.t.Fatal(err)
	}
	if err := os.WriteFile(s.log, nil, 0o644); err != nil {
		s.t.Fatal(err)
	}
	return string(b)
}

// loggingHook is a hook script for interpreter (a #! line) that logs its
// name, $0 and arguments, then its standard input, then exits with status.
func (s *sandbox) loggingHook(interpreter, label string, status int) string {
	return fmt.Sprintf(`%s
{
	echo "%s \$0=$0 $*"
	while IFS= read -r line; do echo "%s stdin: $line"; done
} >>"%s"
exit %d
`, interpreter, label, label, s.log, status)
}

func writeFile(t *testing.T, path, content string, mode fs.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil { // the umask must not decide
		t.Fatal(err)
	}
}

// snapshot records every file under dir: its kind and mode, and its bytes or
// link target, so a test can tell whether anything at all changed.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		var body []byte
		if info.Mode()&fs.ModeSymlink != 0 {
			target, err := os.Readlink(path)
			if err != nil {
				return err
			}
			body = []byte("-> " + target)
		} else if body, err = os.ReadFile(path); err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		files[rel] = info.Mode().String() + "\n" + string(body)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// actions is the report as "hook: action" lines, for comparing at a glance.
func actions(r Report) string {
	var b strings.Builder
	for _, h := range r.Hooks {
		fmt.Fprintf(&b, "%s: %s\n", h.Hook, h.Action)
	}
	return b.String()
}

func mustInstall(t *testing.T, repo *git.Repo, opts Options) Report {
	t.Helper()
	report, err := Install(repo, opts)
	if err != nil {
		t.Fatal(err)
	}
	return report
}

func mustUninstall(t *testing.T, repo *git.Repo) Report {
	t.Helper()
	report, err := Uninstall(repo)
	if err != nil {
		t.Fatal(err)
	}
	return report
}

func wantText(t *testing.T, what, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s:\n got: %q\nwant: %q", what, got, want)
	}
}
