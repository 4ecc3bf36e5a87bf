package feedback

import (
	"strings"

	"sw/profile"
)

// Proposal is what a rejection is held against: a suggestion as it would
// be written, with its evidence in numbers (nil when its analyzer gives
// none).
type Proposal struct {
	ID        string
	Layer     string // preferences, or genres/<genre>
	Signature string
	Measures  []string
	Measured  *profile.Measured
}

// Verdict is what a rejection says of a proposal.
type Verdict int

const (
	Free Verdict = iota // the rejection is about something else
	Held                // the person said no to this: it is not proposed
	// Back: the person said no, but the evidence has changed in kind
	// since. It is proposed once more, saying so; rejected again, it is
	// final.
	Back
)

// Against says whether r keeps p from being proposed. A rejection holds
// against the same thing in a layer it covers (see covers): the same id,
// the same signature (a plain one covers its @genre forms), or one
// measure in common, since "prefer upon", "use upon about 3 times per
// 1,000 words" and a measure of upon's rate are one thing to a person. It
// is final unless the evidence has changed in kind: more than twice as
// many pieces read since as it was rejected on (see Since), and a value
// outside what was rejected. A rejection that came back once, or that has
// no numbers to compare, is final.
func (r Rejection) Against(p Proposal) Verdict {
	if !covers(r.Layer, p.Layer) || !sameThing(r, p.ID, p.Signature, p.Measures) {
		return Free
	}
	if r.Back || r.Measured == nil || p.Measured == nil {
		return Held
	}
	if r.Since(p.Measured) > 2*r.Measured.Pieces && r.Measured.Outside(p.Measured.Value) {
		return Back
	}
	return Held
}

// Since is how many pieces the evidence now rests on beyond those the
// rejection saw: an analysis reads every recent piece, the ones the person
// had already judged on among them.
func (r Rejection) Since(now *profile.Measured) int {
	if r.Measured == nil || now == nil {
		return 0
	}
	return now.Pieces - r.Measured.Pieces
}

// covers says whether a rejection in layer rejected speaks for a proposal
// in layer proposed: a rejection in the global preferences (or of no
// layer said) covers every genre; one in a genre covers that genre, and a
// global proposal, which would apply to it too.
func covers(rejected, proposed string) bool {
	return rejected == proposed || rejected == PreferencesLayer || rejected == "" || proposed == PreferencesLayer
}

// PreferencesLayer is the layer name of the global preferences, as
// suggestions and rejections give it.
const PreferencesLayer = "preferences"

// sameThing says whether r is about the suggestion with this id,
// signature and measures.
func sameThing(r Rejection, id, signature string, measures []string) bool {
	return r.ID != "" && r.ID == id || r.Signature == signature || strings.HasPrefix(signature, r.Signature+"@") ||
		profile.SharesMeasure(r.Measures, measures)
}
