package install

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/tailscale/hujson"
)

// sw adds its entries to a settings file the person owns, and takes them
// out again, without re-encoding the document: hujson reads it into a
// tree that keeps every byte between the values (key order, indentation,
// line endings, spacing, a missing final newline), sw edits the tree, and
// hujson packs it back. So every byte sw does not touch stays as it was,
// and taking out what was put in gives back the very bytes there were.
//
// hujson reads comments and trailing commas too; Claude Code does not (it
// calls such a file malformed and ignores it), so sw takes only what
// encoding/json takes, and writes back plain JSON. hujson's Patch is not
// used: what it adds has no space around it, and what it takes out can
// leave a trailing comma; sw moves the space between entries itself.

// jsonDoc is a settings document as hujson reads it.
type jsonDoc struct {
	root  hujson.Value
	bom   bool   // the file starts with a byte-order mark, which hujson does not read
	text  []byte // root packed, kept so after every edit: root's offsets count in it
	style jsonStyle
}

// bom is UTF-8's byte-order mark, which some editors put first.
const bom = "\xef\xbb\xbf"

// JSONError is a document that is not valid JSON, with where it breaks.
type JSONError struct {
	Line, Column int // 1-based; the column counts characters
	Msg          string
}

func (e *JSONError) Error() string {
	return fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e.Msg)
}

// jsonError is msg about the byte at offset in text.
func jsonError(text []byte, offset int, msg string) *JSONError {
	before := text[:offset]
	lineStart := bytes.LastIndexByte(before, '\n') + 1
	return &JSONError{Line: bytes.Count(before, []byte("\n")) + 1, Column: utf8.RuneCount(before[lineStart:]) + 1, Msg: msg}
}

// parseJSON reads a settings document, strictly as RFC 8259 has it (as
// Claude Code does), after a byte-order mark, which it sets aside.
func parseJSON(text []byte) (*jsonDoc, error) {
	body, hasBOM := bytes.CutPrefix(text, []byte(bom))
	if len(bytes.Trim(body, " \t\r\n")) == 0 {
		return nil, jsonError(body, len(body), "the file holds no JSON value; an empty settings file is written {}")
	}
	// encoding/json also bounds nesting, so a hostile file cannot exhaust
	// the stack of hujson's parser.
	var syntax *json.SyntaxError
	if err := json.Unmarshal(body, new(json.RawMessage)); errors.As(err, &syntax) {
		at := int(syntax.Offset) - 1 // the byte it stumbled on
		msg := syntax.Error()
		switch {
		case strings.HasPrefix(msg, "unexpected end"):
			at = len(body)
		case body[at] == '/':
			msg += " (JSON has no comments)"
		}
		return nil, jsonError(body, at, msg)
	}
	root, err := hujson.Parse(body)
	if err != nil {
		return nil, err
	}
	d := &jsonDoc{root: root, bom: hasBOM, text: body}
	d.style = styleOf(&d.root, body)
	return d, nil
}

// packed is the document as it now stands, with its byte-order mark.
func (d *jsonDoc) packed() []byte {
	if d.bom {
		return append([]byte(bom), d.text...)
	}
	return d.text
}

// edited brings the text and the offsets up to date after an edit.
func (d *jsonDoc) edited() {
	d.root.UpdateOffsets()
	d.text = d.root.Pack()
}

// slot is one entry of a container as hujson holds it: a member, from its
// name (start) to its value (end), or an element (both).
type slot struct{ start, end *hujson.Value }

// slots are the entries of v, in document order; none for a plain value.
func slots(v *hujson.Value) []slot {
	var out []slot
	switch c := v.Value.(type) {
	case *hujson.Object:
		for i := range c.Members {
			out = append(out, slot{&c.Members[i].Name, &c.Members[i].Value})
		}
	case *hujson.Array:
		for i := range c.Elements {
			out = append(out, slot{&c.Elements[i], &c.Elements[i]})
		}
	}
	return out
}

// closing is the space before the container v's closing bracket.
func closing(v *hujson.Value) *hujson.Extra {
	if obj, ok := v.Value.(*hujson.Object); ok {
		return &obj.AfterExtra
	}
	return &v.Value.(*hujson.Array).AfterExtra
}

// member is the value of the object v's member named key, nil when there
// is none. A key is read unescaped, and a key given twice counts as its
// last value, as JavaScript's JSON.parse reads them.
func member(v *hujson.Value, key string) *hujson.Value {
	if v == nil || v.Value.Kind() != '{' {
		return nil
	}
	ss := slots(v)
	for i := len(ss) - 1; i >= 0; i-- {
		if ss[i].start.Value.(hujson.Literal).String() == key {
			return ss[i].end
		}
	}
	return nil
}

// memberAt is the value found by following keys from v, nil when there
// is none; v itself for no keys.
func memberAt(v *hujson.Value, keys ...string) *hujson.Value {
	for _, key := range keys {
		v = member(v, key)
	}
	return v
}

// elements are the array v's elements; none when v is no array.
func elements(v *hujson.Value) []*hujson.Value {
	var out []*hujson.Value
	if v != nil && v.Value.Kind() == '[' {
		for _, s := range slots(v) {
			out = append(out, s.end)
		}
	}
	return out
}

// textOf is the value as written, without the space around it.
func textOf(v *hujson.Value) string {
	if v == nil {
		return ""
	}
	return hujson.Value{Value: v.Value}.String()
}

// stringOf is a string value's text, "" for anything else or nothing.
func stringOf(v *hujson.Value) string {
	if v == nil || v.Value.Kind() != '"' {
		return ""
	}
	return v.Value.(hujson.Literal).String()
}

// jsonStyle is how a document is laid out, so that what sw inserts looks
// as if the person had typed it.
type jsonStyle struct {
	newline    string // "\n" or "\r\n"
	unit       string // one level of indentation: "  ", "    ", "\t", ...
	afterColon string // between a key's colon and its value: " " or ""
	afterComma string // after a comma on one line: " " or ""
}

// styleOf reads a document's layout: its line ending, the indentation of
// one level (from the entries that start a line: the shallowest one's
// indentation divided by its depth), and whether a colon and a comma on
// one line are followed by a space. What the document does not show
// falls back to two spaces, "\n" and spaces after colons and commas, as
// Claude Code writes its own settings files.
func styleOf(root *hujson.Value, text []byte) jsonStyle {
	st := jsonStyle{newline: "\n", unit: "  ", afterColon: " ", afterComma: " "}
	if bytes.Contains(text, []byte("\r\n")) {
		st.newline = "\r\n"
	}
	colonSeen, commaSeen, unitSeen := false, false, false
	var walk func(v *hujson.Value, depth int)
	walk = func(v *hujson.Value, depth int) {
		for i, s := range slots(v) {
			gap := string(s.start.BeforeExtra) // after the opening bracket or the comma
			if nl := strings.LastIndexByte(gap, '\n'); nl >= 0 {
				indent := gap[nl+1:]
				if !unitSeen && indent != "" && len(indent)%depth == 0 && indent == strings.Repeat(indent[:len(indent)/depth], depth) {
					st.unit, unitSeen = indent[:len(indent)/depth], true
				}
			} else if i > 0 && !commaSeen {
				st.afterComma, commaSeen = gap, true
			}
			if colon := string(s.end.BeforeExtra); s.start != s.end && !colonSeen && !strings.ContainsAny(colon, "\r\n") {
				st.afterColon, colonSeen = colon, true
			}
			walk(s.end, depth+1)
		}
	}
	walk(root, 1)
	return st
}

// lay spaces v, a value sw made, as st lays documents out: spread over
// lines, v starting on a line indented indent, or all on one line.
func (st jsonStyle) lay(v *hujson.Value, indent string, spread bool) {
	inner := indent + st.unit
	ss := slots(v)
	for i, s := range ss {
		switch {
		case spread:
			s.start.BeforeExtra = hujson.Extra(st.newline + inner)
		case i > 0:
			s.start.BeforeExtra = hujson.Extra(st.afterComma)
		}
		if s.start != s.end {
			s.end.BeforeExtra = hujson.Extra(st.afterColon)
		}
		st.lay(s.end, inner, spread)
	}
	if spread && len(ss) > 0 {
		*closing(v) = hujson.Extra(st.newline + indent)
	}
}

// mustParse reads a value sw writes, which is valid JSON.
func mustParse(text string) hujson.Value {
	v, err := hujson.Parse([]byte(text))
	if err != nil {
		panic("sw wrote JSON it cannot read: " + err.Error())
	}
	return v
}

// lineIndent is the whitespace that starts the line offset is on.
func lineIndent(text []byte, offset int) string {
	line := text[bytes.LastIndexByte(text[:offset], '\n')+1:]
	return string(line[:len(line)-len(bytes.TrimLeft(line, " \t"))])
}

// add puts v at the end of the container found by following keys from
// the top object: as its member named name, or, for name "", as an
// element of the array. The objects and the array that are missing are
// made; checkShape has made sure that what is there is of the right kind.
func (d *jsonDoc) add(keys []string, name string, v hujson.Value) {
	chain := []*hujson.Value{&d.root}
	for i, key := range keys {
		next := member(chain[len(chain)-1], key)
		if next == nil {
			if name == "" {
				v = hujson.Value{Value: &hujson.Array{Elements: []hujson.Value{v}}}
			} else {
				v = objectOf(name, v)
			}
			for j := len(keys) - 1; j > i; j-- {
				v = objectOf(keys[j], v)
			}
			d.insert(chain, key, v)
			return
		}
		chain = append(chain, next)
	}
	d.insert(chain, name, v)
}

// objectOf is the object {name: v}.
func objectOf(name string, v hujson.Value) hujson.Value {
	m := hujson.ObjectMember{Name: hujson.Value{Value: hujson.String(name)}, Value: v}
	return hujson.Value{Value: &hujson.Object{Members: []hujson.ObjectMember{m}}}
}

// insert adds v at the end of the container at the end of chain (the
// containers from the top down), as its member named name or as an
// element. It follows the container's own layout: on one line if the
// container is written on one line, otherwise on a line of its own,
// indented as the entry before it. An empty container is opened up over
// lines, one level deeper than the line it is on, unless the container
// that holds it is written on one line.
func (d *jsonDoc) insert(chain []*hujson.Value, name string, v hujson.Value) {
	c := chain[len(chain)-1]
	before := slots(c)
	spread := spreadOut(chain)
	var lead hujson.Extra // the space before the new entry
	indent := ""
	switch n := len(before); {
	case spread && n > 0:
		indent = lineIndent(d.text, before[n-1].start.StartOffset)
		lead = hujson.Extra(d.style.newline + indent)
	case spread:
		outer := lineIndent(d.text, c.StartOffset)
		indent = outer + d.style.unit
		lead = hujson.Extra(d.style.newline + indent)
		*closing(c) = hujson.Extra(d.style.newline + outer)
	case n == 0:
		*closing(c) = nil
	case n == 1:
		lead = hujson.Extra(d.style.afterComma)
	default: // as the entries before it are separated
		lead = before[n-1].start.BeforeExtra
	}
	v.BeforeExtra, v.AfterExtra = lead, nil
	d.style.lay(&v, indent, spread)
	switch c := c.Value.(type) {
	case *hujson.Object:
		v.BeforeExtra = hujson.Extra(d.style.afterColon)
		name := hujson.Value{BeforeExtra: lead, Value: hujson.String(name)}
		c.Members = append(c.Members, hujson.ObjectMember{Name: name, Value: v})
	case *hujson.Array:
		c.Elements = append(c.Elements, v)
	}
	d.edited()
}

// spreadOut reports whether the container at the end of chain is laid
// out over lines: its first entry starts a line of its own. An empty one
// is taken as laid out as the container that holds it, and an empty
// document as over lines.
func spreadOut(chain []*hujson.Value) bool {
	for _, c := range slices.Backward(chain) {
		if ss := slots(c); len(ss) > 0 {
			return bytes.Contains(ss[0].start.BeforeExtra, []byte("\n"))
		}
	}
	return true
}

// remove takes the entry v out of the document: the member whose value v
// is, or the element v, with the comma and the space that separate it
// from its neighbours, the exact inverse of insert. A container left
// empty goes too, from the one that holds it, and so on up: it held
// nothing but what is being taken out. The top value is emptied instead
// ({}), for the caller to decide about the file.
func (d *jsonDoc) remove(v *hujson.Value) {
	up := map[*hujson.Value]*hujson.Value{}
	var walk func(*hujson.Value)
	walk = func(c *hujson.Value) {
		for _, s := range slots(c) {
			up[s.end] = c
			walk(s.end)
		}
	}
	walk(&d.root)
	c := up[v]
	for len(slots(c)) == 1 && up[c] != nil {
		v, c = c, up[c]
	}
	ss := slots(c)
	i := slices.IndexFunc(ss, func(s slot) bool { return s.end == v })
	switch {
	case len(ss) == 1:
		*closing(c) = nil
	case i == len(ss)-1: // the space before the comma goes with it
		ss[i-1].end.AfterExtra = nil
	default:
		ss[i+1].start.BeforeExtra = ss[i].start.BeforeExtra
	}
	switch c := c.Value.(type) {
	case *hujson.Object:
		c.Members = slices.Delete(c.Members, i, i+1)
	case *hujson.Array:
		c.Elements = slices.Delete(c.Elements, i, i+1)
	}
	d.edited()
}
