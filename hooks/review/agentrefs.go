package review

import (
	"fmt"
	"sort"
	"strings"

	"sw/hooks/git"
	"sw/profile/collection"
)

// What an agent may not do with git. Only the person decides suggestions
// and changes the profile; when git runs in an agent's environment, its
// hooks refuse the ref updates that would do either, however git was
// asked: refs are where every decision lands. For each ref a command is
// about to change:
//   - a suggestion branch (refs/heads/sw/...) is sw's: made, moved or
//     deleted, it is refused;
//   - a fetched suggestion branch may be made or moved (a fetch mirrors
//     the remote), but not deleted: sw reads one gone from a remote as a
//     rejection there;
//   - the default branch may not be deleted (made again, it could hold
//     anything);
//   - no other local branch, nor the default branch's upstream, may come
//     to hold a pending suggestion's commit it did not hold: sw reads that
//     as an accept, or the suggestion kept;
//   - nor move to a commit whose profile (profile/, profile_feedback.json)
//     differs from the branch's own before, or, for a local branch other
//     than the default one, from the default branch's where the branch left
//     it or now: a squash or cherry-pick of a suggestion, a reset to
//     another profile. sw reads the upstream's rule files as an accept made
//     on a host.
//
// Other remote-tracking branches sw does not read. These rules read refs
// and trees only, never the loop's state: they run inside the agent's
// command while git holds the refs' locks, and must hold even when .sw.yaml
// does not parse.

// The reasons given for more than one refusal.
const (
	whyRemoteGone = "sw reads a suggestion's branch gone from a remote as its rejection: the person decides suggestions"
	whyMerge      = "Merging a suggestion accepts it: the person decides suggestions"
)

// RefUpdate is one ref a git command is about to change, as the
// reference-transaction hook lists it: Old is zero when the ref is made or
// the command did not say; New is zero when it is deleted.
type RefUpdate struct {
	Ref      string
	Old, New git.Hash
}

// Refusal is an update an agent may not make: What it would do ("delete
// sw/1/x"), and Why not.
type Refusal struct {
	Ref     string
	New     git.Hash
	What    string
	Why     string
	Profile []string // for a change of the profile, the files it changes
}

// Files names the files of the profile the update would change.
func (r Refusal) Files() string { return FileList(r.Profile) }

// FileList names at most three of paths, and how many more there are.
func FileList(paths []string) string {
	if len(paths) > 3 {
		return strings.Join(paths[:3], ", ") + fmt.Sprintf(", and %d more", len(paths)-3)
	}
	return strings.Join(paths, ", ")
}

// refRules is what the rules read from the repository, once per command.
type refRules struct {
	repo    *git.Repo
	def     string     // the default branch's ref; "" when git cannot say
	defTip  git.Hash   // where it is now; zero when it does not exist
	up      string     // its upstream, a remote-tracking ref; "" for none
	tips    []namedTip // the suggestion branches, here and fetched, local ones first
	unnamed bool       // the command does not name itself: its new commits must be marked
}

type namedTip struct {
	name string
	hash git.Hash
}

func newRefRules(repo *git.Repo) (*refRules, error) {
	r := &refRules{repo: repo}
	if name, err := repo.DefaultBranch(); err == nil {
		r.def = "refs/heads/" + name
		if h, ok, err := repo.Ref(r.def); err != nil {
			return nil, err
		} else if ok {
			r.defTip = h
		}
		r.up, _ = repo.Upstream(name)
	}
	refs, err := repo.Refs("refs/")
	if err != nil {
		return nil, err
	}
	for ref, h := range refs {
		if _, _, ok := parseBranch(ref); ok {
			r.tips = append(r.tips, namedTip{ref, h})
		}
	}
	// refs/heads/ sorts before refs/remotes/: a suggestion is named by
	// its own branch where it has one.
	sort.Slice(r.tips, func(i, j int) bool { return r.tips[i].name < r.tips[j].name })
	for i := range r.tips {
		r.tips[i].name = shortRef(r.tips[i].name)
	}
	return r, nil
}

// mergeHeads reads what a git merge was asked to merge from the name it
// gives its ref updates.
func mergeHeads(action string) []string {
	heads, ok := strings.CutPrefix(action, "merge ")
	if !ok {
		return nil
	}
	return strings.Fields(heads)
}

// AgentRefusals lists the updates of a ref transaction an agent may not
// make. action is GIT_REFLOG_ACTION: git merge, pull, rebase and am name
// themselves ("merge sw/1/x"); commit, cherry-pick, revert, reset and
// update-ref do not.
//
// A merge sets ORIG_HEAD before it touches the index or the working tree:
// a merge of a pending suggestion is refused there, so none is left half
// made (--no-commit, --squash). And a commit an unnamed command just made
// on top of a branch must carry the Sw-Agent line the commit-msg hook
// adds, which makes it a draft in every count, a fresh clone's included.
func AgentRefusals(repo *git.Repo, updates []RefUpdate, action string) ([]Refusal, error) {
	rules, err := newRefRules(repo)
	if err != nil {
		return nil, err
	}
	rules.unnamed = action == ""
	merging := mergeHeads(action)
	var out []Refusal
	for _, u := range updates {
		var r *Refusal
		switch {
		case u.Ref == "ORIG_HEAD" && len(merging) > 0:
			r, err = rules.merge(merging)
		case !strings.HasPrefix(u.Ref, "refs/heads/") && !strings.HasPrefix(u.Ref, "refs/remotes/"):
			continue // HEAD, ORIG_HEAD, MERGE_HEAD, tags, notes, stash
		default:
			old := u.Old
			if old.IsZero() {
				if old, _, err = repo.Ref(u.Ref); err != nil {
					return nil, err
				}
			}
			if old == u.New {
				continue
			}
			if r, err = rules.check(u.Ref, old, u.New); r != nil {
				r.New = u.New
			}
		}
		if err != nil {
			return nil, err
		}
		if r != nil {
			r.Ref = u.Ref
			out = append(out, *r)
		}
	}
	return out, nil
}

// merge refuses a merge into HEAD of revisions that hold a pending
// suggestion HEAD does not.
func (r *refRules) merge(revs []string) (*Refusal, error) {
	branch, head, err := r.repo.Head()
	if err != nil || head.IsZero() {
		return nil, err
	}
	into := shortRef(branch)
	if branch == "" {
		into = "HEAD"
	}
	for _, rev := range revs {
		h, ok, err := r.repo.Resolve(rev)
		if err != nil {
			return nil, err
		}
		suggestion := ""
		if ok {
			suggestion, err = r.newlyHeld(branch == r.def, head, h)
		}
		if err != nil {
			return nil, err
		}
		if suggestion != "" {
			return &Refusal{What: "merge " + suggestion + " into " + into, Why: whyMerge}, nil
		}
	}
	return nil, nil
}

// check applies the rules to one ref moving from old to new.
func (r *refRules) check(ref string, old, new git.Hash) (*Refusal, error) {
	name := shortRef(ref)
	suggestion := strings.HasPrefix(ref, "refs/heads/"+BranchPrefix)
	_, _, remoteSuggestion := parseBranch(ref)
	remoteSuggestion = remoteSuggestion && strings.HasPrefix(ref, "refs/remotes/")
	switch {
	case suggestion && new.IsZero():
		return &Refusal{What: "delete " + name, Why: "Deleting a suggestion's branch rejects the suggestion: the person decides suggestions"}, nil
	case suggestion && old.IsZero():
		return &Refusal{What: "make " + name, Why: "Suggestion branches are sw's to write: the person decides suggestions"}, nil
	case suggestion:
		return &Refusal{What: "move " + name, Why: "A suggestion branch holds what the person reviews: the person decides suggestions"}, nil
	case remoteSuggestion && new.IsZero():
		return &Refusal{What: "delete " + name, Why: whyRemoteGone}, nil
	case remoteSuggestion:
		return nil, nil // a fetch mirrors the remote
	case new.IsZero() && ref == r.def:
		return &Refusal{What: "delete " + name, Why: "Suggestions are merged into it: the person decides suggestions"}, nil
	case new.IsZero(), strings.HasPrefix(ref, "refs/remotes/") && ref != r.up:
		return nil, nil
	}
	return r.move(name, ref, old, new)
}

// move applies the rules for a branch (ref; "" for a remote's) coming to
// point at new: it may not take in a pending suggestion, nor change the
// profile. old is zero for a branch made, or one whose commit is not
// known here.
func (r *refRules) move(name, ref string, old, new git.Hash) (*Refusal, error) {
	suggestion, err := r.newlyHeld(ref == r.def, old, new)
	if err != nil {
		return nil, err
	}
	if suggestion != "" {
		return &Refusal{What: "move " + name + " onto " + suggestion, Why: whyMerge}, nil
	}
	base, changed, err := r.profileChanged(ref == r.def || ref == r.up, old, new)
	switch {
	case err != nil:
		return nil, err
	case !changed && r.unnamed:
		return r.unmarked(name, old, new)
	case !changed:
		return nil, nil
	}
	return &Refusal{What: "move " + name + " to a commit that changes the profile", Why: "Only the person changes the profile",
		Profile: r.profileFiles(base, new)}, nil
}

// unmarked refuses a commit just made on top of a branch (no ref reaches
// it yet) without the Sw-Agent line.
func (r *refRules) unmarked(name string, old, new git.Hash) (*Refusal, error) {
	if old.IsZero() {
		return nil, nil
	}
	c, err := r.repo.Commit(new)
	if err != nil || len(c.Parents) != 1 || c.Parents[0] != old || len(c.Trailers(collection.AgentTrailer)) > 0 {
		return nil, err
	}
	if known, err := r.repo.Referenced(new); err != nil || known {
		return nil, err
	}
	return &Refusal{What: "move " + name + " to a commit without an " + collection.AgentTrailer + " line",
		Why: "A commit made for an agent is its draft, which sw's commit-msg hook marks so; --no-verify skips the hook, and a cherry-pick or revert runs none (pick with -n, then commit)"}, nil
}

// newlyHeld names a suggestion branch's tip, here or fetched, that new
// holds, old does not, and the default branch has not taken in (asked
// unless intoDefault: then old is the default branch).
func (r *refRules) newlyHeld(intoDefault bool, old, new git.Hash) (string, error) {
	for _, t := range r.tips {
		held, err := r.repo.IsAncestorSince(t.hash, new, old)
		if err == nil && held && !old.IsZero() {
			var before bool
			before, err = r.repo.IsAncestor(t.hash, old)
			held = !before
		}
		if err == nil && held && !intoDefault && !r.defTip.IsZero() {
			var merged bool
			merged, err = r.repo.IsAncestor(t.hash, r.defTip)
			held = !merged
		}
		if err != nil || held {
			return t.name, err
		}
	}
	return "", nil
}

// profileChanged reports whether new's profile differs from what the
// branch had, and from which commit. The default branch and its upstream
// (own) compare with old; another branch may also match the default
// branch's, now or where the branch left it (a branch of drafts started
// before the person accepted a suggestion, or rebased after).
func (r *refRules) profileChanged(own bool, old, new git.Hash) (git.Hash, bool, error) {
	if !old.IsZero() {
		if same, err := r.sameProfile(old, new); err != nil || same {
			return old, false, err
		}
	}
	if own || r.defTip.IsZero() {
		return old, !old.IsZero(), nil
	}
	if same, err := r.sameProfile(r.defTip, new); err != nil || same {
		return r.defTip, false, err
	}
	base, ok, err := r.repo.MergeBase(new, r.defTip)
	if err != nil || !ok {
		return r.defTip, err == nil, err
	}
	same, err := r.sameProfile(base, new)
	return base, !same, err
}

func (r *refRules) sameProfile(a, b git.Hash) (bool, error) {
	for _, p := range []string{collection.ProfileDir, collection.FeedbackFile} {
		if same, err := r.repo.SameAt(a, b, p); err != nil || !same {
			return false, err
		}
	}
	return true, nil
}

// profileFiles lists the files of the profile that differ between from
// (zero: nothing) and to.
func (r *refRules) profileFiles(from, to git.Hash) []string {
	changes, err := r.repo.ChangedFilesIn(from, to, git.Filter{File: isProfilePath, Dir: func(d string) bool {
		return d == collection.ProfileDir || strings.HasPrefix(d, collection.ProfileDir+"/")
	}})
	if err != nil {
		return nil
	}
	var paths []string
	for _, c := range changes {
		paths = append(paths, c.Path)
	}
	return paths
}

// isProfilePath reports whether a slash path is the profile's.
func isProfilePath(p string) bool {
	return strings.HasPrefix(p, collection.ProfileDir+"/") || p == collection.FeedbackFile
}

// shortRef is how git names a ref to a person: sw/1/x, origin/sw/1/x.
func shortRef(ref string) string {
	for _, p := range []string{"refs/heads/", "refs/remotes/"} {
		if s, ok := strings.CutPrefix(ref, p); ok {
			return s
		}
	}
	return ref
}
