package collection

import (
	"strings"
	"testing"

	"sw/profile"
	"sw/templates"
)

// .sw.yaml is the person's: whatever it holds, ParseSettings returns
// settings within their documented bounds or an error naming the file.
// The piece filters of settings it returns answer for any path.
func FuzzParseSettings(f *testing.F) {
	f.Add([]byte(templates.Text("init/sw.yaml")))
	f.Add([]byte("batch_size: 5\ngenre: essay\npieces:\n  include: [\"drafts/**/*.md\", \"*.txt\"]\n  exclude: [\"drafts/old/**\"]\nanalyzer:\n  command: [a, --b]\n  timeout: 30s\n"))
	f.Add([]byte("batch_size: 0\nfeedback_window: -1\nsuggestions_per_batch: 0\n"))
	f.Add([]byte("pieces:\n  include: [\"[\"]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseSettings(SettingsFile, data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), SettingsFile) {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if s.BatchSize < 1 || s.SuggestionsPerBatch < 1 || s.Analyzer.Timeout <= 0 || (s.Genre != "" && !profile.IsSlug(s.Genre)) {
			t.Fatalf("settings out of bounds: %+v", s)
		}
		for _, p := range []string{"pieces/a.md", "a.md", "drafts/old/x.md", ".hidden/b.txt", "profile/x.yaml"} {
			s.IsPiece(p)
			s.MayHoldPieces(p)
		}
	})
}
