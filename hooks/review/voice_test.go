package review

import "testing"

// The git commands sw review gives for a voice's suggestions are typed
// by the person into a shell: a voice's path with a space or a quote is
// quoted, and one under the home folder keeps ~/ for the shell to expand.
func TestGitCommandForAVoice(t *testing.T) {
	for shown, want := range map[string]string{
		"":              "git",
		"../my-voice":   "git -C ../my-voice",
		"../my voice":   "git -C '../my voice'",
		"~/voices/mine": "git -C ~/voices/mine",
		"~/it's mine":   `git -C ~/'it'\''s mine'`,
	} {
		if got := (&Loop{Shown: shown}).GitCommand(); got != want {
			t.Errorf("Shown %q: %q, want %q", shown, got, want)
		}
	}
}
