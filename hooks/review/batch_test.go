package review

import (
	"strings"
	"testing"

	"sw/hooks/git"
)

// TestWriteBatch: suggestions from outside an analysis become branches as
// an analysis's do: a new batch after the last one, sw's trailers but no
// Sw-Analyzed (no piece was read), the rejected signature left out; a
// second write joins the pending batch and leaves unchanged branches as
// they are; the count of finished pieces is not touched.
func TestWriteBatch(t *testing.T) {
	l := newCollection(t)
	root := l.Coll.Root
	propose(t, l, suggestions(1))
	runGit(t, root, "branch", "-D", "sw/1/rule-00")
	if err := l.Reconcile(); err != nil {
		t.Fatal(err)
	}
	before, _ := l.loadState()

	out, err := l.WriteBatch(suggestions(3))
	if err != nil {
		t.Fatal(err)
	}
	if out.Batch != "2" || len(out.Written) != 2 || len(out.Suppressed) != 1 || out.Suppressed[0].Signature != "test:rule-00" {
		t.Fatalf("outcome: batch %q, written %d, suppressed %+v", out.Batch, len(out.Written), out.Suppressed)
	}
	if got := runGit(t, root, "branch", "--list", "sw/*", "--format=%(refname:short)"); got != "sw/2/rule-01\nsw/2/rule-02" {
		t.Errorf("branches:\n%s", got)
	}
	msg := runGit(t, root, "log", "-1", "--format=%B", "sw/2/rule-01")
	for _, want := range []string{"Sw-Batch: 2\n", "Sw-Suggestion: rule-01\n", "Sw-Signature: test:rule-01"} {
		if !strings.Contains(msg+"\n", want) {
			t.Errorf("the commit lacks %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "Sw-Analyzed") {
		t.Errorf("the commit says an analysis read pieces:\n%s", msg)
	}
	if c, err := l.Repo.Commit(git.Hash(runGit(t, root, "rev-parse", "sw/2/rule-02"))); err != nil || !IsSuggestionCommit(c) {
		t.Errorf("not a suggestion commit: %v", err)
	}

	again, err := l.WriteBatch(suggestions(4)[2:])
	if err != nil {
		t.Fatal(err)
	}
	if again.Batch != "2" || len(again.Written) != 1 || again.Written[0].Branch != "sw/2/rule-03" || len(again.Skipped) != 1 || again.Skipped[0].Kind != SkipUnchanged {
		t.Errorf("second write: batch %q, written %+v, skipped %+v", again.Batch, again.Written, again.Skipped)
	}
	after, _ := l.loadState()
	if after.Analyzed != before.Analyzed || after.Seq != before.Seq || len(after.Pending) != len(before.Pending) {
		t.Errorf("the count moved: analyzed %q → %q, seq %d → %d", before.Analyzed, after.Analyzed, before.Seq, after.Seq)
	}
}

// TestWriteBatchRefusesAnInvalidSuggestion: what the analyzer protocol
// refuses, WriteBatch refuses, writing nothing.
func TestWriteBatchRefusesAnInvalidSuggestion(t *testing.T) {
	l := newCollection(t)
	bad := suggestions(1)
	bad[0].Layer = "hard-limits"
	if _, err := l.WriteBatch(bad); err == nil || !strings.Contains(err.Error(), "hard limits") {
		t.Errorf("err = %v", err)
	}
	if got := runGit(t, l.Coll.Root, "branch", "--list", "sw/*"); got != "" {
		t.Errorf("branches written: %s", got)
	}
}
