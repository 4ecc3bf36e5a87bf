package analyze

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"sw/profile"
	"sw/profile/feedback"
)

// Version is the protocol version sw speaks; it is sent as the request's
// "version" so an analyzer can refuse a protocol it does not know.
const Version = 1

// Request is what an analyzer reads: the finished pieces of a batch, the
// resolved profile of every genre they are in, and every suggestion the
// person has rejected (profile_feedback.json), which sw drops if proposed
// again (see feedback.Rejection.Against).
type Request struct {
	Version  int                          `json:"version"`
	Pieces   []Piece                      `json:"pieces"`
	Profile  map[string]*profile.Resolved `json:"profile"`
	Rejected []feedback.Rejection         `json:"rejected"`
}

// Piece is one finished piece. Drafts are the agent-written versions of it
// in git history, oldest first: what the person edited, and so the best
// evidence of what they keep deleting or adding.
type Piece struct {
	Path   string   `json:"path"`  // slash path relative to the collection root
	Genre  string   `json:"genre"` // a key of Request.Profile
	Text   string   `json:"text"`
	Drafts []string `json:"drafts"` // never null on the wire: [] when none
	// Earlier says the piece was finished before this batch and is read
	// again with it (.sw.yaml's analyzer.window): rules are revisited, and
	// bounds estimated, on every recent piece.
	Earlier bool `json:"earlier,omitempty"`
}

// Response is an analyzer's answer.
type Response struct {
	Suggestions []Suggestion `json:"suggestions"`
}

// Suggestion proposes adding, changing or removing one rule file. Rule nil
// means remove the file: on the wire that is `"rule": null`, which is not
// the same as leaving "rule" out (an error), so a forgetful analyzer can
// never delete a rule by accident.
type Suggestion struct {
	ID        string        `json:"id"`
	Layer     string        `json:"layer"` // "preferences" or "genres/<genre>"
	Rule      *profile.Rule `json:"rule"`
	Summary   string        `json:"summary"`   // one line: the commit subject
	Evidence  string        `json:"evidence"`  // which pieces, what counts: the commit body
	Signature string        `json:"signature"` // what a rejection is remembered by
	// Weight is how much the suggestion would change what the agent
	// writes: how far the habit lies from general English, times how
	// strong its evidence is. A batch takes the heaviest first; 0 (not
	// given) ranks after every weighted one, in the order sent.
	Weight float64 `json:"weight,omitempty"`
	// Measured is the evidence in numbers. A rejection keeps it, and the
	// suggestion comes back only on evidence changed in kind: twice the
	// pieces, a value outside the band. Without it a rejection is final.
	Measured *profile.Measured `json:"measured,omitempty"`
}

// MarshalJSON writes an empty list rather than null, so what sw prints and
// what it accepts have the same shape.
func (r Response) MarshalJSON() ([]byte, error) {
	type plain Response
	return json.Marshal(plain{Suggestions: append([]Suggestion{}, r.Suggestions...)})
}

// MarshalJSON writes a rule's phrase lists as [] when empty, the way
// `sw profile show --json` writes them.
func (s Suggestion) MarshalJSON() ([]byte, error) {
	type plain Suggestion
	out := plain(s)
	if s.Rule != nil {
		rule := *s.Rule
		rule.Avoid, rule.Prefer = append([]string{}, rule.Avoid...), append([]string{}, rule.Prefer...)
		out.Rule = &rule
	}
	return json.Marshal(out)
}

// EncodeRequest writes req the way an analyzer reads it on stdin: one JSON
// document and a newline, lists never null. The same batch always gives
// the same bytes, whatever order sw gathered it in, so an analyzer that
// caches or a person who diffs two runs sees only real changes.
//
// Version 0 means the current protocol. A request sw could not have meant
// (a piece without a profile for its genre, say) is an error, since an
// analyzer would otherwise fail on it with a message about sw's bug.
func EncodeRequest(req *Request) ([]byte, error) {
	out, err := normalize(req)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // pieces are Markdown: keep <, > and & readable
	if err := enc.Encode(out); err != nil {
		return nil, fmt.Errorf("analyzer request: %w", err)
	}
	return b.Bytes(), nil
}

// normalize checks req and returns a copy in canonical order with every
// list non-nil. The caller's request is left as it was.
func normalize(req *Request) (*Request, error) {
	if req.Version != 0 && req.Version != Version {
		return nil, fmt.Errorf("analyzer request: protocol version %d; sw speaks version %d", req.Version, Version)
	}
	out := &Request{
		Version:  Version,
		Pieces:   make([]Piece, len(req.Pieces)),
		Profile:  make(map[string]*profile.Resolved, len(req.Profile)),
		Rejected: append([]feedback.Rejection{}, req.Rejected...),
	}
	for genre, res := range req.Profile {
		switch {
		case res == nil:
			return nil, fmt.Errorf("analyzer request: the profile of genre %q is missing", genre)
		case res.Genre != genre:
			return nil, fmt.Errorf("analyzer request: the profile under genre %q is genre %q's", genre, res.Genre)
		}
		out.Profile[genre] = res
	}
	seen := map[string]bool{}
	for i, p := range req.Pieces {
		switch {
		case p.Path == "":
			return nil, fmt.Errorf("analyzer request: piece %d has no path", i+1)
		case seen[p.Path]:
			return nil, fmt.Errorf("analyzer request: piece %s is listed twice", p.Path)
		case !profile.IsSlug(p.Genre):
			return nil, fmt.Errorf("analyzer request: piece %s: genre %q is not a plain name", p.Path, p.Genre)
		case out.Profile[p.Genre] == nil:
			return nil, fmt.Errorf("analyzer request: piece %s is in genre %s, but the request has no profile for it", p.Path, p.Genre)
		}
		seen[p.Path] = true
		p.Drafts = append([]string{}, p.Drafts...)
		out.Pieces[i] = p
	}
	slices.SortFunc(out.Pieces, func(a, b Piece) int { return strings.Compare(a.Path, b.Path) })
	slices.SortStableFunc(out.Rejected, func(a, b feedback.Rejection) int {
		return cmp.Or(strings.Compare(a.Signature, b.Signature), strings.Compare(a.Layer, b.Layer), strings.Compare(a.Summary, b.Summary))
	})
	return out, nil
}
