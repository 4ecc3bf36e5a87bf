// Package termsafe makes text safe to show on a terminal. What sw prints
// for people quotes a collection's files (rule texts, phrases, facts,
// pieces), an analyzer's answers and git's names, and a cloned collection
// is someone else's input: an escape sequence in a rule file could clear
// the screen, retitle the window, rewrite what sw printed above it, or
// make a terminal answer back as if typed. So every control character but
// the newline and the tab is shown as an escape instead, where the person
// can see that something odd is in the file: ESC as \x1b, a bell as \x07,
// a carriage return that ends no line as \r, DEL as \x7f, a C1 control
// (U+0080 to U+009F, which some terminals obey as ESC sequences) as
// \u009b, and a byte that is not UTF-8 as \xNN. A CRLF line end stays as
// it is. JSON output needs none of this: JSON escapes controls itself, and
// a program reading it should get the text exact.
//
// It imports nothing of sw, so both drawers and the hooks can use it.
package termsafe

import (
	"fmt"
	"io"
	"unicode/utf8"
)

// needed reports whether any byte of b would be shown otherwise: b is not
// valid UTF-8, or holds a control but the newline and the tab.
func needed(b []byte) bool {
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if (r == utf8.RuneError && size <= 1) || isControl(r) {
			return true
		}
		b = b[size:]
	}
	return false
}

func isControl(r rune) bool {
	return (r < 0x20 && r != '\n' && r != '\t') || (r >= 0x7f && r <= 0x9f)
}

// appendSafe appends b, made safe, to dst. Unless final, it stops before
// what the next bytes decide (a carriage return that may start a CRLF, a
// character cut short) and returns that rest.
func appendSafe(dst, b []byte, final bool) (out, rest []byte) {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r == '\r' && i+1 < len(b) && b[i+1] == '\n':
			dst, size = append(dst, '\r', '\n'), 2
		case r == '\r' && i+1 == len(b) && !final:
			return dst, b[i:]
		case r == '\r':
			dst = append(dst, `\r`...)
		case r == utf8.RuneError && size <= 1 && !final && !utf8.FullRune(b[i:]):
			return dst, b[i:]
		case r == utf8.RuneError && size <= 1:
			dst = fmt.Appendf(dst, `\x%02x`, b[i])
		case r < 0x80 && isControl(r):
			dst = fmt.Appendf(dst, `\x%02x`, r)
		case isControl(r):
			dst = fmt.Appendf(dst, `\u%04x`, r)
		default:
			dst = append(dst, b[i:i+size]...)
		}
		i += size
	}
	return dst, nil
}

// Writer writes text made safe to the writer under it. Text may reach it
// in any pieces (a character split across two writes is still one
// character), so what the last write left undecided waits for the next,
// or for Flush.
type Writer struct {
	w       io.Writer
	pending []byte
}

// NewWriter returns a Writer writing to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write writes p made safe. It reports all of p written when the safe
// text was, as the caller wrote p and not its escapes.
func (t *Writer) Write(p []byte) (int, error) {
	if len(t.pending) == 0 && !needed(p) {
		return t.w.Write(p)
	}
	out, rest := appendSafe(nil, append(t.pending, p...), false)
	t.pending = append(t.pending[:0], rest...)
	if _, err := t.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes what waits for a next write that will not come.
func (t *Writer) Flush() error {
	if len(t.pending) == 0 {
		return nil
	}
	out, _ := appendSafe(nil, t.pending, true)
	t.pending = t.pending[:0]
	_, err := t.w.Write(out)
	return err
}

// Raw is the writer under w when w is a *Writer (flushed first, so what
// was written before comes first), else w: for output a program reads,
// such as JSON, which must stay exact.
func Raw(w io.Writer) io.Writer {
	if t, ok := w.(*Writer); ok {
		t.Flush()
		return t.w
	}
	return w
}
