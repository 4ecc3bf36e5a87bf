package gitrepo

import (
	"strings"
	"testing"
)

// slowWildmatch is the matcher as it was before it learnt to give up
// early: plain backtracking, exponential in the number of stars, and
// checked against git itself by TestIgnoreMatchesGit. FuzzWildmatch holds
// the pruned matcher to its answers.
func slowWildmatch(pattern, text string, pathname, fold bool) bool {
	m := matcher{pat: pattern, text: text, pathname: pathname, fold: fold}
	return m.slowMatch(0, 0)
}

func (m *matcher) slowMatch(p, t int) bool {
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
				if m.slowMatch(q+1, t) {
					return true
				}
				for i := t; i < len(m.text); i++ {
					if m.text[i] == '/' && m.slowMatch(q+1, i+1) {
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
				if m.slowMatch(q, i) {
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

// FuzzWildmatch compares wildmatch with slowWildmatch, on inputs small
// enough for the slow one.
func FuzzWildmatch(f *testing.F) {
	for _, s := range [][2]string{
		{"*.md", "a/b.md"}, {"**/a.md", "x/y/a.md"}, {"a/**/b", "a/x/y/b"}, {"a/**", "a/b/c"},
		{"*/a", "x/a"}, {"a*b*c", "axxbyyc"}, {"[a-c]*?", "b/x"}, {"\\*x", "*x"}, {"**a**", "xay"},
		{"*a*a*b", "aaaa"}, {"/home/**", "/home/me"}, {"x/**/", "x/y/"}, {"[!/]*", "a"},
	} {
		f.Add(s[0], s[1], true, false)
		f.Add(s[0], s[1], false, true)
	}
	f.Fuzz(func(t *testing.T, pattern, text string, pathname, fold bool) {
		if strings.Count(pattern, "*") > 8 || len(pattern) > 40 || len(text) > 40 {
			return
		}
		if got, want := wildmatch(pattern, text, pathname, fold), slowWildmatch(pattern, text, pathname, fold); got != want {
			t.Fatalf("wildmatch(%q, %q, pathname=%v, fold=%v) = %v, backtracking says %v", pattern, text, pathname, fold, got, want)
		}
	})
}

// TestWildmatchGivesUpEarly runs patterns whose stars would take a
// backtracking matcher longer than any test's time limit: each star tries
// every place in the text, and each place tries every place for the next.
func TestWildmatchGivesUpEarly(t *testing.T) {
	stars := strings.Repeat("*a", 25)
	for _, c := range []struct {
		pat, text string
		want      bool
	}{
		{stars + "*b", strings.Repeat("a", 80), false},
		{stars + "*b", strings.Repeat("a", 80) + "b", true},
		{strings.Repeat("**/a", 15) + "/b", strings.Repeat("a/", 40) + "c", false},
		{strings.Repeat("a*/", 15) + "b", strings.Repeat("ax/", 30) + "c", false},
	} {
		for _, pathname := range []bool{true, false} {
			if got := wildmatch(c.pat, c.text, pathname, false); got != c.want {
				t.Errorf("wildmatch(%q, %q, pathname=%v) = %v, want %v", c.pat, c.text, pathname, got, c.want)
			}
		}
	}
}
