// Package gitrepo is sw's one seam to git. Everything sw knows about a
// repository (where it is, what its refs and objects say, how to run the git
// command in it) goes through here, so the rest of sw can be read without
// knowing how git lays out its files.
//
// Finding a repository walks up from a folder in process rather than asking
// `git rev-parse`: hooks run on every commit and every agent session, and a
// process start costs more than the whole walk.
package gitrepo

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Repo is a non-bare git repository with a working tree.
type Repo struct {
	Root      string // top of the working tree
	GitDir    string // this worktree's git folder (.git, or .git/worktrees/<name> for a linked worktree)
	CommonDir string // the folder shared by all worktrees: objects, refs, config, hooks
}

// ErrNotRepo is returned by Find when no repository contains the folder.
var ErrNotRepo = errors.New("not inside a git repository")

// Find returns the repository whose working tree contains dir.
func Find(dir string) (*Repo, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	for d := abs; ; {
		if r, err := At(d); err == nil {
			return r, nil
		} else if !errors.Is(err, ErrNotRepo) {
			return nil, err
		}
		parent := filepath.Dir(d)
		if parent == d {
			return nil, fmt.Errorf("%s: %w", abs, ErrNotRepo)
		}
		d = parent
	}
}

// At returns the repository whose working tree top is exactly root.
func At(root string) (*Repo, error) {
	dotgit := filepath.Join(root, ".git")
	fi, err := os.Stat(dotgit)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, fmt.Errorf("%s: %w", root, ErrNotRepo)
	case err != nil:
		return nil, err
	case fi.IsDir():
		return &Repo{Root: root, GitDir: dotgit, CommonDir: dotgit}, nil
	}
	// A linked worktree or a submodule: .git is a file "gitdir: <path>".
	b, err := os.ReadFile(dotgit)
	if err != nil {
		return nil, err
	}
	line := strings.TrimSpace(string(b))
	gitDir, ok := strings.CutPrefix(line, "gitdir:")
	if !ok {
		return nil, fmt.Errorf("%s: expected a line \"gitdir: <path>\"", dotgit)
	}
	gitDir = strings.TrimSpace(gitDir)
	if !filepath.IsAbs(gitDir) {
		gitDir = filepath.Join(root, gitDir)
	}
	common := gitDir
	if c, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
		common = strings.TrimSpace(string(c))
		if !filepath.IsAbs(common) {
			common = filepath.Join(gitDir, common)
		}
	}
	return &Repo{Root: root, GitDir: filepath.Clean(gitDir), CommonDir: filepath.Clean(common)}, nil
}

// Init runs `git init` in dir, creating it if needed, and returns the new repository.
func Init(dir string) (*Repo, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	if _, err := run(dir, nil, "init", "--quiet"); err != nil {
		return nil, err
	}
	return At(dir)
}

// Git runs the git command in the repository's working tree and returns its
// standard output. A failure carries git's own message.
func (r *Repo) Git(args ...string) ([]byte, error) {
	return run(r.Root, nil, args...)
}

// GitInput is Git with stdin.
func (r *Repo) GitInput(stdin []byte, args ...string) ([]byte, error) {
	return run(r.Root, stdin, args...)
}

func run(dir string, stdin []byte, args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return stdout.Bytes(), fmt.Errorf("git %s: %s", strings.Join(args, " "), msg)
	}
	return stdout.Bytes(), nil
}
