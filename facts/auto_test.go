package facts

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func piece(path, date, body string) PieceFacts {
	return PieceFacts{Path: path, Date: date, Genre: "essay", Body: []byte(body)}
}

// update runs UpdateAuto and fails the test on an error.
func update(t *testing.T, data string, u Update) (string, Updated) {
	t.Helper()
	out, res, err := UpdateAuto(File, []byte(data), u)
	if err != nil {
		t.Fatal(err)
	}
	if res.Wrote != (string(out) != data) {
		t.Errorf("Wrote = %v, but the file changed: %v", res.Wrote, string(out) != data)
	}
	return string(out), res
}

func TestPieceEntry(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    PieceFacts
		want string
	}{
		{"front matter title and summary", PieceFacts{Path: "pieces/walking.md", Title: "On walking", Genre: "essay", Summary: "Slow  beats\nfast."},
			"- **pieces/walking.md:** On walking (essay): Slow beats fast. (sw, 2026-01-10)"},
		{"the first heading and sentence", PieceFacts{Path: "a.md", Body: []byte("# A title\n\nThe first sentence. The second.\n")},
			"- **a.md:** A title: The first sentence. (sw, 2026-01-10)"},
		{"a sentence before the heading: the file's name", PieceFacts{Path: "notes/on-tea.md", Body: []byte("Tea first.\n\n# Later\n")},
			"- **notes/on-tea.md:** on-tea: Tea first. (sw, 2026-01-10)"},
		{"a long summary is cut at twenty words", PieceFacts{Path: "a.md", Title: "T", Summary: strings.Repeat("word, ", 30)},
			"- **a.md:** T: " + strings.TrimSuffix(strings.Repeat("word, ", 20), ", ") + "… (sw, 2026-01-10)"},
		{"nothing but a path", PieceFacts{Path: "My essay.md"}, "- **My essay.md:** My essay (sw, 2026-01-10)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, ok := tc.p.pieceEntry("2026-01-10")
			if !ok || e.line() != tc.want {
				t.Errorf("got %q, %v\nwant %q", e.line(), ok, tc.want)
			}
		})
	}
	if _, ok := (PieceFacts{Path: "a*b.md"}).pieceEntry("2026-01-10"); ok {
		t.Error("a path with an asterisk cannot key an entry")
	}
	if _, ok := (PieceFacts{Path: "a.md"}).pieceEntry(""); ok {
		t.Error("an entry with no date")
	}
}

func TestUpdateAddsChangesAndRemoves(t *testing.T) {
	start := string(Starter())
	a := piece("pieces/a.md", "2026-01-02", "Alpha comes first.")
	b := piece("pieces/b.md", "2026-01-01", "Beta is older.")
	b.Stance = "Older is wiser."
	out, res := update(t, start, Update{Pieces: []PieceFacts{a, b}})
	want := strings.Replace(start, "## Pieces written\n", "## Pieces written\n\n"+
		"- **pieces/b.md:** b (essay): Beta is older. (sw, 2026-01-01)\n"+
		"- **pieces/a.md:** a (essay): Alpha comes first. (sw, 2026-01-02)\n", 1)
	want = strings.Replace(want, "## Stance and arguments\n", "## Stance and arguments\n\n- **pieces/b.md:** Older is wiser. (sw, 2026-01-01)\n", 1)
	if out != want {
		t.Fatalf("got:\n%s\nwant:\n%s", out, want)
	}
	if res.Pieces != (Tally{Added: 2}) || res.Stances != (Tally{Added: 1}) {
		t.Errorf("tally %+v %+v", res.Pieces, res.Stances)
	}
	if got := res.Report(File); got != "memory.md: Pieces written: 2 added; Stance and arguments: 1 added" {
		t.Errorf("report %q", got)
	}

	// The same again changes nothing.
	again, res := update(t, out, Update{Pieces: []PieceFacts{a, b}})
	if again != out || res.Wrote || res.Report(File) != "" {
		t.Errorf("not idempotent:\n%s", again)
	}

	// A change rewrites the line in place; a stance dropped goes.
	a.Summary, b.Stance = "Alpha, rewritten.", ""
	out2, res := update(t, out, Update{Pieces: []PieceFacts{a, b}})
	if !strings.Contains(out2, "- **pieces/a.md:** a (essay): Alpha, rewritten. (sw, 2026-01-02)\n") || strings.Contains(out2, "Older is wiser") {
		t.Errorf("got:\n%s", out2)
	}
	if res.Pieces != (Tally{Changed: 1}) || res.Stances != (Tally{Removed: 1}) {
		t.Errorf("tally %+v %+v", res.Pieces, res.Stances)
	}

	// Removing both gives back the starter.
	back, _ := update(t, out2, Update{Removed: []string{"pieces/a.md", "pieces/b.md"}})
	if back != start {
		t.Errorf("got:\n%q\nwant:\n%q", back, start)
	}
}

func TestUpdateKeepsThePersonsBytes(t *testing.T) {
	mine := "\xef\xbb\xbf# Memory\r\n\r\n## Pieces written\r\n\r\nMy note on pieces.\r\n\r\n" +
		"- On walking (pieces/walking.md, 2026-01-10)\r\n" +
		"- **pieces/mine.md:** My own words for it. (Ada, 2026-01-03)\r\n" +
		"- **pieces/c.md:** Old line of sw's. (sw, 2026-01-03)\r\n" +
		"  with a line the person added\r\n" +
		"- A person's fact after sw's.\r\n" +
		"<!-- a comment -->\r\n" +
		"## Reading list\r\n- **pieces/x.md:** not an entry (sw, 2026-01-01)\r\n" +
		"## Stance and arguments\r\n- Tools should get out of the way."
	pieces := []PieceFacts{
		piece("pieces/walking.md", "2026-01-10", "Walk."), // the person's line stands for it
		piece("pieces/mine.md", "2026-01-03", "Mine."),    // so does this
		piece("pieces/new.md", "2026-01-20", "New."),
		piece("pieces/c.md", "", "C, changed."), // no date: keeps its entry's
	}
	pieces[2].Stance = "New is good."
	out, _ := update(t, mine, Update{Pieces: pieces})
	want := "\xef\xbb\xbf# Memory\r\n\r\n## Pieces written\r\n\r\nMy note on pieces.\r\n\r\n" +
		"- On walking (pieces/walking.md, 2026-01-10)\r\n" +
		"- **pieces/mine.md:** My own words for it. (Ada, 2026-01-03)\r\n" +
		"- **pieces/c.md:** c (essay): C, changed. (sw, 2026-01-03)\r\n" +
		"- **pieces/new.md:** new (essay): New. (sw, 2026-01-20)\r\n" +
		"- A person's fact after sw's.\r\n" +
		"<!-- a comment -->\r\n" +
		"## Reading list\r\n- **pieces/x.md:** not an entry (sw, 2026-01-01)\r\n" +
		"## Stance and arguments\r\n- Tools should get out of the way.\r\n" +
		"- **pieces/new.md:** New is good. (sw, 2026-01-20)"
	if out != want {
		t.Fatalf("got:\n%q\nwant:\n%q", out, want)
	}
	// Taking them out again leaves the person's bytes exactly.
	back, _ := update(t, out, Update{Removed: []string{"pieces/c.md", "pieces/new.md"}})
	wantBack := strings.Replace(strings.Replace(mine, "- **pieces/c.md:** Old line of sw's. (sw, 2026-01-03)\r\n  with a line the person added\r\n", "", 1), "", "", 0)
	if back != wantBack {
		t.Errorf("got:\n%q\nwant:\n%q", back, wantBack)
	}
}

func TestUpdateAddsAMissingSection(t *testing.T) {
	out, _ := update(t, "# Memory\n\n## Observations\n- x\n", Update{Pieces: []PieceFacts{piece("a.md", "2026-01-01", "A.")}})
	if want := "# Memory\n\n## Observations\n- x\n\n## Pieces written\n\n- **a.md:** a (essay): A. (sw, 2026-01-01)\n"; out != want {
		t.Errorf("got:\n%q\nwant:\n%q", out, want)
	}
}

func TestUpdateRefusesAnUnclosedBlock(t *testing.T) {
	data := "## Pieces written\n```\n"
	if _, _, err := UpdateAuto(File, []byte(data), Update{Pieces: []PieceFacts{piece("a.md", "2026-01-01", "A.")}}); err == nil {
		t.Error("no error")
	}
}

func TestUpdateDatesAPieceWithoutOne(t *testing.T) {
	var asked []string
	u := Update{Pieces: []PieceFacts{piece("a.md", "", "A.")}, DateOf: func(p string) string {
		asked = append(asked, p)
		return "2026-03-04"
	}}
	out, _ := update(t, string(Starter()), u)
	if !strings.Contains(out, "(sw, 2026-03-04)") || !slices.Equal(asked, []string{"a.md"}) {
		t.Errorf("asked %q, got:\n%s", asked, out)
	}
	// Its entry keeps the date: DateOf is not asked again.
	asked = nil
	update(t, out, u)
	if asked != nil {
		t.Errorf("asked again for %q", asked)
	}
	// Undated and not dated by DateOf: left out.
	u.DateOf = func(string) string { return "" }
	out, res := update(t, string(Starter()), u)
	if res.Wrote {
		t.Errorf("wrote:\n%s", out)
	}
}

// pieces makes n pieces dated a day apart from 2025-01-01, each line about
// 60 bytes.
func manyPieces(n int) ([]PieceFacts, []string) {
	var ps []PieceFacts
	var paths []string
	for i := range n {
		date := fmt.Sprintf("2025-%02d-%02d", 1+i/28%12, 1+i%28)
		p := piece(fmt.Sprintf("pieces/p%03d.md", i), date, fmt.Sprintf("Piece number %d.", i))
		p.Added = true
		ps = append(ps, p)
		paths = append(paths, p.Path)
	}
	return ps, paths
}

func TestUpdateFoldsTheOldestPieces(t *testing.T) {
	ps, paths := manyPieces(300)
	budget := Budget{Lines: 200, Bytes: 25 * 1024}
	all := func() ([]string, error) { return paths, nil }
	mine := strings.Replace(string(Starter()), "## Observations\n", "## Observations\n\n- Readers reply by email.\n", 1)
	out, res := update(t, mine, Update{Pieces: ps, All: all, Budget: budget, Full: true})
	if n := countLines([]byte(out)); n > 200 || res.Over != "" {
		t.Fatalf("%d lines, over: %q", n, res.Over)
	}
	m, _ := Parse(File, []byte(out))
	s := m.auto()
	if s.fold == nil || s.folded != res.Folded || s.folded+len(s.own[0]) != 300 || countLines([]byte(out)) != 200 {
		t.Fatalf("fold %v %d, listed %d, %d lines", s.fold, s.folded, len(s.own[0]), countLines([]byte(out)))
	}
	if !strings.Contains(out, "- Readers reply by email.") {
		t.Error("the person's entry went")
	}
	// The listed pieces are the newest, oldest first, and the fold line follows them.
	last := m.Entries[len(s.own[0])]
	if last.Key != foldKey || s.fold.Date >= m.Entries[0].Date {
		t.Errorf("fold line %+v after %+v", last, m.Entries[0])
	}
	for i := 1; i < len(s.own[0]); i++ {
		if m.Entries[i-1].Date > m.Entries[i].Date {
			t.Fatalf("out of order at %d: %s %s", i, m.Entries[i-1].Date, m.Entries[i].Date)
		}
	}

	// The same update again: nothing, and All is not asked.
	again, res2 := update(t, out, Update{Pieces: ps[299:], All: nil, Budget: budget})
	if again != out || res2.Wrote {
		t.Errorf("not idempotent:\n%s", again)
	}

	// A new piece: listed at the end, the oldest listed folds; the count
	// grows by one, which the change alone tells: the pieces are not asked
	// for.
	np := piece("pieces/new.md", "2026-06-01", "New.")
	np.Added = true
	paths2 := append(slices.Clone(paths), np.Path)
	notAsked := func() ([]string, error) { t.Error("the pieces were asked for"); return paths2, nil }
	out2, _ := update(t, out, Update{Pieces: []PieceFacts{np}, All: notAsked, Budget: budget})
	if again, res := update(t, out2, Update{Pieces: []PieceFacts{np}, All: notAsked, Budget: budget}); res.Wrote {
		t.Errorf("the same piece again changed the file:\n%s", again)
	}
	m2, _ := Parse(File, []byte(out2))
	s2 := m2.auto()
	if s2.folded != s.folded+1 || len(s2.own[0]) != len(s.own[0]) {
		t.Errorf("folded %d (was %d), listed %d (was %d)", s2.folded, s.folded, len(s2.own[0]), len(s.own[0]))
	}
	// A folded piece deleted: the count drops by one.
	out3, _ := update(t, out2, Update{Removed: []string{"pieces/p000.md"}, All: func() ([]string, error) { return paths2[1:], nil }, Budget: budget})
	if s3 := mustAuto(t, out3); s3.folded != s2.folded-1 {
		t.Errorf("folded %d after removing a folded piece, want %d", s3.folded, s2.folded-1)
	}
	// A new piece older than the fold: folded at once.
	old := piece("pieces/old.md", "2024-01-01", "Old.")
	old.Added = true
	paths4 := append(slices.Clone(paths2[1:]), old.Path)
	out4, _ := update(t, out3, Update{Pieces: []PieceFacts{old}, All: func() ([]string, error) { return paths4, nil }, Budget: budget})
	if s4 := mustAuto(t, out4); s4.folded != s2.folded || strings.Contains(out4, "pieces/old.md") {
		t.Errorf("folded %d, want %d", s4.folded, s2.folded)
	}
}

func mustAuto(t *testing.T, data string) autoState {
	t.Helper()
	m, err := Parse(File, []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	return m.auto()
}

func TestUpdateWarnsWhenThePersonsEntriesAloneAreOver(t *testing.T) {
	ps, paths := manyPieces(10)
	var mine strings.Builder
	mine.WriteString("## Observations\n")
	for i := range 30 {
		fmt.Fprintf(&mine, "- Fact number %d.\n", i)
	}
	out, res := update(t, mine.String(), Update{Pieces: ps, All: func() ([]string, error) { return paths, nil }, Budget: Budget{Lines: 20, Bytes: 10000}})
	if res.Over == "" || res.Folded != 10 {
		t.Errorf("over %q, folded %d", res.Over, res.Folded)
	}
	if !strings.HasPrefix(out, mine.String()) {
		t.Errorf("the person's entries changed:\n%s", out)
	}
}

func TestUpdateFullRemovesWhatIsGone(t *testing.T) {
	out, _ := update(t, string(Starter()), Update{Pieces: []PieceFacts{piece("a.md", "2026-01-01", "A."), piece("b.md", "2026-01-02", "B.")}})
	out, res := update(t, out, Update{Full: true, Pieces: []PieceFacts{piece("b.md", "2026-01-02", "B.")}})
	if strings.Contains(out, "a.md") || res.Pieces != (Tally{Removed: 1}) {
		t.Errorf("tally %+v:\n%s", res.Pieces, out)
	}
}

func TestUpdateFileLeavesAMissingFile(t *testing.T) {
	path := t.TempDir() + "/memory.md"
	res, err := UpdateFile(path, File, Update{Pieces: []PieceFacts{piece("a.md", "2026-01-01", "A.")}})
	if err != nil || res.Wrote || Exists(path) {
		t.Errorf("%v %+v", err, res)
	}
}
