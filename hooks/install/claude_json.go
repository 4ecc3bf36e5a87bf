package install

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// This file edits a JSON document as text. sw adds its entries to a
// settings file the person owns, and takes them out again, without
// decoding and re-encoding the whole document: every byte sw does not
// touch (key order, indentation, line endings, spacing, a missing final
// newline) stays as it was, and taking out what was put in gives back the
// very bytes there were before.
//
// A parse finds each value's span; an edit is one insertion or one cut,
// after which the document is parsed again. Settings files are small, so
// that costs nothing and keeps every offset right.

// jsonNode is one value of a parsed document, with where it lies.
type jsonNode struct {
	kind       byte         // '{', '[', '"', or 'v' for a number, true, false or null
	start, end int          // the value's bytes: text[start:end]
	str        string       // a string's value; a plain value's text
	members    []jsonMember // an object's, in document order
	elems      []*jsonNode  // an array's
	parent     *jsonNode    // nil for the document's top value
	index      int          // the position among the parent's members or elements
}

// jsonMember is one "key": value of an object.
type jsonMember struct {
	key      string
	keyStart int // where the key's opening quote is
	keyEnd   int // just after its closing quote
	value    *jsonNode
}

// entries is how many members or elements a container holds.
func (n *jsonNode) entries() int {
	if n.kind == '{' {
		return len(n.members)
	}
	return len(n.elems)
}

// entrySpan is the bytes of a container's i-th entry: the member from its
// key to the end of its value, or the element.
func (n *jsonNode) entrySpan(i int) (start, end int) {
	if n.kind == '{' {
		m := n.members[i]
		return m.keyStart, m.value.end
	}
	e := n.elems[i]
	return e.start, e.end
}

// member is the value of the object's member named key, nil when there is
// none. A key given twice counts as its last value, as JavaScript's
// JSON.parse reads it.
func (n *jsonNode) member(key string) *jsonNode {
	if n == nil || n.kind != '{' {
		return nil
	}
	for i := len(n.members) - 1; i >= 0; i-- {
		if n.members[i].key == key {
			return n.members[i].value
		}
	}
	return nil
}

// kindName names a value's kind for an error message.
func (n *jsonNode) kindName() string {
	switch n.kind {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	}
	return "a plain value"
}

// JSONError is a document that is not valid JSON, with where it breaks.
type JSONError struct {
	Line, Column int // 1-based; the column counts characters
	Msg          string
}

func (e *JSONError) Error() string {
	return fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e.Msg)
}

// position is the line and column of offset in text.
func position(text []byte, offset int) (line, col int) {
	before := text[:min(offset, len(text))]
	line = bytes.Count(before, []byte("\n")) + 1
	lineStart := bytes.LastIndexByte(before, '\n') + 1
	if lineStart == 0 && bytes.HasPrefix(before, []byte(bom)) {
		lineStart = len(bom) // a byte-order mark is no column an editor shows
	}
	return line, utf8.RuneCount(before[lineStart:]) + 1
}

// bom is UTF-8's byte-order mark, which some editors put first.
const bom = "\xef\xbb\xbf"

// jsonParser reads one document, strictly as RFC 8259 has it (as
// encoding/json and JavaScript's JSON.parse do), keeping spans. A UTF-8
// byte-order mark at the start is skipped.
type jsonParser struct {
	text []byte
	pos  int
}

// parseJSON parses text into its top value.
func parseJSON(text []byte) (*jsonNode, error) {
	p := &jsonParser{text: text}
	if bytes.HasPrefix(text, []byte(bom)) {
		p.pos = len(bom)
	}
	p.space()
	if p.pos == len(text) {
		return nil, p.fail("the file holds no JSON value; an empty settings file is written {}")
	}
	root, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.pos < len(text) {
		return nil, p.fail("unexpected " + p.found() + " after the end of the JSON value")
	}
	return root, nil
}

// maxDepth bounds nesting, so a hostile file cannot exhaust the stack.
const maxDepth = 10000

func (p *jsonParser) fail(msg string) error {
	line, col := position(p.text, p.pos)
	return &JSONError{Line: line, Column: col, Msg: msg}
}

// found names what is at the current position, for an error message.
func (p *jsonParser) found() string {
	if p.pos >= len(p.text) {
		return "end of file"
	}
	r, _ := utf8.DecodeRune(p.text[p.pos:])
	switch {
	case r == utf8.RuneError:
		return fmt.Sprintf("byte 0x%02x", p.text[p.pos])
	case r < 0x20:
		return fmt.Sprintf("control character U+%04X", r)
	}
	return fmt.Sprintf("%q", r)
}

func (p *jsonParser) space() {
	for p.pos < len(p.text) {
		switch p.text[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *jsonParser) value(depth int) (*jsonNode, error) {
	if depth > maxDepth {
		return nil, p.fail("nested too deeply")
	}
	if p.pos >= len(p.text) {
		return nil, p.fail("unexpected end of file, a value was expected")
	}
	switch c := p.text[p.pos]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		start := p.pos
		s, err := p.string()
		if err != nil {
			return nil, err
		}
		return &jsonNode{kind: '"', start: start, end: p.pos, str: s}, nil
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	default:
		for _, word := range []string{"true", "false", "null"} {
			if bytes.HasPrefix(p.text[p.pos:], []byte(word)) {
				n := &jsonNode{kind: 'v', start: p.pos, end: p.pos + len(word), str: word}
				p.pos += len(word)
				return n, nil
			}
		}
		return nil, p.fail("unexpected " + p.found() + ", a value was expected")
	}
}

func (p *jsonParser) object(depth int) (*jsonNode, error) {
	n := &jsonNode{kind: '{', start: p.pos}
	p.pos++
	p.space()
	if p.pos < len(p.text) && p.text[p.pos] == '}' {
		p.pos++
		n.end = p.pos
		return n, nil
	}
	for {
		if p.pos >= len(p.text) || p.text[p.pos] != '"' {
			return nil, p.fail("unexpected " + p.found() + ", an object key (a string in double quotes) was expected")
		}
		keyStart := p.pos
		key, err := p.string()
		if err != nil {
			return nil, err
		}
		keyEnd := p.pos
		p.space()
		if p.pos >= len(p.text) || p.text[p.pos] != ':' {
			return nil, p.fail("unexpected " + p.found() + ", ':' was expected after the key")
		}
		p.pos++
		p.space()
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		v.parent, v.index = n, len(n.members)
		n.members = append(n.members, jsonMember{key: key, keyStart: keyStart, keyEnd: keyEnd, value: v})
		p.space()
		if p.pos < len(p.text) && p.text[p.pos] == ',' {
			p.pos++
			p.space()
			continue
		}
		if p.pos < len(p.text) && p.text[p.pos] == '}' {
			p.pos++
			n.end = p.pos
			return n, nil
		}
		return nil, p.fail("unexpected " + p.found() + ", ',' or '}' was expected after an object member")
	}
}

func (p *jsonParser) array(depth int) (*jsonNode, error) {
	n := &jsonNode{kind: '[', start: p.pos}
	p.pos++
	p.space()
	if p.pos < len(p.text) && p.text[p.pos] == ']' {
		p.pos++
		n.end = p.pos
		return n, nil
	}
	for {
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		v.parent, v.index = n, len(n.elems)
		n.elems = append(n.elems, v)
		p.space()
		if p.pos < len(p.text) && p.text[p.pos] == ',' {
			p.pos++
			p.space()
			continue
		}
		if p.pos < len(p.text) && p.text[p.pos] == ']' {
			p.pos++
			n.end = p.pos
			return n, nil
		}
		return nil, p.fail("unexpected " + p.found() + ", ',' or ']' was expected after an array element")
	}
}

// string reads a string token and decodes it.
func (p *jsonParser) string() (string, error) {
	start := p.pos
	p.pos++ // the opening quote
	for p.pos < len(p.text) {
		switch c := p.text[p.pos]; {
		case c == '"':
			p.pos++
			var s string
			if err := json.Unmarshal(p.text[start:p.pos], &s); err != nil {
				return "", p.fail("a string that cannot be read: " + err.Error())
			}
			return s, nil
		case c == '\\':
			p.pos++
			if p.pos >= len(p.text) {
				return "", p.fail("unexpected end of file inside a string")
			}
			switch p.text[p.pos] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				p.pos++
			case 'u':
				p.pos++
				for range 4 {
					if p.pos >= len(p.text) || !isHex(p.text[p.pos]) {
						return "", p.fail(`unexpected ` + p.found() + `, \u wants four hexadecimal digits`)
					}
					p.pos++
				}
			default:
				return "", p.fail("unexpected " + p.found() + " after a backslash in a string")
			}
		case c < 0x20:
			return "", p.fail("unexpected " + p.found() + " inside a string (write it escaped, e.g. \\n)")
		default:
			p.pos++
		}
	}
	return "", p.fail("unexpected end of file inside a string")
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func (p *jsonParser) number() (*jsonNode, error) {
	start := p.pos
	digits := func() int {
		n := 0
		for p.pos < len(p.text) && p.text[p.pos] >= '0' && p.text[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	if p.text[p.pos] == '-' {
		p.pos++
	}
	if p.pos < len(p.text) && p.text[p.pos] == '0' {
		p.pos++
	} else if digits() == 0 {
		return nil, p.fail("unexpected " + p.found() + " in a number")
	}
	if p.pos < len(p.text) && p.text[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return nil, p.fail("unexpected " + p.found() + ", a digit was expected after the decimal point")
		}
	}
	if p.pos < len(p.text) && (p.text[p.pos] == 'e' || p.text[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.text) && (p.text[p.pos] == '+' || p.text[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return nil, p.fail("unexpected " + p.found() + ", a digit was expected in the exponent")
		}
	}
	return &jsonNode{kind: 'v', start: start, end: p.pos, str: string(p.text[start:p.pos])}, nil
}

// jsonStyle is how a document is laid out, so that what sw inserts looks
// as if the person had typed it.
type jsonStyle struct {
	newline string // "\n" or "\r\n"
	unit    string // one level of indentation: "  ", "    ", "\t", ...
	colon   string // between a key and its value: ": " or ":"
	comma   string // after a comma on one line: ", " or ","
	oneLine bool   // the whole document is written on one line
}

// styleOf reads a document's layout: its line ending, the indentation of
// one level (from the entries that start a line: the shallowest one's
// indentation divided by its depth), and whether a colon and a comma on
// one line are followed by a space. What the document does not show
// falls back to two spaces, "\n" and spaces after colons and commas, as
// Claude Code writes its own settings files.
func styleOf(text []byte, root *jsonNode) jsonStyle {
	st := jsonStyle{newline: "\n", unit: "  ", colon: ": ", comma: ", "}
	if bytes.Contains(text, []byte("\r\n")) {
		st.newline = "\r\n"
	}
	colonSeen, commaSeen, unitSeen := false, false, false
	var walk func(n *jsonNode, depth int)
	walk = func(n *jsonNode, depth int) {
		for i := 0; i < n.entries(); i++ {
			start, _ := n.entrySpan(i)
			gapStart := n.start + 1
			if i > 0 {
				_, gapStart = n.entrySpan(i - 1)
			}
			gap := string(text[gapStart:start]) // "," and whitespace, or whitespace
			if nl := strings.LastIndexByte(gap, '\n'); nl >= 0 {
				indent := gap[nl+1:]
				if !unitSeen && indent != "" && len(indent)%depth == 0 && indent == strings.Repeat(indent[:len(indent)/depth], depth) {
					st.unit, unitSeen = indent[:len(indent)/depth], true
				}
			} else if i > 0 && !commaSeen {
				st.comma, commaSeen = gap[strings.IndexByte(gap, ','):], true
			}
			if n.kind == '{' && !colonSeen {
				m := n.members[i]
				gap := string(text[m.keyEnd:m.value.start]) // whitespace, ':', whitespace
				if colon := gap[strings.IndexByte(gap, ':'):]; !strings.ContainsAny(colon, "\r\n") {
					st.colon, colonSeen = colon, true
				}
			}
			var child *jsonNode
			if n.kind == '{' {
				child = n.members[i].value
			} else {
				child = n.elems[i]
			}
			if child.kind == '{' || child.kind == '[' {
				walk(child, depth+1)
			}
		}
	}
	if root.kind == '{' || root.kind == '[' {
		walk(root, 1)
	}
	st.oneLine = root.entries() > 0 && !bytes.Contains(text[root.start:root.end], []byte("\n"))
	return st
}

// jsonQuote writes s as a JSON string, leaving <, > and & as they are (as
// JavaScript's JSON.stringify does).
func jsonQuote(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// jsonValue is a value sw writes: a string, a plain value (jsonLiteral),
// an array ([]jsonValue) or an object ([]jsonKV, in order).
type jsonValue any

// jsonLiteral is a plain value as written: true, false, null or a number.
type jsonLiteral string

// jsonKV is one member of an object sw writes.
type jsonKV struct {
	key   string
	value jsonValue
}

// render writes v spread over lines, as st lays documents out; indent is
// the indentation of the line v starts on.
func (st jsonStyle) render(v jsonValue, indent string) string {
	inner := indent + st.unit
	var b strings.Builder
	switch v := v.(type) {
	case string:
		return jsonQuote(v)
	case jsonLiteral:
		return string(v)
	case []jsonValue:
		b.WriteString("[")
		for i, e := range v {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(st.newline + inner + st.render(e, inner))
		}
		b.WriteString(st.newline + indent + "]")
	case []jsonKV:
		b.WriteString("{")
		for i, m := range v {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(st.newline + inner + st.renderMember(m, inner))
		}
		b.WriteString(st.newline + indent + "}")
	}
	return b.String()
}

func (st jsonStyle) renderMember(m jsonKV, indent string) string {
	return jsonQuote(m.key) + st.colon + st.render(m.value, indent)
}

// renderInline writes v on one line.
func (st jsonStyle) renderInline(v jsonValue) string {
	var parts []string
	switch v := v.(type) {
	case string:
		return jsonQuote(v)
	case jsonLiteral:
		return string(v)
	case []jsonValue:
		for _, e := range v {
			parts = append(parts, st.renderInline(e))
		}
		return "[" + strings.Join(parts, st.comma) + "]"
	case []jsonKV:
		for _, m := range v {
			parts = append(parts, st.renderMemberInline(m))
		}
		return "{" + strings.Join(parts, st.comma) + "}"
	}
	return ""
}

func (st jsonStyle) renderMemberInline(m jsonKV) string {
	return jsonQuote(m.key) + st.colon + st.renderInline(m.value)
}

// lineIndent is the whitespace that starts the line offset is on.
func lineIndent(text []byte, offset int) string {
	lineStart := bytes.LastIndexByte(text[:offset], '\n') + 1
	end := lineStart
	for end < len(text) && (text[end] == ' ' || text[end] == '\t') {
		end++
	}
	return string(text[lineStart:end])
}

// splice replaces text[start:end] with s, in a new slice.
func splice(text []byte, start, end int, s string) []byte {
	out := make([]byte, 0, len(text)-(end-start)+len(s))
	out = append(out, text[:start]...)
	out = append(out, s...)
	return append(out, text[end:]...)
}

// insertEntry adds an entry at the end of the container c: for an object,
// entry is a jsonKV; for an array, any value. It follows the container's
// own layout: on one line if the container is written on one line,
// otherwise on a line of its own, indented as the entries before it (an
// empty container is opened up over lines, one level deeper than the line
// it is on, unless the whole document is on one line).
func insertEntry(text []byte, st jsonStyle, c *jsonNode, entry jsonValue) []byte {
	inline := func() string {
		if kv, ok := entry.(jsonKV); ok {
			return st.renderMemberInline(kv)
		}
		return st.renderInline(entry)
	}
	spread := func(indent string) string {
		if kv, ok := entry.(jsonKV); ok {
			return st.renderMember(kv, indent)
		}
		return st.render(entry, indent)
	}
	if c.entries() == 0 {
		if !spreadOut(text, st, c) {
			return splice(text, c.start+1, c.end-1, inline())
		}
		outer := lineIndent(text, c.start)
		inner := outer + st.unit
		return splice(text, c.start+1, c.end-1, st.newline+inner+spread(inner)+st.newline+outer)
	}
	lastStart, lastEnd := c.entrySpan(c.entries() - 1)
	if !spreadOut(text, st, c) {
		sep := st.comma
		if c.entries() > 1 { // as the entries before it are separated
			_, prevEnd := c.entrySpan(c.entries() - 2)
			gap := string(text[prevEnd:lastStart])
			sep = gap[strings.IndexByte(gap, ','):]
		}
		return splice(text, lastEnd, lastEnd, sep+inline())
	}
	indent := lineIndent(text, lastStart)
	return splice(text, lastEnd, lastEnd, ","+st.newline+indent+spread(indent))
}

// spreadOut reports whether the container c is laid out over lines: its
// first entry starts a line of its own. An empty one is taken as laid out
// as the container that holds it, and the top one as the document.
func spreadOut(text []byte, st jsonStyle, c *jsonNode) bool {
	switch {
	case c.entries() > 0:
		firstStart, _ := c.entrySpan(0)
		return bytes.Contains(text[c.start:firstStart], []byte("\n"))
	case c.parent == nil:
		return !st.oneLine
	}
	return spreadOut(text, st, c.parent)
}

// cutEntry takes the i-th entry out of the container c, with the comma
// and the space that separate it from its neighbours: the exact inverse
// of insertEntry. The container must keep at least one entry; see
// removeEntry for the last one.
func cutEntry(text []byte, c *jsonNode, i int) []byte {
	start, end := c.entrySpan(i)
	if i == c.entries()-1 {
		_, prevEnd := c.entrySpan(i - 1)
		return splice(text, prevEnd, end, "")
	}
	nextStart, _ := c.entrySpan(i + 1)
	return splice(text, start, nextStart, "")
}

// removeEntry takes the i-th entry out of the container c. A container
// left empty goes too, from the object that holds it, and so on up: it
// held nothing but what is being taken out. The top value is emptied
// instead ({}), for the caller to decide about the file.
func removeEntry(text []byte, c *jsonNode, i int) []byte {
	if c.entries() > 1 {
		return cutEntry(text, c, i)
	}
	if c.parent == nil {
		return splice(text, c.start+1, c.end-1, "")
	}
	return removeEntry(text, c.parent, c.index)
}
