package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"sw/testdata/sandbox"
)

// world is a place commands run in: a home folder of its own, a git
// configuration naming an author, the sw under test first on PATH, and a
// temporary folder of its own (Claude Code keeps its sockets and notes
// there), which goes with the run. The base collection is made in one;
// each trial has its own.
type world struct {
	box *sandbox.Sandbox
	env []string // what commands run with: box.Env (a session, claudeEnv of it)
}

func newWorld(work, sw string) (*world, error) {
	box, err := sandbox.New(work, sw, "Ada Writer", "ada@example.com", "[advice]\n\tdetachedHead = false\n")
	if err != nil {
		return nil, err
	}
	tmp := filepath.Join(work, "tmp")
	if err := os.MkdirAll(tmp, 0o700); err != nil {
		return nil, err
	}
	return &world{box: box, env: append(box.Env, "TMPDIR="+tmp)}, nil
}

// result is how a command ended.
type result struct {
	code           int
	stdout, stderr string
	timedOut       bool
}

func (r result) String() string {
	how := fmt.Sprintf("exit %d", r.code)
	if r.timedOut {
		how += " (timed out)"
	}
	return how + ": " + oneLine(r.stderr+" "+r.stdout, 300)
}

// run runs a command in dir with the world's environment, in a process
// group of its own, which a time-out kills whole.
func (w *world) run(dir string, stdin []byte, timeout time.Duration, name string, args ...string) result {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = w.env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String(), timedOut: ctx.Err() != nil}
	if st := cmd.ProcessState; st != nil {
		r.code = st.ExitCode()
		cpu.Add(int64(st.UserTime() + st.SystemTime()))
	} else if err != nil {
		r.code, r.stderr = -1, err.Error()
	}
	return r
}

// cpu is the processor time the commands run so far have taken, with the
// children they waited for: what the run costs a machine of its own.
var cpu atomic.Int64

// sw runs the sw under test in dir; an exit status other than 0 is an
// error.
func (w *world) sw(dir string, args ...string) (string, error) {
	return w.must(dir, w.box.SW, args...)
}

// git runs git in dir; an exit status other than 0 is an error.
func (w *world) git(dir string, args ...string) error {
	_, err := w.must(dir, "git", args...)
	return err
}

func (w *world) must(dir, name string, args ...string) (string, error) {
	r := w.run(dir, nil, time.Minute, name, args...)
	if r.code != 0 {
		return r.stdout, fmt.Errorf("%s %s: %s", name, strings.Join(args, " "), r)
	}
	return r.stdout, nil
}

// oneLine is s on one line, cut at limit bytes.
func oneLine(s string, limit int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > limit {
		s = s[:limit] + "…"
	}
	return s
}
