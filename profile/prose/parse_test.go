package prose

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestParseExcludes checks what Parse leaves out of the prose: each case
// lists every word that must remain, in order.
func TestParseExcludes(t *testing.T) {
	cases := []struct {
		name, src string
		words     []string
	}{
		{"yaml front matter", "---\ntitle: \"Hello: world\"\ntags: [a, b]\n---\n\nFirst words here.\n",
			[]string{"first", "words", "here"}},
		{"front matter closed by dots", "---\ntitle: x\n...\nBody.\n", []string{"body"}},
		{"toml front matter", "+++\ntitle = \"x\"\n+++\nBody.\n", []string{"body"}},
		{"unclosed front matter is a rule and text", "---\ntitle words\n", []string{"title", "words"}},
		{"front matter only at the top", "Text.\n\n---\nmore: yes\n---\n", []string{"text", "more", "yes"}},
		{"backtick fence", "Before it.\n\n```go\nx := \"not prose\"\n```\n\nAfter it.\n",
			[]string{"before", "it", "after", "it"}},
		{"tilde fence, shorter inner fence", "~~~~\n~~~\nstill code\n~~~~\nAfter.\n", []string{"after"}},
		{"closing fence needs the same character", "```\ncode\n~~~\nmore code\n```\nAfter.\n", []string{"after"}},
		{"closing fence at least as long", "````\ncode\n```\nmore code\n````\nAfter.\n", []string{"after"}},
		{"fence indented three spaces", "   ```\ncode\n   ```\nAfter.\n", []string{"after"}},
		{"four spaces is no fence", "Text\n    ```\nmore\n", []string{"text", "more"}},
		{"unclosed fence runs to the end", "Before.\n```\nall code\n", []string{"before"}},
		{"backtick fence info with backtick is text", "``` a`b\n", []string{"a", "b"}},
		{"indented code", "Intro.\n\n    fmt.Println(x)\n    y = 2\n\n    z := 3\n\nOutro.\n",
			[]string{"intro", "outro"}},
		{"indented line continues a paragraph", "Intro line ends here,\n    and goes on.\n",
			[]string{"intro", "line", "ends", "here", "and", "goes", "on"}},
		{"html comment inline", "Visible <!-- hidden words --> text.\n", []string{"visible", "text"}},
		{"html comment across lines in a paragraph", "Visible <!-- hidden\nwords --> text.\n",
			[]string{"visible", "text"}},
		{"html comment block", "<!--\nhidden words\n-->\nShown.\n", []string{"shown"}},
		{"html block", "<div class=\"x\">\nhidden words\n</div>\n\nShown.\n", []string{"shown"}},
		{"script block", "<script>\nvar x = 1;\n\nvar y;\n</script>\nShown.\n", []string{"shown"}},
		{"inline tags go, their text stays", "A <em>very</em> good<br/> day.\n",
			[]string{"a", "very", "good", "day"}},
		{"link keeps its text", "See [the guide](https://example.com/a_b \"Title\") now.\n",
			[]string{"see", "the", "guide", "now"}},
		{"link target with parentheses", "A [link](https://x.org/a_(b)) ends.\n", []string{"a", "link", "ends"}},
		{"reference link", "A [ref link][r] and [r].\n\n[r]: https://example.com\n",
			[]string{"a", "ref", "link", "and", "r"}},
		{"image goes whole", "Look ![a cat](cat.png) here.\n", []string{"look", "here"}},
		{"image inside link", "[![alt](i.png) text](u) end\n", []string{"text", "end"}},
		{"autolink", "Mail <me@example.org> or <https://x.org>.\n", []string{"mail", "or"}},
		{"bare url", "Visit https://example.org/some/path, or www.example.com today.\n",
			[]string{"visit", "or", "today"}},
		{"inline code", "Run `go test ./...` now and ``a ` b`` too.\n", []string{"run", "now", "and", "too"}},
		{"unclosed backtick is text", "A ` lone tick.\n", []string{"a", "lone", "tick"}},
		{"footnote reference", "Claim[^1] made.\n\n[^1]: The source.\n", []string{"claim", "made", "the", "source"}},
		{"table", "| a | b |\n|---|:-:|\n| c | d |\n\nAfter.\n", []string{"after"}},
		{"thematic break", "One.\n\n* * *\n\nTwo.\n", []string{"one", "two"}},
		{"emphasis marks", "**Bold** and _it_ and ~~gone~~ snake_case.\n",
			[]string{"bold", "and", "it", "and", "gone", "snake", "case"}},
		{"escapes", "Not \\*emphasis\\* here.\n", []string{"not", "emphasis", "here"}},
		{"entities", "Fish &amp; chips&mdash;caf&#233;.\n", []string{"fish", "chips", "café"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := Parse([]byte(c.src))
			if got := texts(d.Words); !equalStrings(got, c.words) {
				t.Errorf("words = %q, want %q", got, c.words)
			}
			checkPositions(t, []byte(c.src), d)
		})
	}
}

// TestParseBlocks checks paragraphs, list items, quotes and headings.
func TestParseBlocks(t *testing.T) {
	src := strings.Join([]string{
		"# The *Title* ##", // 1: heading, level 1
		"",
		"Sub heading", // 3-4: setext heading, level 2
		"-----------",
		"",
		"Plain one. Plain two.", // 6: paragraph, 2 sentences
		"",
		"- one thing",        // 8: list item
		"- two things.",      // 9: list item, 2 sentences
		"  Still two.",       // 10
		"  * nested item",    // 11: nested list item
		"",                   //
		"1. First",           // 13: list item
		"2. Second",          // 14: list item (a sibling, numbered 2)
		"",                   //
		"   More of second.", // 16: paragraph in the item, not an item
		"",
		"> Quoted text here.", // 18: quote paragraph
		"> Still quoted.",
		">",
		"> > Nested quote.", // 21: a second quote paragraph
		"",
		"Title Case Line", // 23-24: setext heading, level 1
		"===",
		"",
		"Ends here.",
	}, "\n")
	d := Parse([]byte(src))
	checkPositions(t, []byte(src), d)

	type head struct {
		text  string
		level int
		line  int32
	}
	var heads []head
	for _, h := range d.Headings {
		heads = append(heads, head{h.Text, h.Level, h.Line})
	}
	wantHeads := []head{{"The Title", 1, 1}, {"Sub heading", 2, 3}, {"Title Case Line", 1, 23}}
	if !reflect.DeepEqual(heads, wantHeads) {
		t.Errorf("headings = %+v, want %+v", heads, wantHeads)
	}

	type para struct {
		line, col, sentences int
		item, quote          bool
	}
	var paras []para
	for _, p := range d.Paragraphs {
		paras = append(paras, para{int(p.Line), int(p.Col), p.Sentences.Len(), p.ListItem, p.Quote})
	}
	want := []para{
		{6, 1, 2, false, false},
		{8, 3, 1, true, false},
		{9, 3, 2, true, false},
		{11, 5, 1, true, false},
		{13, 4, 1, true, false},
		{14, 4, 1, true, false},
		{16, 4, 1, false, false},
		{18, 3, 2, false, true},
		{21, 5, 1, false, true},
		{26, 1, 1, false, false},
	}
	if !reflect.DeepEqual(paras, want) {
		t.Errorf("paragraphs =\n%+v\nwant\n%+v", paras, want)
	}
	if got := d.counts[ListItems]; got != 5 {
		t.Errorf("list items = %d, want 5", got)
	}
}

// TestPositions checks lines and columns: columns count runes, a tab is
// one character, CRLF ends a line, a byte order mark takes no column,
// and front matter counts in line numbers.
func TestPositions(t *testing.T) {
	type pos struct {
		word      string
		line, col int32
	}
	cases := []struct {
		name, src string
		want      []pos
	}{
		{"runes", "Héllo wörld — ok.\n", []pos{{"héllo", 1, 1}, {"wörld", 1, 7}, {"ok", 1, 15}}},
		{"crlf and tab", "First line.\r\nSecond\tline.\r\n", []pos{{"first", 1, 1}, {"line", 1, 7}, {"second", 2, 1}, {"line", 2, 8}}},
		{"bom", "\ufeffHi there.", []pos{{"hi", 1, 1}, {"there", 1, 4}}},
		{"front matter lines count", "---\na: b\n---\n\n  Text\n", []pos{{"text", 5, 3}}},
		{"quote and list markers", "> - quoted item\n", []pos{{"quoted", 1, 5}, {"item", 1, 12}}},
		{"link text", "[link text](http://x)\n", []pos{{"link", 1, 2}, {"text", 1, 7}}},
		{"after removed code", "`x` word\n", []pos{{"word", 1, 5}}},
		{"curly apostrophe", "It’s “fine”.\n", []pos{{"it's", 1, 1}, {"fine", 1, 7}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := Parse([]byte(c.src))
			var got []pos
			for _, w := range d.Words {
				got = append(got, pos{w.Text, w.Line, w.Col})
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
			checkPositions(t, []byte(c.src), d)
		})
	}
}

// TestPlainTextEssays checks the rules for essays written outside
// Markdown: a title line, indented paragraph starts, and one paragraph
// per long line without blank lines.
func TestPlainTextEssays(t *testing.T) {
	long1 := "Self-driving cars are coming to our roads soon. They promise fewer crashes and calmer commutes for " +
		"everyone who drives today. Some people worry about the jobs."
	long2 := "Drivers of taxis and trucks may lose their work. Yet new jobs will appear in repair and in " +
		"software, as they did before. History suggests as much."
	cases := []struct {
		name, src     string
		headings      int
		paragraphWord []int // words per paragraph
	}{
		{"one paragraph per long line", long1 + "\n" + long2 + "\n", 0, []int{26, 27}},
		{"indented paragraph starts", "\tThe first paragraph ends right here now.\n\tThe second one starts here, indented too.\n    Third one is short.\n",
			0, []int{7, 7, 4}},
		{"short indented paragraph after a blank line", "First one is here.\n\n\tThe second one.\n", 0, []int{4, 3}},
		{"title over indented text", "Up With Cars\n     The text begins here and goes on.\n", 1, []int{7}},
		{"title over a long line", "Up With Cars\n" + long1 + "\n", 1, []int{26}},
		{"hard-wrapped Markdown stays one paragraph", "A short line that ends.\nAnother line that ends.\nA third.\n", 0, []int{11}},
		{"one sentence per line stays one paragraph",
			strings.Repeat("This long sentence on its own line keeps going well past the usual width of a wrapped line, "+
				"so that it is over one hundred and fifty characters long in total.\n", 2), 0, []int{62}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := Parse([]byte(c.src))
			var got []int
			for _, p := range d.Paragraphs {
				got = append(got, p.Words.Len())
			}
			if len(d.Headings) != c.headings || !reflect.DeepEqual(got, c.paragraphWord) {
				t.Errorf("headings %d, paragraph words %v; want %d, %v", len(d.Headings), got, c.headings, c.paragraphWord)
			}
		})
	}
}

// TestDeterminism parses the same input twice and in parallel: the same
// Doc every time.
func TestDeterminism(t *testing.T) {
	src := []byte(fixture(t))
	first := Parse(src)
	for range 3 {
		if again := Parse(src); !reflect.DeepEqual(first, again) {
			t.Fatal("two parses of the same input differ")
		}
	}
	done := make(chan *Doc)
	for range 4 {
		go func() { done <- Parse(src) }()
	}
	for range 4 {
		if d := <-done; !reflect.DeepEqual(first, d) {
			t.Fatal("a parallel parse differs")
		}
	}
}

// TestNoPanicOnOddInput covers inputs at the edges of the block reader.
func TestNoPanicOnOddInput(t *testing.T) {
	for _, src := range []string{
		"", "\n", "---", "---\n", "+++\n+++", "#", "# ", "######", "-", "1.", "1)", ">", "> >", "`", "```", "~~~",
		"<", "<!--", "<!-- x", "[", "![", "[x](", "&", "&#;", "&#x110000;", "&#0;", "\r", "\r\n\r\n", "\xff\xfe",
		"a\xffb", "\t\tx", "|\n|-", "x\n=", "...", "!?", "…", "—", "--", "a--", "'", "’s", "[^]:", "[a]:",
		"- [ ]", "* * *", "__", "\\", "<a", "<a href=x", "http://", "www.", "Mr.", "U.S.", "e.g.", "3.", ".5",
	} {
		d := Parse([]byte(src))
		checkPositions(t, []byte(src), d)
		for _, m := range everyMeasure() {
			m.measure(d)
		}
	}
}

// TestHostileInputStaysFast: runs of unmatched markup must not make the
// parse quadratic. The bound is loose; a quadratic parse of these inputs
// takes minutes.
func TestHostileInputStaysFast(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	for _, unit := range []string{"[", "`a", "<a ", "![", "[a](", "&#", "http://x ", "1. ", "a\n", "_a_ ", "<!-- ", "a. ", "> - "} {
		src := []byte(strings.Repeat(unit, 100000/len(unit)))
		start := time.Now()
		d := Parse(src)
		d.FindPhrase("a a")
		if el := time.Since(start); el > time.Second {
			t.Errorf("%q repeated to 100 kB: %v", unit, el)
		}
	}
}
