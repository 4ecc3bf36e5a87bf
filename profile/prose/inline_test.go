package prose

import "testing"

// TestURLMarks: a bare URL is known by the word before a ':' or '.' and
// by what follows the mark, tested apart.
func TestURLMarks(t *testing.T) {
	cases := []struct {
		text string // the word, the mark, what follows
		mark int    // index of the mark
		url  bool
	}{
		{"https://x", 5, true},
		{"HTTP://x", 4, true},
		{"www.example", 3, true},
		{"WWW.x", 3, true},
		{"http:/x", 4, false},
		{"http:", 4, false},
		{"ftp://x", 3, false},
		{"httpss://x", 6, false},
		{"www. The", 3, false},
		{"www.", 3, false},
		{"wwww.x", 4, false},
		{"end. Next", 3, false},
	}
	for _, c := range cases {
		s := []byte(c.text)
		got := mayContinueURL(s, c.mark) && isURLScheme(s[c.mark], s[:c.mark])
		if got != c.url {
			t.Errorf("%q at %d: URL %v, want %v", c.text, c.mark, got, c.url)
		}
	}
}
