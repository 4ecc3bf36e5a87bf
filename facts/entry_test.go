package facts

import (
	"regexp"
	"strings"
	"testing"
)

func TestReadEntry(t *testing.T) {
	for _, tc := range []struct{ in, key, text, source, date string }{
		{"plain fact", "", "plain fact", "", ""},
		{"**project-name:** Lumen (person, 2026-01-12)", "project-name", "Lumen", "person", "2026-01-12"},
		{"**project-name**: Lumen", "project-name", "Lumen", "", ""},
		{"**a1:**", "a1", "", "", ""},
		{"**Important:** never lie", "", "**Important:** never lie", "", ""},
		{"**two words:** x", "", "**two words:** x", "", ""},
		{"**k:**x", "", "**k:**x", "", ""},
		{"Started the series (2024-03-01)", "", "Started the series", "", "2024-03-01"},
		{"On walking (pieces/a, b.md, 2026-01-02)", "", "On walking", "pieces/a, b.md", "2026-01-02"},
		{"Ada said so (Ada Lovelace, 2026-01-02)", "", "Ada said so", "Ada Lovelace", "2026-01-02"},
		{"not a date (person, 2026-13-02)", "", "not a date (person, 2026-13-02)", "", ""},
		{"no space before(person, 2026-01-02)", "", "no space before(person, 2026-01-02)", "", ""},
		{"an aside (see below) stays", "", "an aside (see below) stays", "", ""},
		{"(person, 2026-01-02)", "", "", "person", "2026-01-02"},
		{"two (a, 2026-01-01) (b, 2026-01-02)", "", "two (a, 2026-01-01)", "b", "2026-01-02"},
	} {
		key, text, source, date := readEntry(tc.in)
		if key != tc.key || text != tc.text || source != tc.source || date != tc.date {
			t.Errorf("readEntry(%q) = %q %q %q %q, want %q %q %q %q", tc.in, key, text, source, date, tc.key, tc.text, tc.source, tc.date)
		}
	}
}

func TestNewEntry(t *testing.T) {
	e, err := NewEntry("Stance  and ARGUMENTS", "rename", "  We are\n renaming  the project. ", "pieces/on walking.md", "2026-02-03")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := e.line(), "- **rename:** We are renaming the project. (pieces/on walking.md, 2026-02-03)"; got != want {
		t.Errorf("line = %q, want %q", got, want)
	}
	if e.Section != "Stance and arguments" {
		t.Errorf("section = %q", e.Section)
	}
	for _, tc := range []struct{ section, key, text, source, date, err string }{
		{"opinions", "", "x", "person", "2026-01-01", `no section "opinions" in memory.md; give one of positioning, pieces, stance, background, likes, requirements, observations (or its heading)`},
		{"stance", "Project Name", "x", "person", "2026-01-01", `the key "Project Name" is not a plain name`},
		{"stance", "a--b", "x", "person", "2026-01-01", `not a plain name`},
		{"stance", "", " ... ", "person", "2026-01-01", `give the fact's text`},
		{"stance", "", "x", " ", "2026-01-01", `give a source`},
		{"stance", "", "x", "me (Ada)", "2026-01-01", `holds a parenthesis`},
		{"stance", "", "x", "person", "2026-02-30", `the date "2026-02-30" is not a date`},
		{"stance", "", "x", "person", "yesterday", `not a date`},
		{"stance", "", "**name:** Lumen", "person", "2026-01-01", `starts with **name:**, which memory.md reads as a key; give it as --key name`},
		{"stance", "", "- - -", "person", "2026-01-01", `holds no letter or digit`},
		{"stance", "", "x (a, 2026-01-01)", "person", "2026-01-01", ""},
	} {
		_, err := NewEntry(tc.section, tc.key, tc.text, tc.source, tc.date)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("NewEntry(%q, %q, %q, %q, %q): %v", tc.section, tc.key, tc.text, tc.source, tc.date, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("NewEntry(%q, %q, %q, %q, %q) = %v, want an error with %q", tc.section, tc.key, tc.text, tc.source, tc.date, err, tc.err)
		}
	}
}

func TestSectionIndex(t *testing.T) {
	for i, alias := range Aliases {
		for _, name := range []string{alias, strings.ToUpper(alias), Sections[i], " " + strings.ToLower(Sections[i]) + " "} {
			if got, err := SectionIndex(name); got != i || err != nil {
				t.Errorf("SectionIndex(%q) = %d, %v; want %d", name, got, err, i)
			}
		}
	}
	if _, err := SectionIndex("stances"); err == nil {
		t.Error("SectionIndex(stances): no error")
	}
}

func TestNormalized(t *testing.T) {
	same := [][]string{
		{"Never use emoji.", "never use  emoji", "NEVER — use emoji!", "  never\tuse emoji  "},
		{"Don't say 'utilise'", "dont say utilise", "Don’t say “utilise”"},
	}
	for _, group := range same {
		for _, s := range group[1:] {
			if normalized(s) != normalized(group[0]) {
				t.Errorf("normalized(%q) = %q, want %q", s, normalized(s), normalized(group[0]))
			}
		}
	}
	for _, pair := range [][2]string{{"use emoji", "never use emoji"}, {"e-mail", "email"}, {"café", "cafe"}} {
		if normalized(pair[0]) == normalized(pair[1]) {
			t.Errorf("%q and %q normalise alike", pair[0], pair[1])
		}
	}
}

// TestReadEntryAgreesWithItsGrammar holds the hand-written reader to the
// grammar written as regular expressions: a key is `**name:**` or
// `**name**:` then spaces or nothing; the source and date are a trailing
// `(source, YYYY-MM-DD)` or `(YYYY-MM-DD)` after a space or alone.
func TestReadEntryAgreesWithItsGrammar(t *testing.T) {
	pathKey := "[^\\s*`](?:[^*`\\n]*[^\\s*`])?\\.md"
	keyLead := regexp.MustCompile(`^\*\*([a-z0-9]+(?:-[a-z0-9]+)*|` + pathKey + `)(?::\*\*|\*\*:)(?:[ \t]+|$)`)
	sourceDate := regexp.MustCompile(`(?:^|[ \t])\((?:([^()]*[^()\s]),[ \t]*)?([0-9]{4}-[0-9]{2}-[0-9]{2})\)$`)
	want := func(s string) (key, text, source, date string) {
		s = strings.TrimSpace(s)
		if m := keyLead.FindStringSubmatch(s); m != nil {
			key, s = m[1], s[len(m[0]):]
		}
		if m := sourceDate.FindStringSubmatchIndex(s); m != nil && validDate(s[m[4]:m[5]]) {
			date = s[m[4]:m[5]]
			if m[2] >= 0 {
				source = s[m[2]:m[3]]
			}
			s = s[:m[0]]
		}
		return key, strings.TrimSpace(s), source, date
	}
	parts := []string{"**", "*", ":", ":**", "**:", "a", "a-b", "-", "pieces/a.md", " ", "\t", "x y.md", "`", "(", ")", ",", ", ",
		"2026-01-02", "2026-13-01", "sw", "(sw, 2026-01-02)", "(2026-01-02)", "text", "é", "\n"}
	var cases []string
	for _, a := range parts {
		for _, b := range parts {
			for _, c := range parts {
				cases = append(cases, a+b+c, "**"+a+b+c, a+b+" ("+c+", 2026-01-02)", "**"+a+":** "+b+c)
			}
		}
	}
	for _, s := range cases {
		k, x, src, d := readEntry(s)
		wk, wx, wsrc, wd := want(s)
		if k != wk || x != wx || src != wsrc || d != wd {
			t.Errorf("readEntry(%q) = %q %q %q %q, the grammar says %q %q %q %q", s, k, x, src, d, wk, wx, wsrc, wd)
		}
	}
}
