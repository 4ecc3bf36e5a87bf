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
