package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"sw": func() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the user stories in testdata/script: each file is one
// path a person can take through sw, with real git.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		Setup:               setupGit,
		Cmds:                storyCommands,
	})
}

// setupGit gives every story a home with a git identity, so commits work
// and nothing of the machine's own git configuration leaks in.
func setupGit(env *testscript.Env) error {
	home := filepath.Join(env.WorkDir, ".home")
	if err := os.MkdirAll(home, 0o777); err != nil {
		return err
	}
	gitconfig := "[user]\n\tname = Ada Writer\n\temail = ada@example.com\n[init]\n\tdefaultBranch = main\n[advice]\n\tdetachedHead = false\n"
	if err := os.WriteFile(filepath.Join(home, ".gitconfig"), []byte(gitconfig), 0o666); err != nil {
		return err
	}
	env.Setenv("HOME", home)
	env.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	env.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	env.Setenv("GIT_AUTHOR_DATE", "2026-01-01T10:00:00Z")
	env.Setenv("GIT_COMMITTER_DATE", "2026-01-01T10:00:00Z")
	// The sw the stories run, which sw hook install names as the one its
	// hooks call (cmpenv reads it in a story's expected output).
	swBin, err := exec.LookPath("sw")
	if err != nil {
		return err
	}
	if swBin, err = filepath.EvalSymlinks(swBin); err != nil {
		return err
	}
	env.Setenv("SWBIN", swBin)
	return nil
}

// TestCheckFastPath holds the shortcut `sw check` takes past the app to
// the app's own answers: the same output, errors and exit status for every
// form it takes, and every other form left to the app.
func TestCheckFastPath(t *testing.T) {
	dir := t.TempDir()
	var out, errs bytes.Buffer
	if code := run([]string{"sw", "init", dir}, nil, &out, &errs); code != 0 {
		t.Fatalf("sw init: %d %s", code, errs.String())
	}
	piece := "---\ngenre: essay\n---\nThis is a piece. It has two sentences, and it is short.\n"
	if err := os.WriteFile(filepath.Join(dir, "piece.md"), []byte(piece), 0o666); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	cases := []struct {
		args string
		fast bool
	}{
		{"check piece.md", true},
		{"check --json piece.md", true},
		{"check -json piece.md piece.md", true},
		{"check --genre essay piece.md", true},
		{"check --genre=poem --json piece.md", true},
		{"check -genre essay -json piece.md", true},
		{"check missing.md", true},
		{"check", false},
		{"check --genre", false},
		{"check --json", false},
		{"check --json --json piece.md", false},
		{"check --json=false piece.md", false},
		{"check --help", false},
		{"check -h piece.md", false},
		{"check --genra essay piece.md", false},
		{"check -- piece.md", false},
		{"check piece.md --json", false},
	}
	// A blank genre is a usage error; the app says so.
	for _, blank := range [][]string{{"--genre=", "piece.md"}, {"--genre", " ", "piece.md"}} {
		args := append([]string{"sw", "check"}, blank...)
		if _, fast := checkCalled(args); fast {
			t.Errorf("sw check %q: shortcut taken", blank)
		}
		var out, errs bytes.Buffer
		if code := run(args, nil, &out, &errs); code != 2 || !strings.Contains(errs.String(), "--genre wants a genre's name") {
			t.Errorf("sw check %q: %d %q", blank, code, errs.String())
		}
	}
	for _, c := range cases {
		args := append([]string{"sw"}, strings.Fields(c.args)...)
		if _, fast := checkCalled(args); fast != c.fast {
			t.Errorf("sw %s: shortcut taken %v, want %v", c.args, fast, c.fast)
		}
		var fastOut, fastErr, appOut, appErr bytes.Buffer
		fastCode := run(args, nil, &fastOut, &fastErr)
		appCode := runApp(args, nil, &appOut, &appErr)
		if fastCode != appCode || fastOut.String() != appOut.String() || fastErr.String() != appErr.String() {
			t.Errorf("sw %s: shortcut gave %d %q %q, the app %d %q %q", c.args,
				fastCode, fastOut.String(), fastErr.String(), appCode, appOut.String(), appErr.String())
		}
	}
}
