package prose

import (
	"bytes"
	"sync"
	"unicode/utf8"
)

// Inline markup is removed while copying a block's lines into the cleaned
// text; an offsetMap remembers where in the source the cleaned bytes came
// from, so positions survive the removal.

// Lookahead limits keep hostile input (thousands of unmatched brackets or
// backticks) linear. Real links and code spans are far shorter.
const (
	maxLinkText = 1000
	maxLinkDest = 2000
	maxCodeSpan = 4000
	maxTag      = 1000
)

// jump says: on reaching at (a link text's closing bracket), continue
// from to (after the link's target).
type jump struct{ at, to int }

// clean appends the inline-cleaned text of a block's lines to b.text and
// returns where it starts and ends. Lines are joined by a space.
func (b *builder) clean(segs []seg) (int, int) {
	s := b.joinLines(segs)
	t0 := len(b.text)
	b.inline(s, t0)
	t1 := len(b.text)
	if t1 > t0 && b.text[t1-1] == ' ' {
		t1--
		b.cut(t1)
	}
	return t0, t1
}

// joinLines returns a block's lines joined by '\n', the form inline reads,
// and maps its bytes to the source in b.scratchSrc. A block of one line is
// read where it is, uncopied.
func (b *builder) joinLines(segs []seg) []byte {
	m := &b.scratchSrc
	m.reset()
	if len(segs) == 1 {
		m.add(0, segs[0].start)
		return b.src[segs[0].start:segs[0].end]
	}
	s := b.scratch[:0]
	for k, g := range segs {
		if k > 0 {
			// The line break stands where the line before it ends, as
			// the run of that line counts on to it.
			s = append(s, '\n')
		}
		m.add(len(s), g.start)
		s = append(s, b.src[g.start:g.end]...)
	}
	b.scratch = s
	return s
}

// lineSrc is the source offset of byte i of the block's joined lines.
func (b *builder) lineSrc(i int) int { return b.scratchSrc.src(i) }

func (b *builder) emit(c byte, off int) {
	b.textSrc.add(len(b.text), off)
	b.text = append(b.text, c)
}

// space emits one space, none at the start of a block or after another,
// so removed markup leaves no double spaces in a sentence's text.
func (b *builder) space(off int, t0 int) {
	if n := len(b.text); n > t0 && b.text[n-1] != ' ' {
		b.emit(' ', off)
	}
}

func (b *builder) emitRune(r rune, off int) {
	b.textSrc.add(len(b.text), off)
	b.text = utf8.AppendRune(b.text, r)
}

func (b *builder) inline(s []byte, t0 int) {
	var jumps [8]jump
	nj := 0
	lastClose := notSearched
	i := 0
	for i < len(s) {
		for nj > 0 && i >= jumps[nj-1].at {
			if i < jumps[nj-1].to {
				i = jumps[nj-1].to
			}
			nj--
		}
		if i >= len(s) {
			break
		}
		// Copy plain text in bulk up to the next byte that may start
		// markup, or the next link's closing bracket.
		limit := len(s)
		if nj > 0 {
			limit = jumps[nj-1].at
		}
		if j := plainRun(s, i, limit); j > i {
			if s[i] == ' ' && (len(b.text) == t0 || b.text[len(b.text)-1] == ' ') {
				i++ // one space is enough where markup was removed
			}
			b.textSrc.add(len(b.text), b.lineSrc(i))
			b.text = append(b.text, s[i:j]...)
			i = j
			continue
		}
		c := s[i]
		switch c {
		case '\\':
			if i+1 < len(s) && isASCIIPunct(s[i+1]) {
				b.emit(s[i+1], b.lineSrc(i+1))
				i += 2
			} else {
				i++
			}
			continue
		case '`':
			n := runLen(s[i:], '`')
			if k := closeCodeSpan(s, i+n, n); k >= 0 {
				b.space(b.lineSrc(i), t0) // keep the words either side apart
				i = k
				continue
			}
			for range n - 1 { // an unmatched run is text
				b.emit('`', b.lineSrc(i))
				i++
			}
		case '<':
			if k := skipHTML(s, i); k > i {
				i = k
				continue
			}
		case '!':
			if i+1 < len(s) && s[i+1] == '[' && i < lastBracket(s, &lastClose) {
				if k := matchBracket(s, i+1); k >= 0 {
					i = afterLink(s, k)
					continue
				}
			}
		case '[':
			if i > lastBracket(s, &lastClose) {
				break
			}
			k := matchBracket(s, i)
			if k < 0 {
				break
			}
			if i+1 < len(s) && s[i+1] == '^' { // footnote reference
				i = k + 1
				continue
			}
			if nj < len(jumps) {
				jumps[nj] = jump{k, afterLink(s, k)}
				nj++
				i++
				continue
			}
		case '*':
			i += runLen(s[i:], '*')
			continue
		case '~':
			if n := runLen(s[i:], '~'); n >= 2 {
				i += n
				continue
			}
		case '_':
			// Emphasis marks go; an underscore inside a name stays, so
			// the words either side stay apart.
			if i == 0 || i+1 >= len(s) || !isASCIIAlnum(s[i-1]) || !isASCIIAlnum(s[i+1]) {
				i++
				continue
			}
		case '&':
			if r, n := entity(s[i:]); n > 0 {
				if r >= 0 {
					b.emitRune(r, b.lineSrc(i))
				}
				i += n
				continue
			}
		case ':', '.':
			// A bare URL shows itself at "://" or "www.": take back
			// the scheme already copied and skip the rest. What follows
			// is tested first, as it rules out a sentence's end at once.
			if !mayContinueURL(s, i) {
				break
			}
			if k := b.urlStart(t0); k >= 0 && isURLScheme(c, b.text[k:]) {
				b.cut(k)
				i = skipURL(s, i)
				continue
			}
		case '\n', '\t', '\r', '\v', '\f':
			b.space(b.lineSrc(i), t0)
			i++
			continue
		}
		b.emit(c, b.lineSrc(i))
		i++
	}
}

// lastBracket returns the index of the block's last ']', found the first
// time it is asked for and kept in *last. No link can open after it, which
// keeps a block full of stray brackets cheap; a block without any opening
// bracket never searches.
func lastBracket(s []byte, last *int) int {
	if *last == notSearched {
		*last = bytes.LastIndexByte(s, ']')
	}
	return *last
}

const notSearched = -2

// closeCodeSpan finds the backtick run of exactly n that closes a code
// span opened before i, and returns the index after it, or -1.
func closeCodeSpan(s []byte, i, n int) int {
	end := min(len(s), i+maxCodeSpan)
	for i < end {
		k := bytes.IndexByte(s[i:end], '`')
		if k < 0 {
			return -1
		}
		i += k
		m := runLen(s[i:], '`')
		if m == n {
			return i + m
		}
		i += m
	}
	return -1
}

// matchBracket returns the index of the ']' closing the '[' at i, or -1.
// Code spans and escapes inside are skipped, as they bind tighter.
func matchBracket(s []byte, i int) int {
	depth := 0
	end := min(len(s), i+maxLinkText)
	for j := i; j < end; j++ {
		switch s[j] {
		case '\\':
			j++
		case '`':
			n := runLen(s[j:], '`')
			if k := closeCodeSpan(s, j+n, n); k >= 0 {
				j = k - 1
			} else {
				j += n - 1
			}
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// afterLink returns where text resumes after a link or image whose text
// closes at k: past "(target)", past "[ref]", or just past the ']'.
func afterLink(s []byte, k int) int {
	j := k + 1
	if j < len(s) && s[j] == '(' {
		depth := 0
		end := min(len(s), j+maxLinkDest)
		for m := j; m < end; m++ {
			switch s[m] {
			case '\\':
				m++
			case '(':
				depth++
			case ')':
				depth--
				if depth == 0 {
					return m + 1
				}
			}
		}
	}
	if j < len(s) && s[j] == '[' {
		if m := matchBracket(s, j); m >= 0 {
			return m + 1
		}
	}
	return j
}

// skipHTML returns the index after an HTML comment, tag or autolink that
// starts at i, or i when there is none there.
func skipHTML(s []byte, i int) int {
	if bytes.HasPrefix(s[i:], []byte("<!--")) {
		if k := bytes.Index(s[i+4:], []byte("-->")); k >= 0 {
			return i + 4 + k + 3
		}
		return len(s) // an unclosed comment hides the rest of the block
	}
	end := min(len(s), i+maxTag)
	j := i + 1
	if j < end && (s[j] == '/' || s[j] == '!' || s[j] == '?') {
		j++
	}
	if j >= end || !isASCIILetter(s[j]) {
		return i
	}
	for j < end && (isASCIIAlnum(s[j]) || s[j] == '-' || s[j] == '+' || s[j] == '.') {
		j++
	}
	if j >= end {
		return i
	}
	switch s[j] {
	case ':', '@': // autolink <https://…> or <me@example.org>
		for k := j; k < end; k++ {
			switch s[k] {
			case '>':
				return k + 1
			case ' ', '\n', '<':
				return i
			}
		}
		return i
	case ' ', '\n', '/', '>':
		for k := j; k < end; k++ {
			switch s[k] {
			case '>':
				return k + 1
			case '<':
				return i
			}
		}
	}
	return i
}

// inlineSpecial marks the bytes that may start markup or need a look:
// everything else is copied as it is.
var inlineSpecial = func() (t [256]bool) {
	for _, c := range []byte("\\`<![*~_&:.\n\t\r\v\f") {
		t[c] = true
	}
	return t
}()

// plainRun returns the end of the plain text starting at s[i]: eight
// bytes at a time while they are letters and spaces, else a byte at a
// time through the eight.
func plainRun(s []byte, i, limit int) int {
	for i+8 <= limit {
		if plainBytes(load(s, i)) == highBits {
			i += 8
			continue
		}
		for end := i + 8; i < end; i++ {
			if inlineSpecial[s[i]] {
				return i
			}
		}
	}
	for i < limit && !inlineSpecial[s[i]] {
		i++
	}
	return i
}

// urlStart returns where the ASCII letters ending the cleaned text begin
// (the scheme of a URL, maybe), or -1 when none end it.
func (b *builder) urlStart(t0 int) int {
	k := len(b.text)
	for k > t0 && isASCIILetter(b.text[k-1]) {
		k--
	}
	if k == len(b.text) || (k > t0 && isASCIIAlnum(b.text[k-1])) {
		return -1
	}
	return k
}

// mayContinueURL says whether what follows s[i], a ':' or '.', lets the
// word before it run on into a URL: "//" after the ':', a letter or digit
// after the '.'.
func mayContinueURL(s []byte, i int) bool {
	if s[i] == ':' {
		return i+2 < len(s) && s[i+1] == '/' && s[i+2] == '/'
	}
	return i+1 < len(s) && isASCIIAlnum(s[i+1])
}

// isURLScheme says whether word, the letters before a mark c that may
// continue it into a URL, begins one: "http" or "https" before "://",
// "www" before ".".
func isURLScheme(c byte, word []byte) bool {
	if c == ':' {
		return hasPrefixFold(word, "http") && len(word) == 4 || hasPrefixFold(word, "https") && len(word) == 5
	}
	return len(word) == 3 && hasPrefixFold(word, "www")
}

// skipURL returns the index after the rest of a bare URL at s[i],
// leaving the punctuation that ends a sentence or clause.
func skipURL(s []byte, i int) int {
	j := i
	for j < len(s) && s[j] != ' ' && s[j] != '\n' && s[j] != '\t' && s[j] != '<' {
		j++
	}
	for j > i && bytes.IndexByte([]byte(".,;:!?)]'\"*_"), s[j-1]) >= 0 {
		j--
	}
	return j
}

func hasPrefixFold(s []byte, p string) bool {
	return len(s) >= len(p) && indexFold(s[:len(p)], p) == 0
}

// entity decodes an HTML character reference at the start of s. It
// returns the rune (-1 for one that prints nothing) and the bytes used,
// or n == 0 when s holds none.
func entity(s []byte) (r rune, n int) {
	end := min(len(s), 12)
	k := bytes.IndexByte(s[:end], ';')
	if k < 2 {
		return 0, 0
	}
	name := s[1:k]
	if name[0] == '#' {
		v, base := rune(0), rune(10)
		digits := name[1:]
		if len(digits) > 0 && (digits[0] == 'x' || digits[0] == 'X') {
			base, digits = 16, digits[1:]
		}
		if len(digits) == 0 || len(digits) > 7 {
			return 0, 0
		}
		for _, c := range digits {
			var d rune
			switch {
			case c >= '0' && c <= '9':
				d = rune(c - '0')
			case base == 16 && c|0x20 >= 'a' && c|0x20 <= 'f':
				d = rune(c|0x20-'a') + 10
			default:
				return 0, 0
			}
			v = v*base + d
		}
		if v == 0 || !utf8.ValidRune(v) {
			v = utf8.RuneError
		}
		return v, k + 1
	}
	if r, ok := entities()[string(name)]; ok {
		return r, k + 1
	}
	return 0, 0
}

// entities are the named references prose uses; others stay as typed.
var entities = sync.OnceValue(func() map[string]rune {
	return map[string]rune{
		"amp": '&', "lt": '<', "gt": '>', "quot": '"', "apos": '\'',
		"nbsp": ' ', "shy": -1, "mdash": '—', "ndash": '–', "hellip": '…',
		"lsquo": '‘', "rsquo": '’', "ldquo": '“', "rdquo": '”',
		"laquo": '«', "raquo": '»', "thinsp": ' ', "ensp": ' ', "emsp": ' ',
	}
})

func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isASCIIAlnum(c byte) bool { return isASCIILetter(c) || c >= '0' && c <= '9' }
