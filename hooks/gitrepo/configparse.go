package gitrepo

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
)

// configParser reads git's configuration format: "[section]" and
// "[section "subsection"]" headers, "name = value" lines (a bare "name" is
// true), '#' and ';' comments, double quotes, backslash escapes and
// continuation lines. Section and variable names are case-insensitive;
// subsection names are not.
type configParser struct {
	src  []byte
	pos  int
	line int
}

func (p *configParser) peek() (byte, bool) {
	if p.pos >= len(p.src) {
		return 0, false
	}
	return p.src[p.pos], true
}

func (p *configParser) next() byte {
	c := p.src[p.pos]
	p.pos++
	if c == '\n' {
		p.line++
	}
	return c
}

func (p *configParser) skipSpace() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t' || p.src[p.pos] == '\r') {
		p.pos++
	}
	// A byte-order mark at the very start is skipped, as git does.
	if p.pos == 0 && bytes.HasPrefix(p.src, []byte("\xef\xbb\xbf")) {
		p.pos = 3
	}
}

func (p *configParser) skipLine() {
	for p.pos < len(p.src) && p.src[p.pos] != '\n' {
		p.pos++
	}
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isKeyChar(c byte) bool { return isAlpha(c) || c >= '0' && c <= '9' || c == '-' }

// sectionHeader reads [section], [section "sub"] or the old [section.sub].
func (p *configParser) sectionHeader() (string, error) {
	p.next() // [
	start := p.pos
	for p.pos < len(p.src) && (isKeyChar(p.src[p.pos]) || p.src[p.pos] == '.') {
		p.pos++
	}
	name := strings.ToLower(string(p.src[start:p.pos]))
	if name == "" {
		return "", errors.New("bad section header")
	}
	c, ok := p.peek()
	if ok && c == ']' {
		p.next()
		return name, nil // [section] or [section.sub], both lowercased
	}
	if !ok || (c != ' ' && c != '\t') {
		return "", errors.New("bad section header")
	}
	p.skipSpace()
	if c, ok := p.peek(); !ok || c != '"' {
		return "", errors.New("bad section header")
	}
	p.next()
	var sub strings.Builder
	for {
		c, ok := p.peek()
		if !ok || c == '\n' {
			return "", errors.New("unterminated subsection name")
		}
		p.next()
		if c == '"' {
			break
		}
		if c == '\\' {
			if c2, ok := p.peek(); ok && c2 != '\n' {
				c = p.next()
			}
		}
		sub.WriteByte(c)
	}
	if c, ok := p.peek(); !ok || c != ']' {
		return "", errors.New("bad section header")
	}
	p.next()
	return name + "." + sub.String(), nil
}

// variable reads `name`, `name = value` and continuation lines.
func (p *configParser) variable() (string, string, error) {
	start := p.pos
	for p.pos < len(p.src) && isKeyChar(p.src[p.pos]) {
		p.pos++
	}
	name := strings.ToLower(string(p.src[start:p.pos]))
	p.skipSpace()
	c, ok := p.peek()
	if !ok || c == '\n' {
		return name, "true", nil // a key alone is true; git allows no comment after it
	}
	if c != '=' {
		return "", "", fmt.Errorf("bad variable %q", name)
	}
	p.next()
	v, err := p.value()
	return name, v, err
}

func (p *configParser) value() (string, error) {
	var b strings.Builder
	quoted := false
	pending := 0 // unquoted spaces not yet known to be inside the value
	p.skipSpace()
	for {
		c, ok := p.peek()
		if !ok || c == '\n' {
			if quoted {
				return "", errors.New("unterminated quoted value")
			}
			break
		}
		p.next()
		switch {
		case !quoted && (c == '#' || c == ';'):
			p.skipLine()
			return b.String(), nil
		case !quoted && (c == ' ' || c == '\t' || c == '\r'):
			if b.Len() > 0 {
				pending++
			}
			continue
		case c == '"':
			flush(&b, &pending)
			quoted = !quoted
		case c == '\\':
			flush(&b, &pending)
			e, ok := p.peek()
			if !ok {
				continue // git reads the end of the file as a line end
			}
			p.next()
			switch e {
			case '\n':
			case '\r':
				if n, ok := p.peek(); ok && n == '\n' {
					p.next()
				}
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'b':
				b.WriteByte('\b')
			case '"', '\\':
				b.WriteByte(e)
			default:
				return "", fmt.Errorf("bad escape \\%c", e)
			}
		default:
			flush(&b, &pending)
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

// flush writes the whitespace that turned out to sit inside a value: as in
// git, each unquoted whitespace byte inside a value becomes one space, and
// leading and trailing runs are dropped.
func flush(b *strings.Builder, pending *int) {
	for ; *pending > 0; *pending-- {
		b.WriteByte(' ')
	}
}
