package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// gitEnv is a clean git environment: an identity, main as the default
// branch, and nothing of the machine's own configuration.
func gitEnv(work string) []string {
	cfg := filepath.Join(work, "gitconfig")
	check(os.WriteFile(cfg, []byte("[user]\n\tname = Bench\n\temail = bench@example.com\n[init]\n\tdefaultBranch = main\n[gc]\n\tauto = 0\n"), 0o644))
	env := []string{"GIT_CONFIG_GLOBAL=" + cfg, "GIT_CONFIG_NOSYSTEM=1", "HOME=" + work}
	for _, kv := range os.Environ() {
		switch {
		case bytes.HasPrefix([]byte(kv), []byte("GIT_")), bytes.HasPrefix([]byte(kv), []byte("HOME=")), bytes.HasPrefix([]byte(kv), []byte("SW_")):
		default:
			env = append(env, kv)
		}
	}
	return env
}

// run runs a command in dir and fails the bench if it fails.
func (b *bench) run(dir string, stdin []byte, name string, args ...string) []byte {
	out, err := b.try(dir, stdin, name, args...)
	if err != nil {
		check(fmt.Errorf("%s %v: %v\n%s", name, args, err, out))
	}
	return out
}

func (b *bench) try(dir string, stdin []byte, name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = b.env
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	return cmd.CombinedOutput()
}

// sample is one timed run: wall-clock time from start to exit, and the
// CPU time the process and the children it waited for spent (user and
// system), which a busy machine inflates far less than wall time.
type sample struct {
	wall, cpu time.Duration
}

// timed runs a command and measures it; a failure fails the bench unless
// anyExit is set (sw check exits 1 when a hard limit is broken).
func (b *bench) timed(dir string, stdin []byte, name string, args ...string) sample {
	return b.measure(false, dir, stdin, name, args...)
}

func (b *bench) measure(anyExit bool, dir string, stdin []byte, name string, args ...string) sample {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = b.env
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	s := sample{wall: time.Since(start)}
	if err != nil && !anyExit {
		check(fmt.Errorf("%s %v: %v\n%s", name, args, err, out.Bytes()))
	}
	if cmd.ProcessState != nil {
		s.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	return s
}
