package gitrepo

import (
	"fmt"
	"path/filepath"
	"strings"
)

// HooksDir returns the folder git runs this repository's hooks from.
//
// It asks git rather than assuming .git/hooks, because only git knows every
// rule: core.hooksPath (set by husky and others, possibly relative, possibly
// starting with ~) wins, and a linked worktree shares the main repository's
// hooks. A relative answer is relative to the top of the working tree, which
// is where git runs hooks; the result is always absolute.
func (r *Repo) HooksDir() (string, error) {
	out, err := r.Git("rev-parse", "--git-path", "hooks")
	if err != nil {
		return "", err
	}
	dir := strings.TrimRight(string(out), "\r\n")
	if dir == "" {
		return "", fmt.Errorf("%s: git rev-parse --git-path hooks printed nothing", r.Root)
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(r.Root, dir)
	}
	return filepath.Clean(dir), nil
}

// ConfigScope says where the value git uses for key was set: its scope
// (system, global, local, worktree, command) and the file, as git config
// --show-scope --show-origin reports them; both "" when key is not set.
func (r *Repo) ConfigScope(key string) (scope, file string) {
	out, err := r.Git("config", "--show-scope", "--show-origin", "--get", key)
	if err != nil {
		return "", ""
	}
	f := strings.SplitN(strings.TrimRight(string(out), "\n"), "\t", 3)
	if len(f) < 2 {
		return "", ""
	}
	return f[0], strings.TrimPrefix(f[1], "file:")
}
