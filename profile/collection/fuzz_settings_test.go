package collection

import (
	"slices"
	"strings"
	"testing"

	"sw/profile"
	"sw/templates"
)

// .sw.yaml is the person's: whatever it holds, ParseSettings returns
// settings within their documented bounds or an error naming the file.
// Settings it returns survive the hooks' cache unchanged, and their piece
// filters answer for any path.
func FuzzParseSettings(f *testing.F) {
	f.Add([]byte(templates.Text("init/sw.yaml")))
	f.Add([]byte("batch_size: 5\ngenre: essay\npieces:\n  include: [\"drafts/**/*.md\", \"*.txt\"]\n  exclude: [\"drafts/old/**\"]\nanalyzer:\n  command: [a, --b]\n  timeout: 30s\n"))
	f.Add([]byte("batch_size: 0\nfeedback_window: -1\n"))
	f.Add([]byte("pieces:\n  include: [\"[\"]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseSettings(SettingsFile, data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), SettingsFile) {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if s.BatchSize < 1 || s.FeedbackWindow < 1 || s.Analyzer.Timeout <= 0 || (s.Genre != "" && !profile.IsSlug(s.Genre)) {
			t.Fatalf("settings out of bounds: %+v", s)
		}
		back, ok := decodeSettings(encodeSettings(s))
		if !ok || !sameSettings(back, s) {
			t.Fatalf("settings %+v come back from the cache as %+v, %v", s, back, ok)
		}
		for _, p := range []string{"pieces/a.md", "a.md", "drafts/old/x.md", ".hidden/b.txt", "profile/x.yaml"} {
			s.IsPiece(p)
			s.MayHoldPieces(p)
		}
	})
}

// sameSettings compares field by field; an empty list and no list are the
// same setting.
func sameSettings(a, b Settings) bool {
	return a.BatchSize == b.BatchSize && a.Genre == b.Genre && a.FeedbackWindow == b.FeedbackWindow &&
		slices.Equal(a.Pieces.Include, b.Pieces.Include) && slices.Equal(a.Pieces.Exclude, b.Pieces.Exclude) &&
		slices.Equal(a.Analyzer.Command, b.Analyzer.Command) && a.Analyzer.Timeout == b.Analyzer.Timeout &&
		slices.Equal(a.AgentCommits, b.AgentCommits)
}
