package block

import (
	"bytes"
	"testing"
)

// FuzzRewrite: whatever CLAUDE.md holds, Rewrite either refuses it or
// changes nothing outside sw's block (nor the person's note after its begin
// marker), and its output is stable.
func FuzzRewrite(f *testing.F) {
	for _, seed := range []string{
		"",
		"# Rules\n",
		"# Rules",
		"a\r\nb\r\n",
		"\xef\xbb\xbf# Rules\n",
		"a\n" + Begin + "\nold\n" + End + "\nb\n",
		"a\r\n" + Begin + "\r\nold\r\n" + End,
		"```\n" + Begin + "\n```\n",
		"~~~\n" + End + "\n~~~\n" + Begin + "\n" + End + "\n",
		Begin + "\n",
		End + "\n" + Begin + "\n" + End + "\n",
		"    " + Begin + "\n",
		"\t" + Begin + "\n",
		"  \t" + End + "\n" + Begin + "\n\t" + End + "\n" + End + "\n",
		"<!-- sw:begin --> mine\r\nold\r\n<!-- sw:end --> mine too",
		"```\n````\n~~~\n" + Begin + "\nold\n" + End + "\n```\n",
		"<!-- sw:begin (by\nsw) -->\n<!-- sw:end (and\nmore) -->\n",
		"- ```\n  " + Begin + "\n  " + End + "\n  ```\n<div>\n```\n</div>\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, content []byte) {
		before := append([]byte(nil), content...)
		s, found, locErr := locate("CLAUDE.md", content)
		out, err := Rewrite("CLAUDE.md", content, blk)
		if !bytes.Equal(content, before) {
			t.Fatal("Rewrite modified its input")
		}
		if err != nil {
			if locErr == nil {
				t.Fatalf("refused a file whose block was found: %v", err)
			}
			return
		}
		if found {
			tail := content[s.end:]
			if !bytes.HasPrefix(out, content[:s.start]) || !bytes.HasSuffix(out, tail) {
				t.Fatalf("bytes outside the block changed:\n%q\n%q", content, out)
			}
			if note := content[s.noteStart:s.noteEnd]; !bytes.HasPrefix(out[s.start+len(Begin):], note) {
				t.Fatalf("the note after the begin marker was lost:\n%q\n%q", content, out)
			}
		} else if !bytes.HasPrefix(out, content) {
			t.Fatalf("appending changed the file's bytes:\n%q\n%q", content, out)
		}
		got, ok, err := Current("CLAUDE.md", out)
		if err != nil || !ok || got != blk {
			t.Fatalf("the rewritten file does not hold the block: %q %v %v\n%q", got, ok, err, out)
		}
		again, err := Rewrite("CLAUDE.md", out, blk)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("rewriting again changed the file: %v\n%q\n%q", err, out, again)
		}
	})
}
