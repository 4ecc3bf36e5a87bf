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
	"strings"

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

// Starter is the memory.md `sw init` makes: a line on what belongs there,
// and the seven sections, empty.
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
// under the seven, in file order, and, for the edits of this package,
// where each line lies in the bytes read. Nothing else of the file is
// interpreted; edits splice at these offsets, so every other byte stays.
type Memory struct {
	Sections []Section
	Entries  []Entry
	present  [len(Sections)]bool // which of the seven it has

	data         []byte
	lines        []markdown.Line
	eol          string              // the file's line ending: its first line's, else "\n"
	bodies       [len(Sections)]body // where each of the seven stands
	unclosed     error               // a code block or comment never closed, at its line
	unclosedLine int                 // that line
}

// body is where one of the seven sections stands, as line indexes.
type body struct {
	heading   int // -1: the section is missing
	last      int // the section's last line that is not blank
	lastEntry int // index in Entries of its last entry, -1 for none
}

// Parse reads the sections of memory.md's text, and the entries under the
// seven (see Entry); name is the file named in errors. A heading or a
// bullet inside a code block or an HTML comment is text. A person may add
// sections of their own, whose bullets are theirs, not entries; one of the
// seven given twice is an error at the second, since the facts under it
// would be split in two.
func Parse(name string, data []byte) (*Memory, error) {
	m := &Memory{data: data, eol: "\n"}
	for i := range m.bodies {
		m.bodies[i] = body{heading: -1, last: -1, lastEntry: -1}
	}
	// Room for every line, and for an entry on each line that may start
	// one: the file is read on every commit that finishes a piece.
	m.lines = make([]markdown.Line, 0, bytes.Count(data, []byte("\n"))+1)
	m.Entries = make([]Entry, 0, bytes.Count(data, []byte("\n-"))+bytes.Count(data, []byte("\n*"))+bytes.Count(data, []byte("\n+"))+1)
	markdown.Lines(data, func(l markdown.Line) bool {
		m.lines = append(m.lines, l)
		return true
	})
	for _, l := range m.lines {
		if l.HasEOL {
			if l.CRLF {
				m.eol = "\r\n"
			}
			break
		}
	}
	var first [len(Sections)]int // line of each known section's heading
	var fence markdown.Fence
	cur := -1       // the known section the scan is in, -1 for none
	comment := 0    // the line an HTML comment outside any entry opened at
	var e *scanning // the entry the scan is in
	for i, l := range m.lines {
		text := data[l.Start:l.End]
		blank := isBlank(text)
		if comment > 0 {
			if bytes.Contains(text, []byte("-->")) {
				comment = 0
			}
			m.content(cur, i)
			continue
		}
		_, wasOpen := fence.Open()
		code := fence.Inside(text, l.Num)
		_, open := fence.Open()
		if e != nil {
			if e.takes(text, i, blank, !wasOpen && open, open) {
				if !blank {
					m.content(cur, i)
				}
				continue
			}
			m.endEntry(e)
			e = nil
		}
		if blank {
			continue
		}
		t, indented := markdown.Indent(text)
		if code || indented {
			m.content(cur, i)
			continue
		}
		if opensComment(t) {
			comment = l.Num
			m.content(cur, i)
			continue
		}
		if title, ok := markdown.Heading(text, 2); ok {
			s := Section{Title: title, Line: l.Num}
			cur = known(title)
			if cur >= 0 {
				s.Known = true
				if m.present[cur] {
					return nil, fmt.Errorf("%s:%d:1: the section %q is here a second time (first at line %d); merge the two, so its facts stand in one place", name, l.Num, Sections[cur], first[cur])
				}
				m.present[cur], first[cur] = true, l.Num
				m.bodies[cur].heading, m.bodies[cur].last = i, i
			}
			m.Sections = append(m.Sections, s)
			continue
		}
		if _, ok := markdown.Heading(text, 1); ok {
			cur = -1 // a level-one heading ends the section above it
			continue
		}
		m.content(cur, i)
		if cur >= 0 && isBullet(t) {
			e = &scanning{sec: cur, first: i, last: i}
		}
	}
	if e != nil {
		m.endEntry(e)
	}
	if line, open := fence.Open(); open {
		m.unclosedLine = line
		m.unclosed = fmt.Errorf("%s:%d:1: a code block opens here and is never closed, so the rest of the file is code; close it, and sw can add there", name, line)
	} else if comment > 0 {
		m.unclosedLine = comment
		m.unclosed = fmt.Errorf("%s:%d:1: an HTML comment (<!--) opens here and is never closed (-->), so the rest of the file is comment; close it, and sw can add there", name, comment)
	}
	return m, nil
}

// content notes line i, which is not blank, as part of section sec.
func (m *Memory) content(sec, i int) {
	if sec >= 0 {
		m.bodies[sec].last = i
	}
}

// endEntry reads the entry the scan found. Its source and date are read
// at its end, or else at the end of its first line, where they stand when
// a person wrote more under an entry sw wrote.
func (m *Memory) endEntry(s *scanning) {
	e := Entry{Section: Sections[s.sec], sec: s.sec, first: s.first, last: s.last,
		Line: m.lines[s.first].Num, EndLine: m.lines[s.last].Num}
	if s.first == s.last { // the common case, read without a builder
		t, _ := markdown.Indent(m.data[m.lines[s.first].Start:m.lines[s.first].End])
		e.Key, e.Text, e.Source, e.Date = readEntry(string(t[1:]))
		m.Entries = append(m.Entries, e)
		m.bodies[s.sec].lastEntry = len(m.Entries) - 1
		return
	}
	var firstLine string
	var b strings.Builder
	for i := s.first; i <= s.last; i++ {
		l := m.lines[i]
		text := m.data[l.Start:l.End]
		if i == s.first {
			t, _ := markdown.Indent(text)
			text = t[1:] // the bullet's marker
		}
		if t := bytes.TrimSpace(text); len(t) > 0 {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.Write(t)
		}
		if i == s.first {
			firstLine = b.String()
		}
	}
	e.Key, e.Text, e.Source, e.Date = readEntry(b.String())
	if rest := strings.TrimPrefix(b.String(), firstLine); e.Date == "" && rest != "" {
		if key, text, source, date := readEntry(firstLine); date != "" {
			e.Key, e.Text, e.Source, e.Date = key, strings.TrimSpace(text+rest), source, date
		}
	}
	m.Entries = append(m.Entries, e)
	m.bodies[s.sec].lastEntry = len(m.Entries) - 1
}

// scanning is an entry Parse is in the middle of.
type scanning struct {
	sec, first, last int
	blankSince       bool // a blank line since its last line
	inFence          bool // a code block it opened is still open
	inComment        bool // an HTML comment it opened is still open
}

// takes reports whether line i (text) continues the entry, as Markdown
// continues a list item: an indented line, even after a blank one; a line
// that is not indented and would start nothing new (a lazy continuation);
// and all of a code block or comment the entry opened. A blank line is
// taken only in passing: the entry ends at its last line that is not blank.
func (s *scanning) takes(text []byte, i int, blank, opened, fenceOpen bool) bool {
	switch {
	case s.inFence:
		s.inFence = fenceOpen
	case s.inComment:
		s.inComment = !bytes.Contains(text, []byte("-->"))
	case blank:
		s.blankSince = true
		return true
	case indentWidth(text) >= 2:
		s.inFence = opened
		s.inComment = !opened && opensComment(bytes.TrimLeft(text, " \t"))
	case s.blankSince || opened || startsBlock(text):
		return false
	}
	if !blank {
		s.last, s.blankSince = i, false
	}
	return true
}

// isBlank reports whether a line holds only spaces and tabs.
func isBlank(text []byte) bool {
	return len(bytes.Trim(text, " \t")) == 0
}

// indentWidth is the column a line's text starts at, a tab reaching the
// next multiple of four.
func indentWidth(text []byte) int {
	w := 0
	for _, c := range text {
		switch c {
		case ' ':
			w++
		case '\t':
			w += 4 - w%4
		default:
			return w
		}
	}
	return w
}

// isBullet reports whether t, a line with its indent taken off, starts a
// bulleted list item: -, * or + and then a space, a tab or nothing, and
// not a thematic break (- - -). A lone carriage return is nothing: it ends
// the line, as it does in Markdown (the file's last line keeps its own).
func isBullet(t []byte) bool {
	return len(t) > 0 && (t[0] == '-' || t[0] == '*' || t[0] == '+') &&
		(len(t) == 1 || t[1] == ' ' || t[1] == '\t' || string(t[1:]) == "\r") && !isBreak(t)
}

// isBreak reports whether t is a thematic break: three or more of one of
// -, * or _, and nothing else but spaces and tabs.
func isBreak(t []byte) bool {
	t = bytes.TrimRight(t, " \t")
	if len(t) == 0 || (t[0] != '-' && t[0] != '*' && t[0] != '_') {
		return false
	}
	n := 0
	for _, c := range t {
		switch c {
		case t[0]:
			n++
		case ' ', '\t':
		default:
			return false
		}
	}
	return n >= 3
}

// startsBlock reports whether a line indented less than a list item's
// content would start a block of its own rather than continue the item's
// text: another list item, a heading, a quote, HTML or a thematic break.
// (A code fence is told by the Fence that follows the file.)
func startsBlock(text []byte) bool {
	t, _ := markdown.Indent(text)
	if len(t) == 0 {
		return false
	}
	switch t[0] {
	case '>', '<':
		return true
	case '#':
		n := 0
		for n < len(t) && t[n] == '#' {
			n++
		}
		return n <= 6 && (n == len(t) || t[n] == ' ' || t[n] == '\t')
	}
	if isBullet(t) || isBreak(t) {
		return true
	}
	n := 0
	for n < len(t) && n < 9 && t[n] >= '0' && t[n] <= '9' {
		n++
	}
	return n > 0 && n < len(t) && (t[n] == '.' || t[n] == ')') &&
		(n+1 == len(t) || t[n+1] == ' ' || t[n+1] == '\t')
}

// opensComment reports whether t, a line with its indent taken off, opens
// an HTML comment it does not close.
func opensComment(t []byte) bool {
	rest, ok := bytes.CutPrefix(t, []byte("<!--"))
	return ok && !bytes.Contains(rest, []byte("-->"))
}

// Missing lists, in the order of Sections, the seven sections m lacks.
func (m *Memory) Missing() []string {
	var missing []string
	for i, name := range Sections {
		if !m.present[i] {
			missing = append(missing, name)
		}
	}
	return missing
}

// known returns the index in Sections of a heading's title, read as a
// person may write it ("Pieces Written", "pieces  written"), or -1.
func known(title string) int {
	t := strings.Join(strings.Fields(title), " ")
	for i, name := range Sections {
		if strings.EqualFold(t, name) {
			return i
		}
	}
	return -1
}
