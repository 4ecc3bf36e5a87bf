package git

import (
	"os"
	"path/filepath"
	"strings"
)

// What a refused command left behind: git checks a merge, a cherry-pick or
// a reset out before it moves the branch, so when a hook refuses the move
// the checkout stays, looking like changes of the person's. These verbs let
// the hook that refused put that back.

// IndexLocked reports whether a git command holds this worktree's index:
// `git commit -a`, or a commit of named paths, does until it ends, and
// whatever is staged then cannot be changed.
func (r *Repo) IndexLocked() bool {
	_, err := os.Lstat(filepath.Join(r.GitDir, "index.lock"))
	return err == nil
}

// IndexMatches reports whether the index holds exactly commit's tree: what
// a checkout of commit leaves.
func (r *Repo) IndexMatches(commit Hash) (bool, error) {
	_, err := r.git("diff-index", "--cached", "--quiet", commit.String(), "--")
	return yes(err)
}

// Referenced reports whether some ref (a branch, a remote's branch, a tag)
// already reaches commit: a commit the command at work checked out, rather
// than one it has just made.
func (r *Repo) Referenced(commit Hash) (bool, error) {
	out, err := r.git("for-each-ref", "--count=1", "--format=%(refname)", "--contains", commit.String())
	return strings.TrimSpace(string(out)) != "", err
}

// AbortCheckout puts the index and working tree back at HEAD as `git merge
// --abort` does: what the checkout staged goes, a change not staged stays,
// and a merge or cherry-pick left in progress ends.
func (r *Repo) AbortCheckout() error {
	return r.do("reset", "--merge", "-q")
}

// Unstage takes the staged changes of files back out of the index; the
// working tree keeps them.
func (r *Repo) Unstage(files []string) error {
	return r.do(append([]string{"restore", "--staged", "--"}, Literal(files)...)...)
}

// RestoreFromHead puts files back as HEAD has them, in the index and the
// working tree, removing those HEAD does not have.
func (r *Repo) RestoreFromHead(files []string) error {
	return r.do(append([]string{"restore", "--source=HEAD", "--staged", "--worktree", "--"}, Literal(files)...)...)
}

// EditedSinceStaged lists which of files differ in the working tree from
// what the index holds.
func (r *Repo) EditedSinceStaged(files []string) (map[string]bool, error) {
	edited := map[string]bool{}
	if len(files) == 0 {
		return edited, nil
	}
	out, err := r.git(append([]string{"diff", "--name-only", "-z", "--no-renames", "--"}, Literal(files)...)...)
	for _, p := range nulList(out) {
		edited[p] = true
	}
	return edited, err
}

// Resolve names the commit a revision as a person types it names ("sw/1/x",
// "HEAD~2", a hash); ok is false when it names none.
func (r *Repo) Resolve(rev string) (Hash, bool, error) {
	if strings.HasPrefix(rev, "-") {
		return ZeroHash, false, nil // an option, not a revision
	}
	out, err := r.git("rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if exitedWith(err, 128) {
		return ZeroHash, false, nil
	}
	return hashOut(out, err)
}
