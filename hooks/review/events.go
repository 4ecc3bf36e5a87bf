package review

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"sw/hooks/git"
)

// Committed is what the post-commit and post-merge hooks do: count the
// pieces the new commit finished, reconcile the suggestion branches, and say
// whether an analysis is due. Mid-rebase commits are not counted
// (post-rewrite counts them when the rebase ends), nor are the commits of a
// cherry-pick or revert sequence but its last, and neither is an amend,
// which post-rewrite reports next.
func (l *Loop) Committed() (Status, error) {
	return l.committed()
}

// Merged is the post-merge hook: Committed, for a merge that git has made
// but not yet tidied up (MERGE_HEAD is still there while the hook runs).
func (l *Loop) Merged() (Status, error) {
	l.ending = "merge"
	return l.committed()
}

func (l *Loop) committed() (Status, error) {
	l.committing = true
	if op, busy := l.Repo.InProgress(); busy && op != l.ending {
		switch {
		case op == "merge" || op == "bisect":
		case (op == "cherry-pick" || op == "revert") && l.Repo.SequenceEnding():
		default:
			return Status{}, nil
		}
	}
	if strings.HasPrefix(l.Repo.LastHeadMove(), "commit (amend)") {
		return Status{}, nil
	}
	l.reconcileVoice()
	st, err := l.update(l.countAndReconcile)
	if err != nil {
		return Status{}, err
	}
	return st.status(l.Coll.Settings.BatchSize), nil
}

// Rewritten is the post-rewrite hook: after an amend or a rebase (how, as
// git names it), git lists each old commit with the new one that replaced
// it. The analysis point follows its commit, and the count is redone from
// there, so nothing is counted twice.
func (l *Loop) Rewritten(how string, mapping io.Reader) (Status, error) {
	if how == "rebase" {
		l.ending = "rebase" // its folder is still there while the hook runs
	} else if op, busy := l.Repo.InProgress(); busy && op != "merge" && op != "bisect" {
		// An amend in the middle of a rebase (git rebase -i, "edit") or of
		// a cherry-pick: the operation counts when it ends.
		return Status{}, nil
	}
	oldToNew := map[string]string{}
	sc := bufio.NewScanner(mapping)
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) >= 2 {
			oldToNew[f[0]] = f[1]
		}
	}
	st, err := l.update(func(st *State) error {
		st.rewritten(oldToNew)
		return l.countAndReconcile(st)
	})
	if err != nil {
		return Status{}, err
	}
	return st.status(l.Coll.Settings.BatchSize), nil
}

// RunAnalysis is the analysis a hook starts: one at a time per repository,
// within the analyzer's timeout. A second start while one runs does
// nothing; the running one's pieces are the same. It reads the pieces the
// hook counted, as of the commit it counted: HEAD may have moved on since
// (a switch to another branch), and what was finished is in that commit.
func (l *Loop) RunAnalysis() (*Outcome, error) {
	release, ok, err := l.analysisLock()
	if err != nil || !ok {
		return nil, err
	}
	defer release()
	defer l.mark("analysis").End()
	st, _ := l.loadState()
	if len(st.Pending) < l.Coll.Settings.BatchSize || st.Head == "" {
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), l.Coll.Settings.Analyzer.Timeout+30*time.Second)
	defer cancel()
	p, err := l.propose(ctx, st, git.Hash(st.Head), nil)
	if IsUntrusted(err) {
		l.logf("no analysis: %v", err) // not a failure: the pieces wait for the person's say-so
		return nil, err
	}
	if err != nil {
		l.failed(err)
		return nil, err
	}
	return l.Apply(p)
}

// AnalysisRunning reports whether an analysis holds its lock now, so a hook
// need not start another (nor say it did).
func (l *Loop) AnalysisRunning() bool {
	return l.lockHeld(analysisLockFile)
}

// analysisProblems says, for sw review, why no analysis runs: the
// analyzer .sw.yaml names is not trusted (whether or not one is due yet),
// or one is due and none runs (the last one was killed, say, or the hooks
// that start one are not in place). A failed analysis says so already
// (State.problems).
func (l *Loop) analysisProblems(st *State) []string {
	if err := l.CheckTrust(); err != nil {
		return []string{err.Error()}
	}
	size := l.Coll.Settings.BatchSize
	if len(st.Pending) < size || st.LastError != "" || l.AnalysisRunning() {
		return nil
	}
	return []string{fmt.Sprintf("an analysis is due (%d of %s finished) but none is running: sw analyze runs it now, or the next commit starts one",
		len(st.Pending), plainCount(size, "piece"))}
}

// analysisLockFile is the analysis's lock, under .git/sw.
const analysisLockFile = "analysis.lock"

// analysisLock takes .git/sw/analysis.lock. ok is false when another
// analysis holds it.
func (l *Loop) analysisLock() (release func(), ok bool, err error) {
	return l.fileLock(analysisLockFile)
}
