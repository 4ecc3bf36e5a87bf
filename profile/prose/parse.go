package prose

import (
	"bytes"
	"math"
	"strings"
	"sync"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Parse reads a Markdown piece (plain text is Markdown too) and returns
// its prose. It never fails: whatever cannot be read as prose is left out.
//
// goldmark reads the Markdown, with the GitHub extensions writers use
// (tables, footnotes, strikethrough, task lists, bare links), and every
// word keeps its byte offset through goldmark's segments.
//
// Left out: front matter, code, HTML, tables, thematic breaks, link
// reference definitions, link and image targets, images (alt text
// describes a picture; it is not a sentence of the piece) and bare URLs.
// Kept: the text of paragraphs, list items, blockquotes, footnotes, link
// texts and headings; headings give words but no sentences. A bold line
// standing alone is a subhead: a heading of level 0. Paragraph.Kind tells
// prose from short lines of another kind (a quotation, a dateline).
//
// Plain-text essays break some Markdown assumptions, so a few rules read
// them as their writers meant (see plaintext.go): an indented line that
// reads as prose is a paragraph, not code; a long line holding several
// sentences is a paragraph of its own, and so is a line that ends a
// sentence before one of those or before an indented line; and a short
// unpunctuated first line above such paragraphs is a title (level 0).
func Parse(src []byte) *Doc {
	if len(src) > math.MaxInt32 {
		src = src[:math.MaxInt32] // offsets are kept as int32
	}
	b := newBuilder(src)
	_, body, _, _ := FrontMatter(src)
	read := src
	patched := defuse(src)
	if patched != nil {
		read = patched
	}
	root := readMarkdown(read, body)
	if patched = unindentProse(src, root, patched); patched != nil {
		root = readMarkdown(patched, body)
	}
	b.block(root, where{})
	return b.finish()
}

var bom = []byte("\xef\xbb\xbf")

// bomLen is the length of src's byte order mark, which takes no column.
func bomLen(src []byte) int {
	if bytes.HasPrefix(src, bom) {
		return len(bom)
	}
	return 0
}

// readMarkdown parses src from byte body on (past a byte order mark and
// front matter, which are no Markdown), so every segment is an offset
// into src itself.
func readMarkdown(src []byte, body int) ast.Node {
	r := text.NewReader(src)
	r.Advance(body)
	return markdownParser().Parse(r)
}

// FrontMatter finds the front matter at the very top of src (after a
// byte-order mark): a closed block of YAML (--- to --- or ...) or TOML
// (+++ to +++). It gives the block's lines without their delimiters, where
// the body starts, and whether the block is TOML; body is where src's
// text starts when there is none. An unclosed block is no front matter, so
// nothing is lost by a stray ---. sw's measures and its reading of a
// piece's fields (genre, title) both find the block here.
func FrontMatter(src []byte) (fm []byte, body int, ok, toml bool) {
	i := bomLen(src)
	first, next := lineAt(src, i)
	open := string(bytes.TrimRight(first, " \t\r"))
	if open != "---" && open != "+++" {
		return nil, i, false, false
	}
	for j := next; j < len(src); {
		l, n := lineAt(src, j)
		close := string(bytes.TrimRight(l, " \t\r"))
		if close == open || (open == "---" && close == "...") {
			return src[next:j], n, true, open == "+++"
		}
		j = n
	}
	return nil, i, false, false
}

// lineAt returns the line starting at i (without its newline) and where
// the next line starts.
func lineAt(src []byte, i int) ([]byte, int) {
	e := bytes.IndexByte(src[i:], '\n')
	if e < 0 {
		return src[i:], len(src)
	}
	return src[i : i+e], i + e + 1
}

// where is what a block's containers make of it.
type where struct {
	quote  bool // inside a blockquote
	inList bool // inside a list item
	first  bool // the first block of its list item
}

// block reads the prose of a block and of the blocks inside it. Code,
// HTML, tables and thematic breaks hold none.
func (b *builder) block(n ast.Node, w where) {
	switch n := n.(type) {
	case *ast.Heading:
		b.open(false, w.quote)
		b.inlines(n)
		b.closeHeading(n.Level)
		return
	case *ast.Paragraph, *ast.TextBlock:
		b.paragraphNode(n, w)
		return
	case *ast.CodeBlock, *ast.FencedCodeBlock, *ast.HTMLBlock, *east.Table, *ast.ThematicBreak:
		return
	case *ast.Blockquote:
		w.quote = true
	case *ast.ListItem:
		w.inList = true
	}
	_, item := n.(*ast.ListItem)
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		inner := w
		inner.first = item && c == n.FirstChild()
		b.block(c, inner)
	}
}

// paragraphNode reads a paragraph: as a subhead when it is a bold line
// alone, else as prose, cut in several where the plain-text rules say a
// new paragraph starts without a blank line.
func (b *builder) paragraphNode(n ast.Node, w where) {
	lines := n.Lines()
	if isSubhead(n, lines) {
		b.open(false, w.quote)
		b.inlines(n)
		b.closeHeading(0)
		return
	}
	b.cuts = b.plainBreaks(lines, w)
	b.open(w.first, w.quote)
	b.part.speaker = leadsWithSpeaker(b.src, n)
	b.inlines(n)
	b.closePart()
	b.cuts, b.title = nil, false // a cut on a line without text is never reached
}

// inlines copies the text of n's inline children into the cleaned text.
func (b *builder) inlines(n ast.Node) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			b.textNode(c)
		case *ast.CodeSpan:
			b.space(max(c.Pos(), 0)) // keep the words either side apart
		case *ast.Image, *ast.AutoLink, *ast.RawHTML, *east.FootnoteLink, *east.TaskCheckBox:
		default: // emphasis, links, strikethrough: their text is the writer's
			b.inlines(c)
		}
	}
}

// markdownParser is goldmark's parser with GitHub's extensions, made on
// first use and shared: a parser holds no state between parses. The
// footnote extension's AST transformer, which moves the notes to the end
// for HTML, is left out: notes stay where they were written.
var markdownParser = sync.OnceValue(newMarkdownParser)

func newMarkdownParser() parser.Parser {
	return parser.NewParser(
		parser.WithBlockParsers(append(parser.DefaultBlockParsers(),
			util.Prioritized(extension.NewFootnoteBlockParser(), 999))...),
		parser.WithInlineParsers(append(parser.DefaultInlineParsers(),
			util.Prioritized(extension.NewFootnoteParser(), 101),
			util.Prioritized(extension.NewStrikethroughParser(), 500),
			util.Prioritized(extension.NewTaskCheckBoxParser(), 0),
			util.Prioritized(bareLinks{extension.NewLinkifyParser()}, 999))...),
		parser.WithParagraphTransformers(append(parser.DefaultParagraphTransformers(),
			util.Prioritized(extension.NewTableParagraphTransformer(), 200))...),
	)
}

// bareLinks is goldmark's parser of bare links, asked only where a URL
// begins. Asked everywhere, it tries every word as an e-mail address,
// which costs a quarter of a parse; sw leaves bare addresses in the text.
type bareLinks struct{ parser.InlineParser }

func (l bareLinks) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, _ := block.PeekLine()
	if len(line) > 0 && strings.IndexByte(" *_~(", line[0]) >= 0 { // its triggers
		line = line[1:]
	}
	for _, scheme := range urlStarts {
		if bytes.HasPrefix(line, scheme) {
			return l.InlineParser.Parse(parent, block, pc)
		}
	}
	return nil
}

var urlStarts = [][]byte{[]byte("http:"), []byte("https:"), []byte("ftp:"), []byte("www.")}
