package analyze

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// corpusParagraphs is every paragraph of the copied corpus (front matter
// left out), in a fixed order: the material benchmark pieces are cut from.
func corpusParagraphs(tb testing.TB) []string {
	tb.Helper()
	var files []string
	for _, pattern := range []string{"federalist/*.md", "argrewrite/draft3/*.txt"} {
		m, err := filepath.Glob(filepath.Join(corpusDir, filepath.FromSlash(pattern)))
		if err != nil {
			tb.Fatal(err)
		}
		files = append(files, m...)
	}
	sort.Strings(files)
	var paras []string
	for _, f := range files {
		rel, _ := filepath.Rel(corpusDir, f)
		text := readCorpus(tb, filepath.ToSlash(rel))
		if strings.HasPrefix(text, "---\n") {
			if i := strings.Index(text[4:], "\n---\n"); i >= 0 {
				text = text[4+i+5:]
			}
		}
		for _, p := range strings.Split(text, "\n") {
			if p = strings.TrimSpace(p); len(strings.Fields(p)) >= 5 {
				paras = append(paras, p)
			}
		}
	}
	return paras
}

// benchRequest builds n pieces of about words words each, in two genres,
// each starting at a different paragraph of the corpus so no two pieces
// are the same.
func benchRequest(tb testing.TB, n, words int) *Request {
	tb.Helper()
	paras := corpusParagraphs(tb)
	req := &Request{Profile: emptyProfile("essay", "letter")}
	for i := range n {
		var b strings.Builder
		count := 0
		for k := (i * 37) % len(paras); count < words; k = (k + 1) % len(paras) {
			b.WriteString(paras[k])
			b.WriteString("\n\n")
			count += len(strings.Fields(paras[k]))
		}
		genre := "essay"
		if i%2 == 1 {
			genre = "letter"
		}
		req.Pieces = append(req.Pieces, Piece{Path: fmt.Sprintf("pieces/%04d.md", i), Genre: genre, Text: b.String()})
	}
	return req
}

func benchAnalyze(b *testing.B, req *Request) {
	b.ReportAllocs()
	// The general-English baseline is decoded once per process (about 8
	// ms); a warm-up run keeps that one-off out of the per-batch figure.
	if _, err := (Embedded{}).Analyze(context.Background(), req); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := (Embedded{}).Analyze(context.Background(), req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAnalyze3x2000: a default batch, three pieces of 2,000 words.
// Budget: 30 ms.
func BenchmarkAnalyze3x2000(b *testing.B) {
	benchAnalyze(b, benchRequest(b, 3, 2000))
}

// BenchmarkAnalyze1000: a thousand pieces, at two piece sizes and two
// batch sizes, to show the cost grows linearly with the words analysed.
// Budget: 2 s for 1,000 pieces.
func BenchmarkAnalyze1000(b *testing.B) {
	for _, c := range []struct{ pieces, words int }{{500, 1000}, {1000, 1000}, {1000, 2000}} {
		b.Run(fmt.Sprintf("pieces=%d/words=%d", c.pieces, c.words), func(b *testing.B) {
			benchAnalyze(b, benchRequest(b, c.pieces, c.words))
		})
	}
}
