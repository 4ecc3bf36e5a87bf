package analyze

import (
	"runtime"
	"sync"
	"unicode"
	"unicode/utf8"

	"sw/profile/prose"
)

// piece is one piece of the batch as the signals see it: parsed once,
// measured once, then read by every signal.
type piece struct {
	Piece
	index    int // in the batch, sorted by path
	src      []byte
	doc      *prose.Doc
	eligible bool // at least MinPieceWords words
	metrics  []pieceMetric
	opening  shape
	closing  shape
}

// pieceMetric is one metric of one piece: the per-unit values (sentences,
// paragraphs) and the typical value, their median, or the piece's one
// value for a per-piece metric. ok says the piece is big enough for it.
type pieceMetric struct {
	ok    bool
	value float64
	units []float64
}

// parsePieces parses and measures every piece. Pieces are independent, so
// this runs on every core; each result lands at its own index, which keeps
// the outcome independent of scheduling.
func parsePieces(in []Piece) []*piece {
	out := make([]*piece, len(in))
	workers := min(runtime.GOMAXPROCS(0), len(in))
	if workers <= 1 {
		for i := range in {
			out[i] = measurePiece(in[i], i)
		}
		return out
	}
	var wg sync.WaitGroup
	next := make(chan int, len(in))
	for i := range in {
		next <- i
	}
	close(next)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = measurePiece(in[i], i)
			}
		}()
	}
	wg.Wait()
	return out
}

func measurePiece(p Piece, index int) *piece {
	src := []byte(p.Text)
	d := prose.Parse(src)
	pc := &piece{Piece: p, index: index, src: src, doc: d}
	pc.eligible = d.WordCount() >= MinPieceWords
	specs := metricSpecs()
	pc.metrics = make([]pieceMetric, len(specs))
	for i := range specs {
		pc.metrics[i] = measureMetric(d, &specs[i], pc.eligible)
	}
	pc.opening, pc.closing = shapes(d)
	return pc
}

// measureMetric measures one metric of a parsed piece.
func measureMetric(d *prose.Doc, spec *metricSpec, eligible bool) pieceMetric {
	ms, err := d.Measure(spec.name)
	if err != nil || !eligible {
		return pieceMetric{}
	}
	vals := prose.Values(ms)
	switch spec.scope {
	case prose.PerSentence:
		if len(vals) < MinSentences {
			return pieceMetric{}
		}
		return pieceMetric{ok: true, value: prose.Median(vals), units: vals}
	case prose.PerParagraph:
		if len(vals) < MinParagraphs {
			return pieceMetric{}
		}
		return pieceMetric{ok: true, value: prose.Median(vals), units: vals}
	}
	if len(vals) != 1 || (spec.rate && d.WordCount() < MinRateWords) {
		return pieceMetric{}
	}
	return pieceMetric{ok: true, value: vals[0]}
}

// capitalisedMidSentence says whether word i of d (parsed from src) is
// written with a capital although it does not open its sentence: the mark
// of a name.
func capitalisedMidSentence(src []byte, d *prose.Doc, i int) bool {
	w := &d.Words[i]
	if w.Sentence < 0 {
		return false // a heading's words are capitalised by convention
	}
	return d.Sentences[w.Sentence].Words.Start != i && capitalised(src, int(w.Offset))
}

// capitalised says the word at offset starts with a capital letter.
func capitalised(src []byte, offset int) bool {
	if offset >= len(src) {
		return false
	}
	r, _ := utf8.DecodeRune(src[offset:])
	return unicode.IsUpper(r)
}
