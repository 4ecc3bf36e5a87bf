package facts

import (
	"errors"
	"strings"
	"testing"
)

func mustEntry(t *testing.T, section, key, text string) Entry {
	t.Helper()
	e, err := NewEntry(section, key, text, "person", "2026-03-04")
	if err != nil {
		t.Fatal(err)
	}
	return e
}

const meta = " (person, 2026-03-04)"

func TestAdd(t *testing.T) {
	for _, tc := range []struct {
		name, in, section, key, text, want string
	}{
		{"an empty section, a blank line after its heading",
			"## Stance and arguments\n\n## Observations\n", "stance", "", "Slow is good.",
			"## Stance and arguments\n\n- Slow is good." + meta + "\n\n## Observations\n"},
		{"an empty section, the next heading right under it",
			"## Stance and arguments\n## Observations\n", "stance", "", "Slow is good.",
			"## Stance and arguments\n\n- Slow is good." + meta + "\n\n## Observations\n"},
		{"after the section's last entry, prose and comments kept",
			"## Observations\nIntro, mine.\n\n- a\n  still a\n\nMy prose.\n\n- b\n<!-- my note -->\n\n## Pieces written\n", "observations", "", "c",
			"## Observations\nIntro, mine.\n\n- a\n  still a\n\nMy prose.\n\n- b\n- c" + meta + "\n<!-- my note -->\n\n## Pieces written\n"},
		{"a section of prose: after it, set off",
			"## Author background\nA solo builder.\n## Observations\n", "background", "", "Lives in Lyon.",
			"## Author background\nA solo builder.\n\n- Lives in Lyon." + meta + "\n\n## Observations\n"},
		{"the last section, no final newline",
			"## Observations", "observations", "", "a",
			"## Observations\n\n- a" + meta},
		{"after the last entry, no final newline",
			"## Observations\n- a", "observations", "", "b",
			"## Observations\n- a\n- b" + meta},
		{"crlf and a bom",
			"\xef\xbb\xbf# M\r\n\r\n## Observations\r\n- a\r\n\r\n## Pieces written\r\n", "observations", "", "b",
			"\xef\xbb\xbf# M\r\n\r\n## Observations\r\n- a\r\n- b" + meta + "\r\n\r\n## Pieces written\r\n"},
		{"a missing section goes at the end",
			"## Observations\n- a\n", "likes", "", "Tea.",
			"## Observations\n- a\n\n## Likes and dislikes\n\n- Tea." + meta + "\n"},
		{"a missing section, after a blank line already there",
			"## Observations\n\n", "likes", "", "Tea.",
			"## Observations\n\n## Likes and dislikes\n\n- Tea." + meta + "\n"},
		{"a missing section, no final newline",
			"My notes", "likes", "", "Tea.",
			"My notes\n\n## Likes and dislikes\n\n- Tea." + meta},
		{"a missing section, crlf",
			"## Observations\r\n", "likes", "", "Tea.",
			"## Observations\r\n\r\n## Likes and dislikes\r\n\r\n- Tea." + meta + "\r\n"},
		{"an empty file",
			"", "likes", "", "Tea.",
			"## Likes and dislikes\n\n- Tea." + meta + "\n"},
		{"a bom alone",
			"\xef\xbb\xbf", "likes", "", "Tea.",
			"\xef\xbb\xbf## Likes and dislikes\n\n- Tea." + meta + "\n"},
		{"a key replaces its entry where it stands, all its lines",
			"## Series positioning\n- **name:** Halo\n  (the old name)\n- other\n", "positioning", "name", "Lumen",
			"## Series positioning\n- **name:** Lumen" + meta + "\n- other\n"},
		{"a key replaces the person's own form of it",
			"## Series positioning\n- **name**: Halo\n", "positioning", "name", "Lumen",
			"## Series positioning\n- **name:** Lumen" + meta + "\n"},
		{"a key given in another section moves the fact",
			"## Series positioning\n\n- **name:** Halo\n\n## Observations\n- a\n", "observations", "name", "Lumen",
			"## Series positioning\n\n## Observations\n- a\n- **name:** Lumen" + meta + "\n"},
		{"a key given twice: the first in the section stays, the rest go",
			"## Observations\n- **k:** one\n- b\n- **k:** two\n## Explicit requirements\n- **k:** three\n", "observations", "k", "new",
			"## Observations\n- **k:** new" + meta + "\n- b\n## Explicit requirements\n"},
		{"a key in an earlier section and in this one",
			"## Series positioning\n- **k:** one\n## Observations\n- **k:** two\n", "observations", "k", "new",
			"## Series positioning\n## Observations\n- **k:** new" + meta + "\n"},
		{"a key only in the person's own section is not an entry's",
			"## Mine\n- **k:** mine\n## Observations\n", "observations", "k", "new",
			"## Mine\n- **k:** mine\n## Observations\n\n- **k:** new" + meta + "\n"},
		{"a key with a new text but an old one's words elsewhere still replaces",
			"## Observations\n- Lumen\n- **k:** Halo\n", "observations", "k", "Lumen",
			"## Observations\n- Lumen\n- **k:** Lumen" + meta + "\n"},
		{"a fence closed before the insertion point",
			"## Observations\n```\n## Pieces written\n```\n", "observations", "", "a",
			"## Observations\n```\n## Pieces written\n```\n\n- a" + meta + "\n"},
		{"a setext heading is the section",
			"Observations\n------------\nMy notes.\n", "observations", "", "a",
			"Observations\n------------\nMy notes.\n\n- a" + meta + "\n"},
		{"a heading in html is not the section",
			"<details>\n## Observations\n</details>\n", "observations", "", "a",
			"<details>\n## Observations\n</details>\n\n## Observations\n\n- a" + meta + "\n"},
		{"a fence closed after the last entry, inside its list item",
			"## Observations\n- a\n  ```\n  code\n  ```\n## Pieces written\n", "observations", "", "b",
			"## Observations\n- a\n  ```\n  code\n  ```\n- b" + meta + "\n## Pieces written\n"},
		{"a fence left open in the last entry ends with it",
			"## Observations\n- a\n\n  ```\n  code\n", "observations", "", "b",
			"## Observations\n- a\n\n  ```\n  code\n- b" + meta + "\n"},
		{"a fence left open after the insertion point",
			"## Observations\n- a\n## Pieces written\n```\n", "observations", "", "b",
			"## Observations\n- a\n- b" + meta + "\n## Pieces written\n```\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := mustEntry(t, tc.section, tc.key, tc.text)
			out, ch, err := Add(File, []byte(tc.in), e)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tc.want {
				t.Errorf("got\n%q\nwant\n%q", out, tc.want)
			}
			if ch.Duplicate || ch.Entry.Text != tc.text || ch.Entry.Key != tc.key || ch.Entry.Section != e.Section {
				t.Errorf("change = %+v", ch)
			}
			if line := lineAt(out, ch.Entry.Line); line != e.line() {
				t.Errorf("line %d is %q, want the entry", ch.Entry.Line, line)
			}
		})
	}
}

// lineAt is line n (1-based) of data, without its ending.
func lineAt(data []byte, n int) string {
	lines := strings.Split(strings.TrimPrefix(string(data), "\xef\xbb\xbf"), "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	return strings.TrimSuffix(lines[n-1], "\r")
}

func TestAddReportsReplacedAndAdded(t *testing.T) {
	in := "## Observations\n- **k:** one (sw, 2026-01-01)\n## Pieces written\n- **k:** two\n"
	_, ch, err := Add(File, []byte(in), mustEntry(t, "likes", "k", "three"))
	if err != nil {
		t.Fatal(err)
	}
	want := "added the section \"Likes and dislikes\" at the end of memory.md\n" +
		"replaced memory.md:2 (Observations): [k] one (sw, 2026-01-01)\n" +
		"replaced memory.md:4 (Pieces written): [k] two\n" +
		"added to memory.md at line 6 (Likes and dislikes): [k] three (person, 2026-03-04)\n"
	if got := ch.Report(File); got != want {
		t.Errorf("report:\n%s\nwant:\n%s", got, want)
	}
}

func TestAddDuplicates(t *testing.T) {
	in := "## Explicit requirements\n- Never use emoji. (person, 2026-01-01)\n- **name:** Lumen (sw, 2026-01-01)\n## Observations\n"
	for _, tc := range []struct{ section, key, text string }{
		{"requirements", "", "Never use emoji."},
		{"requirements", "", "never use  EMOJI"},
		{"observations", "", "Never, ever... no: never use emoji!"[19:]}, // another section: still the same fact
		{"requirements", "", "**name:** Lumen"[10:]},
		{"requirements", "name", "Lumen"},
	} {
		e := mustEntry(t, tc.section, tc.key, tc.text)
		out, ch, err := Add(File, []byte(in), e)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != in || !ch.Duplicate {
			t.Errorf("%+v: added again: %q %+v", tc, out, ch)
		}
		if !strings.HasPrefix(ch.Report(File), "already in memory.md at line ") {
			t.Errorf("%+v: report %q", tc, ch.Report(File))
		}
	}
	// The same key with the same words in another section moves it; with
	// other words, replaces it: a key is overwritable.
	for _, e := range []Entry{mustEntry(t, "observations", "name", "Lumen"), mustEntry(t, "requirements", "name", "Lumen.")} {
		if _, ch, err := Add(File, []byte(in), e); err != nil || ch.Duplicate || len(ch.Replaced) != 1 {
			t.Errorf("%+v: %+v %v", e, ch, err)
		}
	}
}

func TestAddRefuses(t *testing.T) {
	for _, tc := range []struct{ name, in, section, err string }{
		{"a section twice", "## Observations\n## observations\n", "stance", `memory.md:2:1: the section "Observations" is here a second time (first at line 1)`},
		{"an open fence before the insertion point", "## Observations\n```\n- a\n", "observations", "memory.md:2:1: a code block opens here and is never closed"},
		{"an open fence before a missing section", "## Observations\n~~~\n", "likes", "memory.md:2:1: a code block opens here and is never closed"},
		{"an open comment", "## Observations\n<!--\n- a\n", "observations", "memory.md:2:1: an HTML comment (<!--) opens here and is never closed (-->)"},
		{"an open comment on the last line", "## Observations\n\n<!-- a", "observations", "memory.md:3:1: an HTML comment (<!--) opens here and is never closed (-->)"},
		{"open html", "## Observations\n\n<pre>\n", "observations", "memory.md:3:1: HTML opens here and is never closed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, _, err := Add(File, []byte(tc.in), mustEntry(t, tc.section, "", "x"))
			if err == nil || !strings.HasPrefix(err.Error(), tc.err) || out != nil {
				t.Errorf("got %q, %v; want the error %q", out, err, tc.err)
			}
		})
	}
}

func TestRemove(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"one line", "## Observations\n- a\n- **k:** b\n- c\n", "## Observations\n- a\n- c\n"},
		{"all its lines", "## Observations\n- **k:** b\n  more\n  - detail\n\n  after a blank\n\nprose\n", "## Observations\n\nprose\n"},
		{"between blank lines, one of them goes", "## Observations\n\n- **k:** b\n\n## Pieces written\n", "## Observations\n\n## Pieces written\n"},
		{"the last line, no final newline", "## Observations\n- a\n- **k:** b", "## Observations\n- a"},
		{"after a blank line at the end", "## Observations\n\n- **k:** b", "## Observations"},
		{"crlf", "## Observations\r\n- **k:** b\r\n- c\r\n", "## Observations\r\n- c\r\n"},
		{"every entry with the key", "## Observations\n- **k:** a\n- b\n## Pieces written\n- **k**: c\n", "## Observations\n- b\n## Pieces written\n"},
		{"not the person's own section's", "## Mine\n- **k:** mine\n## Observations\n- **k:** b\n", "## Mine\n- **k:** mine\n## Observations\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, removed, err := Remove(File, []byte(tc.in), "k")
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tc.want {
				t.Errorf("got\n%q\nwant\n%q", out, tc.want)
			}
			if len(removed) == 0 || removed[0].Key != "k" {
				t.Errorf("removed %+v", removed)
			}
		})
	}
	_, _, err := Remove(File, []byte("## Observations\n- **other:** a\n"), "k")
	var noKey *ErrNoKey
	if !errors.As(err, &noKey) || err.Error() != `memory.md has no entry with the key "k"; sw facts list shows the keys` {
		t.Errorf("err = %v", err)
	}
}

// Removing an entry Add put in gives the file back as it was, whatever
// the file's shape around it.
func TestAddThenRemove(t *testing.T) {
	for _, in := range []string{
		string(Starter()),
		strings.ReplaceAll(string(Starter()), "\n", "\r\n"),
		"\xef\xbb\xbf" + string(Starter()),
		strings.TrimSuffix(string(Starter()), "\n"),
		"## Observations\n- a\n",
		"## Observations\n- a",
		"## Observations\nProse.\n\n- a\n\nMore prose.\n\n## Pieces written\n",
		"## Observations\n\n<!-- a note -->\n",
	} {
		for i := range Sections {
			if !strings.Contains(in, "## "+Sections[i]) {
				continue
			}
			added, _, err := Add(File, []byte(in), mustEntry(t, Aliases[i], "fresh", "A new fact"))
			if err != nil {
				t.Fatal(err)
			}
			out, _, err := Remove(File, added, "fresh")
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != in {
				t.Errorf("%s in %q: add then remove gave\n%q", Sections[i], in, out)
			}
		}
	}
}
