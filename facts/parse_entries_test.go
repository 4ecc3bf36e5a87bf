package facts

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// entries describes m's entries one a line: section alias, lines, and
// the entry as `sw facts list` shows it.
func entries(m *Memory) []string {
	var out []string
	for _, e := range m.Entries {
		out = append(out, fmt.Sprintf("%s %d-%d %s", Aliases[e.sec], e.Line, e.EndLine, e))
	}
	return out
}

func TestParseEntries(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"one a line, each marker", "## Observations\n- a\n* b\n+ c\n", []string{"observations 2-2 a", "observations 3-3 b", "observations 4-4 c"}},
		{"key, source and date", "## Stance and arguments\n- **slow:** Slow is good. (person, 2026-01-02)\n", []string{"stance 2-2 [slow] Slow is good. (person, 2026-01-02)"}},
		{"indented continuation and a nested list", "## Observations\n- a fact\n  that wraps\n  - and a detail\n- next\n", []string{"observations 2-4 a fact that wraps - and a detail", "observations 5-5 next"}},
		{"lazy continuation", "## Observations\n- a fact\nthat wraps (sw, 2026-01-02)\n", []string{"observations 2-3 a fact that wraps (sw, 2026-01-02)"}},
		{"a loose item: indented after a blank line", "## Observations\n- a\n\n  more of a\n\nprose\n", []string{"observations 2-4 a more of a"}},
		{"prose after a blank line is not the entry's", "## Observations\n- a\n\nprose\n- b\n", []string{"observations 2-2 a", "observations 5-5 b"}},
		{"a heading, quote, html, break or numbered item ends an entry", "## Observations\n- a\n### sub\n- b\n> q\n- c\n<!-- note -->\n- d\n---\n- e\n1. one\n", []string{
			"observations 2-2 a", "observations 4-4 b", "observations 6-6 c", "observations 8-8 d", "observations 10-10 e"}},
		{"a tag alone cannot end an entry's text, so goes on with it", "## Observations\n- c\n<br>\n- d\n", []string{"observations 2-3 c <br>", "observations 4-4 d"}},
		{"a setext level-one heading ends the section", "## Observations\n- a\n\nArchive\n===\n- old\n", []string{"observations 2-2 a"}},
		{"a setext underline under an entry's lazy line is its text", "## Observations\n- a\nArchive\n===\n- b\n", []string{"observations 2-4 a Archive ===", "observations 5-5 b"}},
		{"a setext section", "Observations\n---\n- a\n", []string{"observations 3-3 a"}},
		{"a section in html is text", "## Observations\n- a\n\n<details>\n## Pieces written\n- not an entry\n</details>\n", []string{"observations 2-2 a"}},
		{"a heading in a list item is no section", "## Observations\n- ## Pieces written\n- a\n", []string{"observations 2-2 ## Pieces written", "observations 3-3 a"}},
		{"a fence in a list item is code", "## Observations\n- ```\n  ## Pieces written\n  - a\n  ```\n", []string{"observations 2-5 ``` ## Pieces written - a ```"}},
		{"a thematic break is no bullet", "## Observations\n- - -\n* * *\n", nil},
		{"no entries before the seven or in the person's own sections", "# Memory\n- intro\n## Reading list\n- a book\n## Likes and dislikes\n- tea\n", []string{"likes 6-6 tea"}},
		{"a level-one heading ends the section", "## Observations\n- a\n# Archive\n- old\n", []string{"observations 2-2 a"}},
		{"a level-three heading does not", "## Observations\n- a\n### Later\n- b\n", []string{"observations 2-2 a", "observations 4-4 b"}},
		{"bullets in code are text", "## Observations\n```\n- code\n```\n    - indented code\n~~~~\n## Pieces written\n- code\n~~~~\n- a\n", []string{"observations 10-10 a"}},
		{"a fence in an entry ends with it; one opened below runs to the end", "## Observations\n- a\n  ```\n- code\n```\n- b\n", []string{"observations 2-3 a ```", "observations 4-4 code"}},
		{"an unindented fence ends the entry", "## Observations\n- a\n```\n- code\n```\n- b\n", []string{"observations 2-2 a", "observations 6-6 b"}},
		{"bullets in an html comment are text", "## Observations\n<!--\n- hidden\n-->\n- a <!-- inline --> b\n<!-- one line -->\n- c\n", []string{"observations 5-5 a <!-- inline --> b", "observations 7-7 c"}},
		{"a comment in an entry ends with it", "## Observations\n- a\n  <!-- note\n- inside\n-->\n- b\n", []string{"observations 2-3 a <!-- note", "observations 4-5 inside -->", "observations 6-6 b"}},
		{"crlf, a bom and no final newline", "\xef\xbb\xbf## Observations\r\n- a\r\n  more\r\n- **k:** b (2026-01-02)", []string{"observations 2-3 a more", "observations 4-4 [k] b (2026-01-02)"}},
		{"source and date at the end of the first line, more under it", "## Observations\n- a (sw, 2026-01-02)\n  and more\n- b (2026-01-03)\nc (x, 2026-01-04)\n- d (2026-01-05)\n  ```\n  ```\n", []string{
			"observations 2-3 a and more (sw, 2026-01-02)", "observations 4-5 b (2026-01-03) c (x, 2026-01-04)", "observations 6-8 d ``` ``` (2026-01-05)"}},
		{"an empty bullet", "## Observations\n-\n- a\n", []string{"observations 2-2 ", "observations 3-3 a"}},
		{"three spaces in: a bullet", "## Observations\n   - a\n", []string{"observations 2-2 a"}},
		{"a tab after the marker", "## Observations\n-\ta\n", []string{"observations 2-2 a"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Parse(File, []byte(tc.text))
			if err != nil {
				t.Fatal(err)
			}
			if got := entries(m); !slices.Equal(got, tc.want) {
				t.Errorf("entries:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}
