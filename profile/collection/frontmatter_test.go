package collection

import "testing"

func TestParseFrontMatter(t *testing.T) {
	src := "---\ntitle: On walking\ndate: 2026-01-12\ngenre: Product Tech\nsummary: Why I walk.\ntags: [a, b]\nstance: walking beats buses\n---\nBody.\n"
	fm := ParseFrontMatter([]byte(src))
	if fm.Title != "On walking" || fm.Date != "2026-01-12" || fm.Genre != "Product Tech" ||
		fm.Summary != "Why I walk." || len(fm.Tags) != 2 || fm.Stance != "walking beats buses" {
		t.Errorf("got %+v", fm)
	}
	_, body, ok := SplitFrontMatter([]byte(src))
	if !ok || string(body) != "Body.\n" {
		t.Errorf("body %q ok %v", body, ok)
	}
}

func TestGenreOf(t *testing.T) {
	c := &Collection{Settings: DefaultSettings()}
	tests := map[string]string{
		"---\ngenre: Product Tech\n---\nx":       "product-tech",
		"---\r\ngenre: essay\r\n---\r\nx":        "essay",
		"\xef\xbb\xbf---\ngenre: review\n...\nx": "review",
		"no front matter":                        "default",
		"---\ngenre: [broken\n---\n":             "default",
		"---\ntitle: unclosed\n":                 "default",
		"---\ngenre: 42\n---\n":                  "42",
	}
	for src, want := range tests {
		if got := c.GenreOf([]byte(src)); got != want {
			t.Errorf("GenreOf(%q) = %q, want %q", src, got, want)
		}
	}
	c.Settings.Genre = "essay"
	if got := c.GenreOf([]byte("x")); got != "essay" {
		t.Errorf("settings genre not the default: %q", got)
	}
}

func TestByAgent(t *testing.T) {
	for msg, want := range map[string]bool{
		"Draft the essay\n\nCo-Authored-By: Claude <noreply@anthropic.com>\n":       true,
		"Draft\n\n🤖 Generated with [Claude Code](https://claude.com/claude-code)\n": true,
		"Draft\n\nGenerated with Claude Code\n":                                     true,
		"Fix typo\n":                                                                false,
		"Mention Claude Code in the essay\n":                                        false,
		"Co-Authored-By: Ada <ada@example.com>\n":                                   false,
		"co-authored-by: claude opus <NOREPLY@ANTHROPIC.COM>":                       true,
	} {
		if got := ByAgent(msg, DefaultAgentCommits); got != want {
			t.Errorf("ByAgent(%q) = %v", msg, got)
		}
	}
}
