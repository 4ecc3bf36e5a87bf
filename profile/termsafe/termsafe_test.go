package termsafe

import (
	"strings"
	"testing"
)

// TestString: controls come out as visible escapes, text as it was.
func TestString(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain text, with é and 日本", "plain text, with é and 日本"},
		{"two\nlines\tand a tab", "two\nlines\tand a tab"},
		{"\x1b[2JCleared", `\x1b[2JCleared`},
		{"ring\a", `ring\x07`},
		{"title \x1b]0;owned\x07", `title \x1b]0;owned\x07`},
		{"windows\r\nline end", "windows\r\nline end"},
		{"over\rwritten", `over\rwritten`},
		{"end\r", `end\r`},
		{"del\x7f", `del\x7f`},
		{"csi \u009b2J", `csi \u009b2J`},
		{"latin-1 \xe9t\xe9", `latin-1 \xe9t\xe9`},
		{"a lone \x9b byte", `a lone \x9b byte`},
		{"nul\x00", `nul\x00`},
		{"replacement \uFFFD kept", "replacement \uFFFD kept"},
		{"", ""},
	} {
		if got := String(c.in); got != c.want {
			t.Errorf("String(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestWriterInPieces: a Writer gives what String gives however the text
// is cut into writes: a character or a CRLF split in two stays whole.
func TestWriterInPieces(t *testing.T) {
	text := "é\r\n日本\x1b[2J\r\u009b over\rend\xe9\r"
	want := String(text)
	for cut := 1; cut <= len(text); cut++ {
		var b strings.Builder
		w := NewWriter(&b)
		for i := 0; i < len(text); i += cut {
			if _, err := w.Write([]byte(text[i:min(i+cut, len(text))])); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if b.String() != want {
			t.Errorf("in writes of %d bytes: %q, want %q", cut, b.String(), want)
		}
	}
}

// TestRaw: JSON goes to the writer under, after what waited.
func TestRaw(t *testing.T) {
	var b strings.Builder
	w := NewWriter(&b)
	w.Write([]byte("text\xe6"))
	Raw(w).Write([]byte("{\"exact\": \"\x1b\"}"))
	if want := `text\xe6` + "{\"exact\": \"\x1b\"}"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
	if Raw(&b) != &b {
		t.Error("Raw of a plain writer is not itself")
	}
}

// TestCommand: a word is quoted only where its end would not show.
func TestCommand(t *testing.T) {
	got := Command([]string{"python3", "my tools/analyze.py", "", `say "hi"`, "--fast"})
	if want := `python3 "my tools/analyze.py" "" "say \"hi\"" --fast`; got != want {
		t.Errorf("Command = %s, want %s", got, want)
	}
}

// String is s as a terminal may show it.
func String(s string) string {
	if !needed([]byte(s)) {
		return s
	}
	out, _ := appendSafe(nil, []byte(s), true)
	return string(out)
}
