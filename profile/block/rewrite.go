package block

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"strings"

	"sw/profile/atomicfile"
	"sw/profile/confine"
	"sw/profile/markdown"
)

// Rewrite returns content with sw's block set to block: the rendered text,
// markers included, lines separated by "\n", no final line ending. Outside
// the block every byte stays as it was, and so does a note the person wrote
// after the begin marker on its line; the block takes the file's line
// endings. With no block yet, it is appended after a blank line. file names
// the content in errors.
func Rewrite(file string, content []byte, block string) ([]byte, error) {
	s, found, err := locate(file, content)
	if err != nil {
		return nil, err
	}
	if found {
		return replaceBlock(content, s, block), nil
	}
	return appendBlock(content, block), nil
}

// Span returns where sw's block sits in content, as Rewrite finds it: from
// the first byte of its begin marker's line to the end of its end marker's
// comment, so text after that marker is outside it. found is false when
// content holds no block; err is Rewrite's for a broken one.
func Span(content []byte) (start, end int, found bool, err error) {
	s, found, err := locate("", content)
	return s.start, s.end, found, err
}

// replaceBlock sets the block found at s: the begin marker's line, with
// the person's note after it kept, then the rest of the block.
func replaceBlock(content []byte, s span, block string) []byte {
	beginLine, rest, multiline := strings.Cut(block, "\n")
	var out bytes.Buffer
	out.Grow(len(content) + len(block))
	out.Write(content[:s.start])
	out.WriteString(beginLine)
	out.Write(content[s.noteStart:s.noteEnd])
	if multiline {
		out.WriteString(s.eol)
		out.WriteString(withEOL(rest, s.eol))
	}
	out.Write(content[s.end:])
	return out.Bytes()
}

// appendBlock adds the block at the end. A file that ended without a final
// line ending ends without one after the block too.
func appendBlock(content []byte, block string) []byte {
	head := 0
	if bytes.HasPrefix(content, []byte(markdown.BOM)) {
		head = len(markdown.BOM)
	}
	body := content[head:]
	eol := fileEOL(body)
	var out bytes.Buffer
	out.Write(content)
	if len(body) > 0 && !bytes.HasSuffix(body, []byte("\n")) {
		out.WriteString(eol) // the begin marker must start a line
	}
	if len(bytes.TrimSpace(body)) > 0 && !bytes.HasSuffix(bytes.TrimRight(body, " \t"), []byte(eol+eol)) {
		out.WriteString(eol) // a blank line between the person's text and sw's
	}
	out.WriteString(withEOL(block, eol))
	if len(body) == 0 || bytes.HasSuffix(body, []byte("\n")) {
		out.WriteString(eol)
	}
	return out.Bytes()
}

// fileEOL is the file's line ending, judged by its first line.
func fileEOL(body []byte) string {
	if i := bytes.IndexByte(body, '\n'); i > 0 && body[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

func withEOL(block, eol string) string {
	if eol == "\n" {
		return block
	}
	return strings.ReplaceAll(block, "\n", eol)
}

// WriteFile sets the block of the file at path, creating the file if it is
// missing. It writes nothing when the bytes would not change, so the file's
// modification time says when the profile last changed, and nothing on any
// error. It reports whether it wrote.
//
// A change saved to the file while the block is written (by the person's
// editor, or the agent) is kept: the file is read again and the block set in
// that, a few times at most (see atomicfile.WriteOver, which also waits for
// an editor saving in place to finish); then it gives up with a *BusyError.
// The hooks call this at every session, and most calls change nothing: those
// read the file once, and stat nothing.
func WriteFile(path, display, block string) (changed bool, err error) {
	content, err := readIfAny(path)
	if err != nil {
		return false, err
	}
	for range 3 {
		out, err := Rewrite(display, content, block)
		if err != nil || bytes.Equal(out, content) {
			return false, err
		}
		// WriteOver replaces the file only as seen; read it once more
		// after the stat, so that what was seen is what the block was
		// set in.
		seen, err := os.Stat(path)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return false, err
		}
		again, err := readIfAny(path)
		if err != nil {
			return false, err
		}
		if bytes.Equal(again, content) {
			err = atomicfile.WriteOver(path, out, 0o644, seen)
			if !errors.Is(err, atomicfile.ErrChanged) {
				return err == nil, err
			}
			if again, err = readIfAny(path); err != nil {
				return false, err
			}
		}
		content = again
	}
	return false, &BusyError{File: display}
}

// BusyError is WriteFile's error when the file kept changing, or stayed
// open in another program's hands, while sw tried to write its block:
// someone is saving it, and sw leaves it to them.
type BusyError struct{ File string }

func (e *BusyError) Error() string {
	return e.File + " was being saved by another program while sw wrote its block; sw leaves it as it is"
}

// readIfAny reads the file at path; a missing one reads as empty, and
// one that is not a regular file (a link to a device) is an error.
func readIfAny(path string) ([]byte, error) {
	data, err := confine.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return data, err
}
