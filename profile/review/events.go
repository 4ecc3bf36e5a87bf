package review

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Committed is what the post-commit and post-merge hooks do: count the
// pieces the new commit finished, reconcile the suggestion branches, and say
// whether an analysis is due. Mid-rebase or mid-sequence commits are not
// counted (post-rewrite, or the next run after the sequence, counts them),
// and neither is an amend, which post-rewrite reports next.
func (l *Loop) Committed() (due bool, problem string, err error) {
	if op, busy := l.Repo.InProgress(); busy && op != "merge" && op != "bisect" {
		return false, "", nil
	}
	if strings.HasPrefix(l.Repo.LastHeadMove(), "commit (amend)") {
		return false, "", nil
	}
	unlock, err := l.lock()
	if err != nil {
		return false, "", err
	}
	defer unlock()
	st, _ := l.loadState()
	if err := l.count(st); err != nil {
		return false, "", err
	}
	if err := l.reconcile(st); err != nil {
		return false, "", err
	}
	return len(st.Pending) >= l.Coll.Settings.BatchSize, st.LastError, l.saveState(st)
}

// Rewritten is the post-rewrite hook: after an amend or a rebase, git lists
// each old commit with the new one that replaced it. The analysis point
// follows its commit, and the count is redone from there, so nothing is
// counted twice.
func (l *Loop) Rewritten(mapping io.Reader) (due bool, problem string, err error) {
	oldToNew := map[string]string{}
	sc := bufio.NewScanner(mapping)
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) >= 2 {
			oldToNew[f[0]] = f[1]
		}
	}
	unlock, err := l.lock()
	if err != nil {
		return false, "", err
	}
	defer unlock()
	st, _ := l.loadState()
	st.rewritten(oldToNew)
	if err := l.count(st); err != nil {
		return false, "", err
	}
	if err := l.reconcile(st); err != nil {
		return false, "", err
	}
	return len(st.Pending) >= l.Coll.Settings.BatchSize, st.LastError, l.saveState(st)
}

// RunAnalysis is the analysis a hook starts: one at a time per repository,
// within the analyzer's timeout. A second start while one runs does
// nothing; the running one's pieces are the same.
func (l *Loop) RunAnalysis() (*Outcome, error) {
	release, ok, err := l.analysisLock()
	if err != nil || !ok {
		return nil, err
	}
	defer release()
	if due, err := l.Due(); err != nil || !due {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), l.Coll.Settings.Analyzer.Timeout+30*time.Second)
	defer cancel()
	return l.Analyze(ctx)
}

// analysisLock takes .git/sw/analysis.lock. ok is false when another
// analysis holds it; a lock older than the analyzer's timeout is stale.
func (l *Loop) analysisLock() (release func(), ok bool, err error) {
	if err := os.MkdirAll(l.Dir, 0o777); err != nil {
		return nil, false, err
	}
	path := filepath.Join(l.Dir, "analysis.lock")
	for range 2 {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o666)
		if err == nil {
			f.WriteString(strconv.Itoa(os.Getpid()) + "\n")
			f.Close()
			return func() { os.Remove(path) }, true, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, false, err
		}
		fi, statErr := os.Stat(path)
		if statErr != nil || time.Since(fi.ModTime()) < l.Coll.Settings.Analyzer.Timeout+time.Minute {
			return nil, false, nil
		}
		os.Remove(path)
	}
	return nil, false, fmt.Errorf("%s: cannot take the analysis lock", path)
}
