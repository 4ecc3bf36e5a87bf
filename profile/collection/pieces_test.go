package collection

import (
	"path"
	"strings"
	"testing"
)

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
		if got, want := matchGlob(pattern, name), matchSplit(strings.Split(pattern, "/"), strings.Split(name, "/")); got != want {
			t.Fatalf("matchGlob(%q, %q) = %v, the segment lists say %v", pattern, name, got, want)
		}
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

// matchSplit is the plain reading of a glob, on segment lists: the oracle
// matchGlob, which walks the strings in place, is held to.
func matchSplit(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(name); i++ {
				if matchSplit(pat[1:], name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], name[0]); !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
}

// TestMatchGlobGivesUpEarly matches globs of many `**` that backtracking
// alone would take longer than any test's time limit on: each `**` tries
// every number of folders for each number the one before it tried.
func TestMatchGlobGivesUpEarly(t *testing.T) {
	pat := strings.Repeat("**/a/", 20) + "b"
	for _, c := range []struct {
		name string
		want bool
	}{
		{strings.Repeat("a/", 60) + "c", false},
		{strings.Repeat("a/", 60) + "b", true},
		{strings.Repeat("x/a/", 19) + "b", false},
	} {
		if got := matchGlob(pat, c.name); got != c.want {
			t.Errorf("matchGlob(%q, %q) = %v, want %v", pat, c.name, got, c.want)
		}
	}
}
