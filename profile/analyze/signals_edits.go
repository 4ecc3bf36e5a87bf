package analyze

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"sw/profile"
)

// editHit is a phrase deleted (or added) consistently in one scope.
type editHit struct {
	phrase    string
	words     int
	support   []*edit
	pieces    []*piece // the supporting edits' pieces
	times     int      // deletions (additions) in the supporting pieces
	finals    []*piece
	measured  int
	dropped   bool
	supportID string // the supporting pieces, for comparing support sets
	subjects  string // the pieces on different subjects that show it, for evidence
}

// editSignals turns the person's edits of the agent's drafts into avoid
// and prefer suggestions:
//   - avoid: a phrase deleted from the drafts of MinPieces pieces, gone
//     from their final text, and used by fewer finished pieces of the
//     scope than half as many as deleted it;
//   - prefer: a phrase added to AddShare of the pieces with drafts,
//     MinOccurrences times, where the draft never had it; a single word
//     only if it is no noun: a noun the person adds is what they write
//     about.
func (r *run) editSignals() {
	var edits []*edit
	for _, p := range r.pieces {
		if len(p.Drafts) > 0 && p.Drafts[len(p.Drafts)-1] != p.Text {
			edits = append(edits, diffEdit(p))
		}
	}
	if len(edits) < MinPieces {
		return
	}
	r.editKind(edits, true)
	r.editKind(edits, false)
}

func (r *run) editKind(edits []*edit, avoid bool) {
	counts := map[string]int{} // pieces that changed the phrase
	for _, e := range edits {
		for ph := range e.changed(avoid) {
			counts[ph]++
		}
	}
	maps.DeleteFunc(counts, func(_ string, n int) bool { return n < MinPieces })
	hits := map[string][]*editHit{}
	for _, ph := range sortedKeys(counts) {
		for _, o := range place(r, r.editEval(edits, ph, avoid)) {
			hits[o.genre] = append(hits[o.genre], o.res)
		}
	}
	for _, genre := range sortedKeys(hits) {
		r.editCandidates(genre, mergeEditOverlaps(hits[genre]), avoid)
	}
}

func (e *edit) changed(avoid bool) map[string]int {
	if avoid {
		return e.deleted
	}
	return e.added
}

// editEval is the gate of one deleted (or added) phrase in a scope.
func (r *run) editEval(edits []*edit, ph string, avoid bool) func(string) (*editHit, gate) {
	return func(genre string) (*editHit, gate) {
		var g gate
		h := &editHit{phrase: ph, words: strings.Count(ph, " ") + 1}
		var ids []string
		for _, e := range edits {
			if genre != "" && e.p.Genre != genre {
				continue
			}
			g.measured = append(g.measured, e.p)
			n := e.changed(avoid)[ph]
			if n == 0 {
				continue
			}
			inFinal := len(e.p.doc.FindPhrase(ph)) > 0
			if avoid && inFinal || !avoid && (!inFinal || len(e.draft.FindPhrase(ph)) > 0) {
				continue
			}
			h.support = append(h.support, e)
			h.times += n
			g.support = append(g.support, e.p)
			ids = append(ids, e.p.Path)
		}
		h.measured, h.pieces = len(g.measured), g.support
		h.supportID = strings.Join(ids, "\x00")
		if avoid {
			if len(g.support) < MinPieces {
				return h, g
			}
			h.finals = using(r.scope(genre), []string{ph})
			g.holds = 2*len(h.finals) < len(g.support)
		} else {
			g.holds = len(g.support) >= atLeast(AddShare, len(g.measured)) && h.times >= MinOccurrences &&
				(h.words > 1 || !englishNoun(ph))
		}
		if g.holds {
			// Style, not subject: an edit in two essays on one subject
			// is about that subject (see subjectFree).
			g.holds, h.subjects = subjectFree(ph, g.support)
		}
		return h, g
	}
}

// mergeEditOverlaps keeps one phrase per habit: a phrase inside a longer
// one deleted from exactly the same pieces gives way to it ("it is
// important to note" over "important to note"), then a phrase containing
// a kept shorter one deleted from at least the same pieces gives way to
// that (avoiding the shorter covers it).
func mergeEditOverlaps(hits []*editHit) []*editHit {
	for _, h := range hits {
		for _, l := range hits {
			if l.words > h.words && l.supportID == h.supportID && profile.ContainsWords(l.phrase, h.phrase) {
				h.dropped = true
				break
			}
		}
	}
	for _, h := range hits {
		if h.dropped {
			continue
		}
		for _, s := range hits {
			if !s.dropped && s.words < h.words && profile.ContainsWords(h.phrase, s.phrase) && covers(s, h) {
				h.dropped = true
				break
			}
		}
	}
	return filter(hits, func(h *editHit) bool { return !h.dropped })
}

// covers says every piece supporting b supports a.
func covers(a, b *editHit) bool {
	in := map[*edit]bool{}
	for _, e := range a.support {
		in[e] = true
	}
	return !slices.ContainsFunc(b.support, func(e *edit) bool { return !in[e] })
}

// editCandidates proposes a scope's strongest edit phrases, at most
// MaxEditPhrases, skipping what the profile already says or would
// contradict.
func (r *run) editCandidates(genre string, hits []*editHit, avoid bool) {
	slices.SortStableFunc(hits, func(a, b *editHit) int {
		return cmp.Or(cmp.Compare(len(b.support), len(a.support)), cmp.Compare(b.times, a.times), strings.Compare(a.phrase, b.phrase))
	})
	n := 0
	for _, h := range hits {
		if n == MaxEditPhrases {
			break
		}
		if !r.phraseFree(genre, h.phrase, !avoid) {
			continue
		}
		strength := float64(len(h.support)*100 + h.times)
		c := preferCandidate(genre, h.phrase, familyEdit, strength, addedEvidence(h))
		if avoid {
			text := fmt.Sprintf("Avoid %s: the writer deletes it from drafts.", quote(h.phrase))
			c = phraseCandidate(true, genre, h.phrase, familyEdit, strength, text, "Avoid "+quote(h.phrase), deletedEvidence(h))
		}
		share := roundTo(float64(len(h.support))/float64(max(h.measured, 1)), 0.01)
		c.measured = profile.Around(max(h.measured, 1), share, ShareBand)
		c.support = len(h.support)
		// The person changed the agent's own words: nothing says more
		// directly what the agent should write differently.
		c.distance = 3
		r.add(c)
		n++
	}
}

func deletedEvidence(h *editHit) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Deleted from the agent's drafts of %d of %d edited pieces: %s; none of their final versions uses it.\n",
		len(h.support), h.measured, pieceList(h.pieces, func(i int, _ *piece) string { return fmt.Sprintf("%d×", h.support[i].deleted[h.phrase]) }))
	var instead []string
	for _, e := range h.support {
		if w := e.replacedBy[h.phrase]; w != "" && len(instead) < MaxListed {
			instead = append(instead, quote(w)+" ("+e.p.Path+")")
		}
	}
	if len(instead) > 0 {
		b.WriteString("Written instead: " + strings.Join(instead, "; ") + ".\n")
	}
	if h.subjects != "" {
		b.WriteString(h.subjects + "\n")
	}
	switch len(h.finals) {
	case 0:
		b.WriteString("No finished piece of the batch uses it.")
	default:
		fmt.Fprintf(&b, "Other finished pieces using it: %s.", pieceList(h.finals, nil))
	}
	return b.String()
}

func addedEvidence(h *editHit) string {
	ev := fmt.Sprintf("Added by the person to %d of %d edited pieces, where the agent's draft never had it: %s.",
		len(h.support), h.measured, pieceList(h.pieces, func(i int, _ *piece) string { return fmt.Sprintf("%d×", h.support[i].added[h.phrase]) }))
	if h.subjects != "" {
		ev += "\n" + h.subjects
	}
	return ev
}
