package git

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	goconfig "github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
)

// config is the repository's effective configuration as git reads it
// (every file, includes, -c): the values of each key in order, keys as git
// prints them (section and name in lower case, a subsection as written).
type config map[string][]string

// configValues runs `git config --list` on first need (most hooks never
// need it), and again when the repository's own config file has been
// replaced since, so that a process that outlives a `git push -u` (the
// push watcher) sees the upstream it set. Files outside the repository are
// taken to hold still for a process's life.
func (r *Repo) configValues() (config, error) {
	fi, _ := os.Stat(filepath.Join(r.CommonDir, "config"))
	if r.cfg != nil && sameFile(fi, r.cfgFile) {
		return r.cfg, nil
	}
	out, err := r.git("config", "--list", "-z")
	if err != nil {
		return nil, err
	}
	cfg := config{}
	for _, rec := range strings.Split(string(out), "\x00") {
		if key, value, _ := strings.Cut(rec, "\n"); key != "" {
			cfg[key] = append(cfg[key], value)
		}
	}
	r.cfg, r.cfgFile = cfg, fi
	return cfg, nil
}

// sameFile reports whether two looks at a file saw it unchanged: git
// replaces its config file by rename on every change.
func sameFile(a, b os.FileInfo) bool {
	if a == nil || b == nil {
		return a == b
	}
	return os.SameFile(a, b) && a.ModTime().Equal(b.ModTime()) && a.Size() == b.Size()
}

// get returns key's last value, the one git uses. key is written as in git
// config; its section and name are matched without regard to case.
func (c config) get(key string) (string, bool) {
	vals := c[normKey(key)]
	if len(vals) == 0 {
		return "", false
	}
	return vals[len(vals)-1], true
}

func normKey(key string) string {
	first, last := strings.IndexByte(key, '.'), strings.LastIndexByte(key, '.')
	if first < 0 {
		return strings.ToLower(key)
	}
	return strings.ToLower(key[:first]) + key[first:last] + strings.ToLower(key[last:])
}

// DefaultBranch returns the short name of the branch suggestions build on
// and merges land in ("main"):
//
//  1. the branch refs/remotes/origin/HEAD points to, since the hosting
//     service decides for a clone;
//  2. else the branch another remote's HEAD points to, if exactly one
//     remote has a HEAD (guessing between several would be arbitrary);
//  3. init.defaultBranch, if that branch exists;
//  4. main if it exists, else master if it exists;
//  5. init.defaultBranch even though it does not exist yet (a new
//     repository), else "main".
//
// The branch may exist only on the remote; callers that need a commit look
// for refs/heads/<name>, then the remote-tracking branch.
func (r *Repo) DefaultBranch() (string, error) {
	if name, ok := r.remoteHead("origin"); ok {
		return name, nil
	}
	remotes, err := r.Refs("refs/remotes/")
	if err != nil {
		return "", err
	}
	seen := map[string]bool{"origin": true}
	var found []string
	for ref := range remotes {
		remote, _, _ := strings.Cut(strings.TrimPrefix(ref, "refs/remotes/"), "/")
		if !seen[remote] {
			seen[remote] = true
			if name, ok := r.remoteHead(remote); ok {
				found = append(found, name)
			}
		}
	}
	if len(found) == 1 {
		return found[0], nil
	}
	cfg, err := r.configValues()
	if err != nil {
		return "", err
	}
	configured, _ := cfg.get("init.defaultBranch")
	exists := func(name string) bool {
		_, ok, err := r.Ref("refs/heads/" + name)
		return err == nil && ok
	}
	switch {
	case configured != "" && exists(configured):
		return configured, nil
	case exists("main"):
		return "main", nil
	case exists("master"):
		return "master", nil
	case configured != "":
		return configured, nil
	}
	return "main", nil
}

// remoteHead reads refs/remotes/<remote>/HEAD.
func (r *Repo) remoteHead(remote string) (string, bool) {
	prefix := "refs/remotes/" + remote + "/"
	target, ok, err := r.SymbolicRef(prefix + "HEAD")
	if err != nil || !ok {
		return "", false
	}
	return strings.CutPrefix(target, prefix)
}

// Upstream returns the remote-tracking ref a branch (short name or
// refs/heads/<name>) follows, from branch.<name>.remote and .merge mapped
// through the remote's fetch refspecs ("refs/remotes/origin/main"), or the
// local branch it follows (remote "."). ok is false when nothing is
// configured or no refspec maps the branch.
func (r *Repo) Upstream(branch string) (remoteRef string, ok bool) {
	branch = strings.TrimPrefix(branch, "refs/heads/")
	cfg, err := r.configValues()
	if err != nil {
		return "", false
	}
	remote, ok1 := cfg.get("branch." + branch + ".remote")
	merge, ok2 := cfg.get("branch." + branch + ".merge")
	if !ok1 || !ok2 || remote == "" || merge == "" {
		return "", false
	}
	if !strings.HasPrefix(merge, "refs/") {
		merge = "refs/heads/" + merge
	}
	if remote == "." {
		return merge, true
	}
	return cfg.tracking(remote, merge)
}

// TrackingRef returns the remote-tracking ref that remote's fetch refspecs
// map a ref of that remote to ("refs/remotes/origin/sw/1/x" for
// refs/heads/sw/1/x): the ref git push sets once it has pushed there, and
// git fetch --prune removes once the branch is gone. A URL that no remote
// names has no fetch refspecs: ok is false.
func (r *Repo) TrackingRef(remote, ref string) (tracking string, ok bool) {
	cfg, err := r.configValues()
	if err != nil || remote == "" {
		return "", false
	}
	return cfg.tracking(remote, ref)
}

// tracking maps a ref of remote through its fetch refspecs, with go-git's
// refspec matching; the first that maps it wins, as in git. A negative
// refspec (^refs/...) maps nothing.
func (c config) tracking(remote, ref string) (string, bool) {
	for _, s := range c[normKey("remote."+remote+".fetch")] {
		spec := goconfig.RefSpec(s)
		if strings.HasPrefix(s, "^") || spec.Validate() != nil || !spec.Match(plumbing.ReferenceName(ref)) {
			continue
		}
		return string(spec.Dst(plumbing.ReferenceName(ref))), true
	}
	return "", false
}

// HooksDir returns the folder git runs this repository's hooks from, as an
// absolute path. It asks git rather than assuming .git/hooks: only git
// knows every rule (core.hooksPath, set by husky and others, possibly
// relative or starting with ~; a linked worktree sharing the main one's
// hooks). A relative answer is from the top of the working tree, where git
// runs hooks.
func (r *Repo) HooksDir() (string, error) {
	out, err := r.git("rev-parse", "--git-path", "hooks")
	if err != nil {
		return "", err
	}
	dir := strings.TrimRight(string(out), "\r\n")
	if dir == "" {
		return "", fmt.Errorf("%s: git rev-parse --git-path hooks printed nothing", r.Root)
	}
	return under(r.Root, dir), nil
}

// ConfigScope says where the value git uses for key was set: its scope
// (system, global, local, worktree, command) and the file, as git config
// --show-scope --show-origin reports them; both "" when key is not set.
func (r *Repo) ConfigScope(key string) (scope, file string) {
	out, err := r.git("config", "--show-scope", "--show-origin", "--get", key)
	if err != nil {
		return "", ""
	}
	f := strings.SplitN(strings.TrimRight(string(out), "\n"), "\t", 3)
	if len(f) < 2 {
		return "", ""
	}
	return f[0], strings.TrimPrefix(f[1], "file:")
}
