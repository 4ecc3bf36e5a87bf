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

// New picks the analyzer the settings ask for (.sw.yaml's analyzer.command
// and analyzer.timeout): the external command when one is given, run in dir
// (the collection root, so relative commands and paths in it work the way
// the person wrote them), else the embedded analyzer. It takes the two
// values rather than the settings type so this package does not depend on
// the collection package, which may one day want to depend on it.
func New(command []string, timeout time.Duration, dir string) Analyzer {
	if len(command) > 0 {
		return &External{Command: append([]string(nil), command...), Timeout: timeout, Dir: dir}
	}
	return Embedded{}
}

// Embedded is sw's own analyzer: deterministic, offline, no model. Issue 4
// writes it; until then it proposes nothing, which lets the review loop run
// end to end (count pieces, run the analyzer, write no branch) before it
// lands. It goes through the same request checks and answer validation as
// an external analyzer, so when it starts proposing, a bug in it shows up
// as a clear error rather than a bad branch.
type Embedded struct{}

// Analyze proposes nothing yet (see Embedded).
func (Embedded) Analyze(ctx context.Context, req *Request) (*Response, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if _, err := normalize(req); err != nil {
		return nil, err
	}
	resp := &Response{Suggestions: []Suggestion{}}
	if err := resp.Validate(); err != nil {
		return nil, fmt.Errorf("the embedded analyzer answered invalid output (a bug in sw; please report it): %w", err)
	}
	return resp, nil
}
