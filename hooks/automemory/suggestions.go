// Package automemory moves the style judgments the agent files in its
// own auto memory to where style lives: each becomes the rule it asks for
// (rules.go), proposed as a suggestion of the review loop, which the
// person merges or deletes like an analysis's. It writes through the
// loop's door for suggestions from elsewhere (review.Loop.WriteBatch), so
// the loop knows nothing of the auto memory.
package automemory

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"sw/facts"
	"sw/hooks/review"
	"sw/profile"
	"sw/profile/analyze"
)

// Batch is what `sw memory audit --to-suggestions` did: the audit,
// what became of each judgment, and the auto-memory lines to remove.
type Batch struct {
	Audit       *facts.Audit `json:"audit"`
	Batch       string       `json:"batch"` // the batch written to, "" when nothing was written
	Suggestions []Suggestion `json:"suggestions"`
	Remove      []Line       `json:"remove"`
}

// Suggestion is one judgment of the auto memory as a suggestion.
type Suggestion struct {
	File   string `json:"file"` // as in the audit: relative to the auto-memory folder
	Line   int    `json:"line"`
	ID     string `json:"id"`
	As     string `json:"as"` // how it was read: avoid "delve", as written, ...
	Status string `json:"status"`
	Branch string `json:"branch,omitempty"` // where it waits, for written and waiting
	Reason string `json:"reason,omitempty"` // why it was not written
}

// What became of a judgment.
const (
	Written    = "written"     // a branch now proposes it
	Waiting    = "waiting"     // a pending branch already proposes it, unchanged
	Later      = "later"       // the batch is full: it waits for a later one
	NotWritten = "not-written" // see the reason
)

// Line is an auto-memory line to remove.
type Line struct {
	Path string `json:"path"` // the file, absolute
	Line int    `json:"line"`
	Text string `json:"text"`
}

// ToSuggestions proposes each judgment an audit found to the review loop,
// never to the profile itself, unless the profile already has it or the
// person rejected it before. Every judgment's line is listed for removal,
// whatever becomes of it: style lives in the profile, and the agent reads
// its notes at every session. dir is a folder of the collection, opened
// only when there is a judgment to propose.
func ToSuggestions(dir string, a *facts.Audit) (*Batch, error) {
	out := &Batch{Audit: a, Suggestions: []Suggestion{}, Remove: []Line{}}
	if len(a.Findings) == 0 {
		return out, nil
	}
	l, err := review.Open(dir)
	if err != nil {
		return nil, err
	}
	resolved, err := l.Coll.Resolve(l.Coll.DefaultGenre())
	var taken map[string]bool
	if err == nil {
		taken, err = ruleIDs(l.Coll.Profile())
	}
	if err != nil {
		return nil, fmt.Errorf("the profile cannot be read, so no suggestions: %w", err)
	}
	var batch []analyze.Suggestion
	bySignature := map[string]int{} // the entry in out.Suggestions proposing it
	for _, f := range a.Findings {
		out.Remove = append(out.Remove, Line{Path: filepath.Join(a.Folder, filepath.FromSlash(f.File)), Line: f.Line, Text: f.Text})
		m := propose(f)
		s := m.suggestion
		view := Suggestion{File: f.File, Line: f.Line, ID: s.ID, As: m.as}
		if i, dup := bySignature[s.Signature]; dup {
			first := out.Suggestions[i]
			view.Status, view.Reason = NotWritten, fmt.Sprintf("the same as %s:%d", first.File, first.Line)
		} else if src := covered(s.Rule, resolved.Rules); src != "" {
			view.Status, view.Reason = NotWritten, "already in the profile: "+src
		} else {
			settleID(&s, taken)
			view.ID = s.ID
			if err := (&analyze.Response{Suggestions: []analyze.Suggestion{s}}).Validate(); err != nil {
				view.Status, view.Reason = NotWritten, profile.OneLine(err)
			} else {
				bySignature[s.Signature] = len(out.Suggestions)
				batch = append(batch, s)
			}
		}
		out.Suggestions = append(out.Suggestions, view)
	}
	if len(batch) == 0 {
		return out, nil
	}
	waitingBefore := l.PendingBranches()
	outcome, err := l.WriteBatch(batch)
	if err != nil {
		return nil, err
	}
	written := map[string]string{}
	for _, w := range outcome.Written {
		written[w.Signature] = w.Branch
	}
	suppressed := map[string]string{}
	for _, s := range outcome.Suppressed {
		suppressed[s.Signature] = s.Reason
	}
	skipped := map[string]string{}
	for _, s := range outcome.Skipped {
		if s.Kind != review.SkipUnchanged {
			skipped[s.ID] = s.Reason
		}
	}
	waiting := l.PendingBranches()
	for _, s := range batch {
		view := &out.Suggestions[bySignature[s.Signature]]
		switch {
		case suppressed[s.Signature] != "":
			view.Status, view.Reason = NotWritten, suppressed[s.Signature]
		case skipped[s.ID] != "":
			view.Status, view.Reason = NotWritten, skipped[s.ID]
		case waitingBefore[s.Signature] != "" && waiting[s.Signature] != "":
			// Proposed before: its branch is as it was, or moved onto
			// the default branch's new tip, as an analysis moves it.
			view.Status, view.Branch = Waiting, waiting[s.Signature]
		case written[s.Signature] != "":
			view.Status, view.Branch = Written, written[s.Signature]
			out.Batch = outcome.Batch
		case slices.Contains(outcome.Waiting, s.ID):
			view.Status = Later
		default:
			view.Status, view.Reason = NotWritten, "sw wrote no branch for it (.git/sw/log says why)"
		}
	}
	return out, nil
}

// WriteText writes what happened for a person: the audit's findings, what
// became of each, and the lines to remove.
func (b *Batch) WriteText(w io.Writer) error {
	if len(b.Audit.Findings) == 0 {
		return b.Audit.WriteText(w)
	}
	if err := b.Audit.WriteFindings(w); err != nil {
		return err
	}
	var t strings.Builder
	fmt.Fprintf(&t, "%s a writing-style judgment. ", b.Audit.HowMany())
	later := 0
	for _, s := range b.Suggestions {
		if s.Status == Later {
			later++
		}
	}
	switch {
	case b.Batch != "":
		fmt.Fprintf(&t, "They go to the review loop as batch %s (sw review shows it): nothing enters profile/ until you merge a branch.\n", b.Batch)
	case later > 0:
		t.WriteString("They go to the review loop when a batch has room (sw review shows what waits): nothing enters profile/ until you merge a branch.\n")
	default:
		t.WriteString("Nothing new to suggest.\n")
	}
	if later == 1 {
		t.WriteString("1 waits for a later batch: each batch holds at most .sw.yaml's suggestions_per_batch.\n")
	} else if later > 1 {
		fmt.Fprintf(&t, "%d wait for a later batch: each batch holds at most .sw.yaml's suggestions_per_batch.\n", later)
	}
	for _, s := range b.Suggestions {
		switch s.Status {
		case Written:
			fmt.Fprintf(&t, "  %s:%d → %s: %s\n", s.File, s.Line, s.Branch, s.As)
		case Waiting:
			fmt.Fprintf(&t, "  %s:%d → %s, waiting already: %s\n", s.File, s.Line, s.Branch, s.As)
		case Later:
			fmt.Fprintf(&t, "  %s:%d → a later batch (this one is full): %s\n", s.File, s.Line, s.As)
		default:
			fmt.Fprintf(&t, "  %s:%d not written: %s\n", s.File, s.Line, s.Reason)
		}
	}
	if slices.ContainsFunc(b.Suggestions, func(s Suggestion) bool { return s.As == asWritten && s.Status != NotWritten }) {
		t.WriteString("A rule \"as written\" is the note's own words: the agent reads it, and sw check has no measure to test it by.\n")
	}
	t.WriteString("Remove these lines from the auto memory now, whatever you decide: style lives in profile/, and the agent reads its notes at every session.\n")
	for _, r := range b.Remove {
		fmt.Fprintf(&t, "  %s:%d\n", r.Path, r.Line)
	}
	_, err := io.WriteString(w, t.String())
	return err
}
