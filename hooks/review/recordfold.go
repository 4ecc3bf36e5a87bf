package review

import (
	"slices"
	"strings"

	"sw/hooks/git"
	"sw/profile/collection"
	"sw/profile/feedback"
)

// Folding records. Each run of sw records the rejections it finds in one
// commit, but rejections often come one run at a time: `sw reject` takes
// one suggestion, and `git branch -D` of several branches deletes them one
// by one, running the reference-transaction hook for each. Seven
// rejections would make seven "remember rejected suggestion" commits in a
// row on the person's default branch. So a new record takes the place of
// the one at the branch's tip, naming the rejections of both, as long as
// nobody can have built on that one: it is sw's record and nothing but
// the default branch holds it.

// foldTarget is sw's record at the default branch's tip, which the next
// record replaces.
type foldTarget struct {
	tip, parent git.Hash
}

// foldable returns the default branch's tip when it is a record sw may
// replace, else nil: the record sw last made (record), or a commit the
// same in all but time (an amend that changed nothing), that changes
// profile_feedback.json alone, that no other branch, tag, stash or
// remote-tracking branch holds (so it was neither pushed, as far as git
// knows, nor built on) and that no worktree has checked out detached. A
// record the person amended to say or hold anything more is theirs.
func (l *Loop) foldable(def tip, record string) *foldTarget {
	c, err := l.Repo.Commit(def.hash)
	if err != nil || len(c.Parents) != 1 || !strings.HasPrefix(c.Message, recordSubject) || !l.sameRecord(c, record) {
		return nil
	}
	changes, err := l.Repo.ChangedFiles(c.Parents[0], def.hash, nil)
	if err != nil || len(changes) != 1 || changes[0].Path != collection.FeedbackFile {
		return nil
	}
	holders, err := l.Repo.RefsContaining(def.hash)
	if err != nil {
		return nil
	}
	for _, ref := range holders {
		if ref != def.ref {
			return nil
		}
	}
	trees, err := l.Repo.Worktrees()
	if err != nil {
		return nil
	}
	for _, wt := range trees {
		if wt.Head == def.hash && wt.Detached {
			return nil
		}
	}
	return &foldTarget{tip: def.hash, parent: c.Parents[0]}
}

// sameRecord says c is the record sw made (record), or differs from it
// in its dates alone: its message (as the person's commit hooks left it),
// files and parent are the same.
func (l *Loop) sameRecord(c *git.Commit, record string) bool {
	if record == "" {
		return false
	}
	made, err := l.Repo.Commit(git.Hash(record))
	return err == nil && made.Message == c.Message && made.Tree == c.Tree && slices.Equal(made.Parents, c.Parents)
}

// fold replaces the record just committed (now) on top of target, and
// target with it, by one commit with the same files on target's parent,
// and returns the record the branch ends in. The working tree and the
// index already match it, as the files are the same. The branch moves
// only if it is still at the new record: should anything have come on top
// meanwhile, the two records stay as they are.
func (l *Loop) fold(def tip, target *foldTarget, msg string, now git.Hash) git.Hash {
	c, err := l.Repo.Commit(now)
	if err != nil || len(c.Parents) != 1 || c.Parents[0] != target.tip {
		l.logf("left the records %.7s and %.7s apart: %s moved", target.tip, now, def.name)
		return now
	}
	folded, err := l.Repo.WriteCommit(git.CommitSpec{Tree: c.Tree, Parents: []git.Hash{target.parent}, Message: msg})
	if err == nil {
		err = l.Repo.UpdateRefLogged(def.ref, folded, now, git.RefLog{Message: "sw: one record of the rejections"})
	}
	if err != nil {
		l.logf("left the records %.7s and %.7s apart: %v", target.tip, now, err)
		return now
	}
	return folded
}

// feedbackAt reads profile_feedback.json as commit has it; an empty file
// when it has none or it cannot be read (it names rejections in a message,
// nothing more).
func (l *Loop) feedbackAt(commit git.Hash) *feedback.File {
	data, ok, err := l.fileAt(commit, collection.FeedbackFile)
	if err != nil || !ok {
		return feedback.New()
	}
	f, err := feedback.Parse(collection.FeedbackFile, data)
	if err != nil {
		return feedback.New()
	}
	return f
}

// newlyRemembered names the rejections now holds that before does not, in
// the file's order.
func newlyRemembered(before, now *feedback.File) []string {
	had := map[string]bool{}
	for _, b := range before.Batches {
		for _, r := range b.Rejected {
			had[b.Batch+"\x00"+r.Signature] = true
		}
	}
	var ids []string
	for _, b := range now.Batches {
		for _, r := range b.Rejected {
			if !had[b.Batch+"\x00"+r.Signature] {
				ids = append(ids, r.ID)
			}
		}
	}
	return ids
}
