package main

import (
	"os"
	"path/filepath"
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
	return nil
}
