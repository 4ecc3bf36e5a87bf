// Package boilerplate tells a collection's template from its writing.
// Newsletters, columns and papers carry lines that recur word for word
// from piece to piece (a sign-off such as "PUBLIUS", a byline, a footer,
// a call to subscribe), and often notes after the sign-off. None of them
// is how the person writes: measured as prose, a one-word sign-off is a
// one-sentence closing paragraph in every piece, and the analyzer would
// learn it as a habit.
//
// A boilerplate line is known by its key: the words of a paragraph in
// lower case, with every word holding a digit read as "#", so that
// "Issue 12" and "Issue 13", or "PUBLIUS" and "Publius.", are one line.
// The analyzer learns which keys recur across a collection's pieces and
// proposes them as rules (a rule file's `boilerplate:` list); the analyzer
// and `sw check` then read every piece without them, through Parse.
package boilerplate

import (
	"slices"
	"strings"

	"sw/profile/prose"
)

// MaxWords is the longest paragraph that can be boilerplate: a sign-off,
// a byline, a footer of a sentence or two. A longer paragraph that recurs
// is a quotation or a passage the writer reused, and is writing.
const MaxWords = 60

// EdgeShare places a paragraph at a piece's edge: at most this share of
// the piece's words before it (a byline, a dateline) or after it (a
// sign-off, a footer, with the notes that follow).
const EdgeShare = 0.25

// Kind says where in a piece a boilerplate paragraph stands.
type Kind int

const (
	Middle  Kind = iota // a call to subscribe, a repeated aside
	Opening             // a byline, a dateline, a salutation
	SignOff             // a sign-off or footer: what follows it is notes
)

// Para is a paragraph that could be boilerplate: short enough, with its
// key, its text as read, and where it stands.
type Para struct {
	Index int // in Doc.Paragraphs
	Key   string
	Text  string
	Kind  Kind
	After int // words after it: for a sign-off, the notes'
}

// Candidates lists the paragraphs of d that could be boilerplate (at most
// MaxWords words), in file order.
func Candidates(d *prose.Doc) []Para {
	var out []Para
	total := d.WordCount()
	for i := range d.Paragraphs {
		p := &d.Paragraphs[i]
		if p.Words.Len() > MaxWords {
			continue
		}
		out = append(out, Para{Index: i, Key: Key(d, p.Words), Text: text(d, p), Kind: kind(p.Words, total), After: total - p.Words.End})
	}
	return out
}

// kind places a paragraph by the words before and after it. A sign-off
// comes first: in a short piece both could hold, and a line near the end
// is what closes it.
func kind(w prose.Span, total int) Kind {
	switch {
	case float64(total-w.End) <= EdgeShare*float64(total):
		return SignOff
	case float64(w.Start) <= EdgeShare*float64(total):
		return Opening
	}
	return Middle
}

// Key is the normalised form of a run of words: lower case (as prose
// reads every word), single spaces, a word holding a digit as "#", and so
// is a month's name beside one: a dateline ("Philadelphia, November 5th,
// 1787.") is one line whatever its date, as "Issue 12" is whatever its
// number.
func Key(d *prose.Doc, s prose.Span) string {
	words := d.WordsOf(s)
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		if numeric(w.Text) || months[w.Text] && (i > 0 && numeric(words[i-1].Text) || i+1 < len(words) && numeric(words[i+1].Text)) {
			b.WriteByte('#')
		} else {
			b.WriteString(w.Text)
		}
	}
	return b.String()
}

func numeric(w string) bool { return strings.ContainsAny(w, "0123456789") }

// months are the names of the months and their usual short forms, as
// prose reads them (lower case, without the abbreviation's dot).
var months = map[string]bool{}

func init() {
	for _, m := range strings.Fields(`january february march april may june july august
		september october november december jan feb mar apr jun jul aug sep sept oct nov dec`) {
		months[m] = true
	}
}

// KeyOf is the key of a line as a person writes it in a rule file.
func KeyOf(line string) string {
	d := prose.Parse([]byte(line))
	return Key(d, prose.Span{Start: 0, End: d.WordCount()})
}

// text is a paragraph as read: its sentences, markup removed.
func text(d *prose.Doc, p *prose.Paragraph) string {
	parts := make([]string, 0, p.Sentences.Len())
	for _, s := range d.Sentences[p.Sentences.Start:p.Sentences.End] {
		parts = append(parts, s.Text)
	}
	return strings.Join(parts, " ")
}

// Block is boilerplate found in a piece: a paragraph whose key is known,
// its lines, and for a sign-off the notes after it, to the end of the file.
type Block struct {
	Key, Text string
	Kind      Kind
	Line, Col int // of its first word
	LastLine  int // of its last word
	// Where the notes after a sign-off start (their first word) and how
	// many words they hold; NotesLine is 0 when none follow.
	NotesLine, NotesCol, NotesWords int
}

// Find lists the paragraphs of d whose key is known, in file order. The
// first sign-off among them ends the piece's writing: what follows it is
// notes, and no later boilerplate is listed on its own.
func Find(d *prose.Doc, known func(key string) bool) []Block {
	return Select(d, Candidates(d), known)
}

// Select is Find for a piece whose candidates are listed already.
func Select(d *prose.Doc, cands []Para, known func(key string) bool) []Block {
	var out []Block
	for _, c := range cands {
		if !known(c.Key) {
			continue
		}
		p := &d.Paragraphs[c.Index]
		first, last := d.Words[p.Words.Start], d.Words[p.Words.End-1]
		b := Block{Key: c.Key, Text: c.Text, Kind: c.Kind, Line: int(first.Line), Col: int(first.Col), LastLine: int(last.Line)}
		if c.Kind == SignOff {
			if p.Words.End < d.WordCount() {
				n := d.Words[p.Words.End]
				b.NotesLine, b.NotesCol, b.NotesWords = int(n.Line), int(n.Col), d.WordCount()-p.Words.End
			}
			return append(out, b)
		}
		out = append(out, b)
	}
	return out
}

// Mask returns a copy of src with the lines of blocks, and the notes after
// a sign-off, blanked: every byte but the line ends becomes a space, so
// the rest of the piece keeps its lines, columns and offsets, and what
// was blanked parses as blank lines.
func Mask(src []byte, blocks []Block) []byte {
	if len(blocks) == 0 {
		return src
	}
	out := append([]byte(nil), src...)
	line, blank := 1, masked(blocks, 1)
	for i, c := range out {
		switch {
		case c == '\n':
			line++
			blank = masked(blocks, line)
		case blank && c != '\r':
			out[i] = ' '
		}
	}
	return out
}

func masked(blocks []Block, line int) bool {
	return slices.ContainsFunc(blocks, func(b Block) bool {
		return line >= b.Line && (line <= b.LastLine || b.Kind == SignOff)
	})
}

// Parse parses src without its boilerplate: d is the piece as the
// analyzer and sw check measure it, blocks what was left out. A piece
// with none is parsed once.
func Parse(src []byte, known func(key string) bool) (d *prose.Doc, blocks []Block) {
	d = prose.Parse(src)
	if known == nil {
		return d, nil
	}
	blocks = Find(d, known)
	if len(blocks) == 0 {
		return d, nil
	}
	return prose.Parse(Mask(src, blocks)), blocks
}
