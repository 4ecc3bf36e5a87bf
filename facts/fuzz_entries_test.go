package facts

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzEntries: whatever the file, adding an entry with a new key inserts
// bytes at one place and changes none of the file's own, every entry read
// before reads the same after, and removing it by its key takes out only
// the entry and blank lines. An edit refused leaves nothing to write.
func FuzzEntries(f *testing.F) {
	f.Add(Starter(), uint8(0))
	f.Add([]byte("\xef\xbb\xbf## Observations\r\n- a\r\n  more\r\n- **k:** b (2026-01-02)"), uint8(6))
	f.Add([]byte("## Observations\n- a\n  ```\n- code\n```\n<!--\n- hidden\n-->\n# Archive\n- old\n"), uint8(6))
	f.Add([]byte("## Stance and arguments\n- a\n\n  more of a\n\nprose\n- - -\n1. one\n> quote\n"), uint8(2))
	f.Add([]byte("## Mine\n- **fuzz:** x\n## Pieces written\nprose"), uint8(1))
	f.Add([]byte("Observations\n---\n- a\n<details>\n## Pieces written\n</details>\n\n- ```\n  x\n-\r\n"), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, sec uint8) {
		m, err := Parse(File, data)
		if err != nil {
			return
		}
		if len(m.keyed("fuzz")) > 0 {
			return
		}
		e, err := NewEntry(Aliases[int(sec)%len(Aliases)], "fuzz", "A fact, fuzzed", "sw", "2026-01-02")
		if err != nil {
			t.Fatal(err)
		}
		out, ch, err := Add(File, data, e)
		if err != nil {
			if out != nil {
				t.Fatalf("refused (%v) but gave bytes to write", err)
			}
			return
		}
		if ch.Duplicate {
			if !bytes.Equal(out, data) {
				t.Fatalf("a duplicate changed the file")
			}
			return
		}
		oneInsertion(t, data, out)
		after, err := Parse(File, out)
		if err != nil {
			t.Fatalf("the file no longer parses: %v\n%q", err, out)
		}
		var was, is []string
		for _, x := range m.Entries {
			was = append(was, x.Section+"|"+x.String())
		}
		for _, x := range after.Entries {
			if x.Key != "fuzz" {
				is = append(is, x.Section+"|"+x.String())
			}
		}
		if strings.Join(was, "\n") != strings.Join(is, "\n") {
			t.Fatalf("entries read before:\n%s\nafter:\n%s", strings.Join(was, "\n"), strings.Join(is, "\n"))
		}
		added := after.keyed("fuzz")
		if len(added) != 1 || added[0].Text != e.Text || added[0].Section != e.Section || added[0].EndLine != added[0].Line {
			t.Fatalf("the entry reads back as %+v", added)
		}
		l := after.lines[added[0].first]
		if string(out[l.Start:l.End]) != e.line() {
			t.Fatalf("the entry's line is %q, want %q", out[l.Start:l.End], e.line())
		}
		back, removed, err := Remove(File, out, "fuzz")
		if err != nil || len(removed) != 1 {
			t.Fatalf("remove: %v %+v", err, removed)
		}
		oneInsertion(t, back, out)
		// What went is the entry's line and blank lines, nothing else.
		without := splice(out, l.Start, l.End, "")
		if len(back) > len(without) || !bytes.Equal(layout(back), layout(without)) {
			t.Fatalf("remove took out more than the entry and blank lines:\n%q\n%q", out, back)
		}
	})
}

// oneInsertion checks that long is short with bytes inserted at one place.
func oneInsertion(t *testing.T, short, long []byte) {
	t.Helper()
	p, s := 0, 0
	for p < len(short) && short[p] == long[p] {
		p++
	}
	for s < len(short) && short[len(short)-1-s] == long[len(long)-1-s] {
		s++
	}
	if len(long) <= len(short) || p+s < len(short) {
		t.Fatalf("not one insertion:\n%q\n%q", short, long)
	}
}

// layout is data without line endings, spaces and tabs.
func layout(data []byte) []byte {
	return bytes.Map(func(r rune) rune {
		if r == '\r' || r == '\n' || r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, data)
}
