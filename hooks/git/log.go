package git

import (
	"bufio"
	"bytes"
	"io"
	"os/exec"
	"strings"
)

// PathCommit is one commit of a walk: its message, and how it changed each
// file compared with its first parent (git's status letters: A, M, D, T;
// a merge lists none).
type PathCommit struct {
	Hash    Hash
	Message string
	Changes map[string]string
}

// WalkHistory visits, newest first, the commits reachable from head and
// not from stop (all of head's history when stop is zero), until visit
// returns false. git is stopped then: a walk reads only as much history as
// its visitor needs, which is what lets one walk serve many pieces. No
// pathspec is given: git answers many of them slowly, and a visitor
// filters paths for nothing.
func (r *Repo) WalkHistory(head, stop Hash, visit func(PathCommit) bool) error {
	return r.WalkHistoryExcept(head, []Hash{stop}, visit)
}

// WalkHistoryExcept is WalkHistory with several stops: the commits
// reachable from head and from none of them.
func (r *Repo) WalkHistoryExcept(head Hash, stops []Hash, visit func(PathCommit) bool) error {
	args := []string{"log", "-z", "--no-renames", "--name-status", "--format=%x1e%H%x1f%B%x1f", head.String()}
	for _, stop := range stops {
		if !stop.IsZero() {
			args = append(args, "^"+stop.String())
		}
	}
	args = append(args, "--")
	cmd, stdout, stderr, err := r.startGit(args)
	if err != nil {
		return err
	}
	stopped := false
	in := bufio.NewReaderSize(stdout, 64<<10)
	// Each record starts with \x1e: hash \x1f message \x1f, then NUL-ended
	// status and path pairs.
	if _, err := in.ReadString('\x1e'); err == nil {
		for !stopped {
			rec, err := in.ReadString('\x1e')
			if c, ok := parsePathCommit(strings.TrimSuffix(rec, "\x1e")); ok && !visit(c) {
				stopped = true
			}
			if err != nil {
				break
			}
		}
	}
	if stopped {
		cmd.Process.Kill()
	}
	io.Copy(io.Discard, stdout)
	if err := cmd.Wait(); err != nil && !stopped {
		return &GitError{Args: args, Msg: strings.TrimSpace(stderr.String()), Code: cmd.ProcessState.ExitCode()}
	}
	return nil
}

// startGit starts git with args in the working tree, for a caller that
// reads its output as it comes; what it says on stderr is kept for the
// error.
func (r *Repo) startGit(args []string) (*exec.Cmd, io.ReadCloser, *bytes.Buffer, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = r.Root
	cmd.Env = append(cleanEnv(), ownCommand)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, nil, err
	}
	return cmd, stdout, &stderr, nil
}

func parsePathCommit(rec string) (PathCommit, bool) {
	hash, rest, ok1 := strings.Cut(rec, "\x1f")
	end := strings.LastIndexByte(rest, '\x1f')
	h, err := ParseHash(hash)
	if !ok1 || end < 0 || err != nil {
		return PathCommit{}, false
	}
	c := PathCommit{Hash: h, Message: rest[:end], Changes: map[string]string{}}
	fields := strings.Split(strings.TrimLeft(rest[end+1:], "\x00\n"), "\x00")
	for i := 0; i+1 < len(fields); i += 2 {
		c.Changes[fields[i+1]] = fields[i]
	}
	return c, true
}
