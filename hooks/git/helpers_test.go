package git

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Tests run real git in temporary repositories, never a mock: the point of
// this package is to agree with git. TestMain gives every test the same
// clean environment: a temporary HOME with a .gitconfig naming a user and
// main as the default branch, no system config, and none of the variables
// a surrounding git hook would set.
func TestMain(m *testing.M) {
	home, err := os.MkdirTemp("", "git-home-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	cfg := "[user]\n\tname = Test Writer\n\temail = writer@example.com\n[init]\n\tdefaultBranch = main\n"
	if err := os.WriteFile(filepath.Join(home, ".gitconfig"), []byte(cfg), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, v := range os.Environ() {
		name, _, _ := strings.Cut(v, "=")
		if strings.HasPrefix(name, "GIT_") && name != "GIT_EXEC_PATH" {
			os.Unsetenv(name)
		}
	}
	os.Unsetenv("EMAIL")
	os.Setenv("HOME", home)
	os.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	os.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	code := m.Run()
	os.RemoveAll(home)
	os.Exit(code)
}

// git runs git in dir and returns its trimmed output, failing the test on
// error.
func git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	out, err := gitInput(dir, "", args...)
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimRight(out, "\n")
}

func gitCmd(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	return cmd
}

func gitInput(dir, stdin string, args ...string) (string, error) {
	cmd := gitCmd(dir, args...)
	if stdin != "" {
		cmd.Stdin = strings.NewReader(stdin)
	}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// gitFails runs git expecting a failure (a conflict, say).
func gitFails(t testing.TB, dir string, args ...string) {
	t.Helper()
	if out, err := gitInput(dir, "", args...); err == nil {
		t.Fatalf("git %s succeeded, want a failure:\n%s", strings.Join(args, " "), out)
	}
}

// newRepo makes an empty repository (git init with extra arguments, such
// as --object-format=sha256) and returns it.
func newRepo(t testing.TB, initArgs ...string) *Repo {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "repo")
	git(t, filepath.Dir(dir), append([]string{"init", "--quiet"}, append(initArgs, dir)...)...)
	r, err := At(dir)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func writeFile(t testing.TB, root, rel, content string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// commitFiles writes files (path, content pairs), stages everything and
// commits, returning the new commit.
func commitFiles(t testing.TB, root, msg string, pairs ...string) Hash {
	t.Helper()
	for i := 0; i+1 < len(pairs); i += 2 {
		writeFile(t, root, pairs[i], pairs[i+1])
	}
	git(t, root, "add", "-A")
	git(t, root, "commit", "--quiet", "--allow-empty", "-m", msg)
	return revParse(t, root, "HEAD")
}

func revParse(t testing.TB, dir, rev string) Hash {
	t.Helper()
	h, err := ParseHash(git(t, dir, "rev-parse", rev))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// setMtime gives a file a chosen modification time, so tests that depend on
// which file is newest do not depend on the clock's resolution.
func setMtime(t testing.TB, root, rel string, when time.Time) {
	t.Helper()
	if err := os.Chtimes(filepath.Join(root, filepath.FromSlash(rel)), when, when); err != nil {
		t.Fatal(err)
	}
}

// readers runs test against the repository at root twice: read through
// go-git's storage, and read through the git command, so that both ways
// are held to git's answers.
func readers(t *testing.T, root string, test func(t *testing.T, r *Repo)) {
	t.Helper()
	for _, name := range []string{"go-git", "git command"} {
		t.Run(name, func(t *testing.T) {
			r, err := At(root)
			if err != nil {
				t.Fatal(err)
			}
			if name == "git command" {
				useReader(r, &commandReader{repo: r})
			}
			test(t, r)
		})
	}
}

// useReader makes r read through rd.
func useReader(r *Repo, rd reader) {
	r.readOnce.Do(func() {})
	r.rd, r.rdErr = rd, nil
}
