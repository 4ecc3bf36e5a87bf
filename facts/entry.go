package facts

import (
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode"
)

// Entry is one fact: a top-level bullet under one of the seven sections,
// such as `- **project-name:** The series is now called Lumen. (person,
// 2026-01-12)`.
// Everything after the bullet but the key and the trailing source and date
// is the fact's text. The key (a leading bold `**key:**`) is optional; an
// entry with one is overwritten by the next entry given the same key. The
// source (a piece's path, `sw`, `agent`, `person` or a person's name) and
// the date (YYYY-MM-DD) say who noted the fact and when; a person writing
// by hand may leave them out, or give the date alone: `(2026-01-12)`.
// An entry runs on over the lines that continue its bullet in Markdown
// (indented ones, and unindented ones that start nothing new), so that
// removing or replacing it never leaves half a list item behind.
type Entry struct {
	Section string // one of Sections
	Key     string // "" for none
	Text    string // continuation lines joined by single spaces
	Source  string // "" when not given
	Date    string // "" when not given
	Line    int    // the bullet's line
	EndLine int    // the entry's last line

	sec         int // index in Sections
	first, last int // line indexes in the Memory that parsed it
}

// keyName is what a key may be: lowercase letters and digits in words
// joined by single dashes, as a rule's id is.
var keyName = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)

// keyLead is a key at the start of an entry: `**key:**` (what sw writes)
// or `**key**:`, then a space or nothing.
var keyLead = regexp.MustCompile(`^\*\*([a-z0-9]+(?:-[a-z0-9]+)*)(?::\*\*|\*\*:)(?:[ \t]+|$)`)

// sourceDate is the trailing `(source, YYYY-MM-DD)` or `(YYYY-MM-DD)`,
// after a space or alone. A source holds no parentheses.
var sourceDate = regexp.MustCompile(`(?:^|[ \t])\((?:([^()]*[^()\s]),[ \t]*)?([0-9]{4}-[0-9]{2}-[0-9]{2})\)$`)

// readEntry splits a bullet's text (marker dropped, continuation lines
// joined) into its key, text, source and date.
func readEntry(s string) (key, text, source, date string) {
	s = strings.TrimSpace(s)
	if m := keyLead.FindStringSubmatch(s); m != nil {
		key, s = m[1], s[len(m[0]):]
	}
	if m := sourceDate.FindStringSubmatchIndex(s); m != nil {
		if d := s[m[4]:m[5]]; validDate(d) {
			date = d
			if m[2] >= 0 {
				source = s[m[2]:m[3]]
			}
			s = s[:m[0]]
		}
	}
	return key, strings.TrimSpace(s), source, date
}

func validDate(d string) bool {
	_, err := time.Parse(time.DateOnly, d)
	return err == nil
}

// NewEntry makes the entry `sw facts add` writes, from what it was given:
// section is a heading or its alias (see SectionIndex), key "" for none,
// text folded onto one line, source and date as the entry will carry them.
// An error says which of them cannot be written and read back as given.
func NewEntry(section, key, text, source, date string) (Entry, error) {
	sec, err := SectionIndex(section)
	if err != nil {
		return Entry{}, err
	}
	e := Entry{Section: Sections[sec], sec: sec, Key: key,
		Text: strings.Join(strings.Fields(text), " "), Source: strings.Join(strings.Fields(source), " "), Date: date}
	switch {
	case key != "" && !keyName.MatchString(key):
		return Entry{}, fmt.Errorf("the key %q is not a plain name: lowercase letters, digits and single dashes, e.g. project-name", key)
	case !strings.ContainsFunc(e.Text, isWordRune):
		return Entry{}, fmt.Errorf("give the fact's text: %q holds no letter or digit", text)
	case e.Source == "":
		return Entry{}, fmt.Errorf("give a source: a piece's path, sw, agent, person or a name")
	case strings.ContainsAny(e.Source, "()"):
		return Entry{}, fmt.Errorf("the source %q holds a parenthesis, which would end it early; leave it out", source)
	case !validDate(date):
		return Entry{}, fmt.Errorf("the date %q is not a date written YYYY-MM-DD, e.g. 2026-01-31", date)
	}
	// What is written must read back the same, or the entry could not be
	// found again by its key, nor compared with the next one.
	back, err := Parse("", []byte("## "+e.Section+"\n"+e.line()+"\n"))
	if err != nil || len(back.Entries) != 1 {
		return Entry{}, fmt.Errorf("the text %q would not read back as one entry; reword it", e.Text)
	}
	if b := back.Entries[0]; b.Key != e.Key || b.Text != e.Text || b.Source != e.Source || b.Date != e.Date {
		if k, _, _, _ := readEntry(e.Text); k != "" {
			return Entry{}, fmt.Errorf("the text starts with **%s:**, which memory.md reads as a key; give it as --key %s and the rest as the text", k, k)
		}
		return Entry{}, fmt.Errorf("the text %q would read back as %q; reword it", e.Text, b.Text)
	}
	return e, nil
}

// line is the entry as sw writes it, without a line ending.
func (e Entry) line() string {
	key := ""
	if e.Key != "" {
		key = "**" + e.Key + ":** "
	}
	return "- " + key + e.Text + e.origin()
}

// String is the entry on one line, as `sw facts list` shows it: the key
// in brackets, the text, and where it came from.
func (e Entry) String() string {
	key := ""
	if e.Key != "" {
		key = "[" + e.Key + "] "
	}
	return key + e.Text + e.origin()
}

// origin is the trailing " (source, date)", " (date)" or nothing.
func (e Entry) origin() string {
	switch {
	case e.Source != "" && e.Date != "":
		return " (" + e.Source + ", " + e.Date + ")"
	case e.Date != "":
		return " (" + e.Date + ")"
	}
	return ""
}

// normalized is a fact's text as duplicates are compared: lowercase,
// apostrophes dropped, every other run of spaces, punctuation and symbols
// one space, so "Never use emoji." and "never use  emoji" are one fact.
func normalized(text string) string {
	var b strings.Builder
	gap := false
	for _, r := range text {
		switch {
		case r == '\'' || r == '’':
		case isWordRune(r):
			if gap && b.Len() > 0 {
				b.WriteByte(' ')
			}
			gap = false
			b.WriteRune(unicode.ToLower(r))
		default:
			gap = true
		}
	}
	return b.String()
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// Aliases are the short names a section may be given by on the command
// line, in the order of Sections.
var Aliases = [len(Sections)]string{"positioning", "pieces", "stance", "background", "likes", "requirements", "observations"}

// SectionIndex returns the index in Sections of a section given by its
// heading ("Stance and arguments", in any case and spacing) or its alias
// ("stance").
func SectionIndex(name string) (int, error) {
	t := strings.ToLower(strings.TrimSpace(name))
	for i, a := range Aliases {
		if t == a {
			return i, nil
		}
	}
	if i := known(name); i >= 0 {
		return i, nil
	}
	return -1, fmt.Errorf("no section %q in memory.md; give one of %s (or its heading)", name, strings.Join(Aliases[:], ", "))
}
