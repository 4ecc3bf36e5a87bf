package git

import (
	"bufio"
	"bytes"
	"io"
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
// not from stop (zero: none), until visit returns false and git is
// stopped: a walk reads only as much history as its visitor needs, which
// lets one walk serve many pieces. No pathspec is given: git answers many
// of them slowly, and a visitor filters paths for nothing.
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
	// Each record starts with \x1e: hash \x1f message \x1f, then NUL-ended
	// status and path pairs.
	return r.eachRecord(args, '\x1e', func(rec string) bool {
		c, ok := parsePathCommit(rec)
		return !ok || visit(c)
	})
}

// eachRecord runs git with args and hands visit each record of its output,
// ended by sep, as it comes; git is stopped once visit returns false.
func (r *Repo) eachRecord(args []string, sep byte, visit func(rec string) bool) error {
	cmd := command(r.Root, nil, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	stopped := false
	in := bufio.NewReaderSize(stdout, 64<<10)
	for !stopped {
		rec, err := in.ReadString(sep)
		stopped = !visit(strings.TrimSuffix(rec, string(sep)))
		if err != nil {
			break
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
