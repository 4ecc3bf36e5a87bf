package gitrepo

import "strings"

// wildmatch matches text against a glob the way git matches ignore
// patterns, includeIf conditions and pathspecs. With pathname set, '*', '?'
// and brackets never match '/', and "**" between slashes (or at either end)
// matches any number of folders: "**/x" matches x at any depth, "a/**/b"
// matches a/b and a/x/y/b, "a/**" everything inside a. Elsewhere "**" is a
// plain '*'. A backslash escapes the next character; brackets take ranges,
// negation by '!' or '^', and POSIX classes such as [:digit:].
func wildmatch(pattern, text string, pathname, fold bool) bool {
	m := matcher{pat: pattern, text: text, pathname: pathname, fold: fold}
	return m.match(0, 0) == matched
}

type matcher struct {
	pat, text      string
	pathname, fold bool
}

// A match of the pattern from some place on the text from some place ends
// in one of four ways. The last two let a star stop trying further places
// in the text, as git's own matcher does: without them a pattern of many
// stars takes time exponential in their number.
type outcome uint8

const (
	matched outcome = iota
	noMatch
	// textEnded: the text ran out while the pattern still wanted some,
	// so no later place for an earlier star can do better.
	textEnded
	// slashMet: a single star under pathname met a '/', which only a
	// "**" further out may cross.
	slashMet
)

func (m *matcher) match(p, t int) outcome {
	for p < len(m.pat) {
		c := m.pat[p]
		if t >= len(m.text) && c != '*' {
			return textEnded
		}
		switch c {
		case '\\':
			if p+1 < len(m.pat) {
				p++
				c = m.pat[p]
			}
			if !m.same(c, m.text[t]) {
				return noMatch
			}
			p++
			t++
		case '?':
			if m.pathname && m.text[t] == '/' {
				return noMatch
			}
			p++
			t++
		case '*':
			return m.star(p, t)
		case '[':
			if m.pathname && m.text[t] == '/' {
				return noMatch
			}
			end, ok := m.bracket(p, m.text[t])
			if !ok {
				return noMatch
			}
			p = end
			t++
		default:
			if !m.same(c, m.text[t]) {
				return noMatch
			}
			p++
			t++
		}
	}
	if t < len(m.text) {
		return noMatch
	}
	return matched
}

// star matches the run of stars at p, and the rest of the pattern, from
// t on.
func (m *matcher) star(p, t int) outcome {
	q := p
	for q < len(m.pat) && m.pat[q] == '*' {
		q++
	}
	// Without pathname every star crosses slashes; with it, only "**"
	// standing for whole folders does. Elsewhere "**" is a plain '*'.
	crosses := !m.pathname
	if m.pathname && q-p >= 2 && (p == 0 || m.pat[p-1] == '/') && (q == len(m.pat) || m.pat[q] == '/') {
		// "**/" first stands for no folder at all.
		if q < len(m.pat) && m.match(q+1, t) == matched {
			return matched
		}
		crosses = true
	}
	if q == len(m.pat) {
		if !crosses && strings.IndexByte(m.text[t:], '/') >= 0 {
			return noMatch
		}
		return matched
	}
	for ; t < len(m.text); t++ {
		if r := m.match(q, t); r != noMatch {
			if crosses && r == slashMet {
				continue // this "**" may cross the slash a single star could not
			}
			return r
		}
		if !crosses && m.text[t] == '/' {
			return slashMet
		}
	}
	return textEnded
}

func (m *matcher) same(a, b byte) bool {
	if a == b {
		return true
	}
	return m.fold && lower(a) == lower(b)
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// bracket matches one character against the bracket expression at p and
// returns the index after it. A bracket that never closes matches nothing.
func (m *matcher) bracket(p int, tc byte) (int, bool) {
	p++ // '['
	negate := false
	if p < len(m.pat) && (m.pat[p] == '!' || m.pat[p] == '^') {
		negate = true
		p++
	}
	matched := false
	for first := true; ; first = false {
		if p >= len(m.pat) {
			return 0, false
		}
		c := m.pat[p]
		if c == ']' && !first {
			p++
			break
		}
		if c == '[' && p+1 < len(m.pat) && m.pat[p+1] == ':' {
			end := indexFrom(m.pat, ":]", p+2)
			if end < 0 {
				return 0, false
			}
			if m.inClass(m.pat[p+2:end], tc) {
				matched = true
			}
			p = end + 2
			continue
		}
		if c == '\\' && p+1 < len(m.pat) {
			p++
			c = m.pat[p]
		}
		p++
		if p+1 < len(m.pat) && m.pat[p] == '-' && m.pat[p+1] != ']' {
			hi := m.pat[p+1]
			p += 2
			if hi == '\\' && p < len(m.pat) {
				hi = m.pat[p]
				p++
			}
			if c <= tc && tc <= hi {
				matched = true
			} else if m.fold {
				if l := lower(tc); c <= l && l <= hi {
					matched = true
				} else if u := upper(tc); c <= u && u <= hi {
					matched = true
				}
			}
			continue
		}
		if m.same(c, tc) {
			matched = true
		}
	}
	return p, matched != negate
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

func (m *matcher) inClass(name string, c byte) bool {
	switch name {
	case "alnum":
		return isAlnum(c)
	case "alpha":
		return isAlpha(c)
	case "blank":
		return c == ' ' || c == '\t'
	case "cntrl":
		return c < 0x20 || c == 0x7f
	case "digit":
		return c >= '0' && c <= '9'
	case "graph":
		return c > 0x20 && c < 0x7f
	case "lower":
		return c >= 'a' && c <= 'z' || m.fold && c >= 'A' && c <= 'Z'
	case "print":
		return c >= 0x20 && c < 0x7f
	case "punct":
		return c > 0x20 && c < 0x7f && !isAlnum(c)
	case "space":
		return c == ' ' || c >= '\t' && c <= '\r'
	case "upper":
		return c >= 'A' && c <= 'Z' || m.fold && c >= 'a' && c <= 'z'
	case "xdigit":
		return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
	}
	return false
}

func indexFrom(s, sub string, from int) int {
	for i := from; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}
