package analyze

import (
	"cmp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"sw/profile"
	"sw/profile/feedback"
)

// family orders suggestions: what corrects the profile first, then what
// adds to it, the most checkable first. When a batch has more than
// MaxSuggestions, the last families give way.
type family int

const (
	familyRemove   family = iota // a rule the pieces contradict
	familyChange                 // a rule the writing has moved away from
	familyTemplate               // boilerplate: what every measurement leaves out
	familyMetric                 // a new metric rule
	familyEdit                   // a phrase the person deletes or adds
	familyVocab                  // a signature word or phrase
	familyShape                  // an opening or a closing
	familyUsage                  // the measure of usage: no rule for the agent
)

// candidate is a suggestion before ids are settled.
type candidate struct {
	family family
	genre  string // "" for the global preferences
	// baseID is the id the signal derives (sentence-length,
	// prefer-upon); fixedID says it names an existing rule, which a
	// change or removal must keep.
	baseID  string
	fixedID bool
	// match recognises rules about the same signal: a rule with the
	// derived id that matches is the same rule, one that does not is
	// another rule, and the new one takes a suffix instead.
	match    func(profile.Sourced) bool
	rule     *profile.Rule // nil: remove
	summary  string
	evidence string
	sig      string // unscoped: metric:words_per_sentence:down
	strength float64
	// measured is the evidence in numbers (see Suggestion.Measured);
	// removes is the rule a removal takes away, whose measures it has.
	measured *profile.Measured
	removes  *profile.Rule
	// distance is how far the habit lies from what an agent writes
	// anyway, in the signal's own tolerances, and support how many pieces
	// show it: their product is the weight.
	distance float64
	support  int
}

// MaxDistance caps a suggestion's distance from general English, so that
// one habit far out (a word fifty times as common as in English) does not
// outweigh every habit a batch finds on more pieces.
const MaxDistance = 4.0

// weight is how much the suggestion would change what the agent writes:
// its distance from general English times the pieces that show it.
func (c *candidate) weight() float64 {
	support := c.support
	if support == 0 && c.measured != nil {
		support = c.measured.Pieces
	}
	return roundTo(min(c.distance, MaxDistance)*float64(support), 0.01)
}

// measures are what the candidate's rule is about: its own rule's, or
// for a removal the removed rule's.
func (c *candidate) measures() []string {
	switch {
	case c.rule != nil:
		return c.rule.Measures()
	case c.removes != nil:
		return c.removes.Measures()
	}
	return nil
}

// layer is the layer name of the candidate's rule file.
func (c *candidate) layer() string {
	if c.genre == "" {
		return PreferencesLayer
	}
	return LayerName(profile.GenreLayer, c.genre)
}

// signature is what a rejection is remembered by. A suggestion for the
// global preferences has the plain signature (prefer:phrase:upon); one
// for a genre layer adds @genre (prefer:phrase:upon@essay), so rejecting
// it for essays leaves reviews free. Rejecting the plain signature
// suppresses it everywhere.
func (c *candidate) signature() string {
	if c.genre == "" {
		return c.sig
	}
	return c.sig + "@" + c.genre
}

// add records a candidate. Two signals with one signature (a phrase that
// is both signature vocabulary and added in edits) become one suggestion
// with both evidences. One a rejection holds against is dropped silently:
// the person has said no, and needs no reminder.
func (r *run) add(c *candidate) {
	sig := c.signature()
	if r.refused(c) {
		return
	}
	if old := r.bySig[sig]; old != nil {
		old.evidence += "\n\n" + c.evidence
		old.strength = max(old.strength, c.strength)
		old.family = min(old.family, c.family)
		old.distance = max(old.distance, c.distance)
		old.support = max(old.support, c.support)
		return
	}
	r.bySig[sig] = c
	r.cands = append(r.cands, c)
}

// suggestions settles ids, applies MaxSuggestions, and orders the answer
// by layer (global preferences first), family and id. Nothing depends on
// map order or time, so the same request gives the same bytes.
func (r *run) suggestions() []Suggestion {
	cands := slices.Clone(r.cands)
	sort.SliceStable(cands, func(i, j int) bool {
		a, b := cands[i], cands[j]
		if a.family != b.family {
			return a.family < b.family
		}
		if a.strength != b.strength {
			return a.strength > b.strength
		}
		return a.signature() < b.signature()
	})
	if len(cands) > MaxSuggestions {
		cands = cands[:MaxSuggestions]
	}
	used := map[string]bool{} // layer/id
	kept := cands[:0]
	for _, c := range cands {
		if c.fixedID && used[c.layer()+"/"+c.baseID] {
			continue // one suggestion per rule file: the stronger one stays
		}
		c.baseID = r.settleID(c, used)
		used[c.layer()+"/"+c.baseID] = true
		kept = append(kept, c)
	}
	slices.SortStableFunc(kept, func(a, b *candidate) int {
		return cmp.Or(strings.Compare(a.genre, b.genre), cmp.Compare(a.family, b.family), strings.Compare(a.baseID, b.baseID))
	})
	out := make([]Suggestion, 0, len(kept))
	for _, c := range kept {
		s := Suggestion{ID: c.baseID, Layer: c.layer(), Summary: c.summary, Evidence: c.evidence, Signature: c.signature(),
			Weight: c.weight(), Measured: c.measured}
		if c.rule != nil {
			rule := *c.rule
			rule.ID = c.baseID
			s.Rule = &rule
		}
		out = append(out, s)
	}
	return out
}

// refused says a rejection holds against c: the person said no to it, and
// the evidence has not changed in kind.
func (r *run) refused(c *candidate) bool {
	p := feedback.Proposal{ID: c.baseID, Layer: c.layer(), Signature: c.signature(), Measures: c.measures(), Measured: c.measured}
	return slices.ContainsFunc(r.req.Rejected, func(rej feedback.Rejection) bool { return rej.Against(p) == feedback.Held })
}

// settleID gives a new rule its derived id unless that names another rule
// (about something else) in the profile, or a file another suggestion
// takes; then -2, -3... The same signal and profile give the same id.
func (r *run) settleID(c *candidate, used map[string]bool) string {
	if c.fixedID {
		return c.baseID
	}
	for n := 1; ; n++ {
		id := c.baseID
		if n > 1 {
			suffix := "-" + strconv.Itoa(n)
			id = strings.TrimSuffix(c.baseID[:min(len(c.baseID), 64-len(suffix))], "-") + suffix
		}
		if !used[c.layer()+"/"+id] && !r.idTaken(id, c.match) {
			return id
		}
	}
}

// idTaken says id names a rule match does not recognise, or a dropped file
// (one we cannot see into: leave it be).
func (r *run) idTaken(id string, match func(profile.Sourced) bool) bool {
	other := func(s profile.Sourced) bool { return s.ID == id && (match == nil || !match(s)) }
	dropped := func(d profile.Dropped) bool { return d.ID == id }
	for _, g := range r.genres {
		if slices.ContainsFunc(r.req.Profile[g].Rules, other) || slices.ContainsFunc(r.req.Profile[g].Dropped, dropped) {
			return true
		}
	}
	return false
}
