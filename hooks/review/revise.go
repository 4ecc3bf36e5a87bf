package review

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"sw/hooks/git"
	"sw/profile"
	"sw/profile/analyze"
	"sw/profile/collection"
	"sw/profile/feedback"
)

// A batch is something a person can review in one sitting, and stays true
// to the latest evidence: each analysis revises the pending batch before it
// adds to it. A pending suggestion the pieces no longer support is
// withdrawn (never recorded as a rejection); one whose evidence changed is
// updated in place; one a new suggestion about the same thing replaces
// goes. New suggestions fill the batch's room (suggestions_per_batch),
// heaviest first; the rest wait for a later batch.

// proposed is one suggestion as the loop weighs it.
type proposed struct {
	analyze.Suggestion
	about
	fromPieces bool
}

// path is the rule file the suggestion writes.
func (p *proposed) path() string { return p.Path(collection.ProfileDir) }

// unseen says the suggestion is a measure the agent is never shown (a
// usage measure).
func (p *proposed) unseen() bool { return p.Rule != nil && p.Rule.Usage != nil }

// waitsForCompany says c, a change to a measure the agent is never shown
// (a usage measure taken again on more pieces), opens no batch by itself:
// accepting it changes nothing the agent writes, and a review of it alone,
// after every few pieces, is a review for nothing. It joins the next
// batch that holds a rule. A first measure does open one: sw check and
// the voice measure have nothing to go on without it.
func waitsForCompany(c *proposed, p *Proposal) bool {
	if !c.unseen() || p.Request == nil {
		return false
	}
	for _, res := range p.Request.Profile {
		// By id, not path: a voice's rules are named from the series.
		if res != nil && slices.ContainsFunc(res.Rules, func(s profile.Sourced) bool { return s.Usage != nil && s.ID == c.ID }) {
			return true
		}
	}
	return false
}

func (p *proposed) proposal() feedback.Proposal {
	return feedback.Proposal{ID: p.ID, Layer: p.Layer, Signature: p.Signature, Measures: p.measures, Measured: p.Measured}
}

// plan is what an analysis does to the batch: the suggestions that take
// the place of pending ones (written whatever the room), the new ones in
// rank order, and the pending ones withdrawn.
type plan struct {
	replacing []*proposed
	fresh     []*proposed
	withdraw  []withdrawal
	unwaited  []Withdrawn // what waited for a later batch and is taken back
	dropped   []Skipped
}

// withdrawal is a pending suggestion an analysis takes back, and why.
type withdrawal struct {
	s      *Suggestion
	reason string
}

// decisionWithdrawn marks a suggestion sw took back: no rejection.
const decisionWithdrawn = "withdrawn"

// plan ranks what p proposes, with what waited, against the pending batch.
func (l *Loop) plan(st *State, p *Proposal) plan {
	var pl plan
	pool, unwaited := l.pool(st, p)
	pl.unwaited = unwaited
	l.asReplacements(pool)
	pool, pl.dropped = oneEach(pool)
	taken := map[*proposed]bool{}
	for _, s := range st.Suggestions {
		if !s.Pending() {
			continue
		}
		var match *proposed
		if i := slices.IndexFunc(pool, func(c *proposed) bool { return sameAsPending(c, s) }); i >= 0 {
			match = pool[i]
		}
		replace := func() {
			if !taken[match] {
				taken[match] = true
				pl.replacing = append(pl.replacing, match)
			}
		}
		switch {
		case match == nil && (p.toVoice[s.Signature] || p.toVoice[s.Path]) && !s.Modified():
			pl.withdraw = append(pl.withdraw, withdrawal{s, "proposed for the voice instead, for every series that follows it"})
		case match == nil:
			if p.full && s.FromPieces && !s.Modified() {
				pl.withdraw = append(pl.withdraw, withdrawal{s, fmt.Sprintf("the latest analysis, of %s, no longer proposes it", plainCount(len(p.Request.Pieces), "piece"))})
			}
		case match.path() == s.Path:
			replace() // updated in place
		case s.Modified():
			// The person's commits keep their branch; what would replace
			// it would stand beside it.
			if !taken[match] {
				taken[match] = true
				pl.dropped = append(pl.dropped, Skipped{ID: match.ID, Kind: SkipLeftAlone, Reason: "left alone: you have added commits to " + s.Branch + ", which is about the same thing"})
			}
		default:
			pl.withdraw = append(pl.withdraw, withdrawal{s, "replaced by " + match.ID + ", about the same thing"})
			replace()
		}
	}
	for _, c := range pool {
		if !taken[c] {
			pl.fresh = append(pl.fresh, c)
		}
	}
	return pl
}

// pool is what an analysis weighs, heaviest first: its own suggestions,
// then what waited and is not said again nor rejected since (a full
// analysis says afresh all that pieces support, so only a memory audit's
// waiting suggestions join it). What waited and joins no more is
// returned too, with why, so that it is not dropped without a word.
func (l *Loop) pool(st *State, p *Proposal) (out []*proposed, unwaited []Withdrawn) {
	seen := map[string]bool{}
	for _, s := range p.Suggestions {
		out = append(out, &proposed{Suggestion: s, about: p.about[s.Signature], fromPieces: p.fromPieces})
		seen[s.Signature] = true
	}
	for _, w := range st.Waiting {
		if seen[w.Suggestion.Signature] {
			continue
		}
		c := &proposed{Suggestion: w.Suggestion, about: about{measures: l.measuresOf(w.Suggestion), back: w.Back}, fromPieces: w.FromPieces}
		held, _ := verdict(p.Request.Rejected, c.proposal())
		switch {
		case held != nil:
			unwaited = append(unwaited, Withdrawn{ID: w.Suggestion.ID, Reason: "you rejected " + held.ID + ", about the same thing"})
		case p.full && w.FromPieces:
			unwaited = append(unwaited, Withdrawn{ID: w.Suggestion.ID, Reason: fmt.Sprintf("the latest analysis, of %s, no longer proposes it", plainCount(len(p.Request.Pieces), "piece"))})
		default:
			seen[w.Suggestion.Signature] = true
			out = append(out, c)
		}
	}
	// Heaviest first; an unweighted suggestion after every weighted one,
	// each in the order it came.
	sort.SliceStable(out, func(i, j int) bool { return out[i].Weight > out[j].Weight })
	return out, unwaited
}

// sameAsPending says c is about what pending s is about: the same rule
// file, signature, or a measure in common in layers that meet.
func sameAsPending(c *proposed, s *Suggestion) bool {
	return c.path() == s.Path || c.Signature == s.Signature ||
		meet(c.Layer, s.Layer) && profile.SharesMeasure(c.measures, s.Measures)
}

// meet says two layers reach a genre in common.
func meet(a, b string) bool {
	return a == b || a == feedback.PreferencesLayer || b == feedback.PreferencesLayer
}

// oneEach keeps the first (the heaviest) of suggestions about one thing.
func oneEach(pool []*proposed) (kept []*proposed, dropped []Skipped) {
	for _, c := range pool {
		twin := slices.IndexFunc(kept, func(k *proposed) bool {
			return k.path() == c.path() || meet(k.Layer, c.Layer) && profile.SharesMeasure(k.measures, c.measures)
		})
		if twin >= 0 {
			dropped = append(dropped, Skipped{ID: c.ID, Kind: SkipSameThing, Reason: "about the same thing as " + kept[twin].ID + ", which weighs more"})
			continue
		}
		kept = append(kept, c)
	}
	return kept, dropped
}

// asReplacements turns a new rule on the measure of a rule of the profile
// under another name into a change of that rule, so that accepting it
// leaves one rule on the measure, not two that contradict each other. A
// rule in the same layer is changed in place; a global preference is
// refined in the genre's layer under its own id. Hard limits are the
// person's alone and are never replaced.
func (l *Loop) asReplacements(pool []*proposed) {
	for _, c := range pool {
		if c.Rule == nil || len(c.measures) == 0 {
			continue
		}
		old := l.ruleOnSameMeasure(c)
		if old == nil || old.ID == c.ID {
			continue
		}
		l.logf("%s replaces %s (%s): both are about %s", c.ID, old.ID, old.Source, strings.Join(c.measures, ", "))
		rule := *c.Rule
		rule.ID = old.ID
		c.Rule = &rule
		c.Evidence = fmt.Sprintf("It replaces %s (%s), which is about the same thing: %s\n\n%s", old.ID, old.Source, old.Rule.Rule, c.Evidence)
		c.Summary = clipRunes("Replace "+old.ID+": "+c.Summary, analyze.MaxSummary)
		c.ID = old.ID
	}
}

// ruleOnSameMeasure finds the soft rule, in c's layer or (for a genre's)
// the global preferences, that shares a measure with c and that c's file
// would not already replace.
func (l *Loop) ruleOnSameMeasure(c *proposed) *profile.Sourced {
	layer, genre, err := analyze.ParseLayer(c.Layer)
	if err != nil {
		return nil
	}
	p := l.Coll.Profile()
	look := []profile.Layer{layer}
	if layer == profile.GenreLayer {
		look = append(look, profile.Preference)
	}
	for _, in := range look {
		rules, err := p.Layer(in, genre)
		if err != nil {
			return nil
		}
		for i := range rules {
			if rules[i].ID == c.ID && in == layer {
				return nil // the file c writes: a change already
			}
			if profile.SharesMeasure(rules[i].Measures(), c.measures) && (in == layer || !hasID(rules, c.ID)) {
				return &rules[i]
			}
		}
	}
	return nil
}

func hasID(rules []profile.Sourced, id string) bool {
	return slices.ContainsFunc(rules, func(r profile.Sourced) bool { return r.ID == id })
}

// clipRunes cuts s to at most n characters, marking the cut.
func clipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// withdraw takes a pending suggestion back, deleting its branch unless the
// person added to it; a copy pushed to a remote is theirs to delete, and
// the note says how.
func (l *Loop) withdraw(st *State, w withdrawal) (bool, error) {
	s := w.s
	ref := "refs/heads/" + s.Branch
	at, here, err := l.Repo.Ref(ref)
	if err != nil {
		return false, err
	}
	if here && at.String() != s.Tip {
		l.logf("left %s pending: it holds commits of yours", s.Branch)
		return false, nil
	}
	if here {
		if err := l.Repo.UpdateRef(ref, git.ZeroHash, at); err != nil {
			l.logf("could not withdraw %s: %v", s.Branch, err)
			return false, nil
		}
	}
	how := w.reason
	for _, r := range s.Remotes {
		remote := remoteOf(r, s.Branch)
		how += fmt.Sprintf("; delete the copy on %s with git push %s --delete %s", remote, remote, s.Branch)
	}
	l.settle(st, s, decisionWithdrawn, how)
	return true, nil
}

// revise carries out the plan; what finds no room waits, in rank order.
func (l *Loop) revise(st *State, p *Proposal, out *Outcome) error {
	pending := st.pendingBatch() // what replaces it joins it, even if nothing of it is left
	pl := l.plan(st, p)
	out.Skipped = append(out.Skipped, pl.dropped...)
	for _, w := range pl.withdraw {
		done, err := l.withdraw(st, w)
		if err != nil {
			return err
		}
		if done {
			out.Withdrawn = append(out.Withdrawn, Withdrawn{ID: w.s.ID, Branch: w.s.Branch, Reason: w.reason})
		}
	}
	for _, w := range pl.unwaited {
		l.logf("no longer waiting: %s: %s", w.ID, w.Reason)
		out.Withdrawn = append(out.Withdrawn, w)
	}
	var def tip
	write := func(c *proposed) error {
		if out.Batch == "" {
			var err error
			if def, err = l.defaultTip(); err != nil {
				return err
			}
			if out.Batch = pending; out.Batch == "" {
				out.Batch = l.nextBatch(st)
			}
		}
		written, skipped, err := l.writeSuggestion(st, out.Batch, c, def, p.head)
		switch {
		case err != nil:
			return err
		case written != nil:
			out.Written = append(out.Written, written)
			l.logf("batch %s: wrote %s (%s)", out.Batch, written.Branch, written.Signature)
		default:
			out.Skipped = append(out.Skipped, skipped)
			l.logf("batch %s: skipped %s: %s", out.Batch, c.ID, skipped.Reason)
		}
		return nil
	}
	for _, c := range pl.replacing {
		if err := write(c); err != nil {
			return err
		}
	}
	st.Waiting = nil
	var full, alone []string
	for _, c := range pl.fresh {
		n := st.pendingCount()
		if n >= l.Coll.Settings.SuggestionsPerBatch || n == 0 && waitsForCompany(c, p) {
			st.Waiting = append(st.Waiting, Waiting{Suggestion: c.Suggestion, FromPieces: c.fromPieces, Back: c.back})
			out.Waiting = append(out.Waiting, c.ID)
			if n == 0 {
				alone = append(alone, c.ID)
			} else {
				full = append(full, c.ID)
			}
			continue
		}
		if err := write(c); err != nil {
			return err
		}
	}
	if len(full) > 0 {
		l.logf("batch %s is full (%d): waiting for a later batch: %s", st.pendingBatch(), l.Coll.Settings.SuggestionsPerBatch, strings.Join(full, ", "))
	}
	if len(alone) > 0 {
		l.logf("waiting for a batch with a rule in it: %s, a measure never shown to the agent, opens none by itself", strings.Join(alone, ", "))
	}
	return nil
}
