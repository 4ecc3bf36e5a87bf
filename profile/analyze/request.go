package analyze

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"

	"sw/profile"
	"sw/profile/feedback"
)

// EncodeRequest writes req the way an analyzer reads it on stdin: one JSON
// document and a newline. The same batch always gives the same bytes,
// whatever order sw gathered it in (pieces sorted by path, rejections by
// signature, genres by name), so an analyzer that caches or a person who
// diffs two runs sees only real changes. Lists are never null.
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
	sort.Slice(out.Pieces, func(i, j int) bool { return out.Pieces[i].Path < out.Pieces[j].Path })
	sort.SliceStable(out.Rejected, func(i, j int) bool {
		a, b := out.Rejected[i], out.Rejected[j]
		if a.Signature != b.Signature {
			return a.Signature < b.Signature
		}
		if a.Layer != b.Layer {
			return a.Layer < b.Layer
		}
		return a.Summary < b.Summary
	})
	return out, nil
}
