package prose

import (
	"bytes"
	"math"
	"sync"
)

// Parse reads a Markdown piece (plain text is Markdown too) and returns
// its prose. It never fails: whatever cannot be read as prose is left out.
//
// Left out: YAML or TOML front matter, fenced and indented code, HTML
// blocks and comments, tables, thematic breaks, link reference
// definitions, inline code, link and image targets, images (their alt text
// describes a picture; it is not a sentence of the piece) and bare URLs.
// Kept: the text of paragraphs, list items, blockquotes, link texts and
// headings; headings give words but no sentences.
//
// Plain-text essays break some Markdown assumptions, so a few rules read
// them as their writers meant. An indented line that reads as prose is a
// paragraph, not code. A long line holding several sentences is a
// paragraph of its own (one paragraph per line, no blank lines between),
// and so is a line that ends a sentence before one of those or before an
// indented line. A short unpunctuated first line above such paragraphs is
// a title (a heading of level 0). Hard-wrapped Markdown, and Markdown
// with one sentence per line, never trigger them.
func Parse(src []byte) *Doc {
	if len(src) > math.MaxInt32 {
		src = src[:math.MaxInt32] // offsets are kept as int32
	}
	b := newBuilder(src)
	b.blocks()
	return b.finish()
}

// Thresholds of the plain-text rules; see Parse.
const (
	longLine      = 150 // runes: longer than any hard-wrapped line
	titleMaxRunes = 100
	titleMaxWords = 15
)

type mode int

const (
	modeText mode = iota
	modeFence
	modeIndentCode
	modeHTML        // ends at a blank line
	modeHTMLClosing // ends at the line holding htmlEnd
	modeTable       // ends at a blank line
)

// seg is the part of one source line that belongs to a block.
type seg struct{ start, end int }

// state is what the block reader remembers between lines.
type state struct {
	mode       mode
	fenceChar  byte
	fenceLen   int
	fenceQuote int
	fenceBase  int // container indent the closing fence may carry
	htmlEnd    string

	prevBlank  bool
	inList     bool
	listIndent int // column where the current list item's text starts

	// The paragraph being collected, in b.segs.
	open       bool
	listItem   bool
	quoteDepth int
	lines      int
}

// lineShape is what the plain-text rules need to know about a line.
type lineShape struct {
	runes, words int
	ends         bool // ends with . ! ? … (closing quotes allowed after)
	bare         bool // ends with a letter or digit
	multi        bool // holds a sentence end followed by another sentence
}

func (b *builder) blocks() {
	src := b.src
	i := 0
	if bytes.HasPrefix(src, bom) {
		i = len(bom)
	}
	i = skipFrontMatter(src, i)
	var st state
	for i < len(src) {
		e := bytes.IndexByte(src[i:], '\n')
		next := len(src)
		if e < 0 {
			e = len(src)
		} else {
			e += i
			next = e + 1
		}
		end := e
		if end > i && src[end-1] == '\r' {
			end--
		}
		b.line(&st, i, end, next)
		i = next
	}
	b.flush(&st)
}

var bom = []byte("\xef\xbb\xbf")

// skipFrontMatter returns where the body starts: after a closed block of
// YAML (--- to --- or ...) or TOML (+++ to +++) on the very first line.
// An unclosed block is no front matter, so nothing is lost by a stray ---.
func skipFrontMatter(src []byte, i int) int {
	first, next := lineAt(src, i)
	open := string(bytes.TrimRight(first, " \t\r"))
	if open != "---" && open != "+++" {
		return i
	}
	for j := next; j < len(src); {
		l, n := lineAt(src, j)
		close := string(bytes.TrimRight(l, " \t\r"))
		if close == open || (open == "---" && close == "...") {
			return n
		}
		j = n
	}
	return i
}

// lineAt returns the line starting at i (without its newline) and where
// the next line starts.
func lineAt(src []byte, i int) ([]byte, int) {
	e := bytes.IndexByte(src[i:], '\n')
	if e < 0 {
		return src[i:], len(src)
	}
	return src[i : i+e], i + e + 1
}

// line reads one source line [start,end); next is where the line after it
// starts, for the one construct that needs to look ahead (tables).
func (b *builder) line(st *state, start, end, next int) {
	src := b.src
	switch st.mode {
	case modeFence:
		cs, _ := stripQuotes(src, start, end, st.fenceQuote)
		if isFenceClose(src[cs:end], st.fenceChar, st.fenceLen, st.fenceBase+3) {
			st.mode = modeText
		}
		return
	case modeHTML, modeTable:
		if isBlank(src[start:end]) {
			st.mode = modeText
			st.prevBlank = true
		}
		return
	case modeHTMLClosing:
		if indexFold(src[start:end], st.htmlEnd) >= 0 {
			st.mode = modeText
		}
		return
	case modeIndentCode:
		cs, _ := stripQuotes(src, start, end, -1)
		if isBlank(src[cs:end]) {
			st.prevBlank = true
			return
		}
		if ind, _ := indentation(src, cs, end); ind-st.base() >= 4 {
			st.prevBlank = false
			return
		}
		st.mode = modeText
	}

	cs, depth := stripQuotes(src, start, end, -1)
	if isBlank(src[cs:end]) {
		b.flush(st)
		st.prevBlank = true
		return
	}
	indent, fs := indentation(src, cs, end)
	marker, ordered, num, content := listMarker(src, fs, end)
	if st.inList && indent < st.listIndent && !marker && (st.prevBlank || !st.open) {
		st.inList = false
	}
	rel := indent - st.base()
	if rel < 0 {
		rel = indent
	}
	c := src[fs]
	body := src[fs:end]

	// Fenced code opens; backtick fences may not hold a backtick after.
	if rel <= 3 && (c == '`' || c == '~') {
		n := runLen(body, c)
		if n >= 3 && (c == '~' || bytes.IndexByte(body[n:], '`') < 0) {
			b.flush(st)
			st.mode, st.fenceChar, st.fenceLen, st.fenceQuote = modeFence, c, n, depth
			st.fenceBase = indent - rel
			st.prevBlank = false
			return
		}
	}
	// Indented code cannot interrupt a paragraph.
	if rel >= 4 && !st.open && !proseLike(body) {
		st.mode = modeIndentCode
		st.prevBlank = false
		return
	}
	if rel <= 3 {
		switch c {
		case '#':
			if level, hs, he := atxHeading(body); level > 0 {
				b.flush(st)
				b.one[0] = seg{fs + hs, fs + he}
				b.heading(b.one[:], level)
				st.prevBlank = false
				return
			}
		case '=', '-':
			if st.open && !(st.listItem && indent < st.listIndent) {
				if level := setextLevel(body); level > 0 {
					b.flushHeading(st, level)
					st.prevBlank = false
					return
				}
			}
		case '<':
			if m, endTag := htmlBlock(body); m != modeText {
				b.flush(st)
				st.prevBlank = false
				if m == modeHTMLClosing && indexFold(body[min(4, len(body)):], endTag) >= 0 {
					return // opened and closed on one line
				}
				st.mode, st.htmlEnd = m, endTag
				return
			}
		case '[':
			if !st.open && isLinkDefinition(body) {
				return
			}
			if !st.open {
				if k := footnoteLabel(body); k > 0 {
					// A footnote's text is the writer's prose: keep it
					// as a paragraph of its own.
					fs += k
					for fs < end && (src[fs] == ' ' || src[fs] == '\t') {
						fs++
					}
					if fs == end {
						return
					}
					body = src[fs:end]
				}
			}
		}
		if isThematicBreak(body) {
			b.flush(st)
			st.prevBlank = false
			return
		}
	}
	if bytes.IndexByte(body, '|') >= 0 && next < len(src) {
		nl, _ := lineAt(src, next)
		if isTableDelimiter(nl) {
			b.flush(st)
			st.mode = modeTable
			st.prevBlank = false
			return
		}
	}
	// A list item. Outside a list, only an item numbered 1 or with text
	// may interrupt a paragraph, which keeps "in\n1999. It" a paragraph.
	if marker && (rel <= 3 || (st.inList && indent < st.listIndent+4)) &&
		!(st.open && !st.inList && ((ordered && num != 1) || content == end)) {
		b.flush(st)
		content = skipTaskBox(src, content, end)
		st.inList = true
		st.listIndent = column(src, cs, content)
		if content == end {
			st.listIndent = column(src, cs, fs) + 2
		}
		st.open, st.listItem, st.quoteDepth, st.lines = true, true, depth, 0
		st.prevBlank = false
		if content < end {
			b.segs = append(b.segs, seg{content, end})
			st.lines++
		}
		return
	}

	if st.open && st.lines > 0 && b.breaksParagraph(st, indent, depth, fs, end) {
		if st.lines == 1 && !st.listItem && !st.inList && b.isTitle(indent, fs, end) {
			b.flushHeading(st, 0)
		} else {
			b.flush(st)
		}
	}
	if !st.open {
		st.open, st.listItem, st.quoteDepth, st.lines = true, false, depth, 0
	}
	b.segs = append(b.segs, seg{fs, end})
	st.lines++
	st.prevBlank = false
}

// breaksParagraph says whether the line at src[fs:end] starts a new
// paragraph although no blank line precedes it: a deeper blockquote, or
// one of the plain-text rules of Parse.
func (b *builder) breaksParagraph(st *state, indent, depth, fs, end int) bool {
	if depth > st.quoteDepth {
		return true
	}
	// Byte lengths bound rune counts, so short lines that are not
	// indented (hard-wrapped Markdown) skip the measuring.
	prev := b.segs[len(b.segs)-1]
	if indent < 2 && prev.end-prev.start < longLine && end-fs < longLine {
		return false
	}
	p := measureLine(b.src[prev.start:prev.end])
	cur := measureLine(b.src[fs:end])
	switch {
	case st.lines == 1 && !st.listItem && !st.inList && b.isTitle(indent, fs, end):
		return true
	case p.runes >= longLine && p.multi:
		return true
	case p.ends && cur.runes >= longLine && cur.multi:
		return true // a lead sentence on its own line, then unwrapped text
	case !st.inList && p.ends && indent >= 2:
		return true
	}
	return false
}

// isTitle says whether the paragraph's one line is a plain-text title:
// short, unpunctuated, and above an indented or unwrapped line.
func (b *builder) isTitle(indent, fs, end int) bool {
	prev := b.segs[len(b.segs)-1]
	p := measureLine(b.src[prev.start:prev.end])
	return p.bare && p.runes <= titleMaxRunes && p.words <= titleMaxWords &&
		(indent >= 2 || measureLine(b.src[fs:end]).runes >= longLine)
}

// base is the column the current container's content starts at.
func (st *state) base() int {
	if st.inList {
		return st.listIndent
	}
	return 0
}

// flush ends the open paragraph.
func (b *builder) flush(st *state) {
	if st.open {
		b.paragraph(b.segs, st.listItem, st.quoteDepth > 0)
	}
	b.segs = b.segs[:0]
	st.open, st.lines = false, 0
}

// flushHeading ends the open paragraph as a heading (setext underline, or
// a plain-text title when level is 0).
func (b *builder) flushHeading(st *state, level int) {
	if st.open {
		b.heading(b.segs, level)
	}
	b.segs = b.segs[:0]
	st.open, st.lines = false, 0
}

// stripQuotes skips up to max blockquote markers (all when max < 0) and
// returns where the line's content starts and how many it skipped.
func stripQuotes(src []byte, start, end, max int) (int, int) {
	depth := 0
	i := start
	for max < 0 || depth < max {
		j := i
		for j < end && j-i < 3 && src[j] == ' ' {
			j++
		}
		if j >= end || src[j] != '>' {
			break
		}
		j++
		if j < end && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
		i = j
		depth++
	}
	return i, depth
}

// indentation returns the column width of the leading white space (tabs
// to the next multiple of 4) and where the first other byte is.
func indentation(src []byte, start, end int) (int, int) {
	col := 0
	i := start
	for ; i < end; i++ {
		switch src[i] {
		case ' ':
			col++
		case '\t':
			col += 4 - col%4
		default:
			return col, i
		}
	}
	return col, i
}

// column is the width of src[start:pos] with tabs expanded.
func column(src []byte, start, pos int) int {
	col := 0
	for i := start; i < pos; i++ {
		if src[i] == '\t' {
			col += 4 - col%4
		} else if src[i]&0xC0 != 0x80 {
			col++
		}
	}
	return col
}

func isBlank(l []byte) bool {
	for _, c := range l {
		if c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v' {
			return false
		}
	}
	return true
}

func runLen(l []byte, c byte) int {
	n := 0
	for n < len(l) && l[n] == c {
		n++
	}
	return n
}

// isFenceClose: up to max spaces, at least n fence characters, nothing
// else.
func isFenceClose(l []byte, c byte, n, max int) bool {
	i := 0
	for i < len(l) && i < max && l[i] == ' ' {
		i++
	}
	k := runLen(l[i:], c)
	return k >= n && isBlank(l[i+k:])
}

// atxHeading reads "## Title ##" and returns the level and where the
// title text is within l.
func atxHeading(l []byte) (level, start, end int) {
	n := runLen(l, '#')
	if n == 0 || n > 6 || (n < len(l) && l[n] != ' ' && l[n] != '\t') {
		return 0, 0, 0
	}
	start, end = n, len(l)
	for end > start && (l[end-1] == ' ' || l[end-1] == '\t') {
		end--
	}
	// A closing run of # counts only when a space precedes it.
	k := end
	for k > start && l[k-1] == '#' {
		k--
	}
	if k < end && (k == start || l[k-1] == ' ' || l[k-1] == '\t') {
		end = k
	}
	return n, start, end
}

// setextLevel: a line of only = (level 1) or only - (level 2).
func setextLevel(l []byte) int {
	c := l[0]
	n := runLen(l, c)
	if !isBlank(l[n:]) {
		return 0
	}
	if c == '=' {
		return 1
	}
	return 2
}

// isThematicBreak: three or more of the same * - or _, spaces allowed.
func isThematicBreak(l []byte) bool {
	c := l[0]
	if c != '*' && c != '-' && c != '_' {
		return false
	}
	n := 0
	for _, x := range l {
		switch x {
		case c:
			n++
		case ' ', '\t':
		default:
			return false
		}
	}
	return n >= 3
}

// listMarker reads "- ", "* ", "+ ", "1. " or "1) " at fs and returns
// where the item's text starts.
func listMarker(src []byte, fs, end int) (ok, ordered bool, num, content int) {
	i := fs
	switch c := src[i]; {
	case c == '-' || c == '+' || c == '*':
		i++
	case c >= '0' && c <= '9':
		for i < end && i-fs < 9 && src[i] >= '0' && src[i] <= '9' {
			num = num*10 + int(src[i]-'0')
			i++
		}
		if i >= end || (src[i] != '.' && src[i] != ')') {
			return false, false, 0, 0
		}
		ordered = true
		i++
	default:
		return false, false, 0, 0
	}
	if i < end && src[i] != ' ' && src[i] != '\t' {
		return false, false, 0, 0
	}
	for i < end && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return true, ordered, num, i
}

// skipTaskBox skips a task list's "[ ] " or "[x] ".
func skipTaskBox(src []byte, i, end int) int {
	if end-i >= 3 && src[i] == '[' && src[i+2] == ']' &&
		(src[i+1] == ' ' || src[i+1] == 'x' || src[i+1] == 'X') &&
		(end-i == 3 || src[i+3] == ' ' || src[i+3] == '\t') {
		i += 3
		for i < end && (src[i] == ' ' || src[i] == '\t') {
			i++
		}
	}
	return i
}

// isLinkDefinition: "[label]: destination".
func isLinkDefinition(l []byte) bool {
	if len(l) < 2 || l[1] == '^' {
		return false
	}
	k := bytes.IndexByte(l, ']')
	return k > 1 && k+1 < len(l) && l[k+1] == ':'
}

// footnoteLabel returns the length of a "[^label]:" opening, or 0.
func footnoteLabel(l []byte) int {
	if len(l) < 4 || l[1] != '^' {
		return 0
	}
	k := bytes.IndexByte(l, ']')
	if k > 2 && k+1 < len(l) && l[k+1] == ':' {
		return k + 2
	}
	return 0
}

// isTableDelimiter: "| --- | :-: |", the second line of a table.
func isTableDelimiter(l []byte) bool {
	pipes, dashes := 0, 0
	for _, c := range l {
		switch c {
		case '|':
			pipes++
		case '-':
			dashes++
		case ':', ' ', '\t', '\r':
		default:
			return false
		}
	}
	return pipes > 0 && dashes > 0
}

// htmlBlock says whether a line opens an HTML block, and how it ends.
func htmlBlock(l []byte) (mode, string) {
	if bytes.HasPrefix(l, []byte("<!--")) {
		return modeHTMLClosing, "-->"
	}
	i := 1
	if i < len(l) && l[i] == '/' {
		i++
	}
	j := i
	for j < len(l) && (isASCIILetter(l[j]) || (j > i && l[j] >= '0' && l[j] <= '9')) {
		j++
	}
	if j == i || (j < len(l) && l[j] != ' ' && l[j] != '\t' && l[j] != '>' && l[j] != '/') {
		return modeText, ""
	}
	var nb [16]byte
	name := nb[:0]
	for _, c := range l[i:min(j, i+len(nb))] {
		name = append(name, c|0x20)
	}
	if i == 1 {
		switch string(name) {
		case "script", "pre", "style", "textarea":
			return modeHTMLClosing, "</" + string(name) + ">"
		}
	}
	if _, ok := blockTags()[string(name)]; ok {
		return modeHTML, ""
	}
	return modeText, ""
}

// blockTags are the HTML elements that open a block running to the next
// blank line.
var blockTags = sync.OnceValue(func() map[string]struct{} {
	return map[string]struct{}{
		"address": {}, "article": {}, "aside": {}, "blockquote": {}, "body": {},
		"caption": {}, "center": {}, "col": {}, "colgroup": {}, "dd": {},
		"details": {}, "dialog": {}, "div": {}, "dl": {}, "dt": {},
		"fieldset": {}, "figcaption": {}, "figure": {}, "footer": {}, "form": {},
		"h1": {}, "h2": {}, "h3": {}, "h4": {}, "h5": {}, "h6": {}, "head": {},
		"header": {}, "hr": {}, "html": {}, "iframe": {}, "li": {}, "main": {},
		"nav": {}, "ol": {}, "p": {}, "section": {}, "summary": {}, "table": {},
		"tbody": {}, "td": {}, "tfoot": {}, "th": {}, "thead": {}, "tr": {},
		"ul": {}, "legend": {}, "menu": {}, "optgroup": {}, "option": {},
		"title": {}, "base": {}, "link": {}, "param": {}, "track": {},
	}
})

// indexFold finds an ASCII needle in l ignoring case.
func indexFold(l []byte, needle string) int {
	n := len(needle)
outer:
	for i := 0; i+n <= len(l); i++ {
		for k := 0; k < n; k++ {
			if l[i+k]|0x20 != needle[k]|0x20 {
				continue outer
			}
		}
		return i
	}
	return -1
}

// proseLike tells an indented line of prose (an essay's first-line
// indent) from indented code: prose is mostly letters, has several words
// or a sentence's end, and hardly any of the symbols code is full of
// (one $ in a paragraph is a price; one in a short line is code).
func proseLike(l []byte) bool {
	words, letters, runes, symbols := 0, 0, 0, 0
	inWord := false
	last := rune(0)
	for i := 0; i < len(l); {
		r, w := decodeAt(l, i, len(l))
		i += w
		if r != ' ' && r != '\t' && !isCloser(r) {
			last = r
		}
		runes++
		switch {
		case isLetter(r):
			letters++
			if !inWord {
				words++
				inWord = true
			}
		case r == ' ' || r == '\t':
			inWord = false
		case r == '{' || r == '}' || r == '=' || r == '<' || r == '>' ||
			r == '\\' || r == '|' || r == '$' || r == '#' || r == '@' || r == '`':
			symbols++
		}
	}
	ends := last == '.' || last == '!' || last == '?' || last == '…'
	return (words >= 6 || (words >= 3 && ends)) && letters*10 >= runes*7 && symbols*50 <= runes
}

// measureLine computes a line's lineShape.
func measureLine(l []byte) lineShape {
	var s lineShape
	inWord := false
	last := rune(0)
	prev := rune(0) // the last rune before the current run of spaces
	spaced := false
	for i := 0; i < len(l); {
		r, w := decodeAt(l, i, len(l))
		i += w
		s.runes++
		if r == ' ' || r == '\t' {
			inWord = false
			spaced = true
			continue
		}
		if spaced && (prev == '.' || prev == '!' || prev == '?' || isCloser(prev)) &&
			(r >= 'A' && r <= 'Z' || r == '"' || r == '“') {
			s.multi = true
		}
		spaced = false
		if isLetter(r) || isDigit(r) {
			if !inWord {
				s.words++
				inWord = true
			}
		}
		// Remember the last terminator before closers for s.ends.
		if !isCloser(r) || !(last == '.' || last == '!' || last == '?' || last == '…') {
			last = r
		}
		prev = r
	}
	s.ends = last == '.' || last == '!' || last == '?' || last == '…'
	s.bare = isLetter(last) || isDigit(last)
	return s
}
