package facts

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// Change is what Add did, or found already done.
type Change struct {
	Entry        Entry   // as it now stands in the file; for a duplicate, the one already there
	Duplicate    bool    // nothing written: the fact is there already (see Add)
	Replaced     []Entry // the entries with Entry's key it replaced, as they stood
	SectionAdded bool    // the section was missing, and its heading was appended at the end
	Created      bool    // there was no file, and it was made from the starter first
}

// Report says, in a line or a few, what Add did, in the file named name.
func (ch Change) Report(name string) string {
	e := ch.Entry
	if ch.Duplicate {
		return fmt.Sprintf("already in %s at line %d (%s): %s; not added again\n", name, e.Line, e.Section, e)
	}
	var s string
	if ch.Created {
		s += fmt.Sprintf("created %s from the starter\n", name)
	}
	if ch.SectionAdded {
		s += fmt.Sprintf("added the section %q at the end of %s\n", e.Section, name)
	}
	for _, old := range ch.Replaced {
		s += fmt.Sprintf("replaced %s:%d (%s): %s\n", name, old.Line, old.Section, old)
	}
	return s + fmt.Sprintf("added to %s at line %d (%s): %s\n", name, e.Line, e.Section, e)
}

// Add returns data, a memory.md named name in errors, with e added, and
// what it did. An entry with e's key is replaced where it stands when it
// is in e's section (other entries with the key are removed: a key names
// one fact); otherwise e goes after the last entry of its section, or,
// when the section has none, after the section's last line, set off by a
// blank line. A missing section is appended at the end. A fact already
// there (the same text after case, spacing and punctuation, or the same key
// and text) is not added twice, and data comes back unchanged. Every byte of data but the lines of the entries replaced is
// kept, line endings, byte-order mark and a missing final newline included.
func Add(name string, data []byte, e Entry) ([]byte, Change, error) {
	m, err := Parse(name, data)
	if err != nil {
		return nil, Change{}, err
	}
	ch := Change{Replaced: m.keyed(e.Key)}
	if old := ch.Replaced; len(old) == 1 && old[0].sec == e.sec && old[0].Text == e.Text {
		return data, Change{Entry: old[0], Duplicate: true}, nil
	}
	if len(ch.Replaced) == 0 {
		want := normalized(e.Text)
		if i := slices.IndexFunc(m.Entries, func(x Entry) bool { return normalized(x.Text) == want }); i >= 0 {
			return data, Change{Entry: m.Entries[i], Duplicate: true}, nil
		}
	}
	out, at := data, -1
	line := e.line()
	for _, old := range ch.Replaced {
		if old.sec == e.sec {
			start := m.lines[old.first].Start
			out, at = splice(data, start, m.lines[old.last].End, line), start
			break
		}
	}
	// The others with the key go, last first; the one replaced stays.
	for {
		m, err = Parse(name, out)
		if err != nil {
			return nil, Change{}, err
		}
		others := slices.DeleteFunc(m.keyed(e.Key), func(x Entry) bool { return m.lines[x.first].Start == at })
		if len(others) == 0 {
			break
		}
		victim := others[len(others)-1]
		before := len(out)
		out = m.cut(victim)
		if at > m.lines[victim.first].Start {
			at -= before - len(out) // all it cut lies before the one replaced
		}
	}
	inserted := at < 0
	if inserted {
		if out, at, ch.SectionAdded, err = m.insert(e.sec, line, false); err != nil {
			return nil, Change{}, err
		}
	}
	ch.Entry, err = readBackAt(name, out, at, e)
	if err == nil && inserted && ch.Entry.EndLine > ch.Entry.Line {
		// The line below joined the entry as its continuation (a
		// paragraph after an empty bullet): a blank line keeps it apart.
		out, at, _, _ = m.insert(e.sec, line, true)
		ch.Entry, err = readBackAt(name, out, at, e)
	}
	if err != nil {
		return nil, Change{}, err
	}
	return out, ch, nil
}

// readBackAt is the entry written at offset at of out, which must read
// back as e: a check that costs a parse of a small file, against ever
// writing an entry that could not be found again.
func readBackAt(name string, out []byte, at int, e Entry) (Entry, error) {
	m, err := Parse(name, out)
	if err != nil {
		return Entry{}, err
	}
	for _, x := range m.Entries {
		if m.lines[x.first].Start == at && x.sec == e.sec && x.same(e) {
			return x, nil
		}
	}
	return Entry{}, fmt.Errorf("%s: internal error: the entry added does not read back as written", name)
}

// ErrNoKey is Remove's error when no entry has the key.
type ErrNoKey struct{ File, Key string }

func (e *ErrNoKey) Error() string {
	return fmt.Sprintf("%s has no entry with the key %q; sw facts list shows the keys", e.File, e.Key)
}

// Remove returns data without the entries that have the key, and those
// entries as they stood. Their lines go, and with them one blank line
// when they stood between two, so that removing an entry Add put in gives
// back the file as it was; every other byte stays.
func Remove(name string, data []byte, key string) ([]byte, []Entry, error) {
	m, err := Parse(name, data)
	if err != nil {
		return nil, nil, err
	}
	removed := m.keyed(key)
	if len(removed) == 0 {
		return nil, nil, &ErrNoKey{File: name, Key: key}
	}
	out := data
	for keyed := removed; len(keyed) > 0; keyed = m.keyed(key) {
		out = m.cut(keyed[len(keyed)-1])
		if m, err = Parse(name, out); err != nil {
			return nil, nil, err
		}
	}
	return out, removed, nil
}

// keyed returns the entries that have key, in file order.
func (m *Memory) keyed(key string) []Entry {
	var es []Entry
	for _, e := range m.Entries {
		if key != "" && e.Key == key {
			es = append(es, e)
		}
	}
	return es
}

// cut returns the file without e's lines (see Remove).
func (m *Memory) cut(e Entry) []byte {
	f, l := e.first, e.last
	if f > 0 && m.blank(f-1) && (l+1 == len(m.lines) || m.blank(l+1)) {
		f--
	}
	switch {
	case m.lines[l].HasEOL:
		return splice(m.data, m.lines[f].Start, m.afterEOL(l), "")
	case f > 0:
		// The last line has no ending: the line before gives up its own,
		// so that the file still ends without one.
		return splice(m.data, m.lines[f-1].End, len(m.data), "")
	default:
		return splice(m.data, m.lines[f].Start, len(m.data), "")
	}
}

// insert returns the file with line added to section sec (see Add), and
// the offset line starts at.
func (m *Memory) insert(sec int, line string, blankAfter bool) (out []byte, at int, sectionAdded bool, err error) {
	b := m.bodies[sec]
	eol := m.eol
	if b.heading < 0 {
		if m.unclosed != nil {
			return nil, 0, false, m.unclosed
		}
		// A new section at the end, after a blank line.
		var s strings.Builder
		if n := len(m.lines); n > 0 {
			last := n - 1
			if !m.lines[last].HasEOL {
				s.WriteString(eol)
			}
			if !m.blank(last) {
				s.WriteString(eol)
			}
		}
		s.WriteString("## " + Sections[sec] + eol + eol)
		at = len(m.data) + s.Len()
		s.WriteString(line)
		if len(m.lines) == 0 || m.lines[len(m.lines)-1].HasEOL {
			s.WriteString(eol)
		}
		return splice(m.data, len(m.data), len(m.data), s.String()), at, true, nil
	}
	after, blankBefore := b.last, true
	if b.lastEntry >= 0 {
		after, blankBefore = m.Entries[b.lastEntry].last, false
	}
	if err := m.unclosed; err != nil && m.unclosedLine <= m.lines[after].Num {
		return nil, 0, false, err
	}
	var s strings.Builder
	pos := len(m.data)
	if m.lines[after].HasEOL {
		pos = m.afterEOL(after)
	} else {
		s.WriteString(eol)
	}
	if blankBefore {
		s.WriteString(eol)
	}
	at = pos + s.Len()
	s.WriteString(line)
	if m.lines[after].HasEOL {
		s.WriteString(eol)
		if (blankBefore || blankAfter) && after+1 < len(m.lines) && !m.blank(after+1) {
			s.WriteString(eol) // and a blank line before what follows
		}
	}
	return splice(m.data, pos, pos, s.String()), at, false, nil
}

func (m *Memory) blank(i int) bool {
	l := m.lines[i]
	return len(bytes.Trim(m.data[l.Start:l.End], " \t")) == 0
}

// afterEOL is the offset just past line i's ending.
func (m *Memory) afterEOL(i int) int {
	l := m.lines[i]
	switch {
	case l.CRLF:
		return l.End + 2
	case l.HasEOL:
		return l.End + 1
	}
	return l.End
}

// splice returns a new slice: data with [start, end) replaced by s.
func splice(data []byte, start, end int, s string) []byte {
	out := make([]byte, 0, len(data)-(end-start)+len(s))
	out = append(out, data[:start]...)
	out = append(out, s...)
	return append(out, data[end:]...)
}
