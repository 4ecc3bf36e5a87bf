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

// Merged is the post-merge hook: Committed, for a merge git has made but
// not yet tidied up (MERGE_HEAD is still there while the hook runs).
func (l *Loop) Merged() (Status, error) {
	l.ending = "merge"
	return l.Committed()
}

// Committed is the post-commit hook: count the pieces the new commit
// finished, reconcile, and say whether an analysis is due. Commits mid
// rebase, or mid cherry-pick or revert sequence, are counted when it ends
// (post-rewrite counts a rebase's), and an amend is post-rewrite's.
func (l *Loop) Committed() (Status, error) {
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
	return l.counted(l.countAndReconcile)
}

// Rewritten is the post-rewrite hook, after an amend or a rebase (how):
// the analysis points follow their commits, and the count is redone.
func (l *Loop) Rewritten(how string, mapping io.Reader) (Status, error) {
	if how == "rebase" {
		l.ending = "rebase" // its folder is still there while the hook runs
	} else if op, busy := l.Repo.InProgress(); busy && op != "merge" && op != "bisect" {
		// An amend mid rebase or cherry-pick: counted when it ends.
		return Status{}, nil
	}
	oldToNew := map[string]string{}
	sc := bufio.NewScanner(mapping)
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) >= 2 {
			oldToNew[f[0]] = f[1]
		}
	}
	return l.counted(func(st *State) error {
		st.rewritten(oldToNew)
		return l.countAndReconcile(st)
	})
}

// counted is a hook's update of the state, and what it tells the person.
func (l *Loop) counted(change func(*State) error) (Status, error) {
	st, err := l.update(change)
	if err != nil {
		return Status{}, err
	}
	return Status{Due: len(st.Pending) >= l.Coll.Settings.BatchSize, RecordProblem: st.RecordError,
		AnalysisFailure: st.LastError, Unreadable: st.unreadable}, nil
}

// RunAnalysis is the analysis a hook starts, one at a time per repository:
// a second start does nothing. It reads the pieces as of the commit counted:
// HEAD may have moved on since (a switch to another branch).
func (l *Loop) RunAnalysis() (*Outcome, error) {
	release, ok, err := l.fileLock(analysisLockFile)
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

// AnalysisRunning reports whether an analysis holds its lock now.
func (l *Loop) AnalysisRunning() bool {
	return l.lockHeld(analysisLockFile)
}

// analysisProblems says, for sw review, why no analysis runs: the analyzer
// is not trusted, or one is due and none runs (the last one was killed, or
// the hooks are not in place). A failed one says so already (problems).
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

const analysisLockFile = "analysis.lock" // under .git/sw
