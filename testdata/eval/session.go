package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// session runs sw and git as a person's shell would, in surroundings of
// the evaluation's own: a HOME holding nothing of whoever runs it, a git
// config that names an author and makes main the default branch, the sw
// under test first on PATH under the name the git hooks call, and
// SW_ANALYZE=inline, so the commit that finishes a batch returns with its
// suggestions already written as branches.
type session struct {
	sw  string // the sw on PATH, for starting it: exec looks a name up in our PATH, not the session's
	env []string
}

func newSession(work, sw string) (*session, error) {
	bin, home := filepath.Join(work, "bin"), filepath.Join(work, "home")
	for _, dir := range []string{bin, home} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
	}
	abs, err := filepath.Abs(sw)
	if err != nil {
		return nil, err
	}
	link := filepath.Join(bin, "sw")
	if err := os.Symlink(abs, link); err != nil {
		return nil, err
	}
	config := filepath.Join(work, "gitconfig")
	settings := "[user]\n\tname = Evaluation\n\temail = eval@example.com\n[init]\n\tdefaultBranch = main\n[gc]\n\tauto = 0\n"
	if err := os.WriteFile(config, []byte(settings), 0o644); err != nil {
		return nil, err
	}
	s := &session{sw: link}
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if name != "HOME" && name != "PATH" && !strings.HasPrefix(name, "GIT_") && !strings.HasPrefix(name, "SW_") {
			s.env = append(s.env, kv)
		}
	}
	s.env = append(s.env, "HOME="+home, "GIT_CONFIG_GLOBAL="+config, "GIT_CONFIG_NOSYSTEM=1", "SW_ANALYZE=inline",
		"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	return s, nil
}

// run runs a command in dir and gives its standard output; a failure
// carries its standard error. Exit status 1 of sw check, which reports
// what it found that way, is the caller's to judge: tolerated is the
// list of exit statuses that are not failures.
func (s *session) run(dir string, tolerated []int, name string, args ...string) ([]byte, error) {
	path := name
	if name == "sw" {
		path = s.sw
	}
	cmd := exec.Command(path, args...)
	cmd.Dir = dir
	cmd.Env = s.env
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
