package review

import (
	"errors"

	"sw/profile/analyze"
)

// WriteBatch writes suggestions that come from somewhere other than an
// analysis of pieces (`sw memory audit --to-suggestions`) the way an
// analysis writes its own: validated, less those the person rejected, in
// the pending batch or a new one, within its room. They read no piece, so
// their commits carry no Sw-Analyzed trailer and the count stays.
func (l *Loop) WriteBatch(suggestions []analyze.Suggestion) (*Outcome, error) {
	resp := &analyze.Response{Suggestions: append([]analyze.Suggestion(nil), suggestions...)}
	if err := resp.Validate(); err != nil {
		return nil, err
	}
	def, err := l.defaultTip()
	if err != nil {
		return nil, err
	}
	if def.hash.IsZero() {
		return nil, errors.New("nothing committed yet: suggestions are branches on " + def.name + ", so commit first")
	}
	var out *Outcome
	_, err = l.update(func(st *State) error {
		if err := l.reconcile(st); err != nil {
			return err
		}
		rejected, err := l.remembered(st)
		if err != nil {
			return err
		}
		p := &Proposal{Request: &analyze.Request{Version: analyze.Version, Rejected: rejected}, seq: -1}
		p.Suggestions, p.Suppressed, p.about = l.judge(rejected, resp.Suggestions)
		out, err = l.apply(st, p)
		return err
	})
	return out, err
}

// PendingBranches maps the signature of every pending suggestion to its
// branch.
func (l *Loop) PendingBranches() map[string]string {
	st, _ := l.loadState()
	out := map[string]string{}
	for _, s := range st.Suggestions {
		if s.Pending() {
			out[s.Signature] = s.Branch
		}
	}
	return out
}
