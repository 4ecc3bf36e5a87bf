package hooks

import (
	"errors"
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"sw/hooks/review"
)

const zeroCommit = "0000000000000000000000000000000000000000"

// TestReadPushUpdates reads git's pre-push lines, skipping any of another
// shape, and all of the input either way.
func TestReadPushUpdates(t *testing.T) {
	a, b := strings.Repeat("a", 40), strings.Repeat("b", 40)
	for _, tc := range []struct {
		name, input string
		want        []review.PushUpdate
	}{
		{"two branches", "refs/heads/main " + a + " refs/heads/main " + b + "\nrefs/heads/sw/1/x " + a + " refs/heads/sw/1/x " + zeroCommit + "\n",
			[]review.PushUpdate{pushLine("refs/heads/main", a, "refs/heads/main", b), pushLine("refs/heads/sw/1/x", a, "refs/heads/sw/1/x", zeroCommit)}},
		{"a deletion, no final newline", "(delete) " + zeroCommit + " refs/heads/sw/1/x " + a,
			[]review.PushUpdate{pushLine("(delete)", zeroCommit, "refs/heads/sw/1/x", a)}},
		{"odd lines among them", "\nrefs/heads/main " + a + "\nHEAD " + a + " refs/heads/sw/1/x " + zeroCommit + "\r\na b c d e\n",
			[]review.PushUpdate{pushLine("HEAD", a, "refs/heads/sw/1/x", zeroCommit)}},
		{"a line too long to read", strings.Repeat("x", 2<<20) + "\n", nil},
		{"nothing", "", nil},
	} {
		r := strings.NewReader(tc.input)
		if got := readPushUpdates(r); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
		if rest, _ := io.ReadAll(r); len(rest) != 0 {
			t.Errorf("%s: %d bytes left unread", tc.name, len(rest))
		}
	}
	if got := readPushUpdates(nil); got != nil {
		t.Errorf("no stdin: got %v", got)
	}
}

func pushLine(localRef, localCommit, remoteRef, remoteCommit string) review.PushUpdate {
	return review.PushUpdate{LocalRef: localRef, LocalCommit: localCommit, RemoteRef: remoteRef, RemoteCommit: remoteCommit}
}

// TestPrePushStartsTheWatcherOnlyForSuggestionBranches: a push of a
// suggestion branch to a named remote starts the watcher, with the
// tracking branch and the commit to wait for; a push of other branches, to
// a URL, or by sw's own git commands starts nothing, and the hook never
// fails the push, even when the watcher cannot be started.
func TestPrePushStartsTheWatcherOnlyForSuggestionBranches(t *testing.T) {
	root, git := onePoem(t)
	remote := filepath.Join(t.TempDir(), "remote.git")
	git("init", "-q", "--bare", remote)
	git("remote", "add", "origin", remote)
	git("branch", "sw/1/x")
	tip := git("rev-parse", "sw/1/x")
	main := "refs/heads/main " + tip + " refs/heads/main " + zeroCommit + "\n"
	suggestion := "refs/heads/sw/1/x " + tip + " refs/heads/sw/1/x " + zeroCommit + "\n"
	hooksOff := func(name string) string {
		if name == "SW_HOOKS" {
			return "off"
		}
		return ""
	}
	for _, tc := range []struct {
		name, remote, stdin string
		getenv              func(string) string
		startFails          bool
		want                []string // the watcher's command line after sw hook, or nil
	}{
		{"a suggestion branch to origin", "origin", main + suggestion, nil, false,
			[]string{"watch-push", "refs/remotes/origin/sw/1/x", tip}},
		{"only the default branch", "origin", main, nil, false, nil},
		{"to a URL", remote, suggestion, nil, false, nil},
		{"in sw's own git commands", "origin", suggestion, hooksOff, false, nil},
		{"the watcher cannot start", "origin", suggestion, nil, true,
			[]string{"watch-push", "refs/remotes/origin/sw/1/x", tip}},
	} {
		var started []string
		start := func(dir, entry string, args ...string) error {
			if dir != root {
				t.Errorf("%s: started in %s, want %s", tc.name, dir, root)
			}
			started = append([]string{entry}, args...)
			if tc.startFails {
				return errors.New("no processes left")
			}
			return nil
		}
		getenv := tc.getenv
		if getenv == nil {
			getenv = func(string) string { return "" }
		}
		var stderr strings.Builder
		code := prePush(IO{Stdin: strings.NewReader(tc.stdin), Stdout: io.Discard, Stderr: &stderr,
			Getenv: getenv, Dir: root, Args: []string{tc.remote, remote}}, start)
		if code != 0 {
			t.Errorf("%s: exit status %d, which would stop the push", tc.name, code)
		}
		if !reflect.DeepEqual(started, tc.want) {
			t.Errorf("%s: started %q, want %q", tc.name, started, tc.want)
		}
		if wantErr := tc.startFails; (stderr.Len() != 0) != wantErr {
			t.Errorf("%s: stderr %q", tc.name, stderr.String())
		}
	}
}
