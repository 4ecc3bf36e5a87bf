package collection

import "testing"

func TestMatchGlob(t *testing.T) {
	tests := []struct {
		pattern, name string
		want          bool
	}{
		{"**/*.md", "a.md", true},
		{"**/*.md", "pieces/2026/a.md", true},
		{"pieces/*.md", "pieces/a.md", true},
		{"pieces/*.md", "pieces/x/a.md", false},
		{"pieces/**", "pieces/x/a.md", true},
		{"pieces/**/draft-*.md", "pieces/draft-1.md", true},
		{"**/drafts/**", "a/drafts/b/c.md", true},
		{"*.md", "a/b.md", false},
		{"a.md", "a.md", true},
		{"**", "anything/at/all", true},
	}
	for _, tt := range tests {
		if got := matchGlob(tt.pattern, tt.name); got != tt.want {
			t.Errorf("matchGlob(%q, %q) = %v", tt.pattern, tt.name, got)
		}
	}
}

func TestIsPiece(t *testing.T) {
	s := DefaultSettings()
	s.Pieces.Exclude = []string{"drafts/**"}
	for name, want := range map[string]bool{
		"on-walking.md":          true,
		"pieces/2026/review.md":  true,
		"notes.txt":              false,
		"CLAUDE.md":              false,
		"AGENTS.md":              false,
		"README.md":              false,
		"memory.md":              false,
		"CLAUDE.local.md":        false,
		"profile/genres/x.md":    false,
		".claude/agents/w.md":    false,
		"drafts/idea.md":         false,
		"sub/README.md":          true, // only the collection's own README is sw's
		"pieces/memory.md.draft": false,
	} {
		if got := s.IsPiece(name); got != want {
			t.Errorf("IsPiece(%q) = %v, want %v", name, got, want)
		}
	}
	// sw's own files stay out even when the settings include everything.
	s.Pieces.Include = []string{"**"}
	if s.IsPiece("memory.md") || s.IsPiece("profile/preferences/x.md") {
		t.Error("sw's own files counted as pieces")
	}
}

// FuzzMatchGlob: never a panic, and a pattern always matches itself when it
// has no special characters.
func FuzzMatchGlob(f *testing.F) {
	f.Add("**/*.md", "a/b.md")
	f.Add("a/**/b/**/c", "a/x/b/y/c")
	f.Add("[", "x")
	f.Fuzz(func(t *testing.T, pattern, name string) {
		matchGlob(pattern, name)
		checkGlob(pattern)
		plain := true
		for _, r := range name {
			if r == '*' || r == '?' || r == '[' || r == '\\' {
				plain = false
			}
		}
		if plain && !matchGlob(name, name) {
			t.Fatalf("%q does not match itself", name)
		}
	})
}

func TestMayHoldPieces(t *testing.T) {
	s := DefaultSettings()
	s.Pieces.Exclude = []string{"drafts/**", "notes/*.md", "old/**/x.md", "**/attic/**"}
	for dir, want := range map[string]bool{
		"pieces": true, "pieces/2026": true, "notes": true, "old": true, "a/attic": false, "attic": false,
		"profile": false, "profile/genres": false, ".claude": false, ".git": false, ".sw": false,
		"drafts": false, "drafts/old": false,
	} {
		if got := s.MayHoldPieces(dir); got != want {
			t.Errorf("MayHoldPieces(%q) = %v, want %v", dir, got, want)
		}
	}
}
