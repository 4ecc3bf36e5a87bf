package collection

import (
	"strings"
	"testing"
)

// The fields are read alike from YAML front matter and from Hugo's TOML
// between "+++" lines.
func TestParseFrontMatter(t *testing.T) {
	for _, src := range []string{
		"---\ntitle: On walking\ndate: 2026-01-12\ngenre: Product Tech\nsummary: Why I walk.\ntags: [a, b]\nstance: walking beats buses\n---\nBody.\n",
		"+++\ntitle = 'On walking'\ndate = 2026-01-12\ngenre = \"Product Tech\"\nsummary = \"Why I walk.\"\ntags = [\"a\", \"b\"]\nstance = \"walking beats buses\"\n+++\nBody.\n",
	} {
		fm := ParseFrontMatter([]byte(src))
		if fm.Title != "On walking" || fm.Date != "2026-01-12" || fm.Genre != "Product Tech" ||
			fm.Summary != "Why I walk." || len(fm.Tags) != 2 || fm.Stance != "walking beats buses" {
			t.Errorf("%.3s: got %+v", src, fm)
		}
		if _, body, ok := SplitFrontMatter([]byte(src)); !ok || string(body) != "Body.\n" {
			t.Errorf("%.3s: body %q ok %v", src, body, ok)
		}
	}
	if fm := ParseFrontMatter([]byte("+++\ndate = 2026-01-12T09:30:00Z\n+++\n")); fm.Date != "2026-01-12" {
		t.Errorf("a TOML offset date-time: %q", fm.Date)
	}
}

func TestGenreOf(t *testing.T) {
	c := &Collection{Settings: DefaultSettings()}
	tests := map[string]string{
		"---\ngenre: Product Tech\n---\nx":                "product-tech",
		"---\ngenre: Op Ed\n---\nx":                       "op-ed",
		"---\ngenre: Ünïcode Genre\n---\nx":               "unicode-genre",
		"---\r\ngenre: essay\r\n---\r\nx":                 "essay",
		"\xef\xbb\xbf---\ngenre: review\n...\nx":          "review",
		"no front matter":                                 "default",
		"---\ntitle: a: b\n---\n":                         "default",
		"---\ntitle: x\n  genre: essay: no\n---\n":        "default",
		"---\n# genre: essay\ntitle: @x\n---\n":           "default",
		"---\nGenre: essay\ntitle: @x\n---\n":             "default",
		"---\ntitle: unclosed\n":                          "default",
		"---\ngenre: 42\n---\n":                           "42",
		"---\ngenre:\n---\n":                              "default",
		"---\ngenre: \"\"\n---\n":                         "default",
		"---\nx: &g Essay\ngenre: *g\n---\n":              "essay",
		"+++\ngenre = \"Op Ed\"\n+++\nx":                  "op-ed",
		"\xef\xbb\xbf+++\r\ngenre = 'review'\r\n+++\r\nx": "review",
		"+++\ntitle = \"x\"\n+++\nx":                      "default",
		"+++\ngenre = \"\"\n+++\nx":                       "default",
		"+++\ntitle = broken\n+++\nx":                     "default",
		"+++\ngenre = \"essay\"\n":                        "default",
		"---\ngenre = \"essay\"\n---\nx":                  "default",
	}
	for src, want := range tests {
		if got, err := c.GenreOf("a.md", []byte(src)); err != nil || got != want {
			t.Errorf("GenreOf(%q) = %q, %v; want %q", src, got, err, want)
		}
	}
	c.Settings.Genre = "essay"
	if got, err := c.GenreOf("a.md", []byte("x")); err != nil || got != "essay" {
		t.Errorf("settings genre not the default: %q, %v", got, err)
	}
}

// A genre sw cannot read is an error at its place in the piece, never a
// genre guessed from it.
func TestGenreOfRefuses(t *testing.T) {
	c := &Collection{Settings: DefaultSettings()}
	tests := map[string]string{
		"---\ntitle: T\ngenre: [a, b]\n---\nx": "pieces/a.md:3:8: `genre:` must be one name, e.g. `genre: essay`; a piece has one genre",
		"---\ngenre:\n  kind: essay\n---\nx":   "pieces/a.md:3:3: `genre:` must be one name",
		"\xef\xbb\xbf---\ngenre: Эссе\n---\nx": `pieces/a.md:2:8: genre "Эссе" has a letter sw cannot write with a to z ("Э")`,
		"---\r\ngenre: \"!!\"\r\n---\r\nx":     `pieces/a.md:2:8: genre "!!" has no letters or digits`,
		// Front matter YAML cannot read, with a genre in it: the genre the
		// writer chose is unknown, so the error is where the YAML breaks.
		"---\ntitle: Walking: a defence\ngenre: review\n---\nx": "pieces/a.md:2:15: front matter is not valid YAML (mapping values are not allowed in this context), " +
			"so sw cannot tell which genre the `genre:` on line 3 names; fix the YAML here (quote a value that holds \": \" or starts with @ or `, e.g. `title: \"Walking: a defence\"`)",
		"---\ngenre: [broken\n---\n":                              "pieces/a.md:2:9: front matter is not valid YAML (did not find expected ',' or ']'), so sw cannot tell which genre the `genre:` on line 2 names",
		"\xef\xbb\xbf---\r\ngenre: essay\r\ntitle: @x\r\n---\r\n": "pieces/a.md:3:8: front matter is not valid YAML (found character that cannot start any token), so sw cannot tell which genre the `genre:` on line 2 names",
		"---\ntitle: x\n\tsubtitle: y\n\"genre\" : essay\n---\n":  "pieces/a.md:3:1: front matter is not valid YAML (found a tab character that violates indentation), so sw cannot tell which genre the `genre:` on line 4 names",
		"---\ngenre:essay\ntitle: x\n---\n":                       "pieces/a.md:3:6: front matter is not valid YAML (mapping values are not allowed in this context), so sw cannot tell which genre the `genre:` on line 2 names",
		"+++\ntitle = \"T\"\ngenre = [\"a\", \"b\"]\n+++\nx":      "pieces/a.md:3:1: `genre` must be one name, e.g. `genre = \"essay\"`; a piece has one genre",
		"+++\ngenre = \"Эссе\"\n+++\nx":                           `pieces/a.md:2:1: genre "Эссе" has a letter sw cannot write with a to z ("Э")`,
		"+++\ntitle = Walking\ngenre = \"review\"\n+++\nx":        "pieces/a.md:2:9: front matter is not valid TOML (",
		"+++\ngenre = essay\n+++\nx":                              "pieces/a.md:2:",
	}
	for src, want := range tests {
		got, err := c.GenreOf("pieces/a.md", []byte(src))
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("GenreOf(%q) = %q, %v; want an error starting %q", src, got, err, want)
		}
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

// TestByAgentTrailer: the line sw's commit-msg hook adds in an agent's
// environment marks a draft with no patterns at all (agent_commits: []).
func TestByAgentTrailer(t *testing.T) {
	for msg, want := range map[string]bool{
		"Draft the essay\n\nSw-Agent: Claude Code\n":           true,
		"Draft\n\nsw-agent: Gemini CLI\n":                      true,
		"Draft\n\nSigned-off-by: Ada\n  Sw-Agent: Codex CLI\n": true,
		"Sw-Agents are mentioned here\n":                       false,
		"Draft\n\nThe Sw-Agent: line is what sw adds.\n":       false,
	} {
		if got := ByAgent(msg, nil); got != want {
			t.Errorf("ByAgent(%q, nil) = %v", msg, got)
		}
	}
}
