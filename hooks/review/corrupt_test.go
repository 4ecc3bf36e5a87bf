package review

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCorruptFeedbackCopyIsWhole: the copy of a corrupt
// profile_feedback.json kept under .git/sw holds all of it, even where an
// earlier run left a partial copy (a crash, a full disk) under its name.
func TestCorruptFeedbackCopyIsWhole(t *testing.T) {
	l := newCollection(t)
	root := l.Coll.Root
	broken := "{\"version\": 1,\n  \"window\": 1,\n  \"batches\": [,]}\n"
	write(t, filepath.Join(root, "profile_feedback.json"), broken)
	runGit(t, root, "commit", "-q", "-a", "-m", "a hand edit")
	blob := runGit(t, root, "rev-parse", "HEAD:profile_feedback.json")
	copyPath := filepath.Join(l.Dir, "profile_feedback.corrupt-"+blob[:12]+".json")
	write(t, copyPath, broken[:10])
	_, _, err := l.feedbackOnDefault()
	if err == nil || !strings.Contains(err.Error(), "a copy is kept at "+copyPath) {
		t.Fatalf("got %v", err)
	}
	if got, err := os.ReadFile(copyPath); err != nil || string(got) != broken {
		t.Errorf("the copy holds %q (%v), want %q", got, err, broken)
	}
}
