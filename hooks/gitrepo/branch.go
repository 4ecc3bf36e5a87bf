package gitrepo

import (
	"path/filepath"
	"strings"

	"sw/profile/quickread"
)

// DefaultBranch returns the short name of the branch suggestions build on
// and merges land in ("main"), found the way a person who lives in git
// expects:
//
//  1. the branch refs/remotes/origin/HEAD points to (set by git clone and
//     `git remote set-head`), since the hosting service decides for a clone;
//  2. with no origin HEAD, the branch another remote's HEAD points to, if
//     exactly one remote has a HEAD (with several, none is preferred over
//     the local configuration: guessing between remotes would be arbitrary);
//  3. init.defaultBranch from git config, if that branch exists;
//  4. main if it exists, else master if it exists;
//  5. init.defaultBranch even though it does not exist yet (a new
//     repository), else "main".
//
// The branch named may exist only on the remote; callers that need a commit
// look for refs/heads/<name>, then the remote-tracking branch.
func (r *Repo) DefaultBranch() (string, error) {
	if name, ok := r.remoteHead("origin"); ok {
		return name, nil
	}
	if remotes, err := quickread.ReadDir(filepath.Join(r.CommonDir, "refs", "remotes")); err == nil {
		var found []string
		for _, rem := range remotes {
			if !rem.IsDir() || rem.Name() == "origin" {
				continue
			}
			if name, ok := r.remoteHead(rem.Name()); ok {
				found = append(found, name)
			}
		}
		if len(found) == 1 {
			return found[0], nil
		}
	}
	cfg, err := r.loadConfig()
	if err != nil {
		return "", err
	}
	configured, _ := cfg.get("init.defaultbranch")
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

// Upstream returns the remote-tracking ref a branch follows, from
// branch.<name>.remote and branch.<name>.merge mapped through the remote's
// fetch refspecs: "refs/remotes/origin/main" for a branch cloned from
// origin. branch may be a short name or refs/heads/<name>. A branch that
// follows another local branch (remote ".") gets that branch's ref. ok is
// false when nothing is configured or no refspec maps the branch.
func (r *Repo) Upstream(branch string) (remoteRef string, ok bool) {
	branch = strings.TrimPrefix(branch, "refs/heads/")
	cfg, err := r.loadConfig()
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

// TrackingRef returns the remote-tracking ref that remote's fetch
// refspecs map a ref of that remote to ("refs/remotes/origin/sw/1/x" for
// origin's refs/heads/sw/1/x): the ref git push sets once it has pushed
// there, and git fetch --prune removes once the branch is gone. remote is
// a remote's name; a URL (git push to a URL no remote names) has no fetch
// refspecs, so no tracking ref: ok is false.
func (r *Repo) TrackingRef(remote, ref string) (tracking string, ok bool) {
	cfg, err := r.loadConfig()
	if err != nil || remote == "" {
		return "", false
	}
	return cfg.tracking(remote, ref)
}

// tracking maps a ref of remote through its fetch refspecs; the first
// that maps it wins, as in git.
func (c *config) tracking(remote, ref string) (string, bool) {
	for _, spec := range c.all("remote." + remote + ".fetch") {
		if dst, ok := mapRefspec(spec, ref); ok {
			return dst, true
		}
	}
	return "", false
}

// mapRefspec maps a remote ref through one fetch refspec ("+src:dst", where
// src and dst may each hold one "*").
func mapRefspec(spec, ref string) (string, bool) {
	spec = strings.TrimPrefix(spec, "+")
	if strings.HasPrefix(spec, "^") {
		return "", false // a negative refspec maps nothing
	}
	src, dst, ok := strings.Cut(spec, ":")
	if !ok || dst == "" {
		return "", false
	}
	star := strings.IndexByte(src, '*')
	if star < 0 {
		return dst, src == ref
	}
	pre, suf := src[:star], src[star+1:]
	if !strings.HasPrefix(ref, pre) || !strings.HasSuffix(ref, suf) || len(ref) < len(pre)+len(suf) {
		return "", false
	}
	middle := ref[len(pre) : len(ref)-len(suf)]
	return strings.Replace(dst, "*", middle, 1), true
}
