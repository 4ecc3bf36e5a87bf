package main

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"sw/testdata/sandbox"
)

// world is where the trials run: a folder of the run's own, a HOME that
// holds nothing of whoever runs it, a git config naming an author, and the
// sw under test first on PATH under the name git hooks call.
type world struct {
	sw    string // the sw on PATH
	work  string
	home  string
	env   []string
	trust bool // the build has `sw trust` (issue 16's trust work)
}

func newWorld(work, sw string) (*world, error) {
	box, err := sandbox.New(work, sw, "Ada Writer", "ada@example.com", "[advice]\n\tdetachedHead = false\n")
	if err != nil {
		return nil, err
	}
	w := &world{sw: box.SW, work: work, home: box.Home, env: box.Env}
	w.trust = w.run(work, opts{}, "sw", "trust", "--help").code == 0
	return w, nil
}

// opts are a command's extras: input, environment, a time limit, and an
// interruption after killAfter (when set), as interrupt says.
type opts struct {
	stdin     []byte
	env       []string
	timeout   time.Duration
	killAfter time.Duration
	interrupt interruption
	// bounded runs the command with its address space limited to
	// boundAS, so that a runaway one fails rather than take the machine,
	// and measures its memory (result.maxRSS).
	bounded bool
}

// boundAS is the address space a bounded command may have: far beyond
// what sw needs, far below what would hurt the machine.
const boundAS = 2 << 20 // kilobytes

// interruption is how a trial stops a command midway.
type interruption int

const (
	// killSw is kill -9 of every sw process the command has started (sw
	// itself, the sw of a git hook): sw dies at once, with no chance to
	// tidy up, and the git commands it ran run on to their end, as when
	// the system kills sw alone.
	killSw interruption = iota
	// ctrlC is SIGINT to the command's whole process group, as Ctrl-C in
	// a terminal sends it: sw and the hooks' shells die at once, git
	// tidies its own lock files and stops.
	ctrlC
)

func (i interruption) String() string {
	if i == ctrlC {
		return "Ctrl-C"
	}
	return "kill -9 of sw"
}

// result is how a command ended. code is -1 when a signal ended it.
type result struct {
	code           int
	signal         string
	interrupted    bool // the interruption reached a process of the command
	stdout, stderr string
	maxRSS         int64 // kilobytes
	timedOut       bool
	wall           time.Duration
}

func (r result) String() string {
	how := fmt.Sprintf("exit %d", r.code)
	if r.signal != "" {
		how = "killed by " + r.signal
	}
	if r.timedOut {
		how += " (timed out)"
	}
	return how + ": " + strings.TrimSpace(r.stderr)
}

// run runs a command in dir in its own process group, so that a kill
// reaches everything it started (git, hooks, sw), as Ctrl-C or a closed
// terminal would.
func (w *world) run(dir string, o opts, name string, args ...string) result {
	if name == "sw" {
		name = w.sw
	}
	if o.bounded {
		args = append([]string{"-c", fmt.Sprintf(`ulimit -v %d && exec "$0" "$@"`, boundAS), name}, args...)
		name = "sh"
	}
	timeout := o.timeout
	if timeout == 0 {
		timeout = 2 * time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(append([]string(nil), w.env...), o.env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	if o.stdin != nil {
		cmd.Stdin = bytes.NewReader(o.stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return result{code: -1, stderr: err.Error()}
	}
	var (
		mu          sync.Mutex
		interrupted bool
	)
	var peak atomic.Int64
	if o.bounded {
		go sampleMemory(cmd.Process.Pid, &peak)
	}
	if o.killAfter > 0 {
		t := time.AfterFunc(o.killAfter, func() {
			mu.Lock()
			defer mu.Unlock()
			interrupted = interrupt(cmd.Process.Pid, o.interrupt)
		})
		defer t.Stop()
	}
	cmd.Wait()
	if o.killAfter > 0 {
		// What sw started runs on after sw is killed (git finishing a
		// merge): the person's next command comes after it.
		waitForGroup(cmd.Process.Pid, timeout)
	}
	mu.Lock() // an interruption under way is done before it is read
	r := result{stdout: stdout.String(), stderr: stderr.String(), wall: time.Since(start), timedOut: ctx.Err() != nil,
		interrupted: interrupted}
	mu.Unlock()
	st := cmd.ProcessState
	r.code = st.ExitCode()
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		r.signal = ws.Signal().String()
	}
	r.maxRSS = peak.Load()
	cpu.Add(int64(st.UserTime() + st.SystemTime()))
	return r
}

// cpu is the processor time the commands run so far have taken, their
// children included: what the run would take on a machine of its own.
var cpu atomic.Int64

// interrupt stops the process group led by pid as how says, and reports
// whether a process was there to stop.
func interrupt(pid int, how interruption) bool {
	if how == ctrlC {
		return syscall.Kill(-pid, syscall.SIGINT) == nil
	}
	hit := false
	for _, p := range groupMembers(pid) {
		if comm, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", p)); strings.TrimSpace(string(comm)) == "sw" {
			hit = syscall.Kill(p, syscall.SIGKILL) == nil || hit
		}
	}
	return hit
}

// sampleMemory keeps the peak resident size of process pid (VmHWM, in
// kilobytes) in peak, reading it every few milliseconds until the process
// is gone. (The rusage of a child would not do: Linux counts in it the
// size of the parent it was forked from.)
func sampleMemory(pid int, peak *atomic.Int64) {
	path := fmt.Sprintf("/proc/%d/status", pid)
	for {
		data, err := os.ReadFile(path)
		if err != nil {
			return
		}
		for _, line := range strings.Split(string(data), "\n") {
			if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
				var kb int64
				fmt.Sscan(rest, &kb)
				if kb > peak.Load() {
					peak.Store(kb)
				}
			}
			if strings.HasPrefix(line, "State:") && strings.Contains(line, "zombie") {
				return
			}
		}
		time.Sleep(3 * time.Millisecond)
	}
}

// waitForGroup waits until every process of the group pgid has ended.
func waitForGroup(pgid int, limit time.Duration) {
	for deadline := time.Now().Add(limit); len(groupMembers(pgid)) > 0 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
}

// groupMembers lists the live processes of the process group pgid, from
// /proc (a process ended but not yet reaped is not one).
func groupMembers(pgid int) []int {
	entries, _ := os.ReadDir("/proc")
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp ...: comm may hold spaces, so read
		// after its closing parenthesis.
		rest := string(stat[bytes.LastIndexByte(stat, ')')+1:])
		if f := strings.Fields(rest); len(f) > 2 && f[2] == strconv.Itoa(pgid) && f[0] != "Z" {
			pids = append(pids, pid)
		}
	}
	return pids
}

// must runs a command that has to succeed for the run to go on.
func (w *world) must(dir string, o opts, name string, args ...string) string {
	r := w.run(dir, o, name, args...)
	if r.code != 0 {
		panic(fmt.Sprintf("%s %s (in %s): %s", name, strings.Join(args, " "), dir, r))
	}
	return r.stdout
}

// git runs git in dir, which has to succeed, with sw's hooks off.
func (w *world) git(dir string, args ...string) string {
	return strings.TrimSpace(w.must(dir, opts{env: []string{"SW_HOOKS=off"}}, "git", args...))
}

// writeFile writes a file, making its folder; the run stops on an error.
func writeFile(path string, data string) {
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		panic(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		panic(err)
	}
}

func readFile(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	return string(data)
}

// copyTree copies the folder from into to, which must not exist: files
// with their modes, symbolic links as links.
func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		dst := filepath.Join(to, rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			return os.MkdirAll(dst, info.Mode().Perm()|0o700)
		case info.Mode()&fs.ModeSymlink != 0:
			target, err := os.Readlink(path)
			if err != nil {
				return err
			}
			return os.Symlink(target, dst)
		case info.Mode().IsRegular():
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if err := os.WriteFile(dst, data, info.Mode().Perm()); err != nil {
				return err
			}
			return os.Chtimes(dst, info.ModTime(), info.ModTime())
		}
		return nil // sockets, fifos: none in a collection
	})
}
