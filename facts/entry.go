package facts

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
)

// Entry is one fact: a top-level bullet under one of the seven sections,
// such as `- **project-name:** The series is now called Lumen. (person,
// 2026-01-12)`. The key is optional; the next entry given the same key
// overwrites it. The source (a piece's path, `sw`, `agent`, `person` or a
// name) and the date say who noted the fact and when; a person may leave
// them out, or give the date alone. An entry runs on over the lines that
// continue its bullet in Markdown, so that removing or replacing it never
// leaves half a list item behind.
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

// An entry is read by hand rather than with regular expressions: memory.md
// is parsed on every commit that finishes a piece, and Go's regexp engine
// cost a millisecond on a file of 200 entries.

// isPlainName reports whether k is a key a person names: lowercase letters
// and digits in words joined by single dashes, as a rule's id is.
func isPlainName(k string) bool {
	return k != "" && k[0] != '-' && k[len(k)-1] != '-' && !strings.Contains(k, "--") &&
		strings.Trim(k, "abcdefghijklmnopqrstuvwxyz0123456789-") == ""
}

// isPathKey reports whether k is the other kind of key: a piece's slash
// path, a Markdown file, which keys the entries that stand for that piece
// (see auto.go). It holds no asterisk or backquote, which would end the
// bold early, nor a line break, nor a space at either end.
func isPathKey(k string) bool {
	if len(k) < 4 || !strings.HasSuffix(k, ".md") || strings.ContainsAny(k, "*`\n") {
		return false
	}
	return !isSpace(k[0]) && (len(k) == 4 || !isSpace(k[len(k)-4]))
}

// isSpace is a space as \s reads it: space, tab, line feed, form feed or
// carriage return.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

// isKey reports whether k can key an entry: a plain name or a piece's path.
func isKey(k string) bool { return isPlainName(k) || isPathKey(k) }

// cutKey splits a key off the start of an entry's text: `**key:**` (what
// sw writes) or `**key**:`, then spaces or nothing. ok is false when s
// starts with no key.
func cutKey(s string) (key, rest string, ok bool) {
	in, found := strings.CutPrefix(s, "**")
	end := strings.Index(in, "**")
	if !found || end < 0 {
		return "", s, false
	}
	key, rest = in[:end], in[end+2:]
	if k, colon := strings.CutSuffix(key, ":"); colon {
		key = k // **key:**
	} else if r, colon := strings.CutPrefix(rest, ":"); colon {
		rest = r // **key**:
	} else {
		return "", s, false
	}
	if !isKey(key) || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return "", s, false
	}
	return key, strings.TrimLeft(rest, " \t"), true
}

// cutSourceDate splits off the trailing `(source, YYYY-MM-DD)` or
// `(YYYY-MM-DD)`, after a space or alone. A source holds no parentheses.
// ok is false when s does not end in one.
func cutSourceDate(s string) (text, source, date string, ok bool) {
	open := strings.LastIndexByte(s, '(')
	if open < 0 || !strings.HasSuffix(s, ")") || open > 0 && s[open-1] != ' ' && s[open-1] != '\t' {
		return s, "", "", false
	}
	in := s[open+1 : len(s)-1]
	if len(in) < 10 || strings.IndexByte(in, ')') >= 0 {
		return s, "", "", false
	}
	if date = in[len(in)-10:]; !validDate(date) {
		return s, "", "", false
	}
	if head := strings.TrimRight(in[:len(in)-10], " \t"); head != "" || len(in) > 10 {
		src, comma := strings.CutSuffix(head, ",")
		if !comma || src == "" || isSpace(src[len(src)-1]) {
			return s, "", "", false
		}
		source = src
	}
	return s[:open], source, date, true
}

// readEntry splits a bullet's text (marker dropped, continuation lines
// joined) into its key, text, source and date.
func readEntry(s string) (key, text, source, date string) {
	s = strings.TrimSpace(s)
	if k, rest, ok := cutKey(s); ok {
		key, s = k, rest
	}
	if t, src, d, ok := cutSourceDate(s); ok {
		s, source, date = t, src, d
	}
	return key, strings.TrimSpace(s), source, date
}

// validDate reports whether d is a day written YYYY-MM-DD. It is checked
// by hand, as every entry's date is on every parse: time.Parse cost more
// than the rest of reading an entry.
func validDate(d string) bool {
	if len(d) != 10 || d[4] != '-' || d[7] != '-' {
		return false
	}
	n := func(from, to int) int {
		v := 0
		for i := from; i < to; i++ {
			if d[i] < '0' || d[i] > '9' {
				return -1
			}
			v = v*10 + int(d[i]-'0')
		}
		return v
	}
	y, m, day := n(0, 4), n(5, 7), n(8, 10)
	if y < 0 || m < 1 || m > 12 || day < 1 {
		return false
	}
	return time.Date(y, time.Month(m), day, 0, 0, 0, 0, time.UTC).Day() == day
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
	case key != "" && !isKey(key):
		return Entry{}, fmt.Errorf("the key %q is not a plain name: lowercase letters, digits and single dashes, e.g. project-name (or a piece's path, e.g. pieces/walking.md)", key)
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
	b, ok := readBack(e)
	if !ok {
		return Entry{}, fmt.Errorf("the text %q would not read back as one entry; reword it", e.Text)
	}
	if !b.same(e) {
		if k, _, _, _ := readEntry(e.Text); k != "" {
			return Entry{}, fmt.Errorf("the text starts with **%s:**, which memory.md reads as a key; give it as --key %s and the rest as the text", k, k)
		}
		return Entry{}, fmt.Errorf("the text %q would read back as %q; reword it", e.Text, b.Text)
	}
	return e, nil
}

// readBack is e's line as Parse reads it alone; ok is false unless it reads
// as one entry.
func readBack(e Entry) (Entry, bool) {
	back, err := Parse("", []byte("## "+e.Section+"\n"+e.line()+"\n"))
	if err != nil || len(back.Entries) != 1 {
		return Entry{}, false
	}
	return back.Entries[0], true
}

// same reports whether two entries read alike: key, text, source and date.
func (e Entry) same(x Entry) bool {
	return e.Key == x.Key && e.Text == x.Text && e.Source == x.Source && e.Date == x.Date
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
	if i := slices.Index(Aliases[:], strings.ToLower(strings.TrimSpace(name))); i >= 0 {
		return i, nil
	}
	if i := known(name); i >= 0 {
		return i, nil
	}
	return -1, fmt.Errorf("no section %q in memory.md; give one of %s (or its heading)", name, strings.Join(Aliases[:], ", "))
}
