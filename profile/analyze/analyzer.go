package analyze

import (
	"context"
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
