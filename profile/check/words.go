package check

// How phrases split into words, as far as the index needs to know without
// asking prose (see prose's words.go). The rules below are narrower than
// prose's, never wider: where they cannot be sure, the phrase goes to
// FindPhrase.

// plainWords splits a normalised phrase into its words when it is plain:
// ASCII letters and digits, joined inside by single apostrophes or hyphens
// (don't, self-driving), one space between words. Prose splits those into
// exactly these words, so a match needs no more than equal words in a row.
func plainWords(p string) ([]string, bool) {
	var words []string
	start := 0
	prev := byte(' ') // the byte before i: ' ' at a word's start
	for i := 0; i <= len(p); i++ {
		if i == len(p) || p[i] == ' ' {
			if i == start || !isAlnum(prev) {
				return nil, false
			}
			words = append(words, p[start:i])
			start = i + 1
			prev = ' '
			continue
		}
		c := p[i]
		switch {
		case isAlnum(c):
		case c == '\'' || c == '-':
			if !isAlnum(prev) {
				return nil, false // at a word's start or after another joiner
			}
		default:
			return nil, false
		}
		prev = c
	}
	return words, len(words) > 0
}

// sureWords returns words a normalised phrase with punctuation is sure to
// contain as prose splits it: runs of ASCII letters and digits that
// nothing can join to a neighbour. "to be honest," holds to, be and
// honest; "e.g." holds none (the dot may join), nor does "café" (é is a
// letter prose would take in).
func sureWords(p string) []string {
	var out []string
	for i := 0; i < len(p); {
		if !isAlnum(p[i]) {
			i++
			continue
		}
		j := i
		for j < len(p) && isAlnum(p[j]) {
			j++
		}
		if freeAt(p, i-1, -1) && freeAt(p, j, 1) {
			out = append(out, p[i:j])
		}
		i = j
	}
	return out
}

// freeAt says no word of prose runs through p[k], beside a run of letters
// and digits (step leads away from it): p[k] is past p's end, a space or
// ASCII punctuation, and punctuation that can join (an apostrophe, hyphen,
// dot or comma) has no letter or digit beyond it.
func freeAt(p string, k, step int) bool {
	if k < 0 || k >= len(p) {
		return true
	}
	switch c := p[k]; {
	case c >= 0x80:
		return false // maybe a letter, a mark or an apostrophe
	case !isJoiner(c):
		return !isWordByte(c)
	}
	k += step
	return k < 0 || k >= len(p) || p[k] < 0x80 && !isWordByte(p[k])
}

func isJoiner(c byte) bool { return c == '\'' || c == '-' || c == '.' || c == ',' }

// isWordByte is an ASCII letter of either case or a digit.
func isWordByte(c byte) bool { return isAlnum(c | 0x20) }

// isAlnum is a lower-case ASCII letter or a digit: a normalised phrase has
// no upper case, and a non-ASCII letter makes the phrase not plain.
func isAlnum(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }
