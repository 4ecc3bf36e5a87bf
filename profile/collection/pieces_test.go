package collection

import (
	"strings"
	"testing"

	"github.com/bmatcuk/doublestar/v4"
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
		{"{drafts,notes}/**", "notes/a.md", true},
		{"{drafts,notes}/**", "pieces/a.md", false},
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

// FuzzMatchGlob holds what sw relies on of a glob, whatever a cloned
// collection's .sw.yaml holds: matching one checkGlob lets through gives
// doublestar.Match's answer wherever Match answers, a plain name matches
// itself, and a folder MayHoldPieces says to skip holds no piece, so the
// walk that skips it misses none. (Match itself may call a valid pattern
// bad: a negated class that fails on a rune before a { or [ inside it,
// 0[!j{] against 0j, has the rest checked from inside the class. sw
// checks a pattern once, as it reads it, and matches unchecked.)
func FuzzMatchGlob(f *testing.F) {
	f.Add("**/*.md", "a/b.md")
	f.Add("a/**/b/**/c", "a/x/b/y/c")
	f.Add("[", "x")
	f.Add("{drafts,notes/old}/**", "notes/old/a.md")
	f.Fuzz(func(t *testing.T, pattern, name string) {
		if strings.IndexAny(name, `*?[\{`) < 0 && !matchGlob(name, name) {
			t.Fatalf("%q does not match itself", name)
		}
		if checkGlob(pattern) != nil {
			return
		}
		if want, err := doublestar.Match(pattern, name); err == nil && matchGlob(pattern, name) != want {
			t.Fatalf("%q against %q: %v, but doublestar.Match says %v", pattern, name, !want, want)
		}
		s := DefaultSettings()
		s.Pieces.Exclude = []string{pattern}
		file := strings.TrimSuffix(name, ".md") + ".md"
		for i := range len(file) {
			if file[i] == '/' && !s.MayHoldPieces(file[:i]) && s.IsPiece(file) {
				t.Fatalf("exclude %q: %s is a piece, but the walk skips %s", pattern, file, file[:i])
			}
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
