package analyze

import (
	"context"
	"fmt"
	"time"
)

// Analyzer turns a batch of finished pieces into suggestions. An
// implementation returns only answers that pass Validate: the review loop
// writes branches from them without checking again.
type Analyzer interface {
	Analyze(ctx context.Context, req *Request) (*Response, error)
}

// New picks the analyzer .sw.yaml's analyzer.command and analyzer.timeout
// ask for: the external command, run in dir (the collection root, so
// relative paths in it work as written), else the embedded analyzer. It
// takes the two values rather than the settings type so this package does
// not depend on the collection package, which may one day depend on it.
func New(command []string, timeout time.Duration, dir string) Analyzer {
	if len(command) > 0 {
		return &External{Command: append([]string(nil), command...), Timeout: timeout, Dir: dir}
	}
	return Embedded{}
}

// Embedded is sw's own analyzer: deterministic (the same request gives
// the same answer, byte for byte), offline, no model; the package
// documentation lists its signals and thresholds. It goes through the same
// request checks and answer validation as an external analyzer, so a bug
// in it shows up as a clear error rather than a bad branch.
type Embedded struct{}

func (Embedded) Analyze(ctx context.Context, req *Request) (*Response, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	norm, err := normalize(req)
	if err != nil {
		return nil, err
	}
	r := newRun(norm)
	for _, step := range []func(){r.metricSignals, r.shapeSignals, r.vocabSignals, r.editSignals, r.phraseRuleRemovals, r.usageSignals} {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		step()
	}
	resp := &Response{Suggestions: r.suggestions()}
	if err := resp.Validate(); err != nil {
		return nil, fmt.Errorf("the embedded analyzer answered invalid output (a bug in sw; please report it): %w", err)
	}
	return resp, nil
}

// newRun parses the batch (already in canonical order), indexes it by
// genre, and measures each piece without its boilerplate.
func newRun(req *Request) *run {
	r := &run{req: req, pieces: parsePieces(req.Pieces), byGenre: map[string][]*piece{}, bySig: map[string]*candidate{},
		templates: templateLines{text: map[string]string{}, kept: map[string]map[string]bool{}}}
	for _, p := range r.pieces {
		r.byGenre[p.Genre] = append(r.byGenre[p.Genre], p)
	}
	r.genres = sortedKeys(r.byGenre)
	r.learnBoilerplate()
	return r
}

// scope is the pieces of one genre, or of the whole batch for "".
func (r *run) scope(genre string) []*piece {
	if genre == "" {
		return r.pieces
	}
	return r.byGenre[genre]
}
