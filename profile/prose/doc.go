// Package prose measures a piece of writing: its words, sentences,
// paragraphs and headings, each with its place in the file, and the counts
// and lengths profile.MetricKinds are made of. The analyzer and `sw check`
// both read pieces through it, so a rule the analyzer proposes is tested
// by exactly the counting that produced it.
package prose

import "sync"

// Position is a place in the original file. Line and Col are 1-based; Col
// counts runes, as editors show. Offset is the 0-based byte offset. The
// fields are 32-bit: every word carries a Position, and a smaller Word
// makes a long piece's parse touch less fresh memory, which a short-lived
// process pays for page by page.
type Position struct {
	Line, Col int32
	Offset    int32
}

// Span is a half-open range of indexes into one of the Doc's slices.
type Span struct{ Start, End int }

// Len is the number of items in the span.
func (s Span) Len() int { return s.End - s.Start }

// Word is one word of the piece's text.
type Word struct {
	// Text is the word in lower case with apostrophes normalised to ',
	// the form every count and phrase match uses.
	Text string
	Position
	Sentence  int32 // index in Doc.Sentences, or -1 for a heading's word
	Paragraph int32 // index in Doc.Paragraphs, or -1 for a heading's word
	Heading   int32 // index in Doc.Headings, or -1 for a paragraph's word

	// start and end locate the word in Doc.text, where the gaps between
	// words (punctuation, spaces) still are.
	start, end int32
}

// Sentence is one sentence of a paragraph.
type Sentence struct {
	// Text is the sentence as read: markup removed, line breaks as spaces.
	Text      string
	Position  // of its first word
	Words     Span
	Paragraph int
	// Terminator is '.', '?', '!' or '…' ("..." too), or 0 when the end of
	// its paragraph closed the sentence. A run such as "?!" counts as '?'.
	Terminator rune

	start, end int32 // Text's place in Doc.text
}

// Paragraph is a block of prose: a paragraph, a list item, or a paragraph
// inside a list item or blockquote.
type Paragraph struct {
	Position  // of its first word
	Words     Span
	Sentences Span
	ListItem  bool // it opens a list item
	Quote     bool // it sits in a blockquote
	Kind      Kind // prose, or a short line of another kind
}

// Heading is a heading line. Its words are words of the piece, but it is
// no sentence and no paragraph.
type Heading struct {
	Text     string
	Position // of its first word
	Words    Span
	// Level is 1 to 6 for a Markdown heading and 0 for a plain-text title:
	// a short unpunctuated line standing above indented or unwrapped
	// paragraphs, as in essays written outside Markdown.
	Level int

	start, end int32
}

// Doc is a parsed piece. Its slices are in the order of the file.
type Doc struct {
	Words      []Word
	Sentences  []Sentence
	Paragraphs []Paragraph
	Headings   []Heading

	// text is the cleaned text of every block, blocks separated by '\n'
	// (never found inside a block); words and sentences point into it.
	text string

	// counts are the per-piece tallies the rates divide by the word
	// count, made once. The word kinds' (Contractions on) are made the
	// first time one is asked for: they look at every word again, and most
	// checks name none of them.
	counts        [numCounts]int
	wordKindsOnce sync.Once

	markerCounts []int // by markers, as the word kinds are
	markerOnce   sync.Once
}

// WordCount is the number of words in the piece's text: paragraphs, list
// items, quotes and headings.
func (d *Doc) WordCount() int { return len(d.Words) }

// WordsOf returns the words of a span such as Sentence.Words.
func (d *Doc) WordsOf(s Span) []Word { return d.Words[s.Start:s.End] }

// Opening returns the piece's first sentence.
func (d *Doc) Opening() (Sentence, bool) { return d.sentence(0) }

// Closing returns the piece's last sentence.
func (d *Doc) Closing() (Sentence, bool) { return d.sentence(len(d.Sentences) - 1) }

func (d *Doc) sentence(i int) (Sentence, bool) {
	if len(d.Sentences) == 0 {
		return Sentence{}, false
	}
	return d.Sentences[i], true
}

// start is where a per-piece measurement is reported: the first word, or
// the top of the file when there is none.
func (d *Doc) start() Position {
	if len(d.Words) > 0 {
		return d.Words[0].Position
	}
	return Position{Line: 1, Col: 1}
}
