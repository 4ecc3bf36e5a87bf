// Package facts is the facts drawer: a collection's memory.md, what the
// next piece needs to know so it does not come out repetitive,
// contradictory or off-track (the series' positioning, the pieces written,
// the author's stances and requirements). Style never goes here: it lives
// in the profile, which only the person changes.
//
// memory.md is the person's file as much as sw's: this package reads its
// shape and never rewrites what is in it.
package facts

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"

	"sw/profile/markdown"
	"sw/templates"
)

// File is the facts drawer's file, at the root of the collection, where
// CLAUDE.md's `@memory.md` import finds it.
const File = "memory.md"

// Sections are memory.md's seven sections, in the order a new file has
// them. Each is a level-two heading ("## Pieces written").
var Sections = [...]string{
	"Series positioning",
	"Pieces written",
	"Stance and arguments",
	"Author background",
	"Likes and dislikes",
	"Explicit requirements",
	"Observations",
}

// Starter is the memory.md `sw init` makes: the seven sections, empty.
func Starter() []byte {
	return []byte(templates.Text("init/memory.md"))
}

// Section is a level-two heading of memory.md and where it stands.
type Section struct {
	Title string // as written, closing #s and spaces trimmed
	Line  int
	Known bool // one of the seven Sections
}

// Memory is what Parse read of a memory.md: its sections and the entries
// under the seven, in file order, and where each line lies in the bytes
// read, for edits to splice at, so that every other byte stays.
type Memory struct {
	Sections []Section
	Entries  []Entry

	data         []byte
	lines        []markdown.Line
	eol          string              // the file's line ending: its first line's, else "\n"
	bodies       [len(Sections)]body // where each of the seven stands
	unclosed     error               // a code block or HTML never closed, at its line
	unclosedLine int                 // that line
}

// body is where one of the seven sections stands, as line indexes.
type body struct {
	heading   int // -1: the section is missing
	last      int // the section's last line that is not blank
	lastEntry int // index in Entries of its last entry, -1 for none
}

// Parse reads the sections of memory.md's text, and the entries under the
// seven (see Entry); name is the file named in errors. The file is read as
// CommonMark reads it: a section is a level-two heading standing on its
// own, not one in code, HTML, a quote or a list item. A person may add
// sections of their own, whose bullets are not entries; one of the seven
// given twice is an error at the second, since the facts under it would be
// split in two. A file past MaxFileSize is refused rather than read.
func Parse(name string, data []byte) (*Memory, error) {
	if len(data) > MaxFileSize {
		return nil, tooBig(name, len(data))
	}
	m := &Memory{data: data, eol: "\n", lines: markdown.Lines(data)}
	for i := range m.bodies {
		m.bodies[i] = body{heading: -1, last: -1, lastEntry: -1}
	}
	if i := slices.IndexFunc(m.lines, func(l markdown.Line) bool { return l.HasEOL }); i >= 0 && m.lines[i].CRLF {
		m.eol = "\r\n"
	}
	doc := markdown.Parse(data, 0)
	// Room for an entry on each line that may start one: the file is read
	// on every commit that finishes a piece.
	m.Entries = make([]Entry, 0, bytes.Count(data, []byte("\n-"))+bytes.Count(data, []byte("\n*"))+bytes.Count(data, []byte("\n+"))+1)
	cur := -1 // the known section the reading is in, -1 for none
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		at, next := m.lineOf(n), len(m.lines) // next: where the block after it starts
		if after := n.NextSibling(); after != nil {
			next = m.lineOf(after)
		}
		switch n := n.(type) {
		case *ast.Heading:
			if n.Level == 1 {
				cur = -1 // a level-one heading ends the section above it
			}
			if n.Level != 2 {
				break
			}
			s := Section{Title: headingTitle(n, data), Line: m.lines[at].Num}
			if cur = known(s.Title); cur >= 0 {
				s.Known = true
				if m.has(cur) {
					return nil, fmt.Errorf("%s:%d:1: the section %q is here a second time (first at line %d); merge the two, so its facts stand in one place",
						name, s.Line, Sections[cur], m.lines[m.bodies[cur].heading].Num)
				}
				m.bodies[cur].heading = at
			}
			m.Sections = append(m.Sections, s)
		case *ast.List:
			if cur >= 0 && !n.IsOrdered() {
				m.readEntries(n, cur, next)
			}
		}
		if cur >= 0 {
			m.bodies[cur].last = m.lastFilled(at, next)
		}
	}
	if open := markdown.Unclosed(data, doc); open != nil {
		m.unclosedLine = m.lines[m.lineOf(open)].Num
		what := "a code block opens here and is never closed, so the rest of the file is code"
		if html, ok := open.(*ast.HTMLBlock); ok {
			what = "HTML opens here and is never closed, so the rest of the file is HTML"
			if html.HTMLBlockType == ast.HTMLBlockType2 {
				what = "an HTML comment (<!--) opens here and is never closed (-->), so the rest of the file is comment"
			}
		}
		m.unclosed = fmt.Errorf("%s:%d:1: %s; close it, and sw can add there", name, m.unclosedLine, what)
	}
	return m, nil
}

// headingTitle is a heading's text as written, its lines joined by a space
// (a setext heading may have several), closing #s and spaces trimmed.
func headingTitle(h *ast.Heading, data []byte) string {
	var b strings.Builder
	for i := range h.Lines().Len() {
		seg := h.Lines().At(i)
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.Write(bytes.TrimSpace(seg.Value(data)))
	}
	return b.String()
}

// readEntries reads the items of a bulleted list at the top of known
// section sec as its entries; next is the line the block after the list
// starts at. An item runs from its bullet to its last line that is not
// blank before the next item or block, lazy continuations included.
func (m *Memory) readEntries(list *ast.List, sec, next int) {
	for item := list.FirstChild(); item != nil; item = item.NextSibling() {
		at, end := m.lineOf(item), next
		if after := item.NextSibling(); after != nil {
			end = m.lineOf(after)
		}
		m.endEntry(sec, at, m.lastFilled(at, end), item.Pos()+1)
	}
}

// lineOf is the index of the line a block starts on.
func (m *Memory) lineOf(n ast.Node) int {
	return markdown.LineAt(m.lines, n.Pos())
}

// lastFilled is the last line before line next, from line at on, that is
// not blank: where a block starting at line at ends.
func (m *Memory) lastFilled(at, next int) int {
	last := next - 1
	for last > at && m.blank(last) {
		last--
	}
	return last
}

// endEntry reads the entry on lines first to last of section sec, whose
// text starts at byte text (past the bullet). Its source and date are read
// at its end, or else at the end of its first line, where they stand when
// a person wrote more under an entry sw wrote.
func (m *Memory) endEntry(sec, first, last, text int) {
	e := Entry{Section: Sections[sec], sec: sec, first: first, last: last,
		Line: m.lines[first].Num, EndLine: m.lines[last].Num}
	firstLine := strings.TrimSpace(string(m.data[text:m.lines[first].End]))
	e.Key, e.Text, e.Source, e.Date = readEntry(firstLine)
	var rest strings.Builder // the other lines, each after a space
	for _, l := range m.lines[first+1 : last+1] {
		if t := bytes.TrimSpace(m.data[l.Start:l.End]); len(t) > 0 {
			rest.WriteByte(' ')
			rest.Write(t)
		}
	}
	if rest.Len() > 0 {
		if key, text, source, date := readEntry(firstLine + rest.String()); e.Date == "" || date != "" {
			e.Key, e.Text, e.Source, e.Date = key, text, source, date
		} else {
			e.Text = strings.TrimSpace(e.Text + rest.String())
		}
	}
	m.Entries = append(m.Entries, e)
	m.bodies[sec].lastEntry = len(m.Entries) - 1
}

// has reports whether m has the section at index i of Sections.
func (m *Memory) has(i int) bool { return m.bodies[i].heading >= 0 }

// Missing lists, in the order of Sections, the seven sections m lacks.
func (m *Memory) Missing() []string {
	var missing []string
	for i, name := range Sections {
		if !m.has(i) {
			missing = append(missing, name)
		}
	}
	return missing
}

// known returns the index in Sections of a heading's title, read as a
// person may write it ("Pieces Written", "pieces  written"), or -1.
func known(title string) int {
	t := strings.Join(strings.Fields(title), " ")
	return slices.IndexFunc(Sections[:], func(name string) bool { return strings.EqualFold(t, name) })
}
