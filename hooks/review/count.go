package review

import (
	"sort"
	"strings"

	"sw/hooks/git"
	"sw/profile/collection"
)

// count brings Pending up to date with HEAD. The common case is the commit
// just made on top of the one counted last: only its own changes are read,
// so the hook costs the same on a history of ten commits or ten thousand.
// Anything else (an amend, the end of a rebase or cherry-pick sequence, a
// checkout, a reset, a lost state file) recounts from the last analysis,
// which is what makes amends and rebases count nothing twice. Only a commit
// hook takes the short way: elsewhere a HEAD whose parent was counted last
// may be a branch switched to, whose commit an analysis has already read.
//
// A merge commit counts the pieces it changes compared with its first
// parent: what it brings into the branch, each piece once.
func (l *Loop) count(st *State) error {
	_, head, err := l.Repo.Head()
	if err != nil || head.IsZero() {
		return err // an unborn branch has finished nothing yet
	}
	if st.fresh {
		st.fresh = false
		l.startCounting(st, head)
	}
	if st.Head == head.String() {
		return nil
	}
	c, err := l.Repo.Commit(head)
	if err != nil {
		return err
	}
	if l.committing && st.Head != "" && len(c.Parents) > 0 && c.Parents[0].String() == st.Head {
		changes, err := l.Repo.ChangedFilesIn(c.Parents[0], head, git.Filter{File: l.Coll.Settings.IsPiece, Dir: l.Coll.Settings.MayHoldPieces})
		if err != nil {
			return err
		}
		byAgent := l.byAgent(c.Message)
		for _, ch := range changes {
			switch {
			case ch.To.IsZero():
				st.dropPending(ch.Path)
			case !byAgent:
				st.addPending(ch.Path)
				st.Latest = ch.Path
				if blob, err := l.Repo.Blob(ch.To); err == nil {
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

// recount sets Pending to the pieces changed by the commits since the last
// analysis and still present at head.
func (l *Loop) recount(st *State, head git.Hash) error {
	since := st.Analyzed
	if since == "" || !l.Repo.HasCommit(git.Hash(since)) {
		since = l.analyzedFromGit()
	}
	st.Analyzed = since
	// The walk lists the newest commit first; count oldest first. An
	// agent's commit finishes nothing: its text is a draft of the piece,
	// which the person's next commit of it finishes.
	var paths []string
	err := l.Repo.WalkHistory(head, git.Hash(since), func(c git.PathCommit) bool {
		if l.byAgent(c.Message) {
			return true
		}
		for _, p := range sortedKeys(c.Changes) {
			if status := c.Changes[p]; (status == "A" || status == "M") && l.Coll.Settings.IsPiece(p) {
				paths = append(paths, p)
			}
		}
		return true
	})
	if err != nil {
		return err
	}
	st.Pending = nil
	for i := len(paths) - 1; i >= 0; i-- {
		if _, ok, err := l.Repo.FileAt(head, paths[i]); err == nil && ok {
			st.addPending(paths[i])
			st.Latest = paths[i]
		}
	}
	st.Head = head.String()
	return nil
}

// startCounting decides where the count starts when sw has no state, from
// what git carries, so that every clone of a collection counts alike: after
// the commit the last analysis read, as a Sw-Analyzed trailer says (on a
// suggestion commit, or on the commit that remembered its rejection); with
// no analysis in git, after the commit that added .sw.yaml, where the
// collection began. Pieces from before it are not counted: installing sw
// in a folder with years of writing does not make the first hook read
// every commit, nor the first analysis every piece. Where .sw.yaml was
// never committed, the count starts with the commit just made, or now.
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

// collectionBegan is the newest commit in head's history that added the
// settings file, or "" when it has none.
func (l *Loop) collectionBegan(head git.Hash) string {
	out, err := l.Repo.Git("log", "-1", "--diff-filter=A", "--format=%H", head.String(), "--", collection.SettingsFile)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// analyzedFromGit finds the commit the last analysis read, from the
// Sw-Analyzed trailer of the newest commit any ref reaches that carries one
// (a suggestion's, or the one remembering rejections): the part of the
// count that travels with the repository.
func (l *Loop) analyzedFromGit() string {
	out, err := l.Repo.Git("log", "--all", "-1", "--format=%(trailers:key=Sw-Analyzed,valueonly)", "--grep=^Sw-Analyzed: ")
	if err != nil {
		return ""
	}
	sha := strings.TrimSpace(string(out))
	if sha == "" || !l.Repo.HasCommit(git.Hash(sha)) {
		return ""
	}
	return sha
}

// addPending counts a piece, once: a piece finished again moves to the end,
// so an analysis that read an older version leaves the newer one counted.
func (st *State) addPending(path string) {
	st.dropPending(path)
	st.forgetSkipped(path)
	st.Seq++
	st.Pending = append(st.Pending, PendingPiece{Path: path, Seq: st.Seq})
}

func (st *State) dropPending(path string) {
	for i, p := range st.Pending {
		if p.Path == path {
			st.Pending = append(st.Pending[:i], st.Pending[i+1:]...)
			return
		}
	}
}

// rewritten follows post-rewrite's map of old to new commits (an amend, a
// rebase), so the analysis point survives history being rewritten under it.
func (st *State) rewritten(oldToNew map[string]string) {
	if n, ok := oldToNew[st.Analyzed]; ok {
		st.Analyzed = n
	}
	st.Head = "" // recount from the (mapped) analysis point
}

// byAgent reports whether a commit message marks an agent's commit, by the
// collection's agent_commits patterns.
func (l *Loop) byAgent(message string) bool {
	return collection.ByAgent(message, l.Coll.Settings.AgentCommits)
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
