package review

import (
	"errors"
	"testing"

	"sw/hooks/trust"
)

// TestUntrustedSays: each reason an analyzer does not run reads as what
// the person should do about it; what changed is named, a few at most.
func TestUntrustedSays(t *testing.T) {
	const commit = "0123456789abcdef0123456789abcdef01234567"
	trusted := &trust.Analyzer{Snapshot: &trust.Snapshot{Commit: commit}}
	const tail = ", so sw does not run it; read what it runs, and if you trust it: sw trust"
	const what = "the analyzer command in .sw.yaml (`sh a.sh`)"
	for _, c := range []struct {
		name string
		v    trust.Verdict
		err  error
		want string
	}{
		{"never trusted", trust.Verdict{}, nil, what + " is not trusted in this repository" + tail},
		{"another command", trust.Verdict{Other: true}, nil, what + " is not the one trusted in this repository (the command has changed since)" + tail},
		{"an earlier sw", trust.Verdict{Nearest: &trust.Analyzer{}}, nil,
			what + " was trusted by an earlier sw, which took in only the files the command names, not all it could run" + tail},
		{"a commit gone", trust.Verdict{Nearest: trusted, Gone: true}, nil,
			what + " was trusted as of commit 0123456789ab, which this repository no longer holds, so sw cannot tell what changed since" + tail},
		{"one file", trust.Verdict{Nearest: trusted, Changed: []string{"tools/lib.sh"}}, nil,
			what + " is trusted in this repository, but what it could run has changed since: tools/lib.sh (git diff 0123456789ab shows how)" + tail},
		{"many files", trust.Verdict{Nearest: trusted, Changed: []string{"Makefile", "a", "b", "c", "d"}}, nil,
			what + " is trusted in this repository, but what it could run has changed since: Makefile, a, b and 2 more files (git diff 0123456789ab shows how)" + tail},
		{"before the first commit", trust.Verdict{Nearest: &trust.Analyzer{Snapshot: &trust.Snapshot{}}, Changed: []string{"a.sh"}}, nil,
			what + " is trusted in this repository, but what it could run has changed since: a.sh" + tail},
		{"no list", trust.Verdict{}, errors.New("bad list"), what + " does not run: sw cannot tell whether you trust it: bad list"},
	} {
		e := &UntrustedError{Command: "sh a.sh", Verdict: c.v, Err: c.err}
		if got := e.Error(); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}
