package markdown

import (
	"slices"
	"testing"
)

func TestLines(t *testing.T) {
	content := []byte("\xef\xbb\xbfone\r\ntwo\n\nlast")
	var got []Line
	Lines(content, func(l Line) bool { got = append(got, l); return true })
	want := []Line{
		{Num: 1, Start: 3, End: 6, CRLF: true, HasEOL: true},
		{Num: 2, Start: 8, End: 11, HasEOL: true},
		{Num: 3, Start: 12, End: 12, HasEOL: true},
		{Num: 4, Start: 13, End: 17},
	}
	if !slices.Equal(got, want) {
		t.Errorf("Lines = %+v\nwant    %+v", got, want)
	}
	n := 0
	Lines(content, func(Line) bool { n++; return false })
	if n != 1 {
		t.Errorf("Lines went on after false: %d calls", n)
	}
}

func TestFence(t *testing.T) {
	for _, tc := range []struct {
		name   string
		lines  []string
		inside []bool
		open   int // line of a fence left open, 0 if none
	}{
		{"backticks", []string{"a", "```go", "x", "```", "b"}, []bool{false, true, true, true, false}, 0},
		{"tildes need tildes", []string{"~~~", "```", "~~~"}, []bool{true, true, true}, 0},
		{"a shorter fence does not close", []string{"````", "```", "````"}, []bool{true, true, true}, 0},
		{"text after a closing fence: not a close", []string{"```", "``` x", "```"}, []bool{true, true, true}, 0},
		{"a backtick in the info string: not a fence", []string{"``` a`b", "x"}, []bool{false, false}, 0},
		{"indented four: not a fence", []string{"    ```", "x"}, []bool{false, false}, 0},
		{"indented three: a fence", []string{"   ```", "x"}, []bool{true, true}, 1},
		{"a tab: not a fence", []string{"\t```", "x"}, []bool{false, false}, 0},
		{"left open", []string{"a", "~~~", "b"}, []bool{false, true, true}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var f Fence
			for i, l := range tc.lines {
				if got := f.Inside([]byte(l), i+1); got != tc.inside[i] {
					t.Errorf("line %d %q: inside = %v, want %v", i+1, l, got, tc.inside[i])
				}
			}
			line, open := f.Open()
			if open != (tc.open != 0) || (open && line != tc.open) {
				t.Errorf("Open() = %d, %v; want line %d", line, open, tc.open)
			}
		})
	}
}

func TestHeading(t *testing.T) {
	for _, tc := range []struct {
		text  string
		level int
		title string
		ok    bool
	}{
		{"## Pieces written", 2, "Pieces written", true},
		{"##\tTabbed", 2, "Tabbed", true},
		{"## Closed ##", 2, "Closed", true},
		{"## C#", 2, "C#", true},
		{"## ##", 2, "", true},
		{"##", 2, "", true},
		{"   ## Three spaces", 2, "Three spaces", true},
		{"    ## Four spaces", 2, "", false},
		{"\t## A tab", 2, "", false},
		{"  \t## Spaces then a tab", 2, "", false},
		{"### Three", 2, "", false},
		{"# One", 2, "", false},
		{"##word", 2, "", false},
		{"# One", 1, "One", true},
		{"", 2, "", false},
	} {
		title, ok := Heading([]byte(tc.text), tc.level)
		if title != tc.title || ok != tc.ok {
			t.Errorf("Heading(%q, %d) = %q, %v; want %q, %v", tc.text, tc.level, title, ok, tc.title, tc.ok)
		}
	}
}

func TestIndent(t *testing.T) {
	for _, tc := range []struct {
		text, rest string
		code       bool
	}{
		{"text", "text", false},
		{"   three", "three", false},
		{"    four", " four", true},
		{"\ttab", "\ttab", true},
		{" \tspace, tab", "\tspace, tab", true},
		{"", "", false},
		{"   ", "", false},
	} {
		rest, code := Indent([]byte(tc.text))
		if string(rest) != tc.rest || code != tc.code {
			t.Errorf("Indent(%q) = %q, %v; want %q, %v", tc.text, rest, code, tc.rest, tc.code)
		}
	}
}
