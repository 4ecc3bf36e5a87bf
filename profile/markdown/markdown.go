// Package markdown reads the files a person writes and sw edits in place
// (CLAUDE.md, memory.md, Claude Code's notes) as CommonMark does: which
// lines are a heading, a list item, code or HTML is goldmark's reading of
// the whole file, never a guess from one line. Edits are whole lines
// spliced in by offset, so it also gives the file's lines with their
// offsets and endings. It never changes a byte.
package markdown

import (
	"bytes"
	"slices"
	"sync"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Line is one line of a file: its content without the line ending, as
// offsets into the file.
type Line struct {
	Num          int // 1-based
	Start, End   int // content bytes [Start, End)
	CRLF, HasEOL bool
}

// Lines returns the lines of content, a leading byte-order mark skipped.
func Lines(content []byte) []Line {
	lines := make([]Line, 0, bytes.Count(content, []byte("\n"))+1)
	start := 0
	if bytes.HasPrefix(content, []byte(BOM)) {
		start = len(BOM)
	}
	for start < len(content) {
		l := Line{Num: len(lines) + 1, Start: start, End: len(content)}
		if i := bytes.IndexByte(content[start:], '\n'); i >= 0 {
			l.End, l.HasEOL = start+i, true
		}
		start = l.End + 1
		if l.HasEOL && l.End > l.Start && content[l.End-1] == '\r' {
			l.End, l.CRLF = l.End-1, true
		}
		lines = append(lines, l)
	}
	return lines
}

// LineAt returns the index in lines of the line that holds byte off.
func LineAt(lines []Line, off int) int {
	i, found := slices.BinarySearchFunc(lines, off, func(l Line, off int) int { return l.Start - off })
	if !found && i > 0 {
		i--
	}
	return i
}

// BOM is the UTF-8 byte-order mark some editors start a file with.
const BOM = "\xef\xbb\xbf"

// Parse reads the blocks of src from byte from on (past a byte-order mark
// there), so that every segment of the tree is an offset into src. Inline
// text is not read: sw splices lines and needs only the blocks.
func Parse(src []byte, from int) ast.Node {
	if bytes.HasPrefix(src[from:], []byte(BOM)) {
		from += len(BOM)
	}
	r := text.NewReader(crlfAsLF(src))
	r.Advance(from)
	return blockParser().Parse(r)
}

// crlfAsLF returns src with the carriage return of each CRLF line ending
// (and a final one) made a space, the offsets kept. CommonMark reads a
// CRLF as a line ending, as it reads an LF; goldmark takes the carriage
// return for part of the line, so that a list item left empty ("-\r\n",
// "1.\r\n") reads as text in a CRLF file. A space before the line ending
// changes no block.
func crlfAsLF(src []byte) []byte {
	if bytes.IndexByte(src, '\r') < 0 {
		return src
	}
	src = bytes.Clone(src)
	for i, c := range src {
		if c == '\r' && (i+1 == len(src) || src[i+1] == '\n') {
			src[i] = ' '
		}
	}
	return src
}

// blockParser is goldmark's CommonMark block parser without any inline
// parser, made on first use and shared (a parser keeps no state between
// parses).
var blockParser = sync.OnceValue(func() parser.Parser {
	return parser.NewParser(parser.WithBlockParsers(parser.DefaultBlockParsers()...))
})

// EachBlock calls fn for every block under n, in file order, a container
// before the blocks it holds.
func EachBlock(n ast.Node, fn func(ast.Node)) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if c.Type() == ast.TypeBlock {
			fn(c)
			EachBlock(c, fn)
		}
	}
}

// Unclosed returns the block that the end of src closed: a fenced code
// block or an HTML block (a comment, say) whose closing line never came,
// so that the rest of the file is code or HTML, and a line added at the
// end would be too. It is nil when every block closed. Only a block at the
// top of the file counts: one in a list item or a quote ends with it, and
// a line added at the end, at the start of the line, ends those.
func Unclosed(src []byte, doc ast.Node) ast.Node {
	n := doc.LastChild()
	if n == nil {
		return nil
	}
	lines := n.Lines()
	end := n.Pos()
	switch n := n.(type) {
	case *ast.FencedCodeBlock:
		if lines.Len() == 0 { // only the opening fence: the end of its line
			line, _, _ := bytes.Cut(src[end:], []byte("\n"))
			end += len(line)
		}
	case *ast.HTMLBlock:
		first := lines.At(0)
		closers := htmlClosers[n.HTMLBlockType]
		if closers == nil || n.HasClosure() || lines.Len() == 1 && closes(first.Value(src), closers) {
			return nil
		}
	default:
		return nil
	}
	if lines.Len() > 0 {
		end = lines.At(lines.Len() - 1).Stop
	}
	if len(bytes.Trim(src[end:], " \t\r\n")) > 0 {
		return nil // its closing line
	}
	return n
}

// htmlClosers are what end the HTML blocks that run on past blank lines,
// CommonMark's kinds 1 to 5 (the others end at a blank line), as goldmark
// looks for them, in any case, on the block's first line.
var htmlClosers = map[ast.HTMLBlockType][]string{
	ast.HTMLBlockType1: {"</script>", "</pre>", "</style>", "</textarea>"},
	ast.HTMLBlockType2: {"-->"},
	ast.HTMLBlockType3: {"?>"},
	ast.HTMLBlockType4: {">"},
	ast.HTMLBlockType5: {"]]>"},
}

func closes(line []byte, closers []string) bool {
	line = bytes.ToLower(line)
	return slices.ContainsFunc(closers, func(c string) bool { return bytes.Contains(line, []byte(c)) })
}
