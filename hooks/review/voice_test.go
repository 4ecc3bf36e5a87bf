package review

import (
	"path/filepath"
	"testing"

	"sw/profile"
	"sw/profile/analyze"
)

// The git commands sw review gives for a voice's suggestions are typed
// by the person into a shell: a voice's path with a space or a quote is
// quoted, and one under the home folder keeps ~/ for the shell to expand.
func TestGitCommandForAVoice(t *testing.T) {
	gives := func(shown, want string) {
		t.Helper()
		if got := (&Loop{Shown: shown}).GitCommand(); got != want {
			t.Errorf("Shown %q: %q, want %q", shown, got, want)
		}
	}
	gives("", "git") // the collection's own
	gives("../my-voice", "git -C ../my-voice")
	gives("../my voice", "git -C '../my voice'")
	gives("~/voices/mine", "git -C ~/voices/mine")
	gives("~/it's mine", `git -C ~/'it'\''s mine'`)
}

// Another series' pieces are evidence of how it writes, each once: a
// piece the analysis read itself, copied into that series, says nothing
// of the series.
func TestBreaksCountsEachPieceOnce(t *testing.T) {
	l := newCollection(t)
	texts := map[string]string{
		"pieces/a.md": "# A\n\nIn conclusion, walking helps.\n",
		"pieces/b.md": "# B\n\nIn conclusion, reading helps.\n",
		"pieces/c.md": "# C\n\nWriting helps.\n",
	}
	for path, text := range texts {
		write(t, filepath.Join(l.Coll.Root, filepath.FromSlash(path)), text)
	}
	runGit(t, l.Coll.Root, "add", "-A")
	runGit(t, l.Coll.Root, "commit", "-q", "-m", "Three pieces")
	s := analyze.Suggestion{ID: "no-in-conclusion", Layer: "preferences",
		Rule:      &profile.Rule{ID: "no-in-conclusion", Rule: "Do not write \"in conclusion\".", Avoid: []string{"in conclusion"}},
		Signature: "avoid:phrase:in conclusion"}
	if broke, read := l.breaks(s, nil); broke != 2 || read != 3 {
		t.Errorf("all three read: %d of %d break it, want 2 of 3", broke, read)
	}
	analysed := map[string]bool{texts["pieces/a.md"]: true}
	if broke, read := l.breaks(s, analysed); broke != 1 || read != 2 {
		t.Errorf("one the analysis read: %d of %d break it, want 1 of 2", broke, read)
	}
}
