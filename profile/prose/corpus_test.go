package prose

import (
	"os"
	"path/filepath"
	"testing"
	"unicode"
	"unicode/utf8"
)

// TestCorpusFixtures holds real prose copied into testdata/corpus to
// counts checked by hand against the files.
func TestCorpusFixtures(t *testing.T) {
	cases := []struct {
		file                        string
		headings, paragraphs, sents int
		opening, closing            string
	}{
		// One paragraph per line, separated by blank lines; the counts of
		// sentences agree with a count of ". X" and "? X" plus the
		// unpunctuated signature "PUBLIUS". No. 1 ends with a footnote, a
		// numbered list item.
		{"federalist-001.md", 0, 12, 49,
			"AFTER an unequivocal experience of the inefficacy of the subsisting federal government, you are called upon to deliberate on a new Constitution for the United States of America.",
			"The same idea, tracing the arguments to their consequences, is held out in several of the late publications against the new Constitution."},
		{"federalist-064.md", 0, 16, 57, "", "PUBLIUS"},
		// Seven tab-indented or unindented lines, no blank lines: seven
		// paragraphs.
		{"argrewrite-draft1-4.txt", 0, 7, 30, "", ""},
		// Six long lines, no blank lines, no indentation: six paragraphs.
		{"argrewrite-draft1-15.txt", 0, 6, 18, "Self-driving vehicles pose many advantages and disadvantages.", ""},
		// A title line, then six indented lines: a title and six paragraphs.
		{"argrewrite-draft1-28.txt", 1, 6, 26, "", "People who don’t own cars will still ride the buses and take taxis so those operating the vehicles will still have jobs."},
		// Ten lines of text, some indented, some after blank lines.
		{"argrewrite-draft1-31.txt", 0, 10, 28, "", ""},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("testdata", "corpus", c.file))
			if err != nil {
				t.Fatal(err)
			}
			d := Parse(src)
			checkPositions(t, src, d)
			checkWordsAtOffsets(t, src, d)
			if len(d.Headings) != c.headings || len(d.Paragraphs) != c.paragraphs || len(d.Sentences) != c.sents {
				t.Errorf("headings %d, paragraphs %d, sentences %d; want %d, %d, %d",
					len(d.Headings), len(d.Paragraphs), len(d.Sentences), c.headings, c.paragraphs, c.sents)
			}
			if s, _ := d.Opening(); c.opening != "" && s.Text != c.opening {
				t.Errorf("opening %q", s.Text)
			}
			if s, _ := d.Closing(); c.closing != "" && s.Text != c.closing {
				t.Errorf("closing %q", s.Text)
			}
		})
	}
}

// TestSharedCorpus runs over every piece of the project's shared corpus
// when it is present: 18th-century prose with long, semicolon-laden
// sentences, and student essays in three drafts.
func TestSharedCorpus(t *testing.T) {
	root := filepath.Join("..", "..", "..", "shared", "corpus")
	files, _ := filepath.Glob(filepath.Join(root, "federalist", "*.md"))
	essays, _ := filepath.Glob(filepath.Join(root, "argrewrite", "draft*", "*.txt"))
	files = append(files, essays...)
	if len(files) == 0 {
		t.Skip("shared corpus not present")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		d := Parse(src)
		checkPositions(t, src, d)
		checkWordsAtOffsets(t, src, d)
		if len(d.Paragraphs) == 0 || len(d.Sentences) == 0 {
			t.Errorf("%s: %d paragraphs, %d sentences", f, len(d.Paragraphs), len(d.Sentences))
			continue
		}
		ms := d.SentenceWords()
		if m := Median(Values(ms)); m < 10 || m > 45 {
			t.Errorf("%s: median sentence of %.1f words", f, m)
		}
		// Sentences start where a new sentence can: a capital, a digit
		// or a quote; a mis-split would start one in lower case.
		lower := 0
		for _, s := range d.Sentences {
			r, _ := utf8.DecodeRune(src[s.Offset:])
			if unicode.IsLower(r) {
				lower++
			}
		}
		if lower*20 > len(d.Sentences) {
			t.Errorf("%s: %d of %d sentences start in lower case", f, lower, len(d.Sentences))
		}
		// Words agree with a plain count of space-separated tokens that
		// hold a letter or digit, but for a few "word--word" and
		// "think,you" splits.
		plain := 0
		in := false
		for _, r := range string(src) {
			switch {
			case unicode.IsSpace(r):
				in = false
			case !in && (unicode.IsLetter(r) || unicode.IsDigit(r)):
				in = true
				plain++
			}
		}
		if filepath.Ext(f) == ".md" {
			plain -= 4 + 4 + 3 // front matter: title, number, author, date
		}
		if diff := d.WordCount() - plain; diff < -plain/100 || diff > plain/10 {
			t.Errorf("%s: %d words, a plain count gives %d", f, d.WordCount(), plain)
		}
	}
}
