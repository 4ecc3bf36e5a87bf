package hooks

import (
	"testing"

	"sw/hooks/review"
)

// TestOutcomeLineAgrees holds the analysis's one-line report to a count
// that agrees with its noun: batch_size may be 1.
func TestOutcomeLineAgrees(t *testing.T) {
	one := &review.Outcome{Batch: "2", Pieces: []string{"a.md"}}
	if got, want := outcomeLine(one), "analysed 1 piece; nothing to suggest"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	one.Written = []*review.Suggestion{{}}
	if got, want := outcomeLine(one), "1 suggestion from 1 piece waits as a branch in batch 2: sw review"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	two := &review.Outcome{Batch: "2", Pieces: []string{"a.md", "b.md"}}
	if got, want := outcomeLine(two), "analysed 2 pieces; nothing to suggest"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
