package profile

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzParseRule: any bytes either parse into a rule that meets the schema
// and survives Format and ParseRule unchanged, or are refused with errors
// that name the file. Never a panic.
func FuzzParseRule(f *testing.F) {
	f.Add([]byte("id: x\nrule: Keep it short.\navoid: [a, b]\nprefer: [c]\nmetric: {name: words_per_sentence, target: 20, min: 5, max: 40}\nnote: why\n"))
	f.Add([]byte("id: x\nrule: |\n  two\n  lines\n"))
	f.Add([]byte("id: &a x\nrule: *a\n"))
	f.Add([]byte("id: x\nrule: a\n---\nid: y\n"))
	f.Add([]byte("{id: x, rule: \"a: b\", avoid: [\"it's\"]}"))
	f.Add([]byte("id: x\nrule: a\nusage:\n  pieces: 3\n  typical: 0.5\n  rates:\n    the: [61.2, 8.1]\n    ';': [3, 1]\n    no: [1e3, 0]\n    —: [0, 0]\n"))
	f.Add([]byte("id: x\nrule: a\nusage: {pieces: 1, rates: {}}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseRule("x.yaml", "x", data)
		if err != nil {
			es, ok := err.(Errors)
			if !ok || len(es) == 0 {
				t.Fatalf("error of type %T: %v", err, err)
			}
			for _, e := range es {
				if e.File != "x.yaml" || e.Line < 0 || e.Col < 0 || e.Msg == "" {
					t.Fatalf("error without a place or message: %#v", e)
				}
			}
			return
		}
		if r.ID != "x" || strings.TrimSpace(r.Rule) == "" {
			t.Fatalf("accepted a rule without id or text: %#v", r)
		}
		if m := r.Metric; m != nil {
			if m.Target == nil && m.Min == nil && m.Max == nil {
				t.Fatalf("accepted an empty metric")
			}
			if m.Target != nil && !m.Contains(*m.Target) {
				t.Fatalf("accepted a target outside its bounds")
			}
		}
		back, err := ParseRule("x.yaml", "x", Format(r))
		if err != nil {
			t.Fatalf("Format wrote a file ParseRule refuses: %v\n%s", err, Format(r))
		}
		if !reflect.DeepEqual(normalizeEmpty(back), normalizeEmpty(r)) {
			t.Fatalf("round trip changed the rule:\n%#v\n%#v", r, back)
		}
	})
}

func normalizeEmpty(r Rule) Rule {
	if len(r.Avoid) == 0 {
		r.Avoid = nil
	}
	if len(r.Prefer) == 0 {
		r.Prefer = nil
	}
	return r
}
