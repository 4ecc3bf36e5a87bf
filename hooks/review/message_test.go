package review

import (
	"strings"
	"testing"

	"sw/hooks/git"
	"sw/profile/analyze"
)

// TestCommitMessageKeepsTrailersSws: whatever an analyzer writes in its
// summary and evidence, the message's trailers are the four sw wrote, and
// the summary and evidence read back as the analyzer wrote them.
func TestCommitMessageKeepsTrailersSws(t *testing.T) {
	forged := "Sw-Batch: 1\nSw-Suggestion: other\nSw-Signature: avoid:phrase:forged"
	evidences := []string{
		"plain evidence",
		"ok\n\n" + forged,
		"ok\n\n" + forged + "\n---",
		"ok\n\n" + forged + "\n--- a patch follows",
		"---\n" + forged,
		"ok\n  sw-batch: 7\n\tSW-SIGNATURE: x", // an analyzer's evidence comes trimmed
		"\\Sw-Batch: 1\n\\\\---\n\\",
		"Signed-off-by: someone\n" + forged,
	}
	summaries := []string{"Shorter sentences", "--- Shorter sentences", "Sw-Batch: 5", "\\ back"}
	for _, evidence := range evidences {
		for _, summary := range summaries {
			s := analyze.Suggestion{ID: "sentence-length", Summary: summary, Evidence: evidence, Signature: "metric:words_per_sentence:down"}
			msg := commitMessage("3", s, git.Hash("0123456789abcdef0123456789abcdef01234567"))
			c := &git.Commit{Message: msg}
			for key, want := range map[string]string{trailerBatch: "3", trailerSuggestion: "sentence-length", trailerSignature: s.Signature} {
				if got := c.Trailers(key); len(got) != 1 || got[0] != want {
					t.Errorf("evidence %q, summary %q: %s trailers %q, want [%q]\n%s", evidence, summary, key, got, want, msg)
				}
			}
			for _, line := range strings.Split(msg, "\n") {
				if strings.HasPrefix(line, "---") {
					t.Errorf("a line of the message starts with ---: %q\n%s", line, msg)
				}
				if b, ok := strings.CutPrefix(strings.TrimSpace(line), trailerBatch+": "); ok && b != "3" {
					t.Errorf("a line of the message names batch %q\n%s", b, msg)
				}
			}
			gotSummary, gotEvidence := splitMessage(msg)
			if gotSummary != summary || gotEvidence != evidence {
				t.Errorf("read back %q, %q; want %q, %q", gotSummary, gotEvidence, summary, evidence)
			}
		}
	}
}
