package prose

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestShortLinesNews: in a news story, only the three paragraphs of
// prose are paragraphs to the length metrics, and only their sentences
// are sentences: not the dateline, the quotes, the question-and-answer
// lines, the list's fragments (labels too) or the byline; the bold
// subheads are headings. Counted by hand from testdata/corpus/news.md.
func TestShortLinesNews(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "corpus", "news.md"))
	if err != nil {
		t.Fatal(err)
	}
	d := Parse(src)
	checkPositions(t, src, d)
	checkWordsAtOffsets(t, src, d)

	var kinds []Kind
	for _, p := range d.Paragraphs {
		kinds = append(kinds, p.Kind)
	}
	want := []Kind{Label, Prose, Quotation, Prose, Quotation, Prose, Exchange, Exchange, Exchange, Exchange, Label, Label, Label}
	if !reflect.DeepEqual(kinds, want) {
		t.Errorf("kinds = %v, want %v", kinds, want)
	}
	var heads []string
	for _, h := range d.Headings {
		heads = append(heads, h.Text)
	}
	if want := []string{"Stocks build up", "Q&A with the analyst"}; !reflect.DeepEqual(heads, want) {
		t.Errorf("headings = %q, want %q", heads, want)
	}
	for _, c := range []struct {
		what string
		ms   []Measurement
		want []int
	}{
		// The lead (38 words), the stocks paragraph (17 + 16 + 20), the
		// metals (17).
		{"words per paragraph", d.ParagraphWords(), []int{38, 53, 17}},
		{"sentences per paragraph", d.ParagraphSentences(), []int{1, 3, 1}},
		{"words per sentence", d.SentenceWords(), []int{38, 17, 16, 20, 17}},
	} {
		if got := valuesInt(c.ms); !equalInts(got, c.want) {
			t.Errorf("%s = %v, want %v", c.what, got, c.want)
		}
	}
}

// TestShortLinesRealText: the sign-offs, datelines and epigraphs of
// essays of 1787-88 are short lines, not paragraphs of prose.
func TestShortLinesRealText(t *testing.T) {
	ratification := filepath.Join("..", "..", "testdata", "corpus", "ratification")
	cases := []struct {
		file  string
		lines map[string]Kind // a short line's text, and its kind
		paras int             // paragraphs of prose
	}{
		{filepath.Join("testdata", "corpus", "federalist-064.md"), map[string]Kind{"PUBLIUS": Label}, 15},
		// No. 1's footnote is a numbered list item: no paragraph either.
		{filepath.Join("testdata", "corpus", "federalist-001.md"), map[string]Kind{"PUBLIUS": Label}, 10},
		{filepath.Join(ratification, "centinel", "01.md"),
			map[string]Kind{"Centinel.": Prose, "—Julius Caesar, Act 3, Scene 2": Label}, 0},
		{filepath.Join(ratification, "centinel", "06.md"), map[string]Kind{
			"“Man is the glory, jest, and riddle of the world.” POPE.": Quotation,
			"Philadelphia, Dec. 22, 1787.":                             Label}, 0},
	}
	for _, c := range cases {
		t.Run(filepath.Base(filepath.Dir(c.file))+"/"+filepath.Base(c.file), func(t *testing.T) {
			src, err := os.ReadFile(c.file)
			if err != nil {
				t.Fatal(err)
			}
			d := Parse(src)
			found := map[string]Kind{}
			for _, p := range d.Paragraphs {
				s := d.Sentences[p.Sentences.Start]
				found[d.text[s.start:d.Sentences[p.Sentences.End-1].end]] = p.Kind
			}
			for line, kind := range c.lines {
				if found[line] != kind {
					t.Errorf("%q is %v, want %v (short lines: %q)", line, found[line], kind, found)
				}
			}
			ms := d.ParagraphWords()
			if c.paras > 0 && len(ms) != c.paras {
				t.Errorf("%d paragraphs of prose, want %d", len(ms), c.paras)
			}
		})
	}
}
