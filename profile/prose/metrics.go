package prose

import "fmt"

// The measurements below are what profile.MetricKinds, the one place a
// metric is described, are made of.

// Scope says what one value of a metric describes: a sentence, a
// paragraph, or the whole piece.
type Scope int

const (
	PerSentence Scope = iota + 1
	PerParagraph
	PerPiece
)

func (s Scope) String() string {
	if names := [...]string{"", "sentence", "paragraph", "piece"}; s > 0 && int(s) < len(names) {
		return names[s]
	}
	return fmt.Sprintf("Scope(%d)", int(s))
}

// Measurement is one value of a metric and where it applies: a sentence's
// or paragraph's first word, or the piece's first word.
type Measurement struct {
	Value float64
	Position
}

// Count is a tally of the piece a rate divides by its words.
type Count int

const (
	EmDashes Count = iota
	EnDashes
	Semicolons
	Colons
	Parentheses
	Questions
	Exclamations
	Headings
	ListItems
	Contractions // the word kinds from here on
	FirstSingular
	FirstPlural
	SecondPerson
	numCounts
)

// Count returns the piece's tally of c.
func (d *Doc) Count(c Count) int {
	if c >= Contractions {
		d.countKinds()
	}
	return d.counts[c]
}

// SentenceWords measures each sentence of prose by its words, in file
// order.
func (d *Doc) SentenceWords() []Measurement {
	out := make([]Measurement, 0, len(d.Sentences))
	for _, s := range d.Sentences {
		if d.proseSentence(s) {
			out = append(out, Measurement{float64(s.Words.Len()), s.Position})
		}
	}
	return out
}

// ParagraphSentences measures each paragraph of prose by its sentences.
func (d *Doc) ParagraphSentences() []Measurement {
	return d.perParagraph(func(p Paragraph) int { return p.Sentences.Len() })
}

// ParagraphWords measures each paragraph of prose by its words.
func (d *Doc) ParagraphWords() []Measurement {
	return d.perParagraph(func(p Paragraph) int { return p.Words.Len() })
}

// PieceWords is the piece's one value of its words.
func (d *Doc) PieceWords() []Measurement { return d.piece(float64(len(d.Words))) }

// Per1k is the piece's one value of n per 1,000 of its words, so that
// short and long pieces compare; a piece without words measures 0.
func (d *Doc) Per1k(n int) []Measurement {
	if len(d.Words) == 0 {
		return d.piece(0)
	}
	return d.piece(float64(n) * 1000 / float64(len(d.Words)))
}

// perParagraph measures each paragraph of prose by size.
func (d *Doc) perParagraph(size func(Paragraph) int) []Measurement {
	out := make([]Measurement, 0, len(d.Paragraphs))
	for _, p := range d.Paragraphs {
		if p.Kind == Prose && !p.ListItem {
			out = append(out, Measurement{float64(size(p)), p.Position})
		}
	}
	return out
}

// proseSentence says whether the sentence length counts a sentence: one
// of a paragraph of prose, or a list item's that ends as a sentence does
// (a bare fragment is a label).
func (d *Doc) proseSentence(s Sentence) bool {
	p := &d.Paragraphs[s.Paragraph]
	return p.Kind == Prose && (!p.ListItem || s.Terminator != 0)
}

func (d *Doc) piece(v float64) []Measurement {
	return []Measurement{{v, d.start()}}
}
