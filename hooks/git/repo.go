// Package git is sw's one seam to git: nothing else in sw imports go-git or
// runs the git command. It speaks sw's own small vocabulary (a Hash, a
// Commit, the file a commit holds at a path, refs and their
// compare-and-swap updates, the state of the working tree).
//
// Reading goes through go-git's storage, opened directly on the
// repository's folders so that linked worktrees and
// extensions.worktreeConfig work; a repository go-git could misread
// (SHA-256 objects, reftable refs, a partial clone, an extension it does
// not know) is read through the git command instead, detected before
// anything is read. Everything that changes the repository runs the git
// command, so that git's locks, reflogs and reference-transaction hooks
// behave as for any git command; so does what only git knows exactly:
// configuration with its includes, and the working tree's status.
package git

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"sw/hooks/agent"
)

// Repo is a non-bare git repository with a working tree. A Repo is for
// one goroutine at a time (go-git's storage keeps unguarded caches); open
// another with At for work that runs beside it.
type Repo struct {
	Root      string // top of the working tree
	GitDir    string // this worktree's git folder (.git, or .git/worktrees/<name> for a linked worktree)
	CommonDir string // the folder shared by all worktrees: objects, refs, config, hooks

	readOnce sync.Once
	rd       reader // how objects and refs are read (read.go), opened on first use
	rdErr    error
	cfg      config      // the effective configuration (config.go), read on first use
	cfgFile  os.FileInfo // the repository's config file when cfg was read
	lastDiff struct {    // the two large trees git compared last (treeDiff)
		a, b    Hash
		changes []rawChange
	}
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
			return nil, notRepo(abs)
		}
		d = parent
	}
}

// BareError is Find's error for a folder in a bare repository, which has
// no working tree for sw to work in. It is an ErrNotRepo.
type BareError struct {
	Dir string // the bare repository
}

func (e *BareError) Error() string {
	return e.Dir + " is a bare repository, with no working tree for pieces; clone it and work in the clone: " + ErrNotRepo.Error()
}

// Is makes a BareError an ErrNotRepo for errors.Is.
func (e *BareError) Is(target error) bool { return target == ErrNotRepo }

// notRepo is Find's error for dir: that it is not in a repository, or, for
// a bare repository, a *BareError.
func notRepo(dir string) error {
	for d := dir; ; d = filepath.Dir(d) {
		if isBare(d) {
			return &BareError{Dir: d}
		}
		if filepath.Dir(d) == d {
			return fmt.Errorf("%s: %w", dir, ErrNotRepo)
		}
	}
}

// isBare reports whether dir looks like a git folder of its own: HEAD,
// objects and refs, as git itself checks.
func isBare(dir string) bool {
	for _, name := range []string{"HEAD", "objects", "refs"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			return false
		}
	}
	return true
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
	gitDir = under(root, strings.TrimSpace(gitDir))
	common := gitDir
	if c, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
		common = under(gitDir, strings.TrimSpace(string(c)))
	}
	return &Repo{Root: root, GitDir: gitDir, CommonDir: common}, nil
}

// under is the path p names read in dir, cleaned.
func under(dir, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// Init runs `git init` in dir, creating it if needed, and returns the new repository.
func Init(dir string) (*Repo, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	if _, err := runGit(dir, gitExtra{}, "init", "--quiet"); err != nil {
		return nil, err
	}
	return At(dir)
}

// git runs the git command in the repository's working tree and returns its
// standard output. A failure carries git's own message.
func (r *Repo) git(args ...string) ([]byte, error) {
	return runGit(r.Root, gitExtra{}, args...)
}

// do is git for a command whose output is not read.
func (r *Repo) do(args ...string) error {
	_, err := r.git(args...)
	return err
}

// gitWithEnv is git with extra environment variables (NAME=value).
func (r *Repo) gitWithEnv(env []string, args ...string) ([]byte, error) {
	return runGit(r.Root, gitExtra{env: env}, args...)
}

// gitExtra is what a git command gets besides its arguments. held is an
// open file sw has locked, for a command that must be known to run even
// after sw is gone: git and what it runs inherit it, so the lock stays
// taken while any of them runs.
type gitExtra struct {
	stdin []byte
	env   []string
	held  *os.File
}

func runGit(dir string, in gitExtra, args ...string) ([]byte, error) {
	cmd := command(dir, in.env, args...)
	if in.held != nil {
		cmd.ExtraFiles = []*os.File{in.held}
	}
	if in.stdin != nil {
		cmd.Stdin = bytes.NewReader(in.stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		code := -1
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		return stdout.Bytes(), &GitError{Args: args, Msg: msg, Code: code}
	}
	return stdout.Bytes(), nil
}

// command is git with args in dir, in sw's own environment (see ownCommand)
// with env added.
func command(dir string, env []string, args ...string) *exec.Cmd {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(append(cleanEnv(), ownCommand), env...)
	return cmd
}

// GitError is a git command that failed: Msg is what git said on stderr,
// or how the command ended when it said nothing.
type GitError struct {
	Args []string
	Msg  string
	Code int // the exit status; -1 when git did not run or was killed
}

func (e *GitError) Error() string { return fmt.Sprintf("git %s: %s", strings.Join(e.Args, " "), e.Msg) }

// exitedWith reports whether err is git saying "no" with that status, as
// rev-parse --verify -q and symbolic-ref -q do, rather than failing.
func exitedWith(err error, code int) bool {
	var ge *GitError
	return errors.As(err, &ge) && ge.Code == code
}

// yes reads the answer of a git command that answers by its status: 0 for
// yes, 1 for no.
func yes(err error) (bool, error) {
	if exitedWith(err, 1) {
		return false, nil
	}
	return err == nil, err
}

// hashOut reads the object name a git command printed; ok is false when it
// said "no" (status 1) or printed nothing.
func hashOut(out []byte, err error) (h Hash, ok bool, _ error) {
	s := strings.TrimSpace(string(out))
	if exitedWith(err, 1) || err == nil && s == "" {
		return ZeroHash, false, nil
	}
	if err != nil {
		return ZeroHash, false, err
	}
	h, err = ParseHash(s)
	return h, err == nil, err
}

// repoEnv is what git puts in a hook's environment about the repository it
// runs in. sw names its repository by folder, and when it runs git from
// inside a hook these must not leak in: during `git commit --only`, for one,
// GIT_INDEX_FILE points at a temporary index.
var repoEnv = []string{"GIT_DIR=", "GIT_WORK_TREE=", "GIT_INDEX_FILE=", "GIT_PREFIX=", "GIT_COMMON_DIR=", "GIT_OBJECT_DIRECTORY="}

// ownCommand marks the git commands sw runs itself: the hooks git runs for
// them (sw's shims among them) must not call back into sw, which is already
// at work and holds its lock. The person's own hooks, chained before sw's,
// still run.
//
// sw's hooks honour it only outside an agent's environment, so that an
// agent cannot set it to go past them; sw's own commands therefore run
// without the agent's markers (agent.Strip): they are sw's doing. What sw
// does for an agent is limited before any git command runs: sw accept and
// sw reject refuse to run for one.
const ownCommand = "SW_HOOKS=off"

func cleanEnv() []string {
	return slices.DeleteFunc(agent.Strip(os.Environ()), func(kv string) bool {
		return slices.ContainsFunc(repoEnv, func(prefix string) bool { return strings.HasPrefix(kv, prefix) })
	})
}
