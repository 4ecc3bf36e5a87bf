package prose

import (
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// News and interviews are full of short lines that are no paragraphs of
// prose: a subhead, a dateline, a one-line quotation, a question and its
// answer. Measured as paragraphs they would make a reporter's every piece
// look choppy, so each is read as what it is.

// Kind says what a paragraph is: prose, or a short line of another kind.
type Kind uint8

const (
	// Prose is a paragraph of the writer's own prose.
	Prose Kind = iota
	// Quotation is a paragraph that opens with a quotation mark and holds
	// at most quotationMaxSentences sentences (a quote and who said it), or
	// any paragraph in a blockquote: someone else's words.
	Quotation
	// Label is a short line of its own, of one sentence, unpunctuated or
	// in capitalised words and numbers: a dateline ("LONDON, March 3",
	// "Philadelphia, Dec. 22, 1787."), a byline, a sign-off ("PUBLIUS").
	// One word and a full stop ("No.") may be prose, so it stays prose.
	Label
	// Exchange is a line of a question-and-answer box or a transcript:
	// it opens with "Q:" or "A:", or with a speaker's name in bold or in
	// capitals and a colon.
	Exchange
)

func (k Kind) String() string {
	if names := [...]string{"prose", "quotation", "label", "exchange"}; int(k) < len(names) {
		return names[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Limits of the short lines.
const (
	quotationMaxSentences = 2
	labelMaxWords         = 8
	speakerMaxWords       = 3
)

// kind tells what the paragraph p, just read from text[t0:t1], is.
func (b *builder) kind(p part, t0, t1 int, words, sentences Span) Kind {
	t := b.text[t0:t1]
	switch {
	case p.quote:
		return Quotation
	case p.speaker || opensExchange(t):
		return Exchange
	case p.lines == 1 && sentences.Len() == 1 && words.Len() <= labelMaxWords &&
		(b.d.Sentences[sentences.Start].Terminator == 0 || words.Len() > 1 && b.capitalised(words)):
		return Label
	}
	if r, _ := utf8.DecodeRune(t); isOpener(r) && r != '(' && r != '[' &&
		sentences.Len() <= quotationMaxSentences {
		return Quotation
	}
	return Prose
}

// capitalised says whether every word of a span opens with a capital or
// a digit, as the words of a name, a place or a date do.
func (b *builder) capitalised(words Span) bool {
	for _, w := range b.d.WordsOf(words) {
		if r, _ := utf8.DecodeRune(b.text[w.start:w.end]); !unicode.IsUpper(r) && !isDigit(r) {
			return false
		}
	}
	return true
}

// opensExchange says whether a paragraph's text opens with "Q:" or "A:",
// or with up to speakerMaxWords words in capitals and a colon.
func opensExchange(t []byte) bool {
	words, letters := 1, 0
	for i := 0; i < len(t); {
		r, w := utf8.DecodeRune(t[i:])
		switch {
		case r == ':':
			return letters >= 2 || (letters == 1 && (t[0] == 'Q' || t[0] == 'A'))
		case r == ' ':
			words++
			if words > speakerMaxWords {
				return false
			}
		case unicode.IsUpper(r):
			letters++
		case r != '.' && r != '-' && r != '\'':
			return false
		}
		i += w
	}
	return false
}

// isSubhead says whether a paragraph is a subhead: one short line, all of
// it in bold.
func isSubhead(n ast.Node, lines *text.Segments) bool {
	e, ok := n.FirstChild().(*ast.Emphasis)
	if !ok || e.Level != 2 || lines.Len() != 1 || lines.At(0).Stop-lines.At(0).Start > titleMaxRunes {
		return false
	}
	for c := e.NextSibling(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); !ok || t.Segment.Len() > 0 {
			return false
		}
	}
	return true
}

// leadsWithSpeaker says whether a paragraph opens with a name in bold
// and a colon, inside the bold or just after it, as a transcript does.
func leadsWithSpeaker(src []byte, n ast.Node) bool {
	e, ok := n.FirstChild().(*ast.Emphasis)
	if !ok || e.Level != 2 {
		return false
	}
	if t, ok := e.LastChild().(*ast.Text); ok && t.Segment.Len() > 0 && src[t.Segment.Stop-1] == ':' {
		return true
	}
	t, ok := e.NextSibling().(*ast.Text)
	return ok && t.Segment.Len() > 0 && src[t.Segment.Start] == ':'
}
