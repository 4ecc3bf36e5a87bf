package facts

import (
	"bytes"
	"slices"
	"testing"
)

// FuzzUpdate: whatever the file, an update is refused with nothing to
// write, or keeps every entry that is not sw's as it read, stays within a
// budget it can fit, and, done again (with the pieces counted afresh, or
// after the commit that took it), changes nothing; removing the pieces
// again leaves none of sw's entries for them.
func FuzzUpdate(f *testing.F) {
	f.Add(Starter(), "A title", "A summary. More.", "A stance.", uint8(3))
	f.Add([]byte("\xef\xbb\xbf## Pieces written\r\n- mine (2026-01-01)\r\n- **p/a.md:** x (sw, 2026-01-01)\r\n  more\r\n"), "", "", "", uint8(0))
	f.Add([]byte("## Pieces written\n- **earlier-pieces:** …and 2 earlier pieces, see `git log` (sw, 2025-01-01)\n- **p/old.md:** old (sw, 2024-01-01)"), "T", "", "S", uint8(1))
	f.Add([]byte("# x\n## Stance and arguments\n<!--\n- **p/a.md:** hidden (sw, 2026-01-01)\n-->\n"), "(sw, 2026-01-01)", "**k:** x", "", uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, title, summary, stance string, n uint8) {
		m, err := Parse(File, data)
		if err != nil || bytes.HasSuffix(data, []byte("\r")) {
			// A file that ends in a bare carriage return has no line
			// ending to keep: the line break added after it makes a CRLF
			// of it, and the file reads as CRLF from then on.
			return
		}
		var ps []PieceFacts
		var all []string
		for i := range int(n % 8) {
			p := PieceFacts{Path: "p/" + string(rune('a'+i)) + ".md", Title: title, Summary: summary, Stance: stance,
				Date: []string{"2024-01-01", "2025-06-30", "2026-01-01", ""}[i%4], Added: i%2 == 0}
			ps = append(ps, p)
			all = append(all, p.Path)
		}
		u := Update{Pieces: ps, All: func() ([]string, error) { return all, nil },
			DateOf: func(string) string { return "2026-02-02" }, Budget: Budget{Lines: 12, Bytes: 800}}
		out, res, err := UpdateAuto(File, data, u)
		if err != nil {
			if out != nil {
				t.Fatalf("refused (%v) but gave bytes to write", err)
			}
			return
		}
		after, err := Parse(File, out)
		if err != nil {
			t.Fatalf("the update does not parse: %v\n%q", err, out)
		}
		if !slices.Equal(m.personEntries(), after.personEntries()) {
			t.Fatalf("the person's entries changed:\n%q\n%q", data, out)
		}
		if res.Over == "" && (countLines(out) > 12 || len(out) > 800) && !bytes.Equal(out, data) {
			t.Fatalf("past the budget and not said:\n%s", out)
		}
		again, res2, err := UpdateAuto(File, out, u)
		if err != nil || res2.Wrote || !bytes.Equal(again, out) {
			t.Fatalf("done again it changes the file (%v):\n%q\n%q", err, out, again)
		}
		// As the hooks do it: the pre-commit hook's update counts the
		// change from the file as the commit before holds it, and the
		// post-commit hook's, once the commit holds the update, changes
		// nothing more.
		hooked := u
		hooked.Before = data
		if first, _, err := UpdateAuto(File, data, hooked); err == nil {
			hooked.After = first
			if again, _, err := UpdateAuto(File, first, hooked); err != nil || !bytes.Equal(again, first) {
				t.Fatalf("done again after the commit it changes the file (%v):\n%q\n%q", err, first, again)
			}
		}
		u = Update{Removed: all, All: func() ([]string, error) { return nil, nil }, Budget: u.Budget}
		gone, _, err := UpdateAuto(File, out, u)
		if err != nil {
			t.Fatalf("removing: %v", err)
		}
		g, _ := Parse(File, gone)
		for _, e := range g.Entries {
			if isOwn(e) && e.Key != foldKey && slices.Contains(all, e.Key) {
				t.Fatalf("an entry for a removed piece stays: %+v\n%s", e, gone)
			}
		}
	})
}
