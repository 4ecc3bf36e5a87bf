package facts

import (
	"slices"
	"strings"
	"testing"
)

func TestStarterHasTheSevenSections(t *testing.T) {
	m, err := Parse(File, Starter())
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, s := range m.Sections {
		titles = append(titles, s.Title)
	}
	if !slices.Equal(titles, Sections[:]) {
		t.Errorf("starter sections = %q, want %q", titles, Sections)
	}
	if missing := m.Missing(); len(missing) != 0 {
		t.Errorf("starter lacks %q", missing)
	}
}

func TestParse(t *testing.T) {
	all := "## " + strings.Join(Sections[:], "\n## ") + "\n"
	for _, tc := range []struct {
		name, text string
		missing    []string
		own        []string // sections of the person's own
	}{
		{"empty file", "", Sections[:], nil},
		{"all seven", all, nil, nil},
		{"crlf and a bom", "\xef\xbb\xbf" + strings.ReplaceAll(all, "\n", "\r\n"), nil, nil},
		{"written as a person may", "##  pieces   Written ##\n" + all[strings.Index(all, "## Stance"):] + "## Series Positioning\n", nil, nil},
		{"the person's own section", all + "## Reading list\n", nil, []string{"Reading list"}},
		{"level one and three are not sections", "# Pieces written\n### Observations\n", Sections[:], nil},
		{"no space after the hashes", "##Observations\n", Sections[:], nil},
		{"in a fenced code block", "```\n## Observations\n```\n", Sections[:], nil},
		{"indented four spaces: code", "    ## Observations\n", Sections[:], nil},
		{"indented three spaces: a heading", "   ## Observations\n", Sections[:6], nil},
		{"a closing # kept without a space", "## Observations#\n", Sections[:], []string{"Observations#"}},
		{"a setext heading", "Series positioning\n==\nObservations\n---\n", Sections[:6], nil}, // level one, then two
		{"a setext heading over two lines", "Pieces\nwritten\n---\n", append([]string{Sections[0]}, Sections[2:]...), nil},
		{"in an html block", "<details>\n## Observations\n</details>\n", Sections[:], nil},
		{"in an html comment", "<!--\n## Observations\n-->\n", Sections[:], nil},
		{"in a list item's fenced code block", "- ```\n  ## Observations\n  ```\n", Sections[:], nil},
		{"in a quote", "> ## Observations\n", Sections[:], nil},
		{"some missing", "## Pieces written\n- On walking\n## Observations\n", []string{
			"Series positioning", "Stance and arguments", "Author background", "Likes and dislikes", "Explicit requirements"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Parse(File, []byte(tc.text))
			if err != nil {
				t.Fatal(err)
			}
			if got := m.Missing(); !slices.Equal(got, tc.missing) {
				t.Errorf("missing = %q, want %q", got, tc.missing)
			}
			var own []string
			for _, s := range m.Sections {
				if !s.Known {
					own = append(own, s.Title)
				}
			}
			if !slices.Equal(own, tc.own) {
				t.Errorf("own sections = %q, want %q", own, tc.own)
			}
		})
	}
}

func TestParseSectionTwice(t *testing.T) {
	_, err := Parse("series/memory.md", []byte("# Memory\n\n## Pieces written\n- a\n\n## pieces written\n- b\n"))
	want := `series/memory.md:6:1: the section "Pieces written" is here a second time (first at line 3); merge the two, so its facts stand in one place`
	if err == nil || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
}

func TestParseLineNumbers(t *testing.T) {
	m, err := Parse(File, []byte("intro\r\n\r\n```\r\n## Observations\r\n```\r\n## Observations\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Sections) != 1 || m.Sections[0].Line != 6 {
		t.Errorf("sections = %+v, want Observations at line 6", m.Sections)
	}
}
