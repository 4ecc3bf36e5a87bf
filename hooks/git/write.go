package git

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"sw/profile/atomicfile"
)

// Everything that changes the repository runs the git command, which
// writes objects in the repository's own format and updates refs under its
// own locks, with reflogs and hooks. sw writes rarely, so a few processes
// cost nothing a person notices.

// WriteBlob stores data as a blob and returns its name.
func (r *Repo) WriteBlob(data []byte) (Hash, error) {
	out, err := runGit(r.Root, gitExtra{stdin: data}, "hash-object", "-w", "--stdin")
	if err != nil {
		return ZeroHash, err
	}
	return ParseHash(strings.TrimSpace(string(out)))
}

// TreeWith returns a root tree (zero: the empty one) equal to tree except
// at the slash path: the file there is set to blob as a regular file, or
// removed when blob is nil, folders coming and going as needed (git never
// stores an empty one). git builds it in a temporary index, which also
// refuses a path git would (empty or ".." segments, .git).
func (r *Repo) TreeWith(tree Hash, path string, blob *Hash) (Hash, error) {
	tmp, err := atomicfile.CreateTemp(r.GitDir, "index")
	if err != nil {
		return ZeroHash, err
	}
	index := tmp.Name()
	tmp.Close()
	os.Remove(index) // git makes it, and would refuse an empty file
	defer os.Remove(index)
	read := []string{"read-tree", "--empty"}
	if !tree.IsZero() {
		read = []string{"read-tree", tree.String()}
	}
	update := []string{"update-index", "--force-remove", "--", path}
	if blob != nil {
		update = []string{"update-index", "--add", "--cacheinfo", fmt.Sprintf("%o,%s,%s", ModeFile, *blob, path)}
	}
	var out []byte
	for _, args := range [][]string{read, update, {"write-tree"}} {
		if out, err = r.gitWithEnv(indexEnv(index), args...); err != nil {
			return ZeroHash, err
		}
	}
	return ParseHash(strings.TrimSpace(string(out)))
}

// CommitSpec is what WriteCommit needs. git fills in an empty Name or
// Email, or a zero When, as for any commit.
type CommitSpec struct {
	Tree      Hash
	Parents   []Hash
	Author    Signature
	Committer Signature
	Message   string
}

// WriteCommit stores a commit object and returns its name. No ref moves:
// pair it with UpdateRef.
func (r *Repo) WriteCommit(spec CommitSpec) (Hash, error) {
	if spec.Tree.IsZero() {
		return ZeroHash, errors.New("writing a commit: no tree")
	}
	args := []string{"commit-tree", spec.Tree.String()}
	for _, p := range spec.Parents {
		args = append(args, "-p", p.String())
	}
	msg := spec.Message
	if msg != "" && !strings.HasSuffix(msg, "\n") {
		msg += "\n"
	}
	env := append(identityEnv("AUTHOR", spec.Author), identityEnv("COMMITTER", spec.Committer)...)
	out, err := runGit(r.Root, gitExtra{stdin: []byte(msg), env: env}, args...)
	if err != nil {
		return ZeroHash, err
	}
	return ParseHash(strings.TrimSpace(string(out)))
}

// identityEnv sets git's variables for a role (AUTHOR, COMMITTER) from s.
func identityEnv(role string, s Signature) []string {
	var env []string
	if s.Name != "" {
		env = append(env, "GIT_"+role+"_NAME="+s.Name)
	}
	if s.Email != "" {
		env = append(env, "GIT_"+role+"_EMAIL="+s.Email)
	}
	if !s.When.IsZero() {
		env = append(env, "GIT_"+role+"_DATE="+s.When.Format(time.RFC3339))
	}
	return env
}

// ErrRefChanged is returned by UpdateRef when the ref does not hold the
// value the caller expected: someone else moved, created or deleted it.
var ErrRefChanged = errors.New("ref changed by someone else")

// RefLog is the reflog entry an update leaves: who moved the ref, and why
// (the message git shows in `git reflog`).
type RefLog struct {
	Who     Signature
	Message string
}

// UpdateRef moves a ref from old to new as a compare-and-swap, through
// `git update-ref`: it fails with ErrRefChanged unless the ref currently
// holds old. A zero old means the ref must not exist yet; a zero new
// deletes it.
func (r *Repo) UpdateRef(name string, new, old Hash) error {
	return r.UpdateRefLogged(name, new, old, RefLog{})
}

// UpdateRefLogged is UpdateRef with the reflog entry git writes for it
// (where git keeps reflogs: a branch, in a repository with a working tree).
func (r *Repo) UpdateRefLogged(name string, new, old Hash, log RefLog) error {
	if new.IsZero() && old.IsZero() {
		return nil
	}
	if !strings.HasPrefix(name, "refs/") {
		return fmt.Errorf("%s: sw updates only refs under refs/", name)
	}
	if target, ok, err := r.SymbolicRef(name); err != nil {
		return err
	} else if ok {
		return fmt.Errorf("%s is a symbolic ref (to %s): sw does not move it", name, target)
	}
	args := []string{"update-ref", "--no-deref"}
	if log.Message != "" {
		args = append(args, "-m", log.Message)
	}
	if new.IsZero() {
		args = append(args, "-d", name, old.String())
	} else {
		expected := old.String()
		if old.IsZero() {
			expected = strings.Repeat("0", len(new)) // git's "must not exist"
		}
		args = append(args, name, new.String(), expected)
	}
	_, err := r.gitWithEnv(identityEnv("COMMITTER", log.Who), args...)
	var ge *GitError
	if errors.As(err, &ge) && refChanged(ge.Msg) {
		return fmt.Errorf("%s: %w (%s)", name, ErrRefChanged, ge.Msg)
	}
	return err
}

// refChanged tells git's compare-and-swap refusals from other failures.
func refChanged(msg string) bool {
	return slices.ContainsFunc([]string{"but expected", "reference already exists", "unable to resolve reference", "reference is missing"},
		func(s string) bool { return strings.Contains(msg, s) })
}
