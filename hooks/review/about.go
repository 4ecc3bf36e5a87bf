package review

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"sw/hooks/git"
	"sw/profile"
	"sw/profile/analyze"
	"sw/profile/collection"
	"sw/profile/feedback"
)

// What a suggestion is about and rests on travels as trailers of its
// commit, so a fresh clone knows them as this one does.
const (
	trailerMeasure  = "Sw-Measure"  // one per measure
	trailerMeasured = "Sw-Measured" // pieces=9 value=30 low=22.5 high=37.5
	trailerWeight   = "Sw-Weight"
	trailerBack     = "Sw-Back" // the rejected_at of the rejection it comes back over
)

// about is what the loop knows of a proposed suggestion beyond the
// analyzer's answer.
type about struct {
	measures []string
	back     *feedback.Rejection // the rejection it comes back over, on new evidence
}

// judge holds each suggestion against the person's rejections: one a
// rejection holds against is dropped; one that comes back on new evidence
// is kept, its evidence opening with what changed. It returns what is
// kept, in order, and what is known about each, by signature.
func (l *Loop) judge(rejected []feedback.Rejection, suggestions []analyze.Suggestion) (kept []analyze.Suggestion, dropped []Suppressed, abouts map[string]about) {
	abouts = map[string]about{}
	for _, s := range suggestions {
		c := proposed{Suggestion: s, about: about{measures: l.measuresOf(s)}}
		held, back := verdict(rejected, c.proposal())
		if held != nil {
			dropped = append(dropped, Suppressed{Signature: s.Signature,
				Reason: fmt.Sprintf("you rejected %s%s, remembered in %s", held.ID, on(held.RejectedAt), collection.FeedbackFile)})
			continue
		}
		if c.back = back; back != nil {
			s.Evidence = backNote(back, s.Measured) + "\n\n" + s.Evidence
		}
		abouts[s.Signature] = c.about
		kept = append(kept, s)
	}
	return kept, dropped, abouts
}

// verdict holds p against every rejection: held is one that keeps it from
// being proposed, back one it comes back over (when none holds).
func verdict(rejected []feedback.Rejection, p feedback.Proposal) (held, back *feedback.Rejection) {
	for i := range rejected {
		switch rejected[i].Against(p) {
		case feedback.Held:
			return &rejected[i], nil
		case feedback.Back:
			back = &rejected[i]
		}
	}
	return nil, back
}

// on says when, as a date: " on 2026-12-01"; "" when unknown.
func on(rfc3339 string) string {
	if t, err := time.Parse(time.RFC3339, rfc3339); err == nil {
		return " on " + t.UTC().Format(time.DateOnly)
	}
	return ""
}

// backNote says why a rejected suggestion is proposed once more.
func backNote(r *feedback.Rejection, now *profile.Measured) string {
	return fmt.Sprintf("You rejected this on %s%s; with %s since, the pieces say %s (then %s). It comes back this once: reject it again and sw never proposes it again.",
		plainCount(r.Measured.Pieces, "piece"), on(r.RejectedAt), fmt.Sprintf("%d more", r.Since(now)),
		profile.Number(now.Value), profile.Number(r.Measured.Value))
}

// measuresOf is its rule's measures, or for a removal, those of the rule
// the default branch has in that file.
func (l *Loop) measuresOf(s analyze.Suggestion) []string {
	if s.Rule != nil {
		return s.Rule.Measures()
	}
	def, err := l.defaultTip()
	if err != nil || def.hash.IsZero() {
		return nil
	}
	path := s.Path(collection.ProfileDir)
	data, ok, err := l.fileAt(def.hash, path)
	if err != nil || !ok {
		return nil
	}
	r, err := profile.ParseRule(path, s.ID, data)
	if err != nil {
		return nil
	}
	return r.Measures()
}

func aboutTrailers(s analyze.Suggestion, a about) string {
	var b strings.Builder
	for _, m := range a.measures {
		fmt.Fprintf(&b, "%s: %s\n", trailerMeasure, m)
	}
	if m := s.Measured; m != nil {
		fmt.Fprintf(&b, "%s: pieces=%d value=%s low=%s high=%s\n", trailerMeasured, m.Pieces,
			profile.Number(m.Value), profile.Number(m.Low), profile.Number(m.High))
	}
	if s.Weight > 0 {
		fmt.Fprintf(&b, "%s: %s\n", trailerWeight, profile.Number(s.Weight))
	}
	if a.back != nil {
		fmt.Fprintf(&b, "%s: %s\n", trailerBack, a.back.RejectedAt)
	}
	return b.String()
}

// readAbout fills in a new ledger entry from its commit's trailers.
func readAbout(s *Suggestion, c *git.Commit) {
	s.Measures = c.Trailers(trailerMeasure)
	s.Measured = parseMeasured(firstTrailer(c, trailerMeasured))
	s.Weight, _ = strconv.ParseFloat(firstTrailer(c, trailerWeight), 64)
	s.Back = firstTrailer(c, trailerBack)
	s.FromPieces = len(c.Trailers(trailerAnalyzed)) > 0
}

// firstTrailer is the value of c's first trailer key, or "".
func firstTrailer(c *git.Commit, key string) string {
	if v := c.Trailers(key); len(v) > 0 {
		return v[0]
	}
	return ""
}

// parseMeasured reads "pieces=9 value=30 low=22.5 high=37.5"; nil unless
// all four are there, in range.
func parseMeasured(v string) *profile.Measured {
	var m profile.Measured
	seen := 0
	for _, field := range strings.Fields(v) {
		key, val, _ := strings.Cut(field, "=")
		x, err := strconv.ParseFloat(val, 64)
		if err != nil {
			return nil
		}
		switch key {
		case "pieces":
			m.Pieces = int(x)
		case "value":
			m.Value = x
		case "low":
			m.Low = x
		case "high":
			m.High = x
		default:
			return nil
		}
		seen++
	}
	if seen != 4 || m.Pieces < 1 || m.Low > m.Value || m.Value > m.High {
		return nil
	}
	return &m
}

// rejection is the record of a rejected suggestion.
func (s *Suggestion) rejection(rejectedAt string) feedback.Rejection {
	return feedback.Rejection{ID: s.ID, Signature: s.Signature, Summary: s.Summary, Layer: s.Layer, RejectedAt: rejectedAt,
		Measures: s.Measures, Measured: s.Measured, Back: s.Back != ""}
}
