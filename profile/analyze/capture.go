package analyze

import (
	"bytes"
	"strings"
)

// capped keeps an analyzer's stdout up to max bytes. Past that it calls
// over (which stops the analyzer) and refuses the write, so a runaway
// analyzer costs sw at most max bytes of memory.
type capped struct {
	buf      bytes.Buffer
	max      int
	over     func()
	exceeded bool
}

func (c *capped) Write(p []byte) (int, error) {
	if c.exceeded || c.buf.Len()+len(p) > c.max {
		if !c.exceeded {
			c.exceeded = true
			c.over()
		}
		return 0, ErrTooLarge
	}
	return c.buf.Write(p)
}

// tail keeps the last max bytes of an analyzer's stderr: the end is where
// a failing program says why.
type tail struct {
	buf []byte
	max int
}

func (t *tail) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

// String is the kept text, valid UTF-8 even where the cut split a character.
func (t *tail) String() string {
	return strings.ToValidUTF8(string(t.buf), "")
}

// lastLine is the last non-blank line, shortened and stripped of control
// characters so it fits on the one line of an error message.
func (t *tail) lastLine() string {
	lines := strings.Split(strings.TrimSpace(t.String()), "\n")
	last := strings.TrimSpace(lines[len(lines)-1])
	last = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, last)
	return clip(last, 300)
}
