package prose

import (
	"bytes"
	"unsafe"
)

// builder turns blocks into the Doc. All text lives in a few growing
// buffers that become strings once, at the end, so a parse allocates a
// handful of times however long the piece is.
type builder struct {
	src []byte
	d   *Doc

	text    []byte    // cleaned text of all blocks
	textSrc offsetMap // where text's bytes are in src

	// lower holds the lower-case forms of the words that are not their
	// own (capitals, curly apostrophes), which their Text shares; every
	// other word's shares text's. Both are only appended to, so a Text
	// made before a buffer grew still reads the old array.
	lower []byte

	part   part  // the block being copied
	brk    bool  // a line break was copied since the part's last text
	title  bool  // the part is a plain-text title, to end as a heading
	cuts   []cut // the plain-text rules' cuts ahead in the paragraph
	cutBuf []cut // their storage, reused from paragraph to paragraph

	pos posFinder
}

func newBuilder(src []byte) *builder {
	n := len(src)
	// Room for every word from the start: a slice that outgrows its guess
	// is copied, and in a short-lived process each fresh page costs a
	// fault. Words mostly end at a space or a line break; the margin
	// covers those joined by dashes and slashes.
	lines := bytes.Count(src, newline)
	words := bytes.Count(src, []byte{' '}) + lines
	words += words/8 + 8
	b := &builder{
		src:   src,
		d:     &Doc{},
		text:  make([]byte, 0, n+16),
		lower: make([]byte, 0, n/8+64), // sentences' first words, names
	}
	// A new run of source bytes starts where a line ends or markup was
	// removed: room for a run a line and some more.
	b.textSrc.runs = make([]offsetRun, 0, lines+16)
	b.d.Words = make([]Word, 0, words)
	b.d.Sentences = make([]Sentence, 0, words/12+4)
	b.d.Paragraphs = make([]Paragraph, 0, words/60+4)
	b.pos.src, b.pos.base = src, bomLen(src)
	b.pos.reset()
	return b
}

// cut drops the cleaned text from index n on.
func (b *builder) cut(n int) {
	b.text = b.text[:n]
	b.textSrc.cut(n)
}

// paragraph adds a block of prose, the part p copied to text[t0:t1].
func (b *builder) paragraph(t0, t1 int, p part) {
	d := b.d
	w0, s0 := len(d.Words), len(d.Sentences)
	b.prose(t0, t1, len(d.Paragraphs))
	if len(d.Words) == w0 {
		b.cut(t0) // nothing but markup or punctuation
		return
	}
	words, sentences := Span{w0, len(d.Words)}, Span{s0, len(d.Sentences)}
	d.Paragraphs = append(d.Paragraphs, Paragraph{
		Position:  d.Words[w0].Position,
		Words:     words,
		Sentences: sentences,
		ListItem:  p.listItem,
		Quote:     p.quote,
		Kind:      b.kind(p, t0, t1, words, sentences),
	})
	b.countPunct(t0, t1)
	b.endBlock()
}

// heading adds a heading, copied to text[t0:t1]: words, no sentences.
func (b *builder) heading(t0, t1, level int) {
	d := b.d
	w0 := len(d.Words)
	hi := len(d.Headings)
	for i := t0; i < t1; {
		r, w := decodeAt(b.text, i, t1)
		if isWordStart(r) {
			j, lower := scanWord(b.text, i, t1)
			b.addWord(i, j, lower, -1, -1, hi)
			i = j
			continue
		}
		i += w
	}
	if len(d.Words) == w0 {
		b.cut(t0)
		return
	}
	for t1 > t0 && b.text[t1-1] == ' ' {
		t1--
	}
	for t0 < t1 && b.text[t0] == ' ' {
		t0++
	}
	d.Headings = append(d.Headings, Heading{
		Position: d.Words[w0].Position,
		Words:    Span{w0, len(d.Words)},
		Level:    level,
		start:    int32(t0),
		end:      int32(t1),
	})
	b.countPunct(t0, t1)
	b.endBlock()
}

// endBlock separates blocks in the cleaned text with a byte no block
// holds, so no phrase match runs from one block into the next.
func (b *builder) endBlock() {
	b.text = append(b.text, '\n')
}

// addWord records the word at text[i:j]; lower says it is its own
// lower-case form, whose Text can then share the cleaned text's bytes.
func (b *builder) addWord(i, j int, lower bool, sent, para, head int) {
	var text string
	if lower {
		text = bufferString(b.text[i:j])
	} else {
		text = b.lowered(b.text[i:j])
	}
	off := b.textSrc.src(i)
	pos, ok := b.pos.onLine(off) // spelled out so that onLine inlines
	if !ok {
		pos = b.pos.elsewhere(off)
	}
	b.d.Words = append(b.d.Words, Word{
		Text:      text,
		Position:  pos,
		Sentence:  int32(sent),
		Paragraph: int32(para),
		Heading:   int32(head),
		start:     int32(i),
		end:       int32(j),
	})
}

// lowered returns the lower-case form of a word, kept in b.lower. A full
// buffer is replaced, not grown: the words made so far keep the old one.
func (b *builder) lowered(w []byte) string {
	if room := 2 * len(w); cap(b.lower)-len(b.lower) < room { // lower case takes at most 3 bytes for 2
		b.lower = make([]byte, 0, max(cap(b.lower), room))
	}
	l0 := len(b.lower)
	b.lower = appendLower(b.lower, w)
	return bufferString(b.lower[l0:])
}

// finish turns the buffers into strings, sharing their bytes as nothing
// writes to them again, and tallies what depends on the finished
// sentences and blocks.
func (b *builder) finish() *Doc {
	d := b.d
	d.text = bufferString(b.text)
	c := &d.counts
	for i := range d.Sentences {
		s := &d.Sentences[i]
		s.Text = d.text[s.start:s.end]
		switch s.Terminator {
		case '?':
			c[Questions]++
		case '!':
			c[Exclamations]++
		}
	}
	for i := range d.Headings {
		h := &d.Headings[i]
		h.Text = d.text[h.start:h.end]
	}
	c[Headings] = len(d.Headings)
	for _, p := range d.Paragraphs {
		if p.ListItem {
			c[ListItems]++
		}
	}
	return d
}

// bufferString is bytes no one will write to again, as a string.
func bufferString(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

var newline = []byte{'\n'}
