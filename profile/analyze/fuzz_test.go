package analyze

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// FuzzDecodeResponse: any bytes either decode into an answer that passes
// validation and survives encoding and decoding unchanged, or are refused
// with an *InvalidError whose every problem has a message. Never a panic.
func FuzzDecodeResponse(f *testing.F) {
	f.Add([]byte(oneSuggestion))
	f.Add(mustJSON(f, validResponse()))
	f.Add([]byte(`{"suggestions": []}`))
	f.Add([]byte(`{"suggestions": [{"id": "x", "layer": "genres/essay", "rule": null, "summary": "s", "evidence": "e", "signature": "sig"}]}`))
	f.Add([]byte(`{"suggestions": [{"ID": 1, "rule": {"Rule": [null], "metric": {"min": 1e400}}}], "x": {}}`))
	f.Add([]byte(`{"suggestions": [{"id": "x", "layer": "preferences", "rule": {"id": "x", "rule": "  a\n b  ", "avoid": [" A  b "], "note": "n\tm"}, "summary": " s\n", "evidence": "e\n", "signature": "s"}]}`))
	f.Add([]byte(usageAnswer))
	f.Add([]byte(`{"suggestions": [{"id": "u", "layer": "preferences", "rule": {"id": "u", "rule": "r", "usage": {"pieces": 3, "pieces": 2.5, "Typical": null, "RATES": {}, "rates": [{"ITEM": "the", "mean": -1}, ";", null]}}, "summary": "s", "evidence": "e", "signature": "u"}]}`))
	f.Add([]byte("Hello"))
	f.Fuzz(func(t *testing.T, data []byte) {
		resp, err := DecodeResponse(data)
		if err != nil {
			var inv *InvalidError
			if !errors.As(err, &inv) || len(inv.Problems) == 0 || resp != nil {
				t.Fatalf("refusal is not an *InvalidError with problems: %#v, %v", resp, err)
			}
			for _, p := range inv.Problems {
				if p.Msg == "" || p.Index < 0 {
					t.Fatalf("problem without a message or place: %#v", p)
				}
			}
			return
		}
		enc, err := json.Marshal(resp)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeResponse(enc)
		if err != nil {
			t.Fatalf("re-encoded answer refused: %v\n%s", err, enc)
		}
		if !reflect.DeepEqual(back, resp) {
			t.Fatalf("round trip changed the answer:\n%#v\n%#v\n%s", resp, back, enc)
		}
	})
}

// Text that YAML reads specially must still come back from the rule file
// exactly as the analyzer meant it (after trimming).
func TestRuleTextSurvivesTheFile(t *testing.T) {
	tricky := []string{"yes", "null", "~", "123", "0x1F", "1e3", "# not a comment", "a: b", "- item", "---", "...",
		"'quoted'", `"quoted"`, "[x]", "{x}", "&anchor", "*alias", "!tag", "%directive", "@at", "`tick`", "|", ">",
		"tab\tinside", "two\nlines", "trailing\n\nblank", "\u00a0nbsp\u00a0", "é ü 中文 🙂", "\\back\\slash", "x #y", "key:", "? q"}
	for _, s := range tricky {
		r := validResponse()
		r.Suggestions[1].Rule.Rule = s
		r.Suggestions[1].Rule.Note = s
		if !strings.Contains(s, "\n") {
			r.Suggestions[1].Rule.Avoid = []string{s}
			r.Suggestions[1].Rule.Prefer = []string{s + " too"}
		}
		got, err := DecodeResponse(mustJSON(t, r))
		if err != nil {
			t.Errorf("%q: %v", s, err)
			continue
		}
		rule := got.Suggestions[1].Rule
		if rule.Rule != strings.TrimSpace(s) || rule.Note != strings.TrimSpace(s) {
			t.Errorf("%q came back as %q / %q", s, rule.Rule, rule.Note)
		}
	}
}
