package boilerplate

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sw/profile/prose"
)

// paper reads a Federalist paper from the repository's copy of the corpus.
func paper(t *testing.T, n string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "corpus", "federalist", n+".md"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestKey(t *testing.T) {
	for _, c := range []struct{ a, b string }{
		{"PUBLIUS", "**Publius.**"},
		{"Issue 12 — March 2024", "issue 13, March 2025"},
		{"Thanks for reading! Subscribe at example.com.", "thanks for reading; subscribe at example.com"},
	} {
		if KeyOf(c.a) != KeyOf(c.b) {
			t.Errorf("%q and %q: keys %q and %q", c.a, c.b, KeyOf(c.a), KeyOf(c.b))
		}
	}
	if KeyOf("PUBLIUS") == KeyOf("CATO") || KeyOf("Thanks for reading") == KeyOf("Thanks for writing") {
		t.Error("different lines share a key")
	}
}

// A dateline is one line whatever its date: a month's name beside a
// number is set aside with the number. A month's name with no number
// beside it is a word like any other ("you may unsubscribe").
func TestKeyOfDateline(t *testing.T) {
	lines := []string{"Philadelphia, November 5th, 1787.", "Philadelphia, Dec. 22, 1787.", "Philadelphia; December 29, 1787", "Philadelphia, 5 May 1788."}
	for _, l := range lines[1:] {
		if KeyOf(l) != KeyOf(lines[0]) {
			t.Errorf("%q and %q: keys %q and %q", lines[0], l, KeyOf(lines[0]), KeyOf(l))
		}
	}
	if KeyOf("You may unsubscribe") == KeyOf("You can unsubscribe") || KeyOf("Philadelphia, 1787") == KeyOf("New York, 1787") {
		t.Error("different lines share a key")
	}
}

// Paper 6 ends with the sign-off PUBLIUS (line 48) and eleven footnotes:
// the sign-off and the notes go, the rest stays where it was.
func TestSignOffAndNotes(t *testing.T) {
	src := paper(t, "006")
	full := prose.Parse(src)
	var signOff *Para
	for _, c := range Candidates(full) {
		if c.Key == "publius" {
			signOff = &c
		}
	}
	if signOff == nil || signOff.Kind != SignOff || signOff.After == 0 || signOff.Text != "PUBLIUS" {
		t.Fatalf("PUBLIUS as a candidate: %+v", signOff)
	}
	d, blocks := Parse(src, func(k string) bool { return k == "publius" })
	if len(blocks) != 1 {
		t.Fatalf("blocks: %+v", blocks)
	}
	b := blocks[0]
	if b.Line != 48 || b.Col != 1 || b.LastLine != 48 || b.NotesLine != 50 || b.NotesWords != signOff.After {
		t.Errorf("block: %+v", b)
	}
	if d.WordCount() != full.WordCount()-1-signOff.After {
		t.Errorf("%d words left of %d, want all but the sign-off and %d words of notes", d.WordCount(), full.WordCount(), signOff.After)
	}
	for _, w := range d.Words {
		if w.Text == "publius" || w.Text == "aspasia" || w.Line >= 48 {
			t.Fatalf("%q on line %d was measured", w.Text, w.Line)
		}
	}
	// Every word kept sits where it was.
	for i, w := range d.Words {
		if w != full.Words[i] {
			t.Fatalf("word %d moved: %+v, was %+v", i, w, full.Words[i])
		}
	}
	masked := Mask(src, blocks)
	if len(masked) != len(src) || bytes.Count(masked, []byte("\n")) != bytes.Count(src, []byte("\n")) {
		t.Error("masking changed the size or the lines of the file")
	}
	if !bytes.Equal(src, paper(t, "006")) {
		t.Error("masking changed the source")
	}
}

// A known line that is not at the end is left out alone: what follows it
// is writing.
func TestOpeningLine(t *testing.T) {
	body := strings.Repeat("The argument goes on at some length, as arguments do, with clauses. ", 12)
	src := []byte("By Jane Doe\n\n" + body + "\n\n" + body + "\n")
	d, blocks := Parse(src, func(k string) bool { return k == "by jane doe" })
	if len(blocks) != 1 || blocks[0].Kind != Opening || blocks[0].NotesLine != 0 {
		t.Fatalf("blocks: %+v", blocks)
	}
	if d.WordCount() != prose.Parse(src).WordCount()-3 || len(d.Paragraphs) != 2 {
		t.Errorf("%d words in %d paragraphs left", d.WordCount(), len(d.Paragraphs))
	}
}

// Nothing known: one parse, nothing left out.
func TestNothingKnown(t *testing.T) {
	src := paper(t, "002")
	d, blocks := Parse(src, func(string) bool { return false })
	if blocks != nil || d.WordCount() != prose.Parse(src).WordCount() {
		t.Errorf("blocks %v", blocks)
	}
}
