package review

import (
	"slices"
	"strings"

	"sw/hooks/git"
	"sw/profile/collection"
	"sw/profile/feedback"
)

// Folding records. Rejections often come one run at a time (`sw reject`
// takes one suggestion; `git branch -D` of several runs the
// reference-transaction hook for each), and seven would make seven record
// commits in a row. So a new record takes the place of the one at the
// branch's tip, naming the rejections of both, as long as nobody can have
// built on that one.

// foldTarget is sw's record at the default branch's tip, which the next
// record replaces.
type foldTarget struct {
	tip, parent git.Hash
}

// foldable returns the default branch's tip when it is a record sw may
// replace, else nil: the record sw last made (or the same in all but time,
// an amend that changed nothing), changing profile_feedback.json alone,
// that no other ref holds (neither pushed, as far as git knows, nor built
// on) and no worktree has checked out detached. A record the person amended
// to say or hold more is theirs.
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

// sameRecord says c is the record sw made, or differs from it in its dates
// alone (its message as the person's commit hooks left it).
func (l *Loop) sameRecord(c *git.Commit, record string) bool {
	if record == "" {
		return false
	}
	made, err := l.Repo.Commit(git.Hash(record))
	return err == nil && made.Message == c.Message && made.Tree == c.Tree && slices.Equal(made.Parents, c.Parents)
}

// fold replaces the record just committed (now) and target below it by
// one commit with the same files on target's parent (so the working tree
// and index already match), and returns the record the branch ends in. The
// branch moves only if it is still at now.
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

// feedbackAt reads profile_feedback.json as commit has it; empty when it
// cannot (it only names rejections in a message).
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
