package markdown

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
)

func TestLines(t *testing.T) {
	content := []byte("\xef\xbb\xbfone\r\ntwo\n\nlast")
	want := []Line{
		{Num: 1, Start: 3, End: 6, CRLF: true, HasEOL: true},
		{Num: 2, Start: 8, End: 11, HasEOL: true},
		{Num: 3, Start: 12, End: 12, HasEOL: true},
		{Num: 4, Start: 13, End: 17},
	}
	got := Lines(content)
	if !slices.Equal(got, want) {
		t.Errorf("Lines = %+v\nwant    %+v", got, want)
	}
	for off, line := range map[int]int{0: 0, 3: 0, 7: 0, 8: 1, 12: 2, 13: 3, 16: 3} {
		if i := LineAt(got, off); i != line {
			t.Errorf("LineAt(%d) = %d, want %d", off, i, line)
		}
	}
	if got := Lines(nil); len(got) != 0 {
		t.Errorf("Lines(nil) = %+v", got)
	}
}

func TestUnclosed(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		line      int // of the block left open, 0 for none
	}{
		{"a fence closed", "a\n```\nx\n```\n", 0},
		{"a fence left open", "a\n```\nx\n\n", 2},
		{"an opening fence alone, no final newline", "a\n~~~", 2},
		{"a fence in a list item, closed by the item's end", "- ```\n  x\n\nafter\n", 0},
		{"a fence in a list item, open to the end: a line added ends the item", "- a\n\n  ```\n  x\n", 0},
		{"a fence in a quote left open: a line added ends the quote", "> ```\n> x\n", 0},
		{"a comment closed on its line", "<!-- a -->\n", 0},
		{"a comment left open on its line", "a\n\n<!-- a", 3},
		{"a comment left open", "<!--\n- a\n\n", 1},
		{"a comment closed below", "<!--\na\n-->\n", 0},
		{"a div ends at a blank line", "<div>\n", 0},
		{"pre left open", "<PRE>\nx\n", 1},
		{"pre closed on its line", "<pre>x</PRE>\n", 0},
		{"indented code needs no closing", "    x\n", 0},
		{"a fence in a bom file", "\xef\xbb\xbf```\n", 1},
		{"nothing", "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := []byte(tc.src)
			line := 0
			if n := Unclosed(src, Parse(src, 0)); n != nil {
				line = Lines(src)[LineAt(Lines(src), n.Pos())].Num
			}
			if line != tc.line {
				t.Errorf("Unclosed at line %d, want %d", line, tc.line)
			}
		})
	}
}

// A CRLF file reads as the same file with LF line endings.
func TestParseCRLF(t *testing.T) {
	for _, lf := range []string{"-\n- a\n", "*", "#\n##\n", "1.\n", "text\n-\n", "```\nx\n```\n", "<br>\n", "> -\n", "-"} {
		crlf := strings.ReplaceAll(lf, "\n", "\r\n")
		if !strings.HasSuffix(lf, "\n") {
			crlf += "\r" // a carriage return ending the file ends its last line
		}
		if got, want := blocks(crlf), blocks(lf); got != want {
			t.Errorf("%q reads as %s, want %s", crlf, got, want)
		}
	}
}

// blocks describes the blocks of src: kind and line, in file order.
func blocks(src string) string {
	lines := Lines([]byte(src))
	var b strings.Builder
	EachBlock(Parse([]byte(src), 0), func(n ast.Node) {
		fmt.Fprintf(&b, "%s@%d ", n.Kind(), lines[LineAt(lines, n.Pos())].Num)
	})
	return b.String()
}
