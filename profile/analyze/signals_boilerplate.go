package analyze

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"sw/profile"
	"sw/profile/boilerplate"
	"sw/profile/prose"
)

// BoilerplateShare is the share of the pieces (and MinPieces) a paragraph
// must recur in, case, punctuation, markup and numbers set aside, to be
// the collection's boilerplate (a sign-off, a byline, a footer). Templates
// recur in most pieces; a third lets one change its wording halfway
// through a collection and still be known.
const BoilerplateShare = 1.0 / 3

// MinTemplateWords: a recurring paragraph this long is boilerplate
// wherever it stands (a call to subscribe between sections). A shorter
// one is boilerplate only where templates stand, at the edge of most of
// the pieces holding it (boilerplate.EdgeShare): "Why?" repeated
// mid-piece is the writer's, "PUBLIUS" at the end is not.
const MinTemplateWords = 6

// MaxTemplateShare: a piece more than this share of whose words lie in
// paragraphs other pieces also hold is a copy or a version of another, and
// no evidence of boilerplate. A template is a line or two of a piece.
const MaxTemplateShare = 0.5

// maxSigKey is the most bytes of a boilerplate key a signature holds, so
// signatures stay within MaxSignature.
const maxSigKey = 200

// occurrence is one piece's use of a recurring paragraph.
type occurrence struct {
	p    *piece
	para boilerplate.Para
}

// templateHit is a recurring paragraph that passed the gate in a scope.
type templateHit struct {
	key, text string
	kind      boilerplate.Kind // where most of its pieces have it
	kinds     [3]int           // pieces by where they have it
	notes     int              // pieces with words after it, where it is a sign-off
	support   []*piece
	measured  int
}

// learnBoilerplate finds the batch's boilerplate, proposes each line the
// profile does not already hold as a rule, and then measures every piece
// without the profile's lines (for its genre) and those found now, so that
// no signal takes a sign-off for how the person ends a piece.
func (r *run) learnBoilerplate() {
	inProfile := r.profileLines()           // genre -> keys
	learned := map[string]map[string]bool{} // scope ("" = every genre) -> keys
	occs := r.recurring()
	for _, key := range sortedKeys(occs) {
		for _, o := range place(r, r.templateEval(key, occs[key])) {
			if r.templateCandidate(o) == nil {
				continue
			}
			r.templates.record(o.res.text)
			if learned[o.genre] == nil {
				learned[o.genre] = map[string]bool{}
			}
			learned[o.genre][key] = true
		}
	}
	parallel(len(r.pieces), func(i int) {
		p := r.pieces[i]
		p.measure(func(key string) bool { return inProfile[p.Genre][key] || learned[""][key] || learned[p.Genre][key] })
	})
}

// recurring lists, for each paragraph key that recurs in MinPieces pieces
// or more, the pieces holding it (each once), leaving out the pieces that
// are copies of others (see MaxTemplateShare).
func (r *run) recurring() map[string][]occurrence {
	pieces := map[string]int{}
	holders := map[uint64]int{} // paragraphs of any length, by hash
	for _, p := range r.pieces {
		for _, c := range uniqueKeys(p.candidates) {
			pieces[c.Key]++
		}
		seen := map[uint64]bool{}
		for _, h := range p.paraHashes {
			if !seen[h] {
				seen[h] = true
				holders[h]++
			}
		}
	}
	occs := map[string][]occurrence{}
	for _, p := range r.pieces {
		shared := 0
		for i, h := range p.paraHashes {
			if holders[h] >= MinPieces {
				shared += p.doc.Paragraphs[i].Words.Len()
			}
		}
		if float64(shared) > MaxTemplateShare*float64(p.doc.WordCount()) {
			continue
		}
		for _, c := range uniqueKeys(p.candidates) {
			if pieces[c.Key] >= MinPieces {
				occs[c.Key] = append(occs[c.Key], occurrence{p, c})
			}
		}
	}
	maps.DeleteFunc(occs, func(_ string, o []occurrence) bool { return len(o) < MinPieces })
	return occs
}

// FNV-1a's constants: a fast, well-spread hash of a few bytes.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// paragraphHashes fingerprints every paragraph of d by its words, for
// telling a copy of a piece from a piece with a template.
func paragraphHashes(d *prose.Doc) []uint64 {
	out := make([]uint64, len(d.Paragraphs))
	for i := range d.Paragraphs {
		h := uint64(fnvOffset)
		for _, w := range d.WordsOf(d.Paragraphs[i].Words) {
			for j := 0; j < len(w.Text); j++ {
				h = (h ^ uint64(w.Text[j])) * fnvPrime
			}
			h = (h ^ ' ') * fnvPrime
		}
		out[i] = h
	}
	return out
}

// uniqueKeys is a piece's candidates, the first of each key.
func uniqueKeys(cands []boilerplate.Para) []boilerplate.Para {
	seen := make(map[string]bool, len(cands))
	out := make([]boilerplate.Para, 0, len(cands))
	for _, c := range cands {
		if c.Key != "" && !seen[c.Key] {
			seen[c.Key] = true
			out = append(out, c)
		}
	}
	return out
}

// templateEval is the gate of one recurring paragraph in a scope: held by
// BoilerplateShare of the scope's pieces, and long enough to be a template
// anywhere or standing at the edge of most pieces that hold it.
func (r *run) templateEval(key string, occs []occurrence) func(string) (*templateHit, gate) {
	return func(genre string) (*templateHit, gate) {
		g := gate{measured: r.scope(genre)}
		h := &templateHit{key: key, measured: len(g.measured)}
		for _, o := range occs {
			if genre != "" && o.p.Genre != genre {
				continue
			}
			if h.text == "" {
				h.text = o.para.Text
			}
			g.support = append(g.support, o.p)
			h.kinds[o.para.Kind]++
			if o.para.Kind == boilerplate.SignOff && o.para.After > 0 {
				h.notes++
			}
		}
		h.support = g.support
		for k := range h.kinds {
			if h.kinds[k] > h.kinds[h.kind] {
				h.kind = boilerplate.Kind(k)
			}
		}
		edges := h.kinds[boilerplate.Opening] + h.kinds[boilerplate.SignOff]
		long := strings.Count(key, " ")+1 >= MinTemplateWords
		g.holds = len(g.support) >= atLeast(BoilerplateShare, len(g.measured)) && (long || 2*edges >= len(g.support))
		return h, g
	}
}

// templateCandidate proposes a recurring paragraph as a boilerplate rule,
// and returns nil when it is no boilerplate: its line cannot be written so
// that it reads back as the same key. One the profile already holds counts
// and is not proposed again; so does one the person rejected (r.add drops
// it), since rejecting the rule says "do not tell the agent to write this
// line", not "this line is my prose".
func (r *run) templateCandidate(o outcome[*templateHit]) *candidate {
	h := o.res
	c := &candidate{family: familyTemplate, genre: o.genre, baseID: phraseID("boilerplate", h.key),
		sig: "boilerplate:" + clipBytes(h.key, maxSigKey), strength: float64(len(h.support)),
		measured: profile.Around(h.measured, roundTo(float64(len(h.support))/float64(h.measured), 0.01), ShareBand),
		support:  len(h.support), distance: 1}
	if boilerplate.KeyOf(h.text) != h.key || utf8.RuneCountInString(h.text) > MaxLine {
		return nil
	}
	// A rule that holds the line for its own sake: a metric rule carrying
	// it (see leftOut) tells the agent nothing about it.
	c.match = func(s profile.Sourced) bool {
		return keepsLinesOnly(s.Rule) && slices.ContainsFunc(s.Boilerplate, func(line string) bool { return boilerplate.KeyOf(line) == h.key })
	}
	if soft, hard := r.current(o.genre, c.match); soft != nil || len(hard) > 0 {
		return c
	}
	text, summary := templateWording(h)
	c.rule = &profile.Rule{Rule: text, Boilerplate: []string{h.text},
		Note: "sw leaves this line out of every measurement, and after a sign-off the notes that follow it: it is the collection's template, not its writing."}
	c.summary = summary
	c.evidence = templateEvidence(h)
	r.add(c)
	return c
}

func templateWording(h *templateHit) (text, summary string) {
	q := quote(h.text)
	short := quote(clipWords(h.text, maxSummaryWords))
	// A line whose numbers or dates change from piece to piece ("Issue
	// 12", a dateline) is a pattern, not words to copy.
	like, own := "the line ", ""
	if strings.Contains(h.key, "#") {
		like, own = "a line like ", " (with the piece's own numbers and date)"
	}
	switch h.kind {
	case boilerplate.SignOff:
		return fmt.Sprintf("End each piece with %s%s%s after its last paragraph, as the collection does; notes go after it.", like, q, own),
			"Boilerplate: the sign-off " + short
	case boilerplate.Opening:
		return fmt.Sprintf("Open each piece with %s%s%s, as the collection does.", like, q, own),
			"Boilerplate: the opening line " + short
	}
	if own != "" {
		return fmt.Sprintf("Pieces carry %s%s%s, as the collection does.", like, q, own), "Boilerplate: the line " + short
	}
	return fmt.Sprintf("Pieces carry the line %s word for word, as the collection does.", q),
		"Boilerplate: the line " + short
}

// maxSummaryWords is how much of a boilerplate line a summary quotes.
const maxSummaryWords = 12

// clipWords cuts text to its first n words, marking the cut.
func clipWords(text string, n int) string {
	ws := strings.Fields(text)
	if len(ws) <= n {
		return text
	}
	return strings.Join(ws[:n], " ") + " …"
}

func templateEvidence(h *templateHit) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s is a paragraph of its own in %d of %d pieces: %s.\n", quote(h.text), len(h.support), h.measured, pieceList(h.support, nil))
	if n := h.kinds[boilerplate.SignOff]; n > 0 {
		fmt.Fprintf(&b, "It closes %d of them (a sign-off); notes follow it in %d.\n", n, h.notes)
	}
	if n := h.kinds[boilerplate.Opening]; n > 0 {
		fmt.Fprintf(&b, "It opens %d of them.\n", n)
	}
	b.WriteString("Measured as writing, it would be a paragraph, a sentence and a closing or opening of every piece; it is left out of every measurement.")
	return b.String()
}

// clipBytes cuts s to at most n bytes, on a character boundary.
func clipBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
