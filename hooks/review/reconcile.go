package review

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"sw/hooks/git"
)

const (
	decisionAccepted = "accepted"
	decisionRejected = "rejected"
)

// tip is a branch and the commit it points at.
type tip struct {
	name string // short name, e.g. main
	ref  string // full ref
	hash git.Hash
	// prev is where the branch was when sw last reconciled, if it knows:
	// every suggestion still pending then was not in its history.
	prev git.Hash
}

// Reconcile decides what moved since sw last looked: a suggestion merged
// into the default branch (here, or on a host and pulled back) is accepted;
// one whose branch is gone without its change reaching it is rejected.
// Every hook and command calls it, so decisions made anywhere are caught;
// it reconciles the voice's loop too, where no hook of sw runs.
func (l *Loop) Reconcile() error {
	l.reconcileVoice()
	return l.reconcileLocked(false)
}

// RefsMoved is Reconcile for the reference-transaction hook, which runs
// mid-command, and for the push watcher, which may find a fetch under way.
// A fetch prunes remote-tracking branches before it updates the others, so
// a suggestion merged on the host and deleted there looks unmerged until
// origin/main arrives: a pruned suggestion is left for the next reconcile;
// everything else is decided at once.
func (l *Loop) RefsMoved() error {
	return l.reconcileLocked(true)
}

func (l *Loop) reconcileLocked(midCommand bool) error {
	// Most runs find nothing moved: tell that without the lock or a write
	// (the pre-session hook pays for every step here), but for the default
	// branch's name, when it had to be found again.
	if st, ok := l.loadState(); ok {
		known := st.DefaultBranchKey
		if l.nothingMoved(st) {
			if st.DefaultBranchKey != known {
				l.update(func(now *State) error {
					now.DefaultBranch, now.DefaultBranchKey = st.DefaultBranch, st.DefaultBranchKey
					return nil
				})
			}
			return nil
		}
	}
	_, err := l.update(func(st *State) error { return l.reconcileWith(st, midCommand) })
	return err
}

// watchedRefs is what reconciling depends on: the suggestion branches, here
// and fetched, and, with withDefault, the default branch and its upstream.
// Those matter only while a suggestion is pending or a rejection waits to
// be recorded: a commit, which always moves the default branch, must not
// make every hook reconcile in full.
func (l *Loop) watchedRefs(st *State, withDefault bool) (map[string]string, tip, tip, error) {
	refs := map[string]string{}
	all, err := l.Repo.Refs("refs/") // one walk of the refs for both kinds
	if err != nil {
		return nil, tip{}, tip{}, err
	}
	anyRemote := false
	for name, h := range all {
		remote := strings.HasPrefix(name, "refs/remotes/")
		anyRemote = anyRemote || remote
		if _, _, ok := parseBranch(name); ok && remote || strings.HasPrefix(name, "refs/heads/"+BranchPrefix) {
			refs[name] = h.String()
		}
	}
	if !withDefault {
		return refs, tip{}, tip{}, nil
	}
	def, err := l.defaultTipFor(st, all)
	if err != nil {
		return nil, tip{}, tip{}, err
	}
	refs[def.ref] = def.hash.String()
	up := tip{}
	// With no remote-tracking branch, there is no upstream to read, and
	// git's configuration need not be asked.
	if !anyRemote {
		return refs, def, up, nil
	}
	if ref, ok := l.defaultUpstream(st, def.name); ok {
		if h, found, err := l.Repo.Ref(ref); err == nil && found {
			up = tip{name: strings.TrimPrefix(ref, "refs/remotes/"), ref: ref, hash: h}
			refs[ref] = h.String()
		}
	}
	return refs, def, up, nil
}

func (l *Loop) reconcile(st *State) error { return l.reconcileWith(st, false) }

// nothingMoved reports whether the watched refs are as st last saw them,
// with no rejection waiting to be recorded.
func (l *Loop) nothingMoved(st *State) bool {
	refs, _, _, err := l.watchedRefs(st, st.awaiting())
	return err == nil && maps.Equal(refs, st.Refs) && !st.unrecorded()
}

// awaiting reports whether anything waits on the default branch: a
// suggestion to be merged, or a rejection to be recorded there.
func (st *State) awaiting() bool {
	return st.pendingBatch() != "" || st.unrecorded()
}

func (l *Loop) reconcileWith(st *State, midCommand bool) error {
	refs, def, up, err := l.watchedRefs(st, st.awaiting())
	if err != nil {
		return err
	}
	if maps.Equal(refs, st.Refs) && !st.unrecorded() {
		return nil
	}
	if !st.awaiting() {
		// Only suggestion branches moved: take in any new ones (fetched
		// from where another clone pushed them); with one now pending, look
		// at the default branch too.
		l.adopt(st, refs)
		if !st.awaiting() {
			st.Refs = refs
			return nil
		}
		if refs, def, up, err = l.watchedRefs(st, true); err != nil {
			return err
		}
	}
	if def.hash.IsZero() {
		st.Refs = refs
		return nil // no default branch yet: nothing can be merged or decided
	}
	def.prev, up.prev = st.seenAt(def.ref), st.seenAt(up.ref)
	l.adopt(st, refs)
	l.learnUpstreams(st)
	decisions, toRecord := st.Decisions, st.unrecorded()
	deferred := false
	for _, s := range st.Suggestions {
		if s.Pending() && !l.decide(st, s, refs, def, up, midCommand) {
			deferred = true
		}
	}
	if err := l.recordRejections(st); err != nil {
		l.logf("rejections not yet recorded: %v", err)
		st.RecordError = err.Error()
	} else if !st.unrecorded() {
		st.RecordError = ""
	}
	// A decision (which may delete a stale branch) or a recorded rejection
	// moves refs; without either they are as listed above.
	if st.Decisions != decisions || toRecord {
		if refs, _, _, err = l.watchedRefs(st, st.awaiting()); err != nil {
			return err
		}
	}
	st.Refs = refs
	if deferred {
		st.Refs = nil // the next run looks again, even if nothing else moves
	}
	return nil
}

// decide settles one pending suggestion if git says it is decided; false
// when a decision was put off (see RefsMoved).
func (l *Loop) decide(st *State, s *Suggestion, refs map[string]string, def, up tip, midCommand bool) bool {
	localRef := "refs/heads/" + s.Branch
	local, hasLocal := refs[localRef]
	var onRemotes []string
	for name := range refs {
		if strings.HasPrefix(name, "refs/remotes/") && strings.HasSuffix(name, "/"+s.Branch) {
			onRemotes = append(onRemotes, name)
		}
	}
	sort.Strings(onRemotes)
	newest := local
	if newest == "" && len(onRemotes) > 0 {
		newest = refs[onRemotes[0]]
	}
	if newest != "" && newest != s.Seen {
		// A new commit on the branch: check it against all of the default
		// branch's history, not only what came since.
		def.prev, up.prev = git.ZeroHash, git.ZeroHash
		s.Seen = newest
		s.Blob = ""
		if blob, ok, err := l.Repo.FileAt(git.Hash(newest), s.Path); err == nil && ok {
			s.Blob = blob.String()
		}
	}
	pruned := l.prunedFromRemote(s, refs, hasLocal)

	if how := l.accepted(s, def, up); how != "" {
		l.settle(st, s, decisionAccepted, how)
		s.Remotes = onRemotes
		if pruned && hasLocal {
			l.deleteStale(s, localRef, local, def, up)
		}
		return true
	}
	if pruned && midCommand {
		return false // keep s.Remotes as it was, so the next run sees the prune too
	}
	s.Remotes = onRemotes
	switch {
	case pruned && (hasLocal || len(onRemotes) == 0):
		l.settleGone(st, s, def, "deleted on the remote without being merged (fetch --prune)")
		if hasLocal {
			l.deleteStale(s, localRef, local, def, up)
		}
	case !hasLocal && len(onRemotes) == 0 && !l.keptUnderAnotherName(s):
		l.settleGone(st, s, def, "branch deleted without being merged")
	}
	return true
}

// settleGone decides a suggestion whose branch went without being merged:
// rejected, unless the rule file on the default branch is no longer what it
// was when sw proposed it (a squash merge edited before committing, the
// rule rewritten by hand). That is the person's own version of the change,
// an accept: a rejection would keep its kind from being proposed again.
func (l *Loop) settleGone(st *State, s *Suggestion, def tip, rejectedHow string) {
	c, err := l.Repo.Commit(git.Hash(s.Tip))
	if err == nil && len(c.Parents) == 1 && !def.hash.IsZero() {
		before, had, err1 := l.Repo.FileAt(c.Parents[0], s.Path)
		now, has, err2 := l.Repo.FileAt(def.hash, s.Path)
		if err1 == nil && err2 == nil && (had != has || before != now) {
			l.settle(st, s, decisionAccepted, "taken with your changes: "+s.Path+" changed on "+def.name+" since sw proposed it")
			return
		}
	}
	l.settle(st, s, decisionRejected, rejectedHow)
}

// keptUnderAnotherName reports whether another local branch holds the
// gone suggestion's commit: the person renamed or copied it (git branch
// -m), perhaps adding commits, and decides when that one is merged or gone.
func (l *Loop) keptUnderAnotherName(s *Suggestion) bool {
	branches, err := l.Repo.Refs("refs/heads/")
	if err != nil || s.Seen == "" {
		return false
	}
	seen := git.Hash(s.Seen)
	if slices.Contains(slices.Collect(maps.Values(branches)), seen) {
		return true
	}
	for _, h := range branches {
		if ok, err := l.Repo.IsAncestor(seen, h); err == nil && ok {
			return true
		}
	}
	return false
}

// prunedFromRemote reports whether a remote-tracking branch of the
// suggestion, seen before or followed (git push -u, as `git branch -vv`
// tells a gone upstream), disappeared while its remote is still there:
// what `git fetch --prune` does after the branch was deleted on the remote.
func (l *Loop) prunedFromRemote(s *Suggestion, refs map[string]string, hasLocal bool) bool {
	was := s.Remotes
	if hasLocal && s.Upstream != "" {
		was = append(was[:len(was):len(was)], s.Upstream)
	}
	for _, ref := range was {
		if _, still := refs[ref]; still {
			continue
		}
		remote := remoteOf(ref, s.Branch)
		if remote == "" || remote == ref {
			continue
		}
		// A remote removed or renamed takes all its branches: no decision.
		if others, err := l.Repo.Refs("refs/remotes/" + remote + "/"); err == nil && len(others) > 0 {
			return true
		}
	}
	return false
}

// defaultUpstream is the default branch's upstream, as st noted it while
// the config file is unchanged: every commit moves the default branch, and
// asking git's configuration each time would start a git process.
func (l *Loop) defaultUpstream(st *State, branch string) (string, bool) {
	key := configStamp(l.Repo) + " " + branch
	if key != st.DefaultUpstreamKey || configStamp(l.Repo) == "" {
		st.DefaultUpstream, _ = l.Repo.Upstream(branch)
		st.DefaultUpstreamKey = key
	}
	return st.DefaultUpstream, st.DefaultUpstream != ""
}

// configStamp says which version of the repository's config file is on
// disk (git replaces the file on every change); "" when it cannot be read.
func configStamp(r *git.Repo) string {
	fi, err := os.Stat(filepath.Join(r.CommonDir, "config"))
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%d.%d", fi.ModTime().UnixNano(), fi.Size())
}

// learnUpstreams notes the remote-tracking branch each pending suggestion
// follows (git push -u), so that its disappearance is seen even if sw
// never saw it exist. Reading git config for every suggestion on every
// commit would cost more than the rest of the reconcile, so it is read
// again only when the config file has changed.
func (l *Loop) learnUpstreams(st *State) {
	stamp := configStamp(l.Repo)
	if stamp == st.ConfigStamp && stamp != "" {
		return
	}
	st.ConfigStamp = stamp
	for _, s := range st.Suggestions {
		if !s.Pending() {
			continue
		}
		s.Upstream = ""
		if up, ok := l.Repo.Upstream(s.Branch); ok && strings.HasPrefix(up, "refs/remotes/") {
			s.Upstream = up
		}
	}
}

// accepted says how the suggestion's change reached the default branch (or
// its upstream), or "": its commit in the branch's history (a merge or
// fast-forward), or only its rule file (a squash or rebase merge, a pull
// request merged on a host).
func (l *Loop) accepted(s *Suggestion, def, up tip) string {
	for _, t := range []tip{def, up} {
		if t.hash.IsZero() || s.Seen == "" {
			continue
		}
		if ok, err := l.Repo.IsAncestorSince(git.Hash(s.Seen), t.hash, t.prev); err == nil && ok {
			return "merged into " + t.name
		}
	}
	for _, t := range []tip{def, up} {
		if t.hash.IsZero() {
			continue
		}
		if !t.prev.IsZero() {
			if same, err := l.Repo.SameAt(t.prev, t.hash, s.Path); err == nil && same {
				continue // as it was when sw last found the suggestion pending
			}
		}
		blob, ok, err := l.Repo.FileAt(t.hash, s.Path)
		if err != nil {
			continue
		}
		if (s.Blob == "" && !ok) || (ok && blob.String() == s.Blob) {
			return "its change is on " + t.name + " (squash or rebase merge)"
		}
	}
	return ""
}

// remoteOf names the remote of ref, the remote-tracking branch of branch.
func remoteOf(ref, branch string) string {
	return strings.TrimSuffix(strings.TrimPrefix(ref, "refs/remotes/"), "/"+branch)
}

func (l *Loop) settle(st *State, s *Suggestion, decision, how string) {
	st.Decisions++
	s.Decision, s.How, s.DecidedAt, s.Order = decision, how, l.Now().UTC().Truncate(time.Second), st.Decisions
	l.logf("%s %s (batch %s): %s", decision, s.ID, s.Batch, how)
}

// deleteStale removes the local branch of a suggestion whose remote branch
// was deleted, as fetch --prune removed the remote-tracking one, unless it
// holds commits of the person's that are nowhere else: theirs to delete.
func (l *Loop) deleteStale(s *Suggestion, ref, at string, def, up tip) {
	h := git.Hash(at)
	safe := at == s.Tip
	for _, t := range []tip{def, up} {
		if !safe && !t.hash.IsZero() {
			safe, _ = l.Repo.IsAncestor(h, t.hash)
		}
	}
	if !safe {
		l.logf("kept %s: it has commits of yours that are nowhere else", ref)
		return
	}
	if err := l.Repo.UpdateRef(ref, git.ZeroHash, h); err != nil {
		l.logf("could not delete %s: %v", ref, err)
	}
}

// adopt takes into the ledger, by their trailers, suggestion branches sw
// did not write here: pushed by another clone, or left by a lost state.
func (l *Loop) adopt(st *State, refs map[string]string) {
	for name, h := range refs {
		batch, id, ok := parseBranch(name)
		if !ok || st.find(BranchPrefix+batch+"/"+id) != nil {
			continue
		}
		if s := l.readSuggestion(git.Hash(h)); s != nil && s.Batch == batch && s.ID == id {
			s.Branch = BranchPrefix + batch + "/" + id
			st.Suggestions = append(st.Suggestions, s)
			l.logf("adopted %s from %s", s.Branch, name)
		}
	}
}

// readSuggestion rebuilds a ledger entry from a branch: the newest
// first-parent commit with sw's trailers is sw's; above it, the person's.
func (l *Loop) readSuggestion(head git.Hash) *Suggestion {
	h := head
	for range 20 {
		c, err := l.Repo.Commit(h)
		if err != nil || len(c.Parents) == 0 {
			return nil
		}
		batch := c.Trailers(trailerBatch)
		if len(batch) == 0 {
			h = c.Parents[0]
			continue
		}
		s := &Suggestion{
			Batch: batch[0], Created: c.Committer.When, Tip: h.String(), Seen: head.String(),
			ID: firstTrailer(c, trailerSuggestion), Signature: firstTrailer(c, trailerSignature),
		}
		s.Summary, s.Evidence = splitMessage(c.Message)
		readAbout(s, c)
		changes, err := l.Repo.ChangedFiles(c.Parents[0], h, nil)
		if err != nil || len(changes) != 1 {
			return nil
		}
		s.Path = changes[0].Path
		s.Layer = layerOf(s.Path)
		if blob, ok, err := l.Repo.FileAt(head, s.Path); err == nil && ok {
			s.Blob = blob.String()
		}
		return s
	}
	return nil
}

// splitMessage takes a suggestion commit's subject and its evidence (the
// body without the trailers).
func splitMessage(msg string) (subject, evidence string) {
	subject, body, _ := strings.Cut(strings.TrimSpace(msg), "\n")
	paras := strings.Split(strings.TrimSpace(body), "\n\n")
	if len(paras) > 1 {
		paras = paras[:len(paras)-1] // the trailers
	} else if strings.HasPrefix(paras[0], "Sw-") {
		paras = nil
	}
	return unescapeLines(subject), unescapeLines(strings.TrimSpace(strings.Join(paras, "\n\n")))
}

// layerOf reads a rule file's layer from its path: profile/preferences/x.yaml
// is "preferences", profile/genres/essay/x.yaml is "genres/essay".
func layerOf(path string) string {
	parts := strings.Split(path, "/")
	if len(parts) == 4 && parts[1] == "genres" {
		return "genres/" + parts[2]
	}
	if len(parts) == 3 {
		return parts[1]
	}
	return ""
}

// unrecorded reports rejections not yet written to profile_feedback.json.
func (st *State) unrecorded() bool { return st.first((*Suggestion).unrecorded) != nil }
