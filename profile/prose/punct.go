package prose

import "bytes"

// countPunct tallies the punctuation habits in text[t0:t1], each mark
// looked for on its own with IndexByte, which skips many bytes at a time;
// the runs skipped over (of hyphens, of one dash) hide no other mark.
func (b *builder) countPunct(t0, t1 int) {
	t := b.text[t0:t1]
	c := &b.d.counts
	c[Semicolons] += bytes.Count(t, []byte{';'})
	c[Parentheses] += bytes.Count(t, []byte{'('})
	for i := indexFrom(t, 0, ':'); i >= 0; i = indexFrom(t, i+1, ':') {
		// Not the colon of a time or ratio such as 10:30 or 3:1.
		if !(i > 0 && i+1 < len(t) && isDigit(rune(t[i-1])) && isDigit(rune(t[i+1]))) {
			c[Colons]++
		}
	}
	for i := indexFrom(t, 0, '-'); i >= 0; {
		n := len(t[i:]) - len(bytes.TrimLeft(t[i:], "-"))
		switch {
		case n == 2 || n == 3:
			if betweenWords(t, i, i+n) && !(i+n < len(t) && t[i+n] == '>') {
				c[EmDashes]++
			}
		case n == 1:
			// A hyphen with a space on each side stands in for a spaced
			// dash, the en dash of British usage.
			if i > 0 && i+1 < len(t) && t[i-1] == ' ' && t[i+1] == ' ' && betweenWords(t, i, i+1) {
				c[EnDashes]++
			}
		}
		i = indexFrom(t, i+n, '-')
	}
	for i := indexFrom(t, 0, 0xE2); i >= 0; {
		// — is E2 80 94 and – is E2 80 93; a run counts once.
		j := i + 1
		if i+2 < len(t) && t[i+1] == 0x80 && (t[i+2] == 0x94 || t[i+2] == 0x93) {
			dash := t[i+2]
			j = i
			for j+2 < len(t) && t[j] == 0xE2 && t[j+1] == 0x80 && t[j+2] == dash {
				j += 3
			}
			if dash == 0x94 {
				c[EmDashes]++
			} else {
				c[EnDashes]++
			}
		}
		i = indexFrom(t, j, 0xE2)
	}
}

// indexFrom returns the index of the first c in t from i on, or -1.
func indexFrom(t []byte, i int, c byte) int {
	if i >= len(t) {
		return -1
	}
	if k := bytes.IndexByte(t[i:], c); k >= 0 {
		return i + k
	}
	return -1
}

// betweenWords says text[i:j] has text other than spaces and hyphens on
// both sides, so it is a dash in a sentence, not a rule or a stray mark.
func betweenWords(t []byte, i, j int) bool {
	k := i - 1
	for k >= 0 && t[k] == ' ' {
		k--
	}
	if k < 0 || t[k] == '-' || t[k] == '<' || t[k] == '!' {
		return false
	}
	k = j
	for k < len(t) && t[k] == ' ' {
		k++
	}
	return k < len(t) && t[k] != '-'
}
