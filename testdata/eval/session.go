package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"

	"sw/testdata/sandbox"
)

// session runs sw and git as a person's shell would, in a sandbox of the
// evaluation's own (see package sandbox).
type session struct {
	sw  string // the sw on PATH, for starting it: exec looks a name up in our PATH, not the session's
	env []string
}

func newSession(work, sw string) (*session, error) {
	box, err := sandbox.New(work, sw, "Evaluation", "eval@example.com", "")
	if err != nil {
		return nil, err
	}
	return &session{sw: box.SW, env: box.Env}, nil
}

// run runs a command in dir and gives its standard output; a failure
// carries its standard error. Exit status 1 of sw check, which reports
// what it found that way, is the caller's to judge: tolerated is the
// list of exit statuses that are not failures.
func (s *session) run(dir string, tolerated []int, name string, args ...string) ([]byte, error) {
	return s.runWith(dir, "", tolerated, name, args...)
}

// runInput is run with stdin for the command: what a hook is handed.
func (s *session) runInput(dir, stdin string, name string, args ...string) ([]byte, error) {
	return s.runWith(dir, stdin, nil, name, args...)
}

func (s *session) runWith(dir, stdin string, tolerated []int, name string, args ...string) ([]byte, error) {
	path := name
	if name == "sw" {
		path = s.sw
	}
	cmd := exec.Command(path, args...)
	cmd.Dir = dir
	cmd.Env = s.env
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if exit, ok := err.(*exec.ExitError); ok {
		for _, code := range tolerated {
			if exit.ExitCode() == code {
				return stdout.Bytes(), nil
			}
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%s %s (in %s): %v\n%s", name, strings.Join(args, " "), dir, err, strings.TrimSpace(stderr.String()))
	}
	return stdout.Bytes(), nil
}
