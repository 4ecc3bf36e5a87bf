package prose

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// benchPiece builds a Markdown piece of about 5,000 words from the test
// fixtures: the feature-rich piece.md first (front matter, code, lists,
// links), then real prose, paragraph by paragraph.
func benchPiece(tb testing.TB, words int) []byte {
	tb.Helper()
	var src bytes.Buffer
	piece, err := os.ReadFile(filepath.Join("testdata", "piece.md"))
	if err != nil {
		tb.Fatal(err)
	}
	src.Write(piece)
	names := []string{"federalist-001.md", "federalist-064.md", "argrewrite-draft1-4.txt", "argrewrite-draft1-15.txt"}
	for n := 0; ; n++ {
		b, err := os.ReadFile(filepath.Join("testdata", "corpus", names[n%len(names)]))
		if err != nil {
			tb.Fatal(err)
		}
		if i := bytes.Index(b, []byte("\n---\n")); bytes.HasPrefix(b, []byte("---\n")) && i > 0 {
			b = b[i+5:] // front matter only once, at the top
		}
		for _, para := range bytes.Split(b, []byte("\n")) {
			if len(bytes.TrimSpace(para)) == 0 {
				continue
			}
			src.WriteString("\n\n")
			src.Write(para)
			if Parse(src.Bytes()).WordCount() >= words {
				return src.Bytes()
			}
		}
	}
}

func BenchmarkParse5000Words(b *testing.B) {
	src := benchPiece(b, 5000)
	b.SetBytes(int64(len(src)))
	b.ReportMetric(float64(Parse(src).WordCount()), "words")
	b.ResetTimer()
	for b.Loop() {
		Parse(src)
	}
}

// BenchmarkParseMeasureAll5000Words is what a check of one piece costs:
// parse, then every metric.
func BenchmarkParseMeasureAll5000Words(b *testing.B) {
	src := benchPiece(b, 5000)
	metrics := everyMeasure()
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for b.Loop() {
		d := Parse(src)
		for _, m := range metrics {
			m.measure(d)
		}
	}
}

func BenchmarkMeasureAll5000Words(b *testing.B) {
	d := Parse(benchPiece(b, 5000))
	metrics := everyMeasure()
	b.ResetTimer()
	for b.Loop() {
		for _, m := range metrics {
			m.measure(d)
		}
	}
}

func BenchmarkFindPhrase5000Words(b *testing.B) {
	d := Parse(benchPiece(b, 5000))
	b.ResetTimer()
	for b.Loop() {
		d.FindPhrase("the people")
	}
}

// BenchmarkNGrams5000Words counts every 2- and 3-word phrase by key, as
// the analyzer's vocabulary signal does.
func BenchmarkNGrams5000Words(b *testing.B) {
	d := Parse(benchPiece(b, 5000))
	b.ResetTimer()
	var buf []byte
	for b.Loop() {
		counts := map[string]int{}
		for n := 2; n <= 3; n++ {
			for g := range d.NGrams(n) {
				buf = AppendWords(buf[:0], g)
				if c, ok := counts[string(buf)]; ok {
					counts[string(buf)] = c + 1
				} else {
					counts[string(buf)] = 1
				}
			}
		}
	}
}

func TestBenchPiece(t *testing.T) {
	src := benchPiece(t, 5000)
	d := Parse(src)
	if n := d.WordCount(); n < 5000 || n > 5400 {
		t.Fatalf("bench piece has %d words", n)
	}
	checkPositions(t, src, d)
	// A parse allocates per block (goldmark's nodes), not per word.
	if allocs := testing.AllocsPerRun(5, func() { Parse(src) }); allocs > float64(d.WordCount())/5 {
		t.Errorf("Parse allocates %v times", allocs)
	}
}
