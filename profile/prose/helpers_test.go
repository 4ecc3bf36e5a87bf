package prose

import (
	"bytes"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"
)

// texts returns the Text of each word.
func texts(ws []Word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Text
	}
	return out
}

func sentenceTexts(d *Doc) []string {
	out := make([]string, len(d.Sentences))
	for i, s := range d.Sentences {
		out[i] = s.Text
	}
	return out
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// oracle recomputes positions from byte offsets the plain way, to check
// the parser's incremental bookkeeping: line starts found by newlines,
// columns by counting runes from the line's start.
type oracle struct {
	src        []byte
	lineStarts []int
	runeIndex  []int // runes before each byte
}

func newOracle(src []byte) *oracle {
	o := &oracle{src: src, lineStarts: []int{0}, runeIndex: make([]int, len(src)+1)}
	if bytes.HasPrefix(src, bom) {
		o.lineStarts[0] = len(bom)
	}
	n := 0
	for i := 0; i < len(src); {
		_, w := utf8.DecodeRune(src[i:])
		for k := i; k < i+w; k++ {
			o.runeIndex[k] = n
		}
		if src[i] == '\n' {
			o.lineStarts = append(o.lineStarts, i+1)
		}
		n++
		i += w
	}
	o.runeIndex[len(src)] = n
	return o
}

func (o *oracle) lineCol(off int) (int, int) {
	line := sort.SearchInts(o.lineStarts, off+1) // lines starting at or before off
	return line, o.runeIndex[off] - o.runeIndex[o.lineStarts[line-1]] + 1
}

// checkPositions fails unless every word, sentence, paragraph and
// heading has a position inside src that agrees with its offset.
func checkPositions(t testing.TB, src []byte, d *Doc) {
	t.Helper()
	o := newOracle(src)
	check := func(what string, p Position) {
		t.Helper()
		if p.Offset < 0 || int(p.Offset) >= len(src) {
			t.Fatalf("%s: offset %d outside input of %d bytes", what, p.Offset, len(src))
		}
		l, c := o.lineCol(int(p.Offset))
		if int(p.Line) != l || int(p.Col) != c {
			t.Fatalf("%s: at %d:%d, but offset %d is %d:%d", what, p.Line, p.Col, p.Offset, l, c)
		}
	}
	for _, w := range d.Words {
		check("word "+w.Text, w.Position)
	}
	for _, s := range d.Sentences {
		check("sentence "+s.Text, s.Position)
	}
	for i, p := range d.Paragraphs {
		check("paragraph", p.Position)
		if p.Position != d.Words[p.Words.Start].Position {
			t.Fatalf("paragraph %d is not at its first word", i)
		}
	}
	for _, h := range d.Headings {
		check("heading "+h.Text, h.Position)
	}
}

// checkWordsAtOffsets fails unless each word is what the source holds at
// its offset (ignoring case and apostrophe style); only for sources
// without character references, which decode to other text.
func checkWordsAtOffsets(t testing.TB, src []byte, d *Doc) {
	t.Helper()
	for _, w := range d.Words {
		got := string(appendLower(nil, src[w.Offset:min(len(src), int(w.Offset)+len(w.Text)+8)]))
		if !strings.HasPrefix(got, w.Text) {
			t.Fatalf("word %q at %d:%d, but the source there reads %q", w.Text, w.Line, w.Col, got)
		}
	}
}

// JoinWords joins the words' Text with single spaces: the key of an
// n-gram, and a phrase FindPhrase finds again.
func JoinWords(ws []Word) string { return string(AppendWords(nil, ws)) }

// AppendWords appends what JoinWords returns to dst.
func AppendWords(dst []byte, ws []Word) []byte {
	for i, w := range ws {
		if i > 0 {
			dst = append(dst, ' ')
		}
		dst = append(dst, w.Text...)
	}
	return dst
}

// rate is the measurement of a rate metric of c.
func rate(c Count) func(*Doc) []Measurement {
	return func(d *Doc) []Measurement { return d.Per1k(d.Count(c)) }
}

// oneMeasure is a measurement a metric is made of, and whether it is one
// value for the piece.
type oneMeasure struct {
	piece   bool
	measure func(*Doc) []Measurement
}

// everyMeasure is every measurement a metric is made of (see
// profile.MetricKinds).
func everyMeasure() []oneMeasure {
	out := []oneMeasure{{false, (*Doc).SentenceWords}, {false, (*Doc).ParagraphSentences}, {false, (*Doc).ParagraphWords}, {true, (*Doc).PieceWords}}
	for c := range numCounts {
		out = append(out, oneMeasure{true, rate(c)})
	}
	for i := range MarkerWords {
		out = append(out, oneMeasure{true, func(d *Doc) []Measurement { return d.Per1k(d.MarkerUses(i)) }})
	}
	return out
}
