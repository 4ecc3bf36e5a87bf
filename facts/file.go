package facts

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"time"

	"sw/profile/atomicfile"
	"sw/profile/confine"
)

// Read parses the memory.md at path; name is the file as errors name it.
// A missing file reads as an empty one. Only a regular file is read (see
// confine.ReadFile); the caller sees to it that path is the collection's.
func Read(path, name string) (m *Memory, exists bool, err error) {
	data, err := confine.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		m, err = Parse(name, nil)
		return m, false, err
	}
	if err != nil {
		return nil, false, err
	}
	m, err = Parse(name, data)
	return m, true, err
}

// AddFile adds e to the memory.md at path (see Add), first making it from
// the starter when there is none. The file is replaced atomically, and only
// as it was read (see rewrite); on any error it is left as it was.
func AddFile(path, name string, e Entry) (Change, error) {
	var ch Change
	err := rewrite(path, name, func(data []byte, exists bool) ([]byte, error) {
		if !exists {
			data = Starter()
		}
		out, c, err := Add(name, data, e)
		c.Created = !exists && !c.Duplicate
		ch = c
		if err != nil || c.Duplicate {
			return nil, err
		}
		return out, nil
	})
	return ch, err
}

// RemoveFile removes the entries with key from the memory.md at path (see
// Remove), and returns them as they stood; it writes as AddFile does.
func RemoveFile(path, name, key string) ([]Entry, error) {
	var removed []Entry
	err := rewrite(path, name, func(data []byte, exists bool) ([]byte, error) {
		if !exists {
			return nil, &ErrNoKey{File: name, Key: key}
		}
		out, es, err := Remove(name, data, key)
		removed = es
		return out, err
	})
	return removed, err
}

// writersWait is how long a writer of memory.md waits for another sw
// process writing it (see atomicfile.LockDir): each holds it for a few
// milliseconds. Tests shorten it.
var writersWait = 10 * time.Second

// rewrite reads the file at path, has edit compute its new content (nil:
// nothing to write) and writes it over the file as it was read: a change
// saved meanwhile is read again and edited (see atomicfile.Editor).
func rewrite(path, name string, edit func(data []byte, exists bool) ([]byte, error)) error {
	return atomicfile.Editor{Perm: 0o644, Name: name, Read: confine.ReadFile, Wait: writersWait}.Edit(path, edit)
}

// Listing is `sw facts list --json`: the seven sections, each with its
// entries in file order.
type Listing struct {
	Sections []ListedSection `json:"sections"`
}

// ListedSection is one section of a Listing.
type ListedSection struct {
	Name    string        `json:"name"`
	Entries []ListedEntry `json:"entries"`

	missing bool
	entries []Entry
}

// ListedEntry is one entry of a Listing; a part the entry lacks is "".
type ListedEntry struct {
	Key    string `json:"key"`
	Text   string `json:"text"`
	Source string `json:"source"`
	Date   string `json:"date"`
}

// List returns the entries of the section at index sec of Sections, or of
// all seven when sec is -1.
func (m *Memory) List(sec int) Listing {
	l := Listing{Sections: []ListedSection{}}
	for i, name := range Sections {
		if sec >= 0 && i != sec {
			continue
		}
		s := ListedSection{Name: name, Entries: []ListedEntry{}, missing: !m.has(i)}
		for _, e := range m.Entries {
			if e.sec == i {
				s.Entries = append(s.Entries, ListedEntry{Key: e.Key, Text: e.Text, Source: e.Source, Date: e.Date})
				s.entries = append(s.entries, e)
			}
		}
		l.Sections = append(l.Sections, s)
	}
	return l
}

// WriteText writes the listing for a person: each section, then its
// entries, each at its line of the file named name.
func (l Listing) WriteText(w io.Writer, name string) error {
	for _, s := range l.Sections {
		if _, err := fmt.Fprintln(w, s.Name); err != nil {
			return err
		}
		switch {
		case s.missing:
			fmt.Fprintf(w, "  (no such section in %s yet)\n", name)
		case len(s.entries) == 0:
			fmt.Fprintln(w, "  (none)")
		}
		for _, e := range s.entries {
			fmt.Fprintf(w, "  %s:%d: %s\n", name, e.Line, e)
		}
	}
	return nil
}
