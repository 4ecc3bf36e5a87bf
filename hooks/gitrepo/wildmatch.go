package gitrepo

// wildmatch matches text against a glob the way git matches ignore
// patterns, includeIf conditions and pathspecs. With pathname set, '*', '?'
// and brackets never match '/', and "**" between slashes (or at either end)
// matches any number of folders: "**/x" matches x at any depth, "a/**/b"
// matches a/b and a/x/y/b, "a/**" everything inside a. Elsewhere "**" is a
// plain '*'. A backslash escapes the next character; brackets take ranges,
// negation by '!' or '^', and POSIX classes such as [:digit:].
func wildmatch(pattern, text string, pathname, fold bool) bool {
	m := matcher{pat: pattern, text: text, pathname: pathname, fold: fold}
	return m.match(0, 0)
}

type matcher struct {
	pat, text      string
	pathname, fold bool
}

func (m *matcher) match(p, t int) bool {
	for p < len(m.pat) {
		c := m.pat[p]
		switch c {
		case '\\':
			if p+1 < len(m.pat) {
				p++
				c = m.pat[p]
			}
			if t >= len(m.text) || !m.same(c, m.text[t]) {
				return false
			}
			p++
			t++
		case '?':
			if t >= len(m.text) || m.pathname && m.text[t] == '/' {
				return false
			}
			p++
			t++
		case '*':
			q := p
			for q < len(m.pat) && m.pat[q] == '*' {
				q++
			}
			double := m.pathname && q-p >= 2 &&
				(p == 0 || m.pat[p-1] == '/') && (q == len(m.pat) || m.pat[q] == '/')
			if double {
				if q == len(m.pat) {
					return true
				}
				// "**/": zero or more leading folders.
				if m.match(q+1, t) {
					return true
				}
				for i := t; i < len(m.text); i++ {
					if m.text[i] == '/' && m.match(q+1, i+1) {
						return true
					}
				}
				return false
			}
			if q == len(m.pat) {
				if !m.pathname {
					return true
				}
				for i := t; i < len(m.text); i++ {
					if m.text[i] == '/' {
						return false
					}
				}
				return true
			}
			for i := t; i <= len(m.text); i++ {
				if m.match(q, i) {
					return true
				}
				if i < len(m.text) && m.pathname && m.text[i] == '/' {
					return false
				}
			}
			return false
		case '[':
			if t >= len(m.text) || m.pathname && m.text[t] == '/' {
				return false
			}
			end, ok := m.bracket(p, m.text[t])
			if !ok {
				return false
			}
			p = end
			t++
		default:
			if t >= len(m.text) || !m.same(c, m.text[t]) {
				return false
			}
			p++
			t++
		}
	}
	return t == len(m.text)
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
