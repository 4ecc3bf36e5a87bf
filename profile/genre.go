package profile

import (
	"fmt"
	"strings"
	"unicode"
)

// ParseGenre reads a genre name as people write it, wherever it comes from
// (front matter, .sw.yaml, SW_GENRE, --genre), so "Op Ed" means op-ed in
// all of them: letters are lowercased, accented Latin letters read as
// their base letter (é as e, ß as ss), and every run of spaces,
// punctuation and symbols becomes one dash. A path is refused, and so is a
// name with a letter or digit outside that (Greek, Cyrillic), rather than
// quietly read as a genre of another name. A blank name is "", no genre.
func ParseGenre(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" || IsSlug(s) {
		return s, nil // the common case, and the cheapest
	}
	if strings.ContainsAny(s, `/\`) {
		// Read as a name, "../x" would be x: say what it looks like instead.
		return "", fmt.Errorf("genre %q is a path; a genre is one name: letters a to z, digits and dashes, e.g. essay", s)
	}
	var b strings.Builder
	dash := false
	for _, r := range s {
		base, ok := plainLetters(unicode.ToLower(r))
		switch {
		case ok && base != "":
			b.WriteString(base)
			dash = false
		case ok: // an accent written apart from its letter
		case unicode.IsLetter(r) || unicode.IsNumber(r):
			return "", fmt.Errorf("genre %q has a letter sw cannot write with a to z (%q); "+
				"name the genre with letters a to z, digits and dashes, e.g. essay", s, string(r))
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
	}
	out := strings.TrimSuffix(b.String(), "-")
	switch {
	case out == "":
		return "", fmt.Errorf("genre %q has no letters or digits; name the genre with letters a to z, digits and dashes, e.g. essay", s)
	case len(out) > maxSlug:
		return "", fmt.Errorf("genre %q is longer than %d characters as a plain name (%s); shorten it", s, maxSlug, out)
	}
	return out, nil
}

// plainLetters spells a lowercase rune in a to z: its base letter for an
// accented Latin letter, "" for a combining accent (which decomposed text
// writes after its letter). ok is false for what has no such spelling.
func plainLetters(r rune) (string, bool) {
	switch {
	case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
		return string(r), true
	case r >= 0x300 && r <= 0x36f:
		return "", true
	case r >= latinFirst && r < latinFirst+rune(len(latinBase)):
		switch c := latinBase[r-latinFirst]; c {
		case '-':
			return "", false // × and ÷, not letters
		case '*':
			return latinPair(r), true
		default:
			return string(c), true
		}
	case r == 'ș': // Romanian, just past the table
		return "s", true
	case r == 'ț':
		return "t", true
	}
	return "", false
}

// latinBase is the base letter of each rune from U+00C0 to U+017F (Latin-1
// Supplement and Latin Extended-A: the languages of Western and Central
// Europe). '-' marks the two that are not letters (× and ÷), '*' the
// letters written with two (see latinPair).
const (
	latinFirst = 0xc0
	latinBase  = "aaaaaa*ceeeeiiiidnooooo-ouuuuy**aaaaaa*ceeeeiiiidnooooo-ouuuuy*y" + // U+00C0 to U+00FF
		"aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiii**jjkkklllllll" + // U+0100 to U+013F
		"lllnnnnnnnnnoooooo**rrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs" // U+0140 to U+017F
)

// latinPair spells the letters latinBase marks '*'. A switch, not a map:
// a hook process should not build a table it will rarely read.
func latinPair(r rune) string {
	switch r {
	case 'Æ', 'æ':
		return "ae"
	case 'Þ', 'þ':
		return "th"
	case 'Ĳ', 'ĳ':
		return "ij"
	case 'Œ', 'œ':
		return "oe"
	}
	return "ss" // ß
}
