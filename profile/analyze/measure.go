package analyze

import (
	"runtime"
	"sync"
	"unicode"
	"unicode/utf8"

	"sw/profile"
	"sw/profile/boilerplate"
	"sw/profile/prose"
)

// piece is one piece of the batch as the signals see it: parsed, its
// boilerplate left out, measured once, then read by every signal.
type piece struct {
	Piece
	index int // in the batch, sorted by path
	// src is the piece's text with its boilerplate blanked (see package
	// boilerplate), and doc its parse: what every signal reads.
	src         []byte
	doc         *prose.Doc
	candidates  []boilerplate.Para // paragraphs that could be boilerplate, of the full text
	paraHashes  []uint64           // every paragraph of the full text (see paragraphHashes)
	boilerplate []boilerplate.Block
	// isBoilerplate says which keys are boilerplate in this piece, so its
	// drafts are read as its final text is.
	isBoilerplate func(key string) bool
	eligible      bool // at least MinPieceWords words
	// topicList is what it is about (see topicWords), found the first
	// time a signal asks (see topics).
	topicList  []string
	topicsRead bool
	metrics    []pieceMetric
	ends       [2]shape // how it opens and closes (see shapes)
}

// pieceMetric is one metric of one piece: the per-unit values (sentences,
// paragraphs) and the typical value, their median, or the piece's one
// value for a per-piece metric. ok says the piece is big enough for it.
type pieceMetric struct {
	ok    bool
	value float64
	units []float64
}

// parsePieces parses every piece and lists the paragraphs of each that
// could be boilerplate. Pieces are independent, so this runs on every core.
func parsePieces(in []Piece) []*piece {
	out := make([]*piece, len(in))
	parallel(len(in), func(i int) {
		src := []byte(in[i].Text)
		d := prose.Parse(src)
		out[i] = &piece{Piece: in[i], index: i, src: src, doc: d, candidates: boilerplate.Candidates(d), paraHashes: paragraphHashes(d)}
	})
	return out
}

// parallel runs do(0), ..., do(n-1) on every core. Each call writes only
// its own index's result, so the outcome does not depend on scheduling.
func parallel(n int, do func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			do(i)
		}
		return
	}
	var wg sync.WaitGroup
	next := make(chan int, n)
	for i := range n {
		next <- i
	}
	close(next)
	for range workers {
		wg.Go(func() {
			for i := range next {
				do(i)
			}
		})
	}
	wg.Wait()
}

// measure leaves the piece's boilerplate out (known says which keys are
// boilerplate) and measures what is left.
func (pc *piece) measure(known func(key string) bool) {
	pc.isBoilerplate = known
	if pc.boilerplate = boilerplate.Select(pc.doc, pc.candidates, known); len(pc.boilerplate) > 0 {
		pc.src = boilerplate.Mask(pc.src, pc.boilerplate)
		pc.doc = prose.Parse(pc.src)
	}
	d := pc.doc
	pc.eligible = d.WordCount() >= MinPieceWords
	kinds := profile.MetricKinds()
	pc.metrics = make([]pieceMetric, len(kinds))
	for i, k := range kinds {
		pc.metrics[i] = measureMetric(d, k, pc.eligible)
	}
	pc.ends[0], pc.ends[1] = shapes(d)
}

// measureMetric measures one metric of a parsed piece.
func measureMetric(d *prose.Doc, spec *profile.MetricKind, eligible bool) pieceMetric {
	if !eligible {
		return pieceMetric{}
	}
	vals := prose.Values(spec.Measure(d))
	if spec.Scope != prose.PerPiece {
		need := MinSentences
		if spec.Scope == prose.PerParagraph {
			need = MinParagraphs
		}
		if len(vals) < need {
			return pieceMetric{}
		}
		return pieceMetric{ok: true, value: prose.Median(vals), units: vals}
	}
	if len(vals) != 1 || (spec.Rate && d.WordCount() < MinRateWords) {
		return pieceMetric{}
	}
	return pieceMetric{ok: true, value: vals[0]}
}

// capitalisedMidSentence says whether word i of d (parsed from src) is
// capitalised although it does not open its sentence: the mark of a name.
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
