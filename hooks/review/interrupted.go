package review

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"sw/hooks/git"
	"sw/profile/atomicfile"
	"sw/profile/collection"
	"sw/profile/confine"
)

// An accept runs `git merge`, which runs the person's hooks with MERGE_HEAD
// there. Interrupted then (Ctrl-C, kill -9), it would leave a merge "in
// progress" that the person's next commit turns into a second merge of the
// suggestion. So sw accept first writes down what it merges, in
// sw-accept.json beside MERGE_HEAD, and keeps the file locked, a lock git
// and what it runs inherit. A file nobody holds is an interrupted accept,
// which the next run of sw finishes or undoes (FinishAccept); the
// commit-msg shim looks for it to know when sw must see a commit.
const acceptFile = "sw-accept.json"

// acceptIntent is what an accept is about to do.
type acceptIntent struct {
	ID     string `json:"id"`
	Branch string `json:"branch"`
	Tip    string `json:"tip"`            // the commit merged
	Head   string `json:"head"`           // the default branch before the merge
	Local  bool   `json:"local"`          // the branch is local, and deleted once merged
	Told   bool   `json:"told,omitempty"` // a commit was stopped once to say so (see TellAccept)
}

// beginAccept writes the intent down and returns the open file that holds
// its lock, for git to inherit; done removes the intent.
func (l *Loop) beginAccept(in acceptIntent) (held *os.File, done func(), err error) {
	data, err := json.Marshal(in)
	if err != nil {
		return nil, nil, err
	}
	// Locked from its creation, so the intent is never seen unheld.
	f, err := atomicfile.CreateTemp(l.Repo.GitDir, acceptFile)
	if err == nil {
		if _, err = f.Write(data); err == nil {
			err = os.Rename(f.Name(), filepath.Join(l.Repo.GitDir, acceptFile))
		}
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}
	if err != nil {
		return nil, nil, err
	}
	return f, func() {
		os.Remove(filepath.Join(l.Repo.GitDir, acceptFile))
		f.Close()
	}, nil
}

// FinishAccept finishes or undoes an interrupted sw accept, says what it
// did ("" when there was none), and whether it changed the repository:
//   - merge commit made, MERGE_HEAD still there: the merge is ended as git
//     would have, and the branch deleted;
//   - merge made and ended, branch not yet deleted: deleted;
//   - stopped before the merge commit: undone (git merge --abort) when undo
//     is set and nothing else is staged, and the person told to accept again;
//   - stopped before git noted the merge, its files staged: undone (git
//     reset --merge) when nothing else is staged.
//
// The commit-msg hook passes undo false: a merge git noted and did not
// commit is what the person's commit concludes.
func (l *Loop) FinishAccept(undo bool) (note string, tidied bool, err error) {
	f, in, err := l.claimIntent()
	if f == nil || err != nil {
		return "", false, err
	}
	defer f.Close()
	done, err := l.finishAccept(in, undo)
	if err != nil || done.keep {
		return done.note, false, err
	}
	if done.note != "" {
		l.logf("%s", done.note)
	}
	return done.note, done.tidied, os.Remove(f.Name())
}

// claimIntent opens, locks and reads the intent of an interrupted accept:
// nil when there is none, an accept still holds it, or a new accept's
// replaced it meanwhile. One that cannot be read is removed.
func (l *Loop) claimIntent() (*os.File, acceptIntent, error) {
	var in acceptIntent
	path := filepath.Join(l.Repo.GitDir, acceptFile)
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, in, nil
	}
	if err != nil {
		return nil, in, err
	}
	if !atomicfile.TryLock(f) || !samePath(f, path) {
		f.Close()
		return nil, in, nil
	}
	data, err := io.ReadAll(f)
	if err != nil || json.Unmarshal(data, &in) != nil {
		f.Close()
		return nil, in, os.Remove(path)
	}
	return f, in, nil
}

// samePath says the open file f is still the one at path: a file renamed
// over it (a new accept's intent, a new lock) is another's.
func samePath(f *os.File, path string) bool {
	held, err1 := f.Stat()
	now, err2 := os.Stat(path)
	return err1 == nil && err2 == nil && os.SameFile(held, now)
}

// TellAccept marks as told the intent of an interrupted accept sw could not
// see to during a commit (git commit -a holds the index), and returns its
// id and whether this is the first time: the commit-msg hook stops that one
// commit to say so, not every commit made the same way. The intent stays
// for the next run of sw.
func (l *Loop) TellAccept() (id string, first bool, err error) {
	f, in, err := l.claimIntent()
	if f == nil || err != nil {
		return "", false, err
	}
	defer f.Close()
	if in.Told {
		return in.ID, false, nil
	}
	in.Told = true
	data, err := json.Marshal(in)
	if err == nil {
		err = f.Truncate(0)
	}
	if err == nil {
		_, err = f.WriteAt(data, 0)
	}
	if err != nil {
		return "", false, err
	}
	l.logf("sw accept %s was interrupted, and sw could not see to it during a commit; the commit was stopped once", in.ID)
	return in.ID, true, nil
}

// finished is what finishAccept did; keep: the intent stays for a later run.
type finished struct {
	note         string
	tidied, keep bool
}

func (l *Loop) finishAccept(in acceptIntent, undo bool) (finished, error) {
	_, head, err := l.Repo.Head()
	if err != nil {
		return finished{keep: true}, err
	}
	merging, mergeHead := false, git.ZeroHash
	if op, busy := l.Repo.InProgress(); busy && op == "merge" {
		if mergeHead, merging, err = l.Repo.Ref("MERGE_HEAD"); err != nil {
			return finished{keep: true}, err
		}
	}
	ours := merging && mergeHead.String() == in.Tip
	switch {
	case ours && head.String() == in.Head:
		if !undo {
			return finished{keep: true}, nil
		}
		merged, err := l.mergedFiles(in)
		if err != nil {
			return finished{keep: true}, err
		}
		return l.undoAccept(in, merged, true, l.Repo.AbortMerge)
	case ours && l.isMergeOf(head, in):
		if err := l.Repo.QuitMerge(); err != nil {
			return finished{keep: true}, err
		}
		return l.finishedAccept(in)
	case !merging && head.String() == in.Head:
		merged, err := l.mergedFiles(in)
		if err != nil {
			return finished{keep: true}, err
		}
		if begun, err := l.mergeBegun(merged); err != nil || !begun {
			return finished{keep: err != nil}, err
		}
		undone, err := l.undoAccept(in, merged, false, l.Repo.AbortCheckout)
		if err == nil && undone.tidied {
			err = l.putBackHalfWritten(in, merged)
		}
		return undone, err
	case !merging:
		if ok, err := l.Repo.IsAncestor(git.Hash(in.Tip), head); err == nil && ok {
			return l.finishedAccept(in)
		}
	}
	return finished{}, nil // never merged, or the person has moved on
}

// undoAccept undoes the merge an interrupted accept began, unless changes
// of the person's are staged beyond the files it changes (merged).
func (l *Loop) undoAccept(in acceptIntent, merged []string, merging bool, undo func() error) (finished, error) {
	staged, err := l.Repo.StagedChanges("")
	if err != nil {
		return finished{keep: true}, err
	}
	if ours, beyond := partition(staged, merged); len(beyond) > 0 {
		return finished{note: fmt.Sprintf("sw accept %s was interrupted before git made its merge, and changes of yours are staged with it (%s): "+
			"commit to take the suggestion in with them, or take its files back out and keep yours: %s",
			in.ID, strings.Join(beyond, ", "), l.takeBackOut(ours, merged, merging))}, nil
	}
	if err := undo(); err != nil {
		return finished{keep: true}, err
	}
	return finished{note: fmt.Sprintf("sw accept %s was interrupted before git made its merge; sw undid the merge: run sw accept %s again", in.ID, in.ID), tidied: true}, nil
}

// takeBackOut is the commands that put the merge's files back as HEAD has
// them and leave every other file alone (git merge --abort and git reset
// --merge would throw away the person's staged changes too), then end a
// merge git noted, so the next commit is no merge.
func (l *Loop) takeBackOut(ours, merged []string, merging bool) string {
	var steps []string
	if len(ours) > 0 {
		steps = append(steps, "git --literal-pathspecs restore --source=HEAD --staged --worktree -- "+shellQuoted(ours))
	}
	if _, untracked, _ := l.Repo.StatusOf(merged); len(untracked) > 0 {
		steps = append(steps, "rm -- "+shellQuoted(untracked))
	}
	if merging {
		steps = append(steps, "git merge --quit")
	}
	return strings.Join(steps, ", then ")
}

// shellQuoted joins paths for a shell, quoting those that need it.
func shellQuoted(paths []string) string {
	q := make([]string, len(paths))
	for i, p := range paths {
		q[i] = p
		if strings.Trim(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/-") != "" || strings.HasPrefix(p, "-") {
			q[i] = "'" + strings.ReplaceAll(p, "'", `'\''`) + "'"
		}
	}
	return strings.Join(q, " ")
}

// mergedFiles lists the files the accept's merge changes: those the
// suggestion changes since its merge base (git diff A...B; a renamed file
// under both names), not those the default branch changed meanwhile,
// which are the person's.
func (l *Loop) mergedFiles(in acceptIntent) ([]string, error) {
	base, ok, err := l.Repo.MergeBase(git.Hash(in.Head), git.Hash(in.Tip))
	if err != nil || !ok {
		return nil, err // git merges no unrelated histories: nothing began
	}
	changes, err := l.Repo.ChangedFiles(base, git.Hash(in.Tip), nil)
	var files []string
	for _, c := range changes {
		files = append(files, c.Path)
	}
	return files, err
}

// mergeBegun reports whether a file the merge changes differs from HEAD,
// staged or not: git had begun the merge before it noted it.
func (l *Loop) mergeBegun(merged []string) (bool, error) {
	if len(merged) == 0 {
		return false, nil
	}
	changed, _, err := l.Repo.StatusOf(merged)
	return len(changed) > 0, err
}

// putBackHalfWritten puts back, as HEAD has them, the files git was writing
// when stopped: it writes a merge's files before its index, so a merge it
// never noted leaves them whole, cut short or empty (a rule file that
// breaks the profile), which git reset --merge leaves be. A file is git's
// when its bytes start the suggestion's version (or it is gone, where the
// suggestion removes it): git merges only over files as HEAD has them, so
// no edit of the person's can be among them.
func (l *Loop) putBackHalfWritten(in acceptIntent, merged []string) error {
	var restore []string
	for _, path := range merged {
		ours, inHead, err := l.fileAt(git.Hash(in.Head), path)
		if err != nil {
			return err
		}
		theirs, inTip, err := l.fileAt(git.Hash(in.Tip), path)
		if err != nil {
			return err
		}
		target, err := confine.Path(l.Repo.Root, filepath.Join(l.Repo.Root, filepath.FromSlash(path)), path)
		if err != nil {
			continue // not a file of the collection's: not sw's to touch
		}
		now, err := confine.ReadFile(target)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if !inTip && inHead {
				restore = append(restore, path)
			}
		case err != nil:
			continue
		case inTip && bytes.HasPrefix(theirs, now) && !(inHead && bytes.Equal(now, ours)):
			if !inHead {
				if err := os.Remove(target); err != nil {
					return err
				}
				continue
			}
			restore = append(restore, path)
		}
	}
	if len(restore) == 0 {
		return nil
	}
	return l.Repo.RestoreFromHead(restore)
}

// fileAt reads path as commit has it; ok is false where it has none.
func (l *Loop) fileAt(commit git.Hash, path string) (data []byte, ok bool, err error) {
	blob, ok, err := l.Repo.FileAt(commit, path)
	if err != nil || !ok {
		return nil, false, err
	}
	data, err = l.Repo.Blob(blob)
	return data, err == nil, err
}

// finishedAccept deletes the merged branch, as the accept would have.
func (l *Loop) finishedAccept(in acceptIntent) (finished, error) {
	if in.Local {
		if at, ok, err := l.Repo.Ref("refs/heads/" + in.Branch); err == nil && ok && at.String() == in.Tip {
			if err := l.Repo.DeleteMergedBranch(in.Branch); err != nil {
				return finished{keep: true}, err
			}
		}
	}
	return finished{note: fmt.Sprintf("finished sw accept %s, which was interrupted after its merge", in.ID), tidied: true}, nil
}

// isMergeOf reports whether commit is the accept's merge commit.
func (l *Loop) isMergeOf(commit git.Hash, in acceptIntent) bool {
	c, err := l.Repo.Commit(commit)
	if err != nil || len(c.Parents) != 2 {
		return false
	}
	return c.Parents[0].String() == in.Head && c.Parents[1].String() == in.Tip
}

// partition splits paths into those in merged and the rest.
func partition(paths, merged []string) (in, out []string) {
	for _, p := range paths {
		if slices.Contains(merged, p) {
			in = append(in, p)
		} else {
			out = append(out, p)
		}
	}
	return in, out
}

// FinishRecord puts the index right after a rejection record a kill stopped
// midway: `git commit --only` commits profile_feedback.json, then sets the
// index entry; stopped in between, the index holds the file as before, and
// the person's next commit would take the record back out. When HEAD is
// sw's record and the index holds its parent's file, the entry is set to
// HEAD's. It reports whether it did.
func (l *Loop) FinishRecord() (bool, error) {
	_, head, err := l.Repo.Head()
	if err != nil || head.IsZero() {
		return false, err
	}
	c, err := l.Repo.Commit(head)
	if err != nil || !strings.HasPrefix(c.Message, recordSubject) || len(c.Parents) != 1 {
		return false, err
	}
	path := collection.FeedbackFile
	staged, _, err := l.Repo.IndexBlob(path)
	if err != nil {
		return false, err
	}
	before, _, err := l.Repo.FileAt(c.Parents[0], path)
	if err != nil || staged != before {
		return false, err // before is "" where the parent lacks the file
	}
	// git commits the working tree's file, so a record stopped midway
	// leaves it as HEAD has it; a person who put the file back on purpose
	// (git checkout HEAD~ -- profile_feedback.json) changed it there too.
	if ok, err := l.worktreeHolds(head, path); err != nil || !ok {
		return false, err
	}
	if err := l.Repo.Unstage([]string{path}); err != nil {
		return false, err
	}
	l.logf("set %s in the index to %.7s's, as a record stopped midway would have", path, head)
	return true, nil
}

// worktreeHolds reports whether the working tree's file is as commit has it.
func (l *Loop) worktreeHolds(commit git.Hash, path string) (bool, error) {
	want, ok, err := l.fileAt(commit, path)
	if err != nil || !ok {
		return false, err
	}
	file, err := l.Coll.File(path)
	if err != nil {
		return false, nil
	}
	have, err := confine.ReadFile(file)
	if err != nil {
		return false, nil
	}
	return bytes.Equal(have, want), nil
}
