package facts

import (
	"bytes"
	"testing"
)

// FuzzParse: any text either parses, each of the seven sections at most
// once and in file order, or is refused with a line; never a panic.
func FuzzParse(f *testing.F) {
	f.Add(Starter())
	f.Add([]byte("## Pieces written\r\n```\r\n## Observations\r\n"))
	f.Add([]byte("\xef\xbb\xbf   ## observations ##\n~~~\n## Observations\n~~~\n## Observations\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Parse(File, data)
		if err != nil {
			if !bytes.HasPrefix([]byte(err.Error()), []byte(File+":")) {
				t.Fatalf("error does not name the file and line: %v", err)
			}
			return
		}
		seen := map[int]bool{}
		last := 0
		for _, s := range m.Sections {
			if s.Line <= last {
				t.Fatalf("sections out of order: %+v", m.Sections)
			}
			last = s.Line
			if i := known(s.Title); s.Known != (i >= 0) || (s.Known && seen[i]) {
				t.Fatalf("section %+v known=%v twice=%v", s, i >= 0, seen[i])
			} else if s.Known {
				seen[i] = true
			}
		}
		if len(seen)+len(m.Missing()) != len(Sections) {
			t.Fatalf("%d sections found, %d missing", len(seen), len(m.Missing()))
		}
	})
}
