package git

import (
	"os"
	"strings"
)

// The verbs of a decision on a suggestion branch (sw accept merges and
// deletes it, sw reject deletes it), here so that no other package builds
// a git command line.

// MergeNoFF merges commit into the checked-out branch as a merge commit
// with message msg, never a fast-forward, so the history shows the
// decision. held is a lock sw holds that git and what it runs inherit
// (see gitExtra); nil for none.
func (r *Repo) MergeNoFF(held *os.File, commit Hash, msg string) error {
	_, err := runGit(r.Root, gitExtra{held: held}, "merge", "--no-ff", "--no-edit", "-m", msg, commit.String())
	return err
}

// Unmerged lists the files a stopped merge left in conflict.
func (r *Repo) Unmerged() ([]string, error) {
	out, err := r.git("diff", "--name-only", "-z", "--diff-filter=U")
	return nulList(out), err
}

// AbortMerge undoes a merge that stopped, as `git merge --abort` does.
func (r *Repo) AbortMerge() error {
	return r.do("merge", "--abort")
}

// QuitMerge forgets a merge in progress and leaves the index and working
// tree as they are, so the next commit is no merge.
func (r *Repo) QuitMerge() error {
	return r.do("merge", "--quit")
}

// DeleteMergedBranch deletes a local branch that the checked-out one has
// merged: git refuses anything else, so no commit is lost.
func (r *Repo) DeleteMergedBranch(name string) error {
	return r.do("branch", "-d", name)
}

// DeleteBranch deletes a local branch whatever it holds.
func (r *Repo) DeleteBranch(name string) error {
	return r.do("branch", "-D", name)
}

// StatusLines is `git status --porcelain` for the paths, a line a file, as
// a person reads it in a message.
func (r *Repo) StatusLines(paths ...string) ([]string, error) {
	out, err := r.git(append([]string{"status", "--porcelain", "--"}, paths...)...)
	return strings.FieldsFunc(string(out), func(c rune) bool { return c == '\n' }), err
}
