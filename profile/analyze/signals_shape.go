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
	short := fmt.Sprintf("a short sentence (%d words or fewer).", ShortSentence)
	return []shapeKind{
		{shapeQuestion, "question", [2]string{"Open pieces with a question.", "End pieces on a question."}, "a question"},
		{shapeExclamation, "exclamation", [2]string{"", "End pieces on an exclamation."}, "an exclamation"},
		{shapeFirstPerson, "first-person", [2]string{"Open pieces with a sentence in the first person (I, we).",
			"End pieces with a sentence in the first person (I, we)."}, "a first-person sentence"},
		{shapeShort, "short", [2]string{"Open pieces with " + short, "End pieces on " + short}, "a short sentence"},
		{shapeOneLine, "one-line", [2]string{"Open pieces with a one-sentence paragraph.",
			"End pieces with a one-sentence paragraph."}, "a one-sentence paragraph"},
	}
})

type shapeKind struct {
	kind shape
	name string    // in ids and signatures
	rule [2]string // the rule sentence for an opening and for a closing
	what string    // for evidence: "open with a question"
}

// shapeEnds names a piece's two ends, in the order of piece.ends.
var shapeEnds = [2]struct{ name, verb string }{{"opening", "open"}, {"closing", "end"}}

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
	return wordSet(`i me my mine myself i'm i've i'd i'll we us our ours ourselves we're we've we'd we'll
		let's`)
})

// shapeSignals proposes opening and closing rules: a way of opening (or
// closing) shared by AgreeShare of the pieces with at least two paragraphs.
// sw check cannot score these rules (prose has no metric for them); the
// agent reads them. One the pieces no longer follow is proposed for
// removal.
func (r *run) shapeSignals() {
	for end := range shapeEnds {
		for _, k := range shapeKinds() {
			if k.rule[end] != "" {
				r.shapeSignal(end, k)
			}
		}
	}
}

func (r *run) shapeSignal(end int, k shapeKind) {
	name, verb := shapeEnds[end].name, shapeEnds[end].verb
	id := name + "-" + k.name
	match := func(s profile.Sourced) bool { return s.ID == id }
	// split sorts the pieces that have an opening and a closing (two
	// paragraphs or more) by whether they open (or close) this way.
	split := func(ps []*piece) (measured, with, without []*piece) {
		for _, p := range ps {
			if !p.eligible || len(p.doc.Paragraphs) < 2 {
				continue
			}
			measured = append(measured, p)
			if p.ends[end]&k.kind != 0 {
				with = append(with, p)
			} else {
				without = append(without, p)
			}
		}
		return measured, with, without
	}
	eval := func(genre string) (int, gate) {
		measured, with, _ := split(r.scope(genre))
		return 0, gate{measured: measured, support: with, holds: len(with) >= atLeast(AgreeShare, len(measured))}
	}
	for _, o := range place(r, eval) {
		if soft, _ := r.current(o.genre, match); soft != nil {
			continue // the profile already says it
		}
		g := o.gate
		share := roundTo(float64(len(g.support))/float64(len(g.measured)), 0.01)
		var ev strings.Builder
		fmt.Fprintf(&ev, "%d of %d pieces %s with %s: %s.\n", len(g.support), len(g.measured), verb, k.what, pieceList(g.support, nil))
		if _, _, others := split(g.measured); len(others) > 0 {
			fmt.Fprintf(&ev, "Not: %s.\n", pieceList(others, nil))
		}
		ev.WriteString("The profile has no rule on it yet.")
		r.add(&candidate{
			family:   familyShape,
			genre:    o.genre,
			baseID:   id,
			rule:     &profile.Rule{ID: id, Rule: k.rule[end]},
			summary:  fmt.Sprintf("%s pieces with %s", capitalise(verb), k.what),
			evidence: ev.String(),
			sig:      name + ":" + k.name,
			strength: share,
			measured: profile.Around(len(g.measured), share, ShareBand),
			support:  len(g.support),
			distance: 1, // no reference to compare with: an agent opens and closes every way
		})
	}
	// Revisited on the recent pieces, when at least MinRemovePieces could
	// follow it: BreakShare of them do not, and fewer than AgreeShare do
	// (what proposed it no longer holds).
	r.removals(match, func(_ profile.Sourced, ps []*piece) (bool, string) {
		measured, _, not := split(ps)
		n := len(measured)
		if n < MinRemovePieces || len(not) < atLeast(BreakShare, n) || n-len(not) >= atLeast(AgreeShare, n) {
			return false, ""
		}
		return true, fmt.Sprintf("%d of the %d recent pieces do not follow it: %s.", len(not), n, pieceList(not, nil))
	})
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
