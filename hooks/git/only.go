package git

import "strings"

// The verbs of a commit of one file alone, whatever else is staged: how sw
// records a rejection without taking the person's staged changes with it.

// IsStaged reports whether the index holds a change to path against HEAD.
func (r *Repo) IsStaged(path string) (bool, error) {
	out, err := r.git("diff", "--cached", "--name-only", "-z", "--", ":(literal)"+path)
	return len(nulList(out)) > 0, err
}

// IntendToAdd tells git that path will be added, so a commit of named
// paths (CommitOnly) takes it though the index lacks it.
func (r *Repo) IntendToAdd(path string) error {
	return r.do("add", "--intent-to-add", "--", ":(literal)"+path)
}

// CommitOnly commits the working tree's file at path alone, with message
// msg and without the commit hooks (the commit is sw's own record).
func (r *Repo) CommitOnly(path, msg string) error {
	return r.do("commit", "--only", "--no-verify", "--quiet", "-m", msg, "--", ":(literal)"+path)
}

// Untrack takes path out of the index, leaving the working tree's file.
func (r *Repo) Untrack(path string) error {
	return r.do("rm", "--cached", "--quiet", "--", ":(literal)"+path)
}

// IndexBlob returns the blob the index holds at path; ok is false when it
// holds none.
func (r *Repo) IndexBlob(path string) (blob Hash, ok bool, err error) {
	out, err := r.git("ls-files", "--stage", "-z", "--", ":(literal)"+path)
	if err != nil {
		return ZeroHash, false, err
	}
	f := strings.Fields(string(out))
	if len(f) < 2 {
		return ZeroHash, false, nil
	}
	blob, err = ParseHash(f[1])
	return blob, err == nil, err
}

// CommitPaths commits the working tree's state of paths (files or
// folders) and nothing else staged, with message msg and without the
// commit hooks: the commit is sw's own, made at the person's command.
func (r *Repo) CommitPaths(msg string, paths ...string) error {
	specs := Literal(paths)
	if _, err := r.git(append([]string{"add", "--all", "--"}, specs...)...); err != nil {
		return err
	}
	return r.do(append([]string{"commit", "--only", "--no-verify", "--quiet", "-m", msg, "--"}, specs...)...)
}
