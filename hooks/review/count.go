package review

import (
	"maps"
	"slices"

	"sw/hooks/git"
	"sw/profile/collection"
)

// count brings Pending up to date with HEAD. The common case, a commit just
// made on top of the one counted last, reads only its own changes, so the
// hook costs the same on any length of history. Anything else (an amend, a
// rebase, a checkout, a reset, a lost state) recounts from the last
// analysis, so nothing counts twice. Only a commit hook takes the short
// way: elsewhere a HEAD whose parent was counted last may be a branch
// switched to, whose commit an analysis has already read.
//
// A merge counts what it brings into the branch against its first parent,
// less what an analysis read (in another worktree, say, on the branch
// merged).
func (l *Loop) count(st *State) error {
	_, head, err := l.Repo.Head()
	if err != nil || head.IsZero() {
		return err // an unborn branch has finished nothing yet
	}
	if st.fresh {
		st.fresh = false
		l.startCounting(st, head)
	}
	if st.AnalysesSeen != st.AnalysesMade {
		// An analysis (in another worktree, maybe) read pieces since.
		st.AnalysesSeen = st.AnalysesMade
		st.Head = ""
	}
	if st.Head == head.String() {
		return nil
	}
	c, err := l.Repo.Commit(head)
	if err != nil {
		return err
	}
	if l.committing && st.Head != "" && len(c.Parents) > 0 && c.Parents[0].String() == st.Head {
		changes, err := l.changedBy(c.Parents[0], head)
		if err != nil {
			return err
		}
		byAgent := l.AgentCommitted || l.byAgent(c.Message)
		var brought map[string]bool
		if len(c.Parents) > 1 {
			paths, err := l.finished(head, append(l.analysisPoints(st), c.Parents[0]))
			if err != nil {
				return err
			}
			brought = map[string]bool{}
			for _, p := range paths {
				brought[p] = true
			}
		}
		for _, ch := range changes {
			switch {
			case ch.To.IsZero():
				st.dropPending(ch.Path)
				if st.Latest == ch.Path {
					st.Latest = "" // gone: LatestPiece looks in history
				}
			case !byAgent && (brought == nil || brought[ch.Path]):
				st.addPending(ch.Path)
				st.Latest = ch.Path
				if blob, err := l.Repo.BlobUpTo(ch.To, collection.MaxPieceSize); err == nil {
					l.noteUnreadable(st, ch.Path, blob)
				}
			}
		}
		st.Head = head.String()
	} else if err := l.recount(st, head); err != nil {
		return err
	}
	return nil
}

// changedBy lists the pieces the commit just made changes against parent:
// as the pre-commit hook's note says when it holds, else from the trees.
func (l *Loop) changedBy(parent, head git.Hash) ([]git.Change, error) {
	pieces := git.Filter{File: l.Coll.Settings.IsPiece, Dir: l.Coll.Settings.MayHoldPieces}
	if changes, ok := l.Repo.SeenChanges(l.Index, parent, pieces); ok {
		return changes, nil
	}
	return l.Repo.ChangedFilesIn(parent, head, pieces)
}

// recount sets Pending to the pieces changed by the commits head reaches
// and no analysis read, in any worktree, and still present at head.
func (l *Loop) recount(st *State, head git.Hash) error {
	if st.Analyzed == "" || !l.Repo.HasCommit(git.Hash(st.Analyzed)) {
		st.Analyzed = l.analyzedFromGit()
	}
	paths, err := l.finished(head, l.analysisPoints(st))
	if err != nil {
		return err
	}
	st.Pending = nil
	for _, p := range paths {
		st.addPending(p)
		st.Latest = p
	}
	if len(paths) == 0 && st.Latest != "" {
		if _, ok, err := l.Repo.FileAt(head, st.Latest); err != nil || !ok {
			st.Latest = "" // gone since it was noted
		}
	}
	st.Head = head.String()
	return nil
}

// analysisPoints are the commits analyses read, in any worktree.
func (l *Loop) analysisPoints(st *State) []git.Hash {
	points := []git.Hash{git.Hash(st.Analyzed)}
	for _, a := range st.Analyses {
		if a != st.Analyzed && l.Repo.HasCommit(git.Hash(a)) {
			points = append(points, git.Hash(a))
		}
	}
	return points
}

// finished lists, oldest first, the pieces changed by the commits head
// reaches and none of stops does, that head still has. An agent's commit
// finishes nothing: its text is a draft, which the person's commit finishes.
func (l *Loop) finished(head git.Hash, stops []git.Hash) ([]string, error) {
	var paths []string // newest first, as the walk lists them
	err := l.Repo.WalkHistoryExcept(head, stops, func(c git.PathCommit) bool {
		if l.byAgent(c.Message) {
			return true
		}
		for _, p := range slices.Sorted(maps.Keys(c.Changes)) {
			if status := c.Changes[p]; (status == "A" || status == "M") && l.Coll.Settings.IsPiece(p) {
				paths = append(paths, p)
			}
		}
		return true
	})
	if err != nil {
		return nil, err
	}
	var present []string
	for i := len(paths) - 1; i >= 0; i-- {
		if _, ok, err := l.Repo.FileAt(head, paths[i]); err == nil && ok {
			present = append(present, paths[i])
		}
	}
	return present, nil
}

// startCounting decides where the count starts when sw has no state, from
// what git carries, so every clone counts alike: after the commit the last
// analysis read (a Sw-Analyzed trailer says); else after the commit that
// added .sw.yaml, so installing sw in a folder with years of writing does
// not make the first hook read every commit; else with the commit just
// made, or now.
func (l *Loop) startCounting(st *State, head git.Hash) {
	if st.Analyzed != "" {
		return
	}
	if st.Analyzed = l.analyzedFromGit(); st.Analyzed != "" {
		return
	}
	if st.Analyzed = l.collectionBegan(head); st.Analyzed != "" {
		return
	}
	st.Analyzed = head.String()
	if l.committing {
		st.Analyzed = "" // a first commit: everything it holds counts
		if c, err := l.Repo.Commit(head); err == nil && len(c.Parents) > 0 {
			st.Analyzed = c.Parents[0].String()
		}
	}
}

// collectionBegan is the newest commit in head's history that added
// .sw.yaml, or "".
func (l *Loop) collectionBegan(head git.Hash) string {
	added, ok, err := l.Repo.NewestAdding(head, collection.SettingsFile)
	if err != nil || !ok {
		return ""
	}
	return added.String()
}

// analyzedFromGit finds the commit the last analysis read, from the
// Sw-Analyzed trailer of the newest commit any ref reaches that has one.
func (l *Loop) analyzedFromGit() string {
	sha, err := l.Repo.NewestTrailer(trailerAnalyzed)
	if err != nil || sha == "" || !l.Repo.HasCommit(git.Hash(sha)) {
		return ""
	}
	return sha
}

// addPending counts a piece once: finished again, it moves to the end, so
// an analysis that read an older version leaves the newer one counted.
func (st *State) addPending(path string) {
	st.dropPending(path)
	st.forgetSkipped(path)
	st.Seq++
	st.Pending = append(st.Pending, PendingPiece{Path: path, Seq: st.Seq})
}

func (st *State) dropPending(path string) {
	st.Pending = slices.DeleteFunc(st.Pending, func(p PendingPiece) bool { return p.Path == path })
}

// rewritten follows post-rewrite's map of old to new commits, so the
// analysis points survive history being rewritten under them.
func (st *State) rewritten(oldToNew map[string]string) {
	if n, ok := oldToNew[st.Analyzed]; ok {
		st.Analyzed = n
	}
	for i, a := range st.Analyses {
		if n, ok := oldToNew[a]; ok {
			st.Analyses[i] = n
		}
	}
	st.Head = "" // recount from the (mapped) analysis points
}

// keptAnalyses bounds State.Analyses: the oldest analysis points are
// reached by the newer ones on any branch that has moved on since.
const keptAnalyses = 32

// analysed records that an analysis here read the pieces pending up to
// head: they count no more, in any worktree.
func (st *State) analysed(head git.Hash) {
	st.Analyzed = head.String()
	st.Analyses = append(slices.DeleteFunc(st.Analyses, func(a string) bool { return a == st.Analyzed }), st.Analyzed)
	if n := len(st.Analyses); n > keptAnalyses {
		st.Analyses = st.Analyses[n-keptAnalyses:]
	}
	st.AnalysesMade++
	st.AnalysesSeen = st.AnalysesMade // this count has taken the analysed pieces off
}

// byAgent reports whether a commit message marks an agent's commit.
func (l *Loop) byAgent(message string) bool {
	return collection.ByAgent(message, l.Coll.Settings.AgentCommits)
}
