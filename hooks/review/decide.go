package review

import (
	"errors"
	"fmt"
	"strings"

	"sw/hooks/git"
)

// Accept merges a pending suggestion's branch (id or branch name) into the
// default branch with a real `git merge --no-ff`, so the person's own git
// hooks run, and deletes it; a fetched one is merged from its
// remote-tracking branch.
func (l *Loop) Accept(id string) (*Suggestion, error) {
	defer l.mark("accept").End()
	s, def, err := l.decidable(id)
	if err != nil {
		return nil, err
	}
	ref, local, err := l.branchRef(s)
	if err != nil {
		return nil, err
	}
	// git merges only onto a clean index: say so before it does, in words.
	if staged, err := l.Repo.StagedChanges(""); err != nil {
		return nil, err
	} else if len(staged) > 0 {
		return nil, fmt.Errorf("staged changes; git merges only with nothing staged, so commit or unstage them first:\n%s", strings.Join(staged, "\n"))
	}
	msg := fmt.Sprintf("Accept suggestion %s: %s\n\nSw-Batch: %s\nSw-Suggestion: %s\n", s.ID, s.Summary, s.Batch, s.ID)
	_, head, err := l.Repo.Head()
	if err != nil {
		return nil, err
	}
	at, _, err := l.Repo.Ref(ref)
	if err != nil {
		return nil, err
	}
	held, done, err := l.beginAccept(acceptIntent{ID: s.ID, Branch: s.Branch, Tip: at.String(), Head: head.String(), Local: local})
	if err != nil {
		return nil, err
	}
	defer done()
	if err := l.Repo.MergeNoFF(held, at, msg); err != nil {
		files, _ := l.Repo.Unmerged()
		l.Repo.AbortMerge()
		if len(files) > 0 {
			return nil, fmt.Errorf("merging %s into %s conflicts in %s, changed on %s since sw proposed it; the merge was undone. Merge it yourself and resolve the conflict (%s merge %s), or reject it (sw reject %s)",
				s.Branch, def.name, strings.Join(files, ", "), def.name, l.GitCommand(), s.Branch, s.ID)
		}
		return nil, fmt.Errorf("merging %s into %s failed, and was undone: %s", s.Branch, def.name, gitSaid(err))
	}
	if local {
		if err := l.Repo.DeleteMergedBranch(s.Branch); err != nil {
			return nil, err
		}
	}
	if err := l.Reconcile(); err != nil {
		return nil, err
	}
	return l.suggestion(s.Branch)
}

// Reject deletes a pending suggestion's branch and records the rejection.
// Copies on remotes are the person's to delete (sw does not push).
func (l *Loop) Reject(id string) (*Suggestion, error) {
	defer l.mark("reject").End()
	s, _, err := l.decidable(id)
	if err != nil {
		return nil, err
	}
	if ref, local, err := l.branchRef(s); err != nil {
		return nil, err
	} else if local {
		// Commits of the person's on the branch would go with it; sw
		// deletes only what it wrote.
		if at, _, err := l.Repo.Ref(ref); err != nil {
			return nil, err
		} else if at.String() != s.Tip {
			return nil, fmt.Errorf("%s holds commits sw did not write (it is at %.7s); rejecting it would lose them: merge what you want to keep, or delete the branch yourself (%s branch -D %s)", s.Branch, at, l.GitCommand(), s.Branch)
		}
		if err := l.Repo.DeleteBranch(s.Branch); err != nil {
			return nil, err
		}
	}
	st, err := l.update(func(st *State) error {
		if mine := st.find(s.Branch); mine != nil && mine.Pending() {
			// Decided here and now, even if a copy still sits on a remote.
			l.settle(st, mine, decisionRejected, "rejected with sw reject")
		}
		return l.reconcile(st)
	})
	if err != nil {
		return nil, err
	}
	return st.find(s.Branch), nil
}

// branchRef is the ref that holds the suggestion: its local branch, or its
// remote-tracking branch.
func (l *Loop) branchRef(s *Suggestion) (ref string, local bool, err error) {
	ref = "refs/heads/" + s.Branch
	if _, ok, err := l.Repo.Ref(ref); err != nil || ok {
		return ref, ok, err
	}
	for _, r := range s.Remotes {
		if _, ok, err := l.Repo.Ref(r); err == nil && ok {
			return r, false, nil
		}
	}
	return "", false, fmt.Errorf("%s is gone, here and on every remote sw saw it on", s.Branch)
}

// decidable finds a pending suggestion and checks that merging or deleting
// it now is safe.
func (l *Loop) decidable(id string) (*Suggestion, tip, error) {
	if _, _, err := l.FinishAccept(true); err != nil {
		return nil, tip{}, err
	}
	if _, err := l.FinishRecord(); err != nil {
		return nil, tip{}, err
	}
	if err := l.Reconcile(); err != nil {
		return nil, tip{}, err
	}
	st, _ := l.loadState()
	matches := st.pendingNamed(id)
	switch len(matches) {
	case 0:
		return nil, tip{}, fmt.Errorf("no pending suggestion %q; `sw review` lists them", id)
	case 1:
	default:
		var branches []string
		for _, s := range matches {
			branches = append(branches, s.Branch)
		}
		return nil, tip{}, fmt.Errorf("%q names %d suggestions; give the branch: %s", id, len(matches), strings.Join(branches, ", "))
	}
	def, err := l.defaultTip()
	if err != nil {
		return nil, tip{}, err
	}
	// An operation first: during a rebase HEAD is detached, and "not on
	// main" would send the person the wrong way.
	if op, busy := l.Repo.InProgress(); busy {
		return nil, tip{}, fmt.Errorf("a %s is in progress; finish or abort it first", op)
	}
	if headRef, _, err := l.Repo.Head(); err != nil {
		return nil, tip{}, err
	} else if headRef != def.ref {
		return nil, tip{}, fmt.Errorf("not on %s, the default branch; switch to it first (%s switch %s)", def.name, l.GitCommand(), def.name)
	}
	lines, err := l.Repo.StatusLines(":(literal)" + l.Coll.Profile().Dir + "/")
	if err != nil {
		return nil, tip{}, err
	}
	if len(lines) > 0 {
		return nil, tip{}, fmt.Errorf("uncommitted changes under %s/; commit or discard them first:\n%s", l.Coll.Profile().Dir, strings.Join(lines, "\n"))
	}
	return matches[0], def, nil
}

// suggestion returns the ledger entry for branch.
func (l *Loop) suggestion(branch string) (*Suggestion, error) {
	st, _ := l.loadState()
	if s := st.find(branch); s != nil {
		return s, nil
	}
	return nil, fmt.Errorf("%s is not in sw's ledger", branch)
}

// gitSaid is what git said, without the command line (the whole message).
func gitSaid(err error) string {
	var ge *git.GitError
	if errors.As(err, &ge) {
		return ge.Msg
	}
	return err.Error()
}
