package facts

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"
)

// TestReadings holds what a judgment is read to ask: words to avoid or
// prefer only when it quotes them and says which way, a mark of
// punctuation ruled out only when nothing hedges it; everything else
// stays text.
func TestReadings(t *testing.T) {
	cases := []struct {
		entry           string
		avoid, prefer   []string
		without         string
		required, other bool // other: the entry must be read as a judgment
	}{
		{entry: `Sam hates the word "delve" — never use it.`, avoid: []string{"delve"}},
		{entry: `Never use "utilise" or "leverage".`, avoid: []string{"utilise", "leverage"}},
		{entry: `Prefers "while" to "whilst".`, prefer: []string{"while"}, avoid: []string{"whilst"}},
		{entry: `Use "that" not "which".`, prefer: []string{"that"}, avoid: []string{"which"}},
		{entry: `Loves the word "crisp".`, prefer: []string{"crisp"}},
		{entry: `Prefers plain words over jargon.`},
		{entry: `Prefers "use" instead of "utilise".`, prefer: []string{"use"}, avoid: []string{"utilise"}},
		{entry: `Prefers "start" rather than "commence".`, prefer: []string{"start"}, avoid: []string{"commence"}},
		{entry: `Prefers "while" to qqq.`}, // the masking's own placeholder, written out: left as text
		{entry: `No exclamation marks.`, without: PunctuationExclamations},
		{entry: `Avoid em dashes; Sam thinks they look like AI writing.`, without: PunctuationEmDashes},
		{entry: `Never use semicolons.`, without: PunctuationSemicolons},
		{entry: `Sam dislikes parentheses.`, without: PunctuationParentheses},
		{entry: `No more than one exclamation mark per piece.`},
		{entry: `Avoid too many em dashes.`},
		{entry: `Semicolons are fine in essays but not in the newsletter.`},
		{entry: `Likes the Oxford comma.`},
		{entry: `Uses British spelling because the journal requires it.`, required: true},
		{entry: `Prefers short paragraphs.`},
	}
	for _, c := range cases {
		j, ok := classify(c.entry)
		if !ok {
			t.Errorf("%q is not read as a judgment", c.entry)
			continue
		}
		r := read(c.entry, j)
		if r.Text != c.entry || !slices.Equal(r.Avoid, c.avoid) || !slices.Equal(r.Prefer, c.prefer) || r.Without != c.without || r.Required != c.required {
			t.Errorf("%q read as %+v\nwant avoid %q, prefer %q, without %q, required %v", c.entry, r, c.avoid, c.prefer, c.without, c.required)
		}
	}
}

// TestFixtureReadings: in the fixture auto memory, the judgments that
// quote a word or rule out a mark are read so, the text is the entry's
// own words without its list marker or front-matter key, and the rest
// stand as text.
func TestFixtureReadings(t *testing.T) {
	a, err := AuditAutoMemory(filepath.Join("testdata", "automemory"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"MEMORY.md:33":        `without "em dashes"`,
		"MEMORY.md:36":        "required",
		"MEMORY.md:38":        `avoid ["delve"]`,
		"MEMORY.md:41":        `without "exclamation marks"`,
		"MEMORY.md:42":        "required",
		"feedback_style.md:3": `text "Sam prefers a dry, understated voice in essays"`,
	}
	for _, f := range a.Findings {
		r := f.Reading
		at := fmt.Sprintf("%s:%d", f.File, f.Line)
		got := "text"
		switch {
		case r.Without != "":
			got = fmt.Sprintf("without %q", r.Without)
		case r.Avoid != nil || r.Prefer != nil:
			got = fmt.Sprintf("avoid %q", r.Avoid)
		case r.Required:
			got = "required"
		case at == "feedback_style.md:3":
			got = fmt.Sprintf("text %q", r.Text)
		}
		if w, ok := want[at]; !ok && got != "text" || ok && got != w {
			t.Errorf("%s (%s) read as %s, want %s", at, f.Text, got, map[bool]string{true: w, false: "text"}[ok])
		}
		if r.Text == "" || r.Text[0] == '-' {
			t.Errorf("%s: text %q", at, r.Text)
		}
	}
}

func TestPlainWords(t *testing.T) {
	for in, want := range map[string]string{
		"**How to apply:** vary sentence length.":            "How to apply: vary sentence length.",
		"[Prose preferences](feedback_style.md) — dry voice": "Prose preferences — dry voice",
		"See [[style notes]]; *never* gush":                  "See style notes; never gush",
		"Keep snake_case and 2 * 3 as they are, `code` too":  "Keep snake_case and 2 * 3 as they are, `code` too",
		"__Short__ sentences":                                "Short sentences",
	} {
		if got := plainWords(in); got != want {
			t.Errorf("plainWords(%q) = %q, want %q", in, got, want)
		}
	}
}
