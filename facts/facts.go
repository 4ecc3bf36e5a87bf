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

// Memory is the shape of a memory.md: its sections, in file order.
type Memory struct {
	Sections []Section
	present  [len(Sections)]bool // which of the seven it has
}

// Parse reads the sections of memory.md's text; name is the file named in
// errors. A heading inside a code block is text, not a section. A person
// may add sections of their own; one of the seven given twice is an error
// at the second, since the facts under it would be split in two.
func Parse(name string, data []byte) (*Memory, error) {
	m := &Memory{}
	var first [len(Sections)]int // line of each known section's heading
	var fence markdown.Fence
	var err error
	markdown.Lines(data, func(l markdown.Line) bool {
		text := data[l.Start:l.End]
		if fence.Inside(text, l.Num) {
			return true
		}
		title, ok := markdown.Heading(text, 2)
		if !ok {
			return true
		}
		s := Section{Title: title, Line: l.Num}
		if i := known(title); i >= 0 {
			s.Known = true
			if m.present[i] {
				err = fmt.Errorf("%s:%d:1: the section %q is here a second time (first at line %d); merge the two, so its facts stand in one place", name, l.Num, Sections[i], first[i])
				return false
			}
			m.present[i], first[i] = true, l.Num
		}
		m.Sections = append(m.Sections, s)
		return true
	})
	if err != nil {
		return nil, err
	}
	return m, nil
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
