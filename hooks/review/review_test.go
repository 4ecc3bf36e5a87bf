package review

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"sw/hooks/git"
	"sw/profile/analyze"
)

func TestParseBranch(t *testing.T) {
	tests := []struct {
		ref, batch, id string
		ok             bool
	}{
		{"refs/heads/sw/3/sentence-length", "3", "sentence-length", true},
		{"refs/remotes/origin/sw/3/sentence-length", "3", "sentence-length", true},
		{"refs/remotes/team/mirror/sw/12/x", "12", "x", true}, // a remote whose name holds a slash
		{"refs/heads/feature/sw/3/x", "", "", false},          // a local branch must sit right under sw/
		{"refs/heads/sw/3", "", "", false},
		{"refs/heads/sw/3/a/b", "", "", false},
		{"refs/heads/sw//x", "", "", false},
		{"refs/tags/sw/3/x", "", "", false},
		{"sw/3/x", "", "", false},
	}
	for _, tt := range tests {
		batch, id, ok := parseBranch(tt.ref)
		if batch != tt.batch || id != tt.id || ok != tt.ok {
			t.Errorf("parseBranch(%q) = %q, %q, %v; want %q, %q, %v", tt.ref, batch, id, ok, tt.batch, tt.id, tt.ok)
		}
	}
}

func TestSplitMessage(t *testing.T) {
	tests := []struct{ msg, subject, evidence string }{
		{"Shorter sentences\n\npieces/a.md: 12\n\nSw-Batch: 1\nSw-Suggestion: x\n", "Shorter sentences", "pieces/a.md: 12"},
		{"Shorter sentences\n\none\n\ntwo\n\nSw-Batch: 1\n", "Shorter sentences", "one\n\ntwo"},
		{"Shorter sentences\n\nSw-Batch: 1\n", "Shorter sentences", ""},
		{"Shorter sentences\n", "Shorter sentences", ""},
	}
	for _, tt := range tests {
		subject, evidence := splitMessage(tt.msg)
		if subject != tt.subject || evidence != tt.evidence {
			t.Errorf("splitMessage(%q) = %q, %q; want %q, %q", tt.msg, subject, evidence, tt.subject, tt.evidence)
		}
	}
}

func TestLayerOf(t *testing.T) {
	for path, want := range map[string]string{
		"profile/preferences/x.yaml":       "preferences",
		"profile/genres/essay/x.yaml":      "genres/essay",
		"profile/hard-limits/x.yaml":       "hard-limits",
		"profile/genres/essay/deep/x.yaml": "",
		"x.yaml":                           "",
	} {
		if got := layerOf(path); got != want {
			t.Errorf("layerOf(%q) = %q, want %q", path, got, want)
		}
	}
}

// TestSequenceEnding pins how the post-commit hook tells the last commit of
// a cherry-pick or revert from the others, from the files git leaves while
// the hook runs (as git 2.39 writes them).
func TestDropped(t *testing.T) {
	out := &Outcome{
		Suppressed: []Suppressed{{Signature: "a"}, {Signature: "b"}},
		Skipped:    []Skipped{{Kind: SkipInProfile}, {Kind: SkipLeftAlone}, {Kind: SkipRemote}},
	}
	want := "2 rejected before, 1 already in the profile, 1 on a branch you have changed, 1 kept as pushed"
	if got := out.Dropped(); got != want {
		t.Errorf("Dropped() = %q, want %q", got, want)
	}
	if got := (&Outcome{}).Dropped(); got != "" {
		t.Errorf("nothing dropped: %q", got)
	}
}

// TestPruneNeedsEvidence pins when a missing remote-tracking branch means
// the branch was deleted on the remote: only if sw saw it there, or the
// local branch follows it; and not when the whole remote went away.
func TestPruneNeedsEvidence(t *testing.T) {
	l := newCollection(t)
	root := l.Coll.Root
	runGit(t, root, "branch", "sw/1/x")
	remote := filepath.Join(t.TempDir(), "remote.git")
	runGit(t, root, "init", "-q", "--bare", remote)
	runGit(t, root, "remote", "add", "origin", remote)
	runGit(t, root, "push", "-q", "origin", "main")
	refs := map[string]string{"refs/heads/sw/1/x": "x"} // the remote-tracking branch is not there

	s := &Suggestion{Branch: "sw/1/x"}
	if l.prunedFromRemote(s, refs, true) {
		t.Error("never seen on a remote, yet pruned")
	}
	s.Remotes = []string{"refs/remotes/origin/sw/1/x"}
	if !l.prunedFromRemote(s, refs, true) {
		t.Error("seen on origin, gone from it, origin still there: not pruned")
	}
	s.Remotes, s.Upstream = nil, "refs/remotes/origin/sw/1/x"
	if !l.prunedFromRemote(s, refs, true) {
		t.Error("following origin's branch, which is gone: not pruned")
	}
	if l.prunedFromRemote(s, refs, false) {
		t.Error("the upstream of a local branch that is gone counts")
	}
	runGit(t, root, "remote", "remove", "origin")
	s.Remotes, s.Upstream = []string{"refs/remotes/origin/sw/1/x"}, ""
	if l.prunedFromRemote(s, refs, true) {
		t.Error("the remote was removed, and that counted as a rejection")
	}
}

// TestRecordCommitsOnlyTheFeedbackFile pins the commit sw makes for a
// rejection on the checked-out default branch: that one file, with the
// person's staged and unstaged work left where it was.
func TestRecordCommitsOnlyTheFeedbackFile(t *testing.T) {
	l := newCollection(t)
	root := l.Coll.Root
	propose(t, l, suggestions(1))
	write(t, filepath.Join(root, "pieces", "staged.md"), "staged\n")
	write(t, filepath.Join(root, "notes.md"), "first\n")
	runGit(t, root, "add", "pieces/staged.md", "notes.md")
	runGit(t, root, "commit", "-q", "-m", "notes")
	write(t, filepath.Join(root, "notes.md"), "changed, not staged\n")
	write(t, filepath.Join(root, "pieces", "new.md"), "staged\n")
	runGit(t, root, "add", "pieces/new.md")
	runGit(t, root, "branch", "-D", "sw/1/rule-00")
	if err := l.Reconcile(); err != nil {
		t.Fatal(err)
	}
	if got := runGit(t, root, "show", "--name-only", "--format=%s", "HEAD"); got != "sw: remember rejected suggestion rule-00\n\nprofile_feedback.json" {
		t.Errorf("the commit:\n%s", got)
	}
	if got := runGit(t, root, "status", "--porcelain"); got != "M notes.md\nA  pieces/new.md" {
		t.Errorf("status afterwards:\n%s", got)
	}
	data, err := os.ReadFile(filepath.Join(root, "profile_feedback.json"))
	if err != nil || !strings.Contains(string(data), `"signature": "test:rule-00"`) {
		t.Errorf("profile_feedback.json: %v\n%s", err, data)
	}
	st, _ := l.loadState()
	if s := st.find("sw/1/rule-00"); s == nil || s.Decision != decisionRejected || !s.Recorded {
		t.Errorf("the ledger: %+v", s)
	}
}

// TestRecordWhenMainHasNoFeedbackFile: the person removed
// profile_feedback.json from the default branch. The next rejection brings
// it back, in sw's own commit.
func TestRecordWhenMainHasNoFeedbackFile(t *testing.T) {
	l := newCollection(t)
	root := l.Coll.Root
	propose(t, l, suggestions(1))
	runGit(t, root, "rm", "-q", "profile_feedback.json")
	runGit(t, root, "commit", "-q", "-m", "no feedback file")
	runGit(t, root, "branch", "-D", "sw/1/rule-00")
	if err := l.Reconcile(); err != nil {
		t.Fatal(err)
	}
	if got := runGit(t, root, "show", "--name-status", "--format=%s", "HEAD"); got != "sw: remember rejected suggestion rule-00\n\nA\tprofile_feedback.json" {
		t.Errorf("the commit:\n%s", got)
	}
	if got := runGit(t, root, "status", "--porcelain"); got != "" {
		t.Errorf("status afterwards:\n%s", got)
	}
	st, _ := l.loadState()
	if s := st.find("sw/1/rule-00"); s == nil || !s.Recorded {
		t.Errorf("the ledger: %+v", s)
	}
}

// TestRecordCommitFailsLeavesTheFileAsItWas: git cannot commit (another
// git command holds the index). The feedback file is put back as it was,
// mode included, or, where there was none, none is left.
func TestRecordCommitFailsLeavesTheFileAsItWas(t *testing.T) {
	for _, tracked := range []bool{true, false} {
		l := newCollection(t)
		root := l.Coll.Root
		path := filepath.Join(root, "profile_feedback.json")
		propose(t, l, suggestions(1))
		if tracked {
			os.Chmod(path, 0o600)
		} else {
			runGit(t, root, "rm", "-q", "profile_feedback.json")
			runGit(t, root, "commit", "-q", "-m", "no feedback file")
		}
		before, _ := os.ReadFile(path)
		statusBefore := runGit(t, root, "status", "--porcelain")
		runGit(t, root, "branch", "-D", "sw/1/rule-00")
		write(t, filepath.Join(root, ".git", "index.lock"), "")
		l.Reconcile()
		os.Remove(filepath.Join(root, ".git", "index.lock"))
		after, err := os.ReadFile(path)
		switch {
		case tracked && (err != nil || string(after) != string(before)):
			t.Errorf("the file was not put back: %v\nbefore %q\nafter  %q", err, before, after)
		case tracked:
			if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
				t.Errorf("mode %v, want 0600", fi.Mode().Perm())
			}
		case err == nil:
			t.Errorf("a feedback file was left where there was none: %q", after)
		}
		if got := runGit(t, root, "status", "--porcelain"); got != statusBefore {
			t.Errorf("tracked=%v: status %q, was %q", tracked, got, statusBefore)
		}
	}
}

// TestPrunedBranchWithCommitsOfYoursIsKept: a suggestion deleted on the
// remote is rejected, but its local branch is removed only if nothing on it
// would be lost.
func TestPrunedBranchWithCommitsOfYoursIsKept(t *testing.T) {
	l := newCollection(t)
	root := l.Coll.Root
	propose(t, l, suggestions(2))
	remote := filepath.Join(t.TempDir(), "remote.git")
	runGit(t, root, "init", "-q", "--bare", remote)
	runGit(t, root, "remote", "add", "origin", remote)
	runGit(t, root, "push", "-q", "-u", "origin", "main", "sw/1/rule-00", "sw/1/rule-01")
	runGit(t, root, "switch", "-q", "sw/1/rule-01")
	write(t, filepath.Join(root, "profile", "preferences", "rule-01.yaml"), "id: rule-01\nrule: My own words.\n")
	runGit(t, root, "commit", "-q", "-a", "-m", "My own words")
	runGit(t, root, "switch", "-q", "main")
	runGit(t, root, "push", "-q", "origin", "--delete", "sw/1/rule-00", "sw/1/rule-01")
	if err := l.Reconcile(); err != nil {
		t.Fatal(err)
	}
	st, _ := l.loadState()
	for _, id := range []string{"sw/1/rule-00", "sw/1/rule-01"} {
		if s := st.find(id); s == nil || s.Decision != decisionRejected {
			t.Errorf("%s: %+v", id, s)
		}
	}
	if got := runGit(t, root, "branch", "--list", "sw/*"); got != "sw/1/rule-01" {
		t.Errorf("branches left: %q, want only the one with a commit of the person's", got)
	}
}

// TestOwnGitCommandsKeepHooksAside: git commands sw runs while it holds its
// lock (here, deleting a packed branch and committing the feedback file)
// run hooks with SW_HOOKS=off, so sw's own hooks do not wait for that lock.
func TestOwnGitCommandsKeepHooksAside(t *testing.T) {
	l := newCollection(t)
	root := l.Coll.Root
	propose(t, l, suggestions(1))
	remote := filepath.Join(t.TempDir(), "remote.git")
	runGit(t, root, "init", "-q", "--bare", remote)
	runGit(t, root, "remote", "add", "origin", remote)
	runGit(t, root, "push", "-q", "-u", "origin", "main", "sw/1/rule-00")
	runGit(t, root, "pack-refs", "--all")
	if err := l.Reconcile(); err != nil {
		t.Fatal(err)
	}
	runGit(t, root, "push", "-q", "origin", "--delete", "sw/1/rule-00")
	hookLog := filepath.Join(t.TempDir(), "hooks.log")
	write(t, filepath.Join(root, ".git", "hooks", "reference-transaction"),
		"#!/bin/sh\n[ \"$1\" = committed ] && echo \"SW_HOOKS=$SW_HOOKS\" >>"+hookLog+"\nexit 0\n")
	if err := os.Chmod(filepath.Join(root, ".git", "hooks", "reference-transaction"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SW_HOOKS", "")
	if err := l.Reconcile(); err != nil {
		t.Fatal(err)
	}
	if got := runGit(t, root, "branch", "--list", "sw/*"); got != "" {
		t.Errorf("the stale packed branch is still there: %q", got)
	}
	data, err := os.ReadFile(hookLog)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if line != "SW_HOOKS=off" {
			t.Errorf("a hook ran with %q", line)
		}
	}
	if os.Getenv("SW_HOOKS") != "" {
		t.Errorf("SW_HOOKS left set to %q after the lock", os.Getenv("SW_HOOKS"))
	}
}

// TestDecisionsBetweenReconciles: while suggestions wait, each reconcile
// only looks at what the default branch gained since the last one. A
// fast-forward, merges, a squash and a branch the person changed, all made
// with the hooks off and buried under later commits, are still found, and
// the suggestion left alone stays pending.
func TestDecisionsBetweenReconciles(t *testing.T) {
	l := newCollection(t)
	root := l.Coll.Root
	propose(t, l, suggestions(5))
	reconcile := func() *State {
		t.Helper()
		if err := l.Reconcile(); err != nil {
			t.Fatal(err)
		}
		st, _ := l.loadState()
		return st
	}
	piece := func(text string) {
		write(t, filepath.Join(root, "pieces", "a.md"), text)
		runGit(t, root, "add", "-A")
		runGit(t, root, "commit", "-q", "-m", "Write")
	}
	reconcile()
	runGit(t, root, "merge", "-q", "--ff-only", "sw/1/rule-01")
	piece("two")
	runGit(t, root, "merge", "-q", "--no-ff", "-m", "Take rule 0", "sw/1/rule-00")
	piece("three")
	runGit(t, root, "merge", "-q", "--squash", "sw/1/rule-02")
	runGit(t, root, "commit", "-q", "-m", "Squash rule 2")
	runGit(t, root, "switch", "-q", "sw/1/rule-03")
	write(t, filepath.Join(root, "profile", "preferences", "rule-03.yaml"), "id: rule-03\nrule: My own words.\n")
	runGit(t, root, "commit", "-q", "-a", "-m", "My own words")
	runGit(t, root, "switch", "-q", "main")
	piece("five")
	runGit(t, root, "merge", "-q", "--no-ff", "-m", "Take rule 3, my way", "sw/1/rule-03")
	piece("six")

	st := reconcile()
	for id, want := range map[string]string{
		"sw/1/rule-00": decisionAccepted,
		"sw/1/rule-01": decisionAccepted,
		"sw/1/rule-02": decisionAccepted,
		"sw/1/rule-03": decisionAccepted,
		"sw/1/rule-04": "",
	} {
		if s := st.find(id); s == nil || s.Decision != want {
			t.Errorf("%s: %+v, want decision %q", id, s, want)
		}
	}
}

// TestBranchInTheWayFailsTheAnalysis: the person's branch "sw" leaves git
// no room for sw/<batch>/<id>. That is said, naming the branch, and the
// analysis fails (so its pieces count again next time) rather than passing
// for a branch that moved meanwhile.
func TestBranchInTheWayFailsTheAnalysis(t *testing.T) {
	l := newCollection(t)
	runGit(t, l.Coll.Root, "branch", "sw")
	head, err := l.headCommit()
	if err != nil {
		t.Fatal(err)
	}
	_, err = l.Apply(&Proposal{Request: &analyze.Request{}, Suggestions: suggestions(1), head: head, seq: -1})
	if err == nil || !strings.Contains(err.Error(), "'refs/heads/sw' exists") || errors.Is(err, git.ErrRefChanged) {
		t.Errorf("err = %v, want one naming refs/heads/sw, not a branch that moved", err)
	}
}

// TestBackgroundAnalysisReadsTheCommitCounted: the person switches branch
// right after the commit that makes an analysis due, before the process
// started for it runs. The analysis still reads the three pieces of that
// commit, not what HEAD holds by then.
func TestBackgroundAnalysisReadsTheCommitCounted(t *testing.T) {
	l := newCollection(t)
	root := l.Coll.Root
	commitPiece := func(name string) {
		write(t, filepath.Join(root, "pieces", name), "I walk to think. The road is long and the mind is quiet.\n")
		runGit(t, root, "add", "pieces")
		runGit(t, root, "commit", "-q", "-m", name)
		hook, err := Open(root)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := hook.Committed(); err != nil {
			t.Fatal(err)
		}
	}
	commitPiece("a.md")
	commitPiece("b.md")
	runGit(t, root, "switch", "-q", "-c", "draft")
	commitPiece("c.md")
	counted := runGit(t, root, "rev-parse", "HEAD")
	runGit(t, root, "switch", "-q", "main")

	background, err := Open(root)
	if err != nil {
		t.Fatal(err)
	}
	out, err := background.RunAnalysis()
	if err != nil || out == nil {
		t.Fatalf("no analysis: %v", err)
	}
	if got := strings.Join(out.Pieces, " "); got != "pieces/a.md pieces/b.md pieces/c.md" {
		t.Errorf("analysed %s", got)
	}
	if st, _ := background.loadState(); st.Analyzed != counted {
		t.Errorf("analysis point %s, want the commit counted, %s", st.Analyzed, counted)
	}
}

// TestSameRuleInTwoLayersGetsTwoBranches: one rule id proposed for two
// genres and as a preference makes three branches, the later ones named
// with their layer, and a second analysis refreshes each in place.
func TestSameRuleInTwoLayersGetsTwoBranches(t *testing.T) {
	l := newCollection(t)
	var s []analyze.Suggestion
	for _, layer := range []string{"genres/essay", "genres/op-ed", "preferences"} {
		one := suggestions(1)[0]
		one.Layer, one.Signature = layer, "test:rule-00:"+layer
		s = append(s, one)
	}
	for round := range 2 {
		out := propose(t, l, s)
		if len(out.Written)+len(out.Skipped) != 3 {
			t.Fatalf("round %d: %+v", round, out)
		}
		for _, sk := range out.Skipped {
			if sk.Kind != SkipUnchanged {
				t.Errorf("round %d: skipped %s: %s", round, sk.ID, sk.Reason)
			}
		}
		want := "sw/1/rule-00\nsw/1/rule-00-op-ed\nsw/1/rule-00-preferences"
		if got := runGit(t, l.Coll.Root, "branch", "--list", "--format=%(refname:short)", "sw/*"); got != want {
			t.Errorf("round %d: branches\n%s\nwant\n%s", round, got, want)
		}
	}
	if _, err := l.Accept("rule-00"); err == nil || !strings.Contains(err.Error(), "sw/1/rule-00-op-ed") {
		t.Errorf("accepting an id three suggestions share: %v", err)
	}
}

// TestDashboardCountsOnePiece holds the dashboard's progress line to a
// count that agrees with its noun when batch_size is 1.
func TestDashboardCountsOnePiece(t *testing.T) {
	var b strings.Builder
	d := &Dashboard{BatchSize: 1}
	if err := d.WriteText(&b, time.Time{}, false); err != nil {
		t.Fatal(err)
	}
	if want := "No suggestions pending. 0 of 1 piece finished towards the next analysis.\n"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

// TestDashboardSaysAnalysisRuns: while an analysis holds its lock, the
// dashboard says one runs rather than showing a full count and nothing
// pending, as if the loop were stuck.
func TestDashboardSaysAnalysisRuns(t *testing.T) {
	l := newCollection(t)
	release, ok, err := l.analysisLock()
	if err != nil || !ok {
		t.Fatalf("taking the analysis lock: %v %v", ok, err)
	}
	defer release()
	d, err := l.Review()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := d.WriteText(&b, time.Time{}, false); err != nil {
		t.Fatal(err)
	}
	if want := "No suggestions pending. An analysis is running now: its suggestions show here when it ends.\n"; !d.Analyzing || b.String() != want {
		t.Errorf("analyzing %v, got %q, want %q", d.Analyzing, b.String(), want)
	}
}

// TestRenamedSuggestionStaysPending: a suggestion branch renamed with
// git branch -m is not a rejection, nor is it once the person adds a
// commit of their own to it. Merging the renamed branch accepts it;
// deleting it too rejects it.
func TestRenamedSuggestionStaysPending(t *testing.T) {
	for _, tc := range []struct {
		merge, ownCommit bool
	}{{true, false}, {false, false}, {true, true}, {false, true}} {
		merge := tc.merge
		l := newCollection(t)
		root := l.Coll.Root
		propose(t, l, suggestions(1))
		runGit(t, root, "branch", "-m", "sw/1/rule-00", "mine")
		if tc.ownCommit {
			runGit(t, root, "checkout", "-q", "mine")
			write(t, filepath.Join(root, "profile", "preferences", "rule-00.yaml"), "id: rule-00\nrule: My own words for it.\n")
			runGit(t, root, "commit", "-q", "-am", "My words")
			runGit(t, root, "checkout", "-q", "-")
		}
		if err := l.Reconcile(); err != nil {
			t.Fatal(err)
		}
		if st, _ := l.loadState(); !st.find("sw/1/rule-00").Pending() {
			t.Fatalf("renamed (own commit: %v): %+v", tc.ownCommit, st.find("sw/1/rule-00"))
		}
		want := decisionRejected
		if merge {
			runGit(t, root, "merge", "-q", "--no-ff", "-m", "Take mine", "mine")
			want = decisionAccepted
		} else {
			runGit(t, root, "branch", "-D", "mine")
			runGit(t, root, "commit", "-q", "--allow-empty", "-m", "Later")
		}
		if err := l.Reconcile(); err != nil {
			t.Fatal(err)
		}
		if st, _ := l.loadState(); st.find("sw/1/rule-00").Decision != want {
			t.Errorf("merge=%v, own commit=%v: %+v, want %s", merge, tc.ownCommit, st.find("sw/1/rule-00"), want)
		}
	}
}

// TestSquashMergeEditedIsAnAccept: the person squash-merges a suggestion,
// changes the rule before committing, and deletes the branch. That is an
// accept with their changes, not a rejection to remember.
func TestSquashMergeEditedIsAnAccept(t *testing.T) {
	l := newCollection(t)
	root := l.Coll.Root
	propose(t, l, suggestions(2))
	runGit(t, root, "merge", "-q", "--squash", "sw/1/rule-00")
	write(t, filepath.Join(root, "profile", "preferences", "rule-00.yaml"), "id: rule-00\nrule: My own words for it.\n")
	runGit(t, root, "add", "-A")
	runGit(t, root, "commit", "-q", "-m", "Take rule-00, my way")
	runGit(t, root, "branch", "-D", "sw/1/rule-00", "sw/1/rule-01")
	if err := l.Reconcile(); err != nil {
		t.Fatal(err)
	}
	st, _ := l.loadState()
	if s := st.find("sw/1/rule-00"); s.Decision != decisionAccepted || !strings.Contains(s.How, "taken with your changes") {
		t.Errorf("the edited squash: %s (%s)", s.Decision, s.How)
	}
	if s := st.find("sw/1/rule-01"); s.Decision != decisionRejected {
		t.Errorf("the one deleted: %s (%s)", s.Decision, s.How)
	}
}

// TestEveryRejectionIsRemembered: a version 1 profile_feedback.json said
// to remember one batch; every rejection it holds is told to the next
// analysis, however many batches ago it was made.
func TestEveryRejectionIsRemembered(t *testing.T) {
	l := newCollection(t)
	root := l.Coll.Root
	write(t, filepath.Join(root, "profile_feedback.json"), `{"version": 1, "window": 1, "batches": [
  {"batch": "1", "rejected": [{"id": "a", "signature": "old:a", "summary": "A", "layer": "preferences", "rejected_at": "2026-01-01T00:00:00Z"}]},
  {"batch": "2", "rejected": [{"id": "b", "signature": "new:b", "summary": "B", "layer": "preferences", "rejected_at": "2026-02-01T00:00:00Z"}]}
]}
`)
	runGit(t, root, "commit", "-q", "-am", "Two batches of rejections")
	got, err := l.remembered(&State{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Signature != "old:a" || got[1].Signature != "new:b" {
		t.Errorf("remembered %+v, want old:a and new:b", got)
	}
}

// TestRecordsFoldOnlyWhileNothingHoldsThem: sw's record at the default
// branch's tip takes in the next rejection, unless a worktree has it
// checked out detached or something was built on it (here suggestions
// written on top of it); then the next rejection is a commit of its own.
func TestRecordsFoldOnlyWhileNothingHoldsThem(t *testing.T) {
	l := newCollection(t)
	root := l.Coll.Root
	all := suggestions(5)
	propose(t, l, all[:3])
	reject := func(branch, want string) {
		t.Helper()
		runGit(t, root, "branch", "-D", branch)
		if err := l.Reconcile(); err != nil {
			t.Fatal(err)
		}
		if got := runGit(t, root, "log", "--format=%s", "main"); got != want+"\nStart the series" {
			t.Errorf("after rejecting %s:\n%s\nwant\n%s", branch, got, want)
		}
		if got := runGit(t, root, "status", "--porcelain"); got != "" {
			t.Errorf("status afterwards:\n%s", got)
		}
	}
	reject("sw/1/rule-00", "sw: remember rejected suggestion rule-00")
	reject("sw/1/rule-01", "sw: remember rejected suggestions rule-00, rule-01")

	look := filepath.Join(t.TempDir(), "look")
	runGit(t, root, "worktree", "add", "-q", "--detach", look, "main")
	reject("sw/1/rule-02", "sw: remember rejected suggestion rule-02\nsw: remember rejected suggestions rule-00, rule-01")
	runGit(t, root, "worktree", "remove", look)

	propose(t, l, all[3:]) // both stand on the record of rule-02
	reject("sw/2/rule-03", "sw: remember rejected suggestion rule-03\nsw: remember rejected suggestion rule-02\nsw: remember rejected suggestions rule-00, rule-01")
	reject("sw/2/rule-04", "sw: remember rejected suggestions rule-03, rule-04\nsw: remember rejected suggestion rule-02\nsw: remember rejected suggestions rule-00, rule-01")
}

// recordedRejection makes a collection with one suggestion, rejected and
// recorded; tracked says whether the default branch had
// profile_feedback.json before the record.
func recordedRejection(t *testing.T, tracked bool) (*Loop, string) {
	t.Helper()
	l := newCollection(t)
	root := l.Coll.Root
	propose(t, l, suggestions(1))
	if !tracked {
		runGit(t, root, "rm", "-q", "profile_feedback.json")
		runGit(t, root, "commit", "-q", "-m", "no feedback file")
	}
	runGit(t, root, "branch", "-D", "sw/1/rule-00")
	if err := l.Reconcile(); err != nil {
		t.Fatal(err)
	}
	return l, root
}

// TestRecordFinishesAWriteAKillInterrupted: sw wrote profile_feedback.json
// and was killed before its commit. The file holds exactly what sw is
// about to commit: the next run commits it, rather than take it for the
// person's edit and wait for them.
func TestRecordFinishesAWriteAKillInterrupted(t *testing.T) {
	for _, tracked := range []bool{true, false} {
		l, root := recordedRejection(t, tracked)
		// Back to the moment before the commit: the file written, the
		// commit not made, the rejection not recorded.
		runGit(t, root, "reset", "-q", "HEAD~1")
		if !tracked {
			runGit(t, root, "add", "--intent-to-add", "profile_feedback.json")
		}
		// The state is as it was before the rejection, too: the next run
		// decides it again, an hour later.
		if _, err := l.update(func(st *State) error {
			s := st.find("sw/1/rule-00")
			s.Decision, s.DecidedAt, s.Recorded, s.How = "", time.Time{}, false, ""
			st.Refs = nil
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		l.Now = func() time.Time { return time.Now().Add(time.Hour) }
		if err := l.Reconcile(); err != nil {
			t.Fatal(err)
		}
		st, _ := l.loadState()
		if s := st.find("sw/1/rule-00"); s == nil || !s.Recorded || st.RecordError != "" {
			t.Errorf("tracked=%v: not recorded: %+v %q", tracked, s, st.RecordError)
		}
		if got := runGit(t, root, "log", "-1", "--format=%s"); got != "sw: remember rejected suggestion rule-00" {
			t.Errorf("tracked=%v: the last commit is %q", tracked, got)
		}
		if got := runGit(t, root, "status", "--porcelain"); got != "" {
			t.Errorf("tracked=%v: status afterwards:\n%s", tracked, got)
		}
	}
}

// TestFinishRecordPutsTheIndexRight: a rejection record killed after git
// committed profile_feedback.json and before it updated the index leaves
// the file staged as it was before, for the person's next commit to take
// the record back out. The next run sets the index entry to the commit's.
func TestFinishRecordPutsTheIndexRight(t *testing.T) {
	for _, tracked := range []bool{true, false} {
		l, root := recordedRejection(t, tracked)
		// The index as git left it, killed between the commit and the
		// index: the file as it was before the record.
		if tracked {
			old := runGit(t, root, "rev-parse", "HEAD~1:profile_feedback.json")
			runGit(t, root, "update-index", "--cacheinfo", "100644,"+old+",profile_feedback.json")
		} else {
			runGit(t, root, "rm", "-q", "--cached", "profile_feedback.json")
		}
		if fixed, err := l.FinishRecord(); err != nil || !fixed {
			t.Fatalf("tracked=%v: FinishRecord = %v, %v", tracked, fixed, err)
		}
		if got := runGit(t, root, "status", "--porcelain"); got != "" {
			t.Errorf("tracked=%v: status afterwards:\n%s", tracked, got)
		}
		if fixed, err := l.FinishRecord(); err != nil || fixed {
			t.Errorf("tracked=%v: a second FinishRecord = %v, %v", tracked, fixed, err)
		}
	}
}

// acceptUnderWay is a collection with one suggestion and an sw accept of
// it under way: its intent written and held (held), not yet merged.
func acceptUnderWay(t *testing.T) (l *Loop, s *Suggestion, held *os.File, done func()) {
	l = newCollection(t)
	s = propose(t, l, suggestions(1)).Written[0]
	_, head, err := l.Repo.Head()
	if err != nil {
		t.Fatal(err)
	}
	held, done, err = l.beginAccept(acceptIntent{ID: s.ID, Branch: s.Branch, Tip: s.Tip, Head: head.String(), Local: true})
	if err != nil {
		t.Fatal(err)
	}
	return l, s, held, done
}

// TestFinishAcceptPutsBackAFileGitHalfWrote: git writes a merge's files
// before its index, so an accept stopped there leaves the suggestion's
// rule file untracked and cut short (empty, here), which makes the profile
// unreadable and which git reset --merge leaves be. The next run removes
// it; a file of the person's beside it stays.
func TestFinishAcceptPutsBackAFileGitHalfWrote(t *testing.T) {
	l, s, held, done := acceptUnderWay(t)
	root := l.Coll.Root
	defer done()
	write(t, filepath.Join(root, s.Path), "")
	write(t, filepath.Join(root, "notes.txt"), "the person's")
	held.Close()
	if _, err := l.Coll.Resolve(""); err == nil {
		t.Fatal("the empty rule file did not break the profile: the test shows nothing")
	}
	note, tidied, err := l.FinishAccept(true)
	if err != nil || !tidied || !strings.Contains(note, "sw undid the merge") {
		t.Fatalf("FinishAccept = %q, %v, %v", note, tidied, err)
	}
	if got := runGit(t, root, "status", "--porcelain"); got != "?? notes.txt" {
		t.Errorf("status afterwards:\n%s", got)
	}
	if _, err := l.Coll.Resolve(""); err != nil {
		t.Errorf("the profile afterwards: %v", err)
	}
}

// TestFinishAcceptLeavesALiveAcceptAlone: an accept whose sw still holds
// its intent is under way, not interrupted: another run of sw (a session
// starting, sw review in another terminal) must not undo its merge.
func TestFinishAcceptLeavesALiveAcceptAlone(t *testing.T) {
	l, s, held, done := acceptUnderWay(t)
	defer done()
	root := l.Coll.Root
	runGit(t, root, "checkout", s.Tip, "--", s.Path) // git's start on the merge
	if note, tidied, err := l.FinishAccept(true); note != "" || tidied || err != nil {
		t.Fatalf("FinishAccept under a live accept = %q, %v, %v", note, tidied, err)
	}
	if got := runGit(t, root, "status", "--porcelain"); got != "A  "+s.Path {
		t.Errorf("status under a live accept:\n%s", got)
	}
	held.Close()
	if note, tidied, err := l.FinishAccept(true); !tidied || err != nil {
		t.Errorf("once the accept is gone, FinishAccept = %q, %v, %v", note, tidied, err)
	}
}

// TestFinishAcceptKeepsWhatThePersonStaged: undoing an interrupted merge
// would drop what else is staged, so sw says what it found and leaves
// both for the person.
func TestFinishAcceptKeepsWhatThePersonStaged(t *testing.T) {
	l, s, held, done := acceptUnderWay(t)
	defer done()
	root := l.Coll.Root
	runGit(t, root, "checkout", s.Tip, "--", s.Path)
	write(t, filepath.Join(root, "notes.md"), "mine\n")
	runGit(t, root, "add", "notes.md")
	held.Close()
	note, tidied, err := l.FinishAccept(true)
	if err != nil || tidied || !strings.Contains(note, "changes of yours are staged with it (notes.md)") {
		t.Fatalf("FinishAccept = %q, %v, %v", note, tidied, err)
	}
	if got := runGit(t, root, "status", "--porcelain"); got != "A  notes.md\nA  "+s.Path {
		t.Errorf("status afterwards:\n%s", got)
	}
}

// TestFinishAcceptLeavesTheDraftOfAPersonsOwn: a file at the suggestion's
// path that is no start of the suggestion's version is not git's half
// write but the person's: undoing the interrupted accept keeps it.
func TestFinishAcceptLeavesTheDraftOfAPersonsOwn(t *testing.T) {
	l, s, held, done := acceptUnderWay(t)
	defer done()
	root := l.Coll.Root
	write(t, filepath.Join(root, s.Path), "my own draft\n")
	held.Close()
	if _, _, err := l.FinishAccept(true); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(filepath.Join(root, s.Path)); err != nil || string(got) != "my own draft\n" {
		t.Errorf("the person's draft afterwards: %q, %v", got, err)
	}
}

// TestFinishAcceptUndoesAMergeGitHadBegun: an accept stopped as git began
// its merge, before git noted it (no MERGE_HEAD), leaves the suggestion's
// rule file staged, for the person's next commit to take in. The next run
// undoes it, and a second run finds nothing to do.
func TestFinishAcceptUndoesAMergeGitHadBegun(t *testing.T) {
	l, s, held, done := acceptUnderWay(t)
	root := l.Coll.Root
	runGit(t, root, "checkout", s.Tip, "--", s.Path) // git's start on the merge
	held.Close()                                     // the accept is gone
	note, tidied, err := l.FinishAccept(true)
	if err != nil || !tidied || !strings.Contains(note, "sw undid the merge") {
		t.Fatalf("FinishAccept = %q, %v, %v", note, tidied, err)
	}
	if got := runGit(t, root, "status", "--porcelain"); got != "" {
		t.Errorf("status afterwards:\n%s", got)
	}
	if note, tidied, err := l.FinishAccept(true); note != "" || tidied || err != nil {
		t.Errorf("a second FinishAccept = %q, %v, %v", note, tidied, err)
	}
	done()
}

// sw review prints a short diff whole, and of a long one (a usage
// measure's hundreds of lines) only its changed lines, at most
// DiffLinesShown, counting the rest.
func TestShownDiff(t *testing.T) {
	short := "  id: x\n- rule: a\n+ rule: b\n"
	if lines, more := shownDiff(short); len(lines) != 3 || more != 0 {
		t.Errorf("short diff: %q, %d more", lines, more)
	}
	long := "  id: usage\n" + strings.Repeat("  same: [1, 1]\n", 30) + "- the: [60, 7]\n+ the: [61, 7]\n"
	lines, more := shownDiff(long)
	if want := []string{"- the: [60, 7]", "+ the: [61, 7]"}; !slices.Equal(lines, want) || more != 31 {
		t.Errorf("long diff with two changes: %q, %d more; want %q, 31 more", lines, more, want)
	}
	var moved strings.Builder
	for i := range 30 {
		fmt.Fprintf(&moved, "- r%d: [%d, 1]\n", i, i)
	}
	for i := range 30 {
		fmt.Fprintf(&moved, "+ r%d: [%d, 2]\n", i, i)
	}
	lines, more = shownDiff(moved.String())
	if len(lines) != DiffLinesShown || lines[0] != "- r0: [0, 1]" || lines[1] != "+ r0: [0, 2]" || lines[3] != "+ r1: [1, 2]" || more != 40 {
		t.Errorf("every rate moved: %q, %d more; want each old line beside its new one", lines, more)
	}
	added := strings.Repeat("+ x: [1, 1]\n", 50)
	if lines, more := shownDiff(added); len(lines) != DiffLinesShown || more != 50-DiffLinesShown {
		t.Errorf("long new file: %d lines, %d more", len(lines), more)
	}
}
