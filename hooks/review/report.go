package review

import (
	"fmt"
	"io"
	"strings"

	"sw/profile"
)

// AnalysisReport is what `sw analyze` prints.
type AnalysisReport struct {
	Pieces      []string             `json:"pieces"`
	LeftOut     []SkippedPiece       `json:"left_out"` // pieces sw could not read, so not analysed
	Earlier     []string             `json:"earlier"`  // pieces finished before the batch, read again with it
	Suggestions []ReportedSuggestion `json:"suggestions"`
	Suppressed  []Suppressed         `json:"suppressed"`
	DryRun      bool                 `json:"dry_run"`
	Batch       string               `json:"batch,omitempty"`
	Written     []string             `json:"written,omitempty"` // branches
	Skipped     []Skipped            `json:"skipped,omitempty"`
	// Voice names the voice the analysis wrote in, as .sw.yaml does.
	Voice        string   `json:"voice,omitempty"`
	VoiceBatch   string   `json:"voice_batch,omitempty"`
	VoiceWritten []string `json:"voice_written,omitempty"`
}

// ReportedSuggestion is one suggestion as `sw analyze --json` prints it.
type ReportedSuggestion struct {
	ID        string        `json:"id"`
	Layer     string        `json:"layer"`
	Summary   string        `json:"summary"`
	Signature string        `json:"signature"`
	Evidence  string        `json:"evidence"`
	Rule      *profile.Rule `json:"rule"`            // null: the suggestion removes the rule
	Where     string        `json:"where,omitempty"` // the voice, or this series only and why
}

// Report describes a proposal and its outcome (nil for a dry run).
func Report(p *Proposal, out *Outcome) *AnalysisReport {
	r := &AnalysisReport{Pieces: []string{}, Earlier: []string{}, LeftOut: append([]SkippedPiece{}, p.LeftOut...),
		Suggestions: []ReportedSuggestion{}, Suppressed: append([]Suppressed{}, p.Suppressed...), DryRun: out == nil}
	for _, piece := range p.Request.Pieces {
		if piece.Earlier {
			r.Earlier = append(r.Earlier, piece.Path)
		} else {
			r.Pieces = append(r.Pieces, piece.Path)
		}
	}
	for i, s := range p.Suggestions {
		r.Suggestions = append(r.Suggestions, ReportedSuggestion{s.ID, s.Layer, s.Summary, s.Signature, s.Evidence, s.Rule, p.where(i)})
	}
	if out != nil {
		r.Batch = out.Batch
		for _, w := range out.Written {
			r.Written = append(r.Written, w.Branch)
		}
		r.Skipped = out.Skipped
		if v := out.Voice; v != nil {
			r.Voice, r.VoiceBatch = v.Repo, v.Batch
			for _, w := range v.Written {
				r.VoiceWritten = append(r.VoiceWritten, w.Branch)
			}
			r.Skipped = append(r.Skipped, v.Skipped...)
		}
	}
	return r
}

// WriteText prints the report for people.
func (r *AnalysisReport) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Analysed %d piece%s", len(r.Pieces), plural(len(r.Pieces)))
	if len(r.Pieces) > 0 {
		fmt.Fprintf(&b, ": %s", strings.Join(r.Pieces, ", "))
	}
	if n := len(r.Earlier); n > 0 {
		fmt.Fprintf(&b, ", with %d finished before (the rules are revisited on them all)", n)
	}
	b.WriteString("\n")
	for _, s := range r.LeftOut {
		fmt.Fprintf(&b, "Left out: %s\n", s)
	}
	if len(r.Suggestions) == 0 {
		b.WriteString("\nNo suggestions.\n")
	}
	for _, s := range r.Suggestions {
		fmt.Fprintf(&b, "\n%s  (%s)  %s\n  %s\n", s.ID, s.Layer, s.Signature, s.Summary)
		for _, line := range strings.Split(s.Evidence, "\n") {
			fmt.Fprintf(&b, "  evidence: %s\n", line)
		}
		if s.Where != "" {
			fmt.Fprintf(&b, "  for %s\n", s.Where)
		}
		if s.Rule == nil {
			b.WriteString("  removes the rule\n")
		} else {
			for _, line := range strings.Split(strings.TrimRight(string(profile.Format(*s.Rule)), "\n"), "\n") {
				fmt.Fprintf(&b, "    %s\n", line)
			}
		}
	}
	if len(r.Suppressed) > 0 {
		b.WriteString("\nNot proposed again:\n")
		for _, s := range r.Suppressed {
			fmt.Fprintf(&b, "  %s: %s\n", s.Signature, s.Reason)
		}
	}
	switch {
	case r.DryRun:
		b.WriteString("\nDry run: no branch written.\n")
	case len(r.Written) > 0:
		fmt.Fprintf(&b, "\nWritten in batch %s: %s (sw review shows them)\n", r.Batch, strings.Join(r.Written, ", "))
	}
	if !r.DryRun && len(r.VoiceWritten) > 0 {
		fmt.Fprintf(&b, "Written in the voice %s, batch %s: %s (sw review shows them)\n", r.Voice, r.VoiceBatch, strings.Join(r.VoiceWritten, ", "))
	}
	for _, s := range r.Skipped {
		fmt.Fprintf(&b, "Not written: %s: %s\n", s.ID, s.Reason)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
