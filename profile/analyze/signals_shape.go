package analyze

import (
	"fmt"
	"strings"
	"sync"

	"sw/profile"
	"sw/profile/prose"
)

// shape is a set of ways a piece opens or closes.
type shape uint8

const (
	shapeQuestion    shape = 1 << iota // the sentence ends in a question mark
	shapeExclamation                   // ... in an exclamation mark
	shapeFirstPerson                   // it has I, me, my, we, our...
	shapeShort                         // ShortSentence words or fewer
	shapeOneLine                       // its paragraph is that one sentence
)

// ShortSentence is the most words a short opening or closing sentence has.
const ShortSentence = 8

// shapeKinds lists the shapes the analyzer proposes rules for, in the
// order it proposes them. Exclamations open too few pieces to matter; they
// count only as closings. Built on first use, like profile.MetricKinds.
var shapeKinds = sync.OnceValue(func() []shapeKind {
	return []shapeKind{
		{shapeQuestion, "question", "Open pieces with a question.", "End pieces on a question.", "a question"},
		{shapeExclamation, "exclamation", "", "End pieces on an exclamation.", "an exclamation"},
		{shapeFirstPerson, "first-person", "Open pieces with a sentence in the first person (I, we).", "End pieces with a sentence in the first person (I, we).", "a first-person sentence"},
		{shapeShort, "short", fmt.Sprintf("Open pieces with a short sentence (%d words or fewer).", ShortSentence), fmt.Sprintf("End pieces on a short sentence (%d words or fewer).", ShortSentence), "a short sentence"},
		{shapeOneLine, "one-line", "Open pieces with a one-sentence paragraph.", "End pieces with a one-sentence paragraph.", "a one-sentence paragraph"},
	}
})

type shapeKind struct {
	kind    shape
	name    string // in ids and signatures
	opening string // the rule sentence for an opening
	closing string // ... for a closing
	what    string // for evidence: "open with a question"
}

// shapes classifies how a piece opens (its first sentence) and closes (its
// last). A piece of one paragraph has no separate opening or closing: it
// gets none.
func shapes(d *prose.Doc) (open, close shape) {
	if len(d.Paragraphs) < 2 {
		return 0, 0
	}
	first, _ := d.Opening()
	last, _ := d.Closing()
	return sentenceShape(d, first), sentenceShape(d, last)
}

func sentenceShape(d *prose.Doc, s prose.Sentence) shape {
	var k shape
	switch s.Terminator {
	case '?':
		k |= shapeQuestion
	case '!':
		k |= shapeExclamation
	}
	for _, w := range d.WordsOf(s.Words) {
		if firstPerson()[w.Text] {
			k |= shapeFirstPerson
			break
		}
	}
	if s.Words.Len() <= ShortSentence {
		k |= shapeShort
	}
	if d.Paragraphs[s.Paragraph].Sentences.Len() == 1 {
		k |= shapeOneLine
	}
	return k
}

var firstPerson = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"i": true, "me": true, "my": true, "mine": true, "myself": true,
		"i'm": true, "i've": true, "i'd": true, "i'll": true,
		"we": true, "us": true, "our": true, "ours": true, "ourselves": true,
		"we're": true, "we've": true, "we'd": true, "we'll": true, "let's": true,
	}
})

// shapeSignals proposes opening and closing rules: a way of opening (or
// closing) shared by AgreeShare of the pieces with at least two paragraphs.
// These rules have no machine-checkable part (prose has no metric for
// them), so `sw check` does not score them; the agent reads them. A rule
// of the same id already in the profile says it already; one the pieces
// all contradict is proposed for removal.
func (r *run) shapeSignals() {
	for _, end := range []string{"opening", "closing"} {
		for _, k := range shapeKinds() {
			text := k.opening
			if end == "closing" {
				text = k.closing
			}
			if text == "" {
				continue
			}
			r.shapeSignal(end, k.kind, k.name, text, k.what)
		}
	}
}

func (r *run) shapeSignal(end string, kind shape, name, text, what string) {
	id := end + "-" + name
	of := func(p *piece) shape {
		if end == "opening" {
			return p.opening
		}
		return p.closing
	}
	eval := func(genre string) (int, gate) {
		var g gate
		for _, p := range r.scope(genre) {
			if !p.eligible || len(p.doc.Paragraphs) < 2 {
				continue
			}
			g.measured = append(g.measured, p)
			if of(p)&kind != 0 {
				g.support = append(g.support, p)
			}
		}
		g.holds = len(g.support) >= atLeast(AgreeShare, len(g.measured))
		return 0, g
	}
	for _, o := range place(r, eval) {
		match := func(s profile.Sourced) bool { return s.ID == id }
		soft, _ := r.current(o.genre, match)
		if soft != nil {
			continue // the profile already says it
		}
		verb := map[string]string{"opening": "open", "closing": "end"}[end]
		share := roundTo(float64(len(o.gate.support))/float64(len(o.gate.measured)), 0.01)
		r.add(&candidate{
			family:   familyShape,
			genre:    o.genre,
			baseID:   id,
			rule:     &profile.Rule{ID: id, Rule: text},
			summary:  fmt.Sprintf("%s pieces with %s", capitalise(verb), what),
			evidence: shapeEvidence(o.gate, of, kind, verb, what),
			sig:      end + ":" + name,
			strength: share,
			measured: profile.Around(len(o.gate.measured), share, ShareBand),
			support:  len(o.gate.support),
			distance: 1, // no reference to compare with: an agent opens and closes every way
		})
	}
	r.shapeRemovals(id, end, kind, of)
}

// shapeRemovals revisits an opening or closing rule of ours on the recent
// pieces, when at least MinRemovePieces could follow it: BreakShare of
// them do not, and fewer than AgreeShare do (what proposed it no longer
// holds), so its removal is proposed.
func (r *run) shapeRemovals(id, end string, kind shape, of func(*piece) shape) {
	match := func(s profile.Sourced) bool { return s.ID == id }
	r.removals(match, func(_ profile.Sourced, ps []*piece) (bool, string) {
		var measured, not []*piece
		for _, p := range ps {
			if p.eligible && len(p.doc.Paragraphs) >= 2 {
				measured = append(measured, p)
				if of(p)&kind == 0 {
					not = append(not, p)
				}
			}
		}
		n := len(measured)
		if n < MinRemovePieces || len(not) < atLeast(BreakShare, n) || n-len(not) >= atLeast(AgreeShare, n) {
			return false, ""
		}
		return true, fmt.Sprintf("%d of the %d recent pieces do not follow it: %s.", len(not), n, pieceList(not, nil))
	})
}

func shapeEvidence(g gate, of func(*piece) shape, kind shape, verb, what string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d pieces %s with %s: %s.\n", len(g.support), len(g.measured), verb, what,
		pieceList(g.support, nil))
	var others []*piece
	for _, p := range g.measured {
		if of(p)&kind == 0 {
			others = append(others, p)
		}
	}
	if len(others) > 0 {
		fmt.Fprintf(&b, "Not: %s.\n", pieceList(others, nil))
	}
	b.WriteString("The profile has no rule on it yet.")
	return b.String()
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
