package review

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

const zeroCommit = "0000000000000000000000000000000000000000"

// pushRepo is a collection with two pending suggestions and a bare remote,
// origin, that has main (pushed with -u) and nothing else.
func pushRepo(t *testing.T) (l *Loop, remote string) {
	t.Helper()
	l = newCollection(t)
	propose(t, l, suggestions(2))
	remote = filepath.Join(t.TempDir(), "remote.git")
	runGit(t, l.Coll.Root, "init", "-q", "--bare", remote)
	runGit(t, l.Coll.Root, "remote", "add", "origin", remote)
	runGit(t, l.Coll.Root, "push", "-q", "-u", "origin", "main")
	return l, remote
}

// update is the line git gives pre-push for `git push <remote> <branch>`.
func update(t *testing.T, l *Loop, branch string) PushUpdate {
	t.Helper()
	return PushUpdate{"refs/heads/" + branch, runGit(t, l.Coll.Root, "rev-parse", branch), "refs/heads/" + branch, zeroCommit}
}

func remotesOf(t *testing.T, l *Loop, branch string) []string {
	t.Helper()
	st, _ := l.loadState()
	s := st.find(branch)
	if s == nil {
		t.Fatalf("%s is not in the ledger", branch)
	}
	return s.Remotes
}

// TestPushesToWatch: only a pending suggestion branch, pushed under its
// own name to a named remote whose fetch refspecs give it a
// remote-tracking branch, is watched for.
func TestPushesToWatch(t *testing.T) {
	l, remote := pushRepo(t)
	root := l.Coll.Root
	runGit(t, root, "branch", "-D", "sw/1/rule-01")
	if err := l.Reconcile(); err != nil { // rule-01 is rejected
		t.Fatal(err)
	}
	runGit(t, root, "branch", "sw/1/rule-01", runGit(t, root, "rev-parse", "sw/1/rule-00"))
	runGit(t, root, "config", "remote.plain.url", remote) // a remote with no fetch refspec
	tip := runGit(t, root, "rev-parse", "sw/1/rule-00")
	suggestion := update(t, l, "sw/1/rule-00")
	for _, tc := range []struct {
		name, remote string
		update       PushUpdate
		want         string // the tracking ref watched for, or ""
	}{
		{"a suggestion branch", "origin", suggestion, "refs/remotes/origin/sw/1/rule-00"},
		{"pushed from HEAD", "origin", PushUpdate{"HEAD", tip, "refs/heads/sw/1/rule-00", zeroCommit}, "refs/remotes/origin/sw/1/rule-00"},
		{"the default branch", "origin", update(t, l, "main"), ""},
		{"to a URL", remote, suggestion, ""},
		{"to a remote without fetch refspecs", "plain", suggestion, ""},
		{"under another name", "origin", PushUpdate{"refs/heads/sw/1/rule-00", tip, "refs/heads/review/rule-00", zeroCommit}, ""},
		{"deleted there", "origin", PushUpdate{"(delete)", zeroCommit, "refs/heads/sw/1/rule-00", tip}, ""},
		{"a decided suggestion", "origin", update(t, l, "sw/1/rule-01"), ""},
		{"no commit", "origin", PushUpdate{"refs/heads/sw/1/rule-00", "HEAD~", "refs/heads/sw/1/rule-00", zeroCommit}, ""},
	} {
		got := l.PushesToWatch(tc.remote, []PushUpdate{tc.update})
		switch {
		case tc.want == "" && len(got) != 0:
			t.Errorf("%s: watched for %v", tc.name, got)
		case tc.want != "" && (len(got) != 1 || got[0].Tracking != tc.want || got[0].Commit.String() != tip):
			t.Errorf("%s: watched for %v, want %s at %s", tc.name, got, tc.want, tip)
		}
	}
}

// TestPlainPushIsNotedSoItsPruneDecides is the whole path: a suggestion
// branch pushed without -u, its watcher run (twice, as by two pushes of
// the same commit), then the branch deleted on the remote and pruned by a
// fetch with no other sw run between. The next reconcile rejects the
// suggestion and removes the stale local branch.
func TestPlainPushIsNotedSoItsPruneDecides(t *testing.T) {
	l, remote := pushRepo(t)
	root := l.Coll.Root
	pushed := l.PushesToWatch("origin", []PushUpdate{update(t, l, "sw/1/rule-00")})
	runGit(t, root, "push", "-q", "origin", "sw/1/rule-00")
	for range 2 {
		if err := l.watchPushes(pushed, time.Millisecond, time.Minute); err != nil {
			t.Fatal(err)
		}
	}
	if got := remotesOf(t, l, "sw/1/rule-00"); !slices.Equal(got, []string{"refs/remotes/origin/sw/1/rule-00"}) {
		t.Fatalf("the ledger has the branch on %q", got)
	}
	log, _ := os.ReadFile(filepath.Join(l.Dir, "log"))
	if n := strings.Count(string(log), "push seen: origin/sw/1/rule-00\n"); n != 2 {
		t.Errorf("the log says the push was seen %d times, want 2:\n%s", n, log)
	}

	runGit(t, remote, "branch", "-D", "sw/1/rule-00")
	runGit(t, root, "fetch", "-q", "--prune")
	if err := l.Reconcile(); err != nil {
		t.Fatal(err)
	}
	st, _ := l.loadState()
	if s := st.find("sw/1/rule-00"); s.Decision != decisionRejected {
		t.Errorf("after the prune: %s (%s), want rejected", s.Decision, s.How)
	}
	if got := runGit(t, root, "branch", "--list", "sw/*"); got != "sw/1/rule-01" {
		t.Errorf("branches left: %q, want only the one never pushed", got)
	}
}

// TestWatcherGivesUpOnAPushThatFailed: a tracking branch that is never
// set (the push failed) is given up on with a line in the log, and
// nothing is noted or left behind.
func TestWatcherGivesUpOnAPushThatFailed(t *testing.T) {
	l, _ := pushRepo(t)
	pushed := l.PushesToWatch("origin", []PushUpdate{update(t, l, "sw/1/rule-00")})
	if err := l.watchPushes(pushed, time.Millisecond, 0); err != nil {
		t.Fatal(err)
	}
	if got := remotesOf(t, l, "sw/1/rule-00"); len(got) != 0 {
		t.Errorf("noted on %q, never pushed", got)
	}
	log, _ := os.ReadFile(filepath.Join(l.Dir, "log"))
	if !strings.Contains(string(log), "push not seen: origin/sw/1/rule-00 was not set within 0s of the push (it failed, or was refused)\n") {
		t.Errorf("the log does not say the push was given up on:\n%s", log)
	}
	if l.pushesQueued() {
		t.Error("the push is still queued")
	}
	if _, err := os.Stat(filepath.Join(l.Dir, pushWatchLock)); !os.IsNotExist(err) {
		t.Errorf("the watcher's lock is left behind (%v)", err)
	}
}

// TestOneWatcherAtATime: while a watcher holds the lock, another queues
// its push and ends at once, and the one holding the lock takes it in.
func TestOneWatcherAtATime(t *testing.T) {
	l, _ := pushRepo(t)
	pushed := l.PushesToWatch("origin", []PushUpdate{update(t, l, "sw/1/rule-00")})
	runGit(t, l.Coll.Root, "push", "-q", "origin", "sw/1/rule-00")
	release, ok, err := l.fileLock(pushWatchLock)
	if err != nil || !ok {
		t.Fatalf("taking the lock: %v %v", ok, err)
	}
	if err := l.watchPushes(pushed, time.Millisecond, time.Minute); err != nil {
		t.Fatal(err)
	}
	if !l.pushesQueued() || len(remotesOf(t, l, "sw/1/rule-00")) != 0 {
		t.Fatal("the second watcher did not leave its push queued to the first")
	}
	release()
	if err := l.watchPushes(nil, time.Millisecond, time.Minute); err != nil {
		t.Fatal(err)
	}
	if l.pushesQueued() || len(remotesOf(t, l, "sw/1/rule-00")) != 1 {
		t.Error("the watcher holding the lock did not take in the queued push")
	}
}

// TestWaitingWatcherHoldsNoStateLock: while a watcher waits for a push,
// hooks and commands take the state lock as ever; the push made
// meanwhile is then seen.
func TestWaitingWatcherHoldsNoStateLock(t *testing.T) {
	l, _ := pushRepo(t)
	root := l.Coll.Root
	watcher, err := Open(root)
	if err != nil {
		t.Fatal(err)
	}
	pushed := l.PushesToWatch("origin", []PushUpdate{update(t, l, "sw/1/rule-00")})
	done := make(chan error)
	go func() { done <- watcher.watchPushes(pushed, time.Millisecond, time.Minute) }()
	for l.pushesQueued() || !exists(filepath.Join(l.Dir, pushWatchLock)) {
		select { // until the watcher has taken the push in
		case err := <-done:
			t.Fatalf("the watcher ended before the push was made: %v", err)
		case <-time.After(time.Millisecond):
		}
	}
	unlock, err := l.lock()
	if err != nil {
		t.Fatalf("the state lock, while a watcher waits: %v", err)
	}
	unlock()
	runGit(t, root, "push", "-q", "origin", "sw/1/rule-00")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got := remotesOf(t, l, "sw/1/rule-00"); len(got) != 1 {
		t.Errorf("the push made while the watcher waited is noted on %q", got)
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
