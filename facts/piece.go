package facts

import (
	"bytes"
	"path"
	"strings"

	"sw/profile/prose"
)

// PieceFacts is what sw notes of one piece in memory.md, from its front
// matter and text: its "Pieces written" line and its stance, if any.
type PieceFacts struct {
	Path    string // slash path from the collection root
	Title   string // front matter's; "" for the first heading, else the file's name
	Date    string // YYYY-MM-DD; "" when the piece gives none (see Update.DateOf)
	Genre   string // "" for none
	Summary string // front matter's; "" for the first sentence of Body
	Stance  string // front matter's `stance:`; "" for none
	Body    []byte // the piece's text after its front matter (its start is enough: see bodyStart)
	Added   bool   // the change adds the piece, rather than changing one that was there
}

// summaryWords is how many words a piece's summary keeps: a line that
// tells the next piece what this one said, not a second copy of it.
const summaryWords = 20

// bodyStart is how much of a piece's text is read for its title and first
// sentence: a commit's hook reads this much whatever the piece's length.
const bodyStart = 4096

// pieceEntry is the "Pieces written" entry sw writes for p, dated date:
// `- **path:** Title (genre): summary (sw, date)`. ok is false when its
// path cannot key an entry, or the line would not read back as written.
func (p PieceFacts) pieceEntry(date string) (Entry, bool) {
	title, summary := p.Title, p.Summary
	if title == "" || summary == "" {
		heading, first := opening(p.Body)
		if title == "" {
			title = heading
		}
		if summary == "" {
			summary = first
		}
	}
	title = oneLine(title)
	if title == "" {
		title = strings.TrimSuffix(path.Base(p.Path), ".md")
	}
	text := title
	if g := oneLine(p.Genre); g != "" {
		text += " (" + g + ")"
	}
	if s := shorten(oneLine(summary), summaryWords); s != "" {
		text += ": " + s
	}
	return swEntry(1, p.Path, text, date)
}

// stanceEntry is the "Stance and arguments" entry for p's stance, dated
// date; ok is false when there is none, or it cannot be written.
func (p PieceFacts) stanceEntry(date string) (Entry, bool) {
	s := oneLine(p.Stance)
	if s == "" {
		return Entry{}, false
	}
	return swEntry(2, p.Path, s, date)
}

// swEntry is one of sw's entries in section sec, keyed by a piece's path,
// if it reads back as written (a title or summary can hold anything).
func swEntry(sec int, key, text, date string) (Entry, bool) {
	e := Entry{Section: Sections[sec], sec: sec, Key: key, Text: text, Source: autoSource, Date: date}
	if !isPathKey(key) || !validDate(date) {
		return Entry{}, false
	}
	back, ok := readBack(e)
	return e, ok && back.same(e)
}

// opening finds a piece's title (its first heading, when it comes before
// any prose) and its first sentence, in the start of its text.
func opening(body []byte) (heading, sentence string) {
	if len(body) > bodyStart {
		cut := body[:bodyStart]
		if i := bytes.LastIndex(cut, []byte("\n\n")); i > 0 {
			cut = cut[:i]
		} else if i := bytes.LastIndexByte(cut, '\n'); i > 0 {
			cut = cut[:i]
		}
		body = cut
	}
	d := prose.Parse(body)
	if len(d.Headings) > 0 && d.Headings[0].Level > 0 &&
		(len(d.Sentences) == 0 || d.Headings[0].Offset < d.Sentences[0].Offset) {
		heading = d.Headings[0].Text
	}
	if s, ok := d.Opening(); ok {
		sentence = s.Text
	}
	return heading, sentence
}

// oneLine folds every run of spaces and line breaks into one space.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// shorten keeps the first n words of s, marking a cut with "…".
func shorten(s string, n int) string {
	words := strings.Fields(s)
	if len(words) <= n {
		return s
	}
	return strings.TrimRight(strings.Join(words[:n], " "), ",;:—–-") + "…"
}
