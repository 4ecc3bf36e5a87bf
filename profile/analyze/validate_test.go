package analyze

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"sw/profile"
)

func TestValidResponsePasses(t *testing.T) {
	resp := validResponse()
	if err := resp.Validate(); err != nil {
		t.Fatal(err)
	}
	got, err := DecodeResponse(mustJSON(t, validResponse()))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, resp) {
		t.Fatalf("decoding differs from validating in place:\n%#v\n%#v", got, resp)
	}
	if got.Suggestions[2].Rule != nil {
		t.Fatal(`"rule": null must decode to a nil rule (remove)`)
	}
}

// Each case breaks one rule of the protocol in an otherwise valid answer and
// names the suggestion (1-based) and the words the message must carry.
func TestValidateEachRuleAlone(t *testing.T) {
	long := func(n int) string { return strings.Repeat("a", n) }
	cases := []struct {
		name  string
		edit  func(r *Response)
		index int
		want  string
	}{
		{"id not a slug", func(r *Response) {
			r.Suggestions[0].ID = "Sentence Length"
			r.Suggestions[0].Rule.ID = "Sentence Length"
		}, 1, `id "Sentence Length" is not a plain name`},
		{"id empty", func(r *Response) { r.Suggestions[2].ID = "" }, 3, `id "" is not a plain name`},
		{"id too long", func(r *Response) { r.Suggestions[2].ID = long(65) }, 3, "is not a plain name"},
		{"layer hard limit", func(r *Response) { r.Suggestions[0].Layer = "hard-limits" }, 1, "analyzers never propose hard limits"},
		{"layer hard limit folder", func(r *Response) { r.Suggestions[0].Layer = "hard-limits/x" }, 1, "analyzers never propose hard limits"},
		{"layer unknown", func(r *Response) { r.Suggestions[0].Layer = "preference" }, 1, `layer "preference" must be "preferences" or "genres/<genre>"`},
		{"layer genre empty", func(r *Response) { r.Suggestions[1].Layer = "genres/" }, 2, `genre "" is not a plain name`},
		{"layer genre not slug", func(r *Response) { r.Suggestions[1].Layer = "genres/Essay" }, 2, `genre "Essay" is not a plain name`},
		{"layer genre nested", func(r *Response) { r.Suggestions[1].Layer = "genres/essay/x" }, 2, `genre "essay/x" is not a plain name`},
		{"rule id differs", func(r *Response) { r.Suggestions[0].Rule.ID = "other" }, 1, `rule.id "other" differs from the suggestion's id "sentence-length"`},
		{"rule text empty", func(r *Response) { r.Suggestions[0].Rule.Rule = "  " }, 1, "rule: `rule:` is empty"},
		{"rule unknown metric", func(r *Response) { r.Suggestions[0].Rule.Metric.Name = "words" }, 1, `rule: unknown metric "words"`},
		{"rule metric no bounds", func(r *Response) { r.Suggestions[0].Rule.Metric = &profile.Metric{Name: "words_per_sentence"} }, 1, "needs at least one of target, min, max"},
		{"rule target outside bounds", func(r *Response) { r.Suggestions[0].Rule.Metric.Target = num(50) }, 1, "target 50 lies outside its own bounds"},
		{"rule min over max", func(r *Response) { r.Suggestions[0].Rule.Metric.Min = num(50) }, 1, "min 50 is greater than max 40"},
		{"rule phrase empty", func(r *Response) { r.Suggestions[1].Rule.Avoid = []string{" "} }, 2, "empty phrase in `avoid:`"},
		{"rule phrase twice", func(r *Response) { r.Suggestions[1].Rule.Avoid = []string{"a b", "A  b"} }, 2, "listed twice in `avoid:`"},
		{"rule phrase two lines", func(r *Response) { r.Suggestions[1].Rule.Prefer = []string{"a\nb"} }, 2, "rule.prefer phrase must be one line"},
		{"rule phrase too long", func(r *Response) { r.Suggestions[1].Rule.Prefer = []string{long(101)} }, 2, "rule.prefer phrase is 101 characters long; at most 100"},
		{"rule too many phrases", func(r *Response) {
			r.Suggestions[1].Rule.Avoid = nil
			for i := 0; i <= MaxPhrases; i++ {
				r.Suggestions[1].Rule.Avoid = append(r.Suggestions[1].Rule.Avoid, "p"+long(i%50)+string(rune('a'+i/50)))
			}
		}, 2, "rule.avoid has 101 phrases; at most 100"},
		{"rule text too long", func(r *Response) { r.Suggestions[0].Rule.Rule = long(1001) }, 1, "rule.rule is 1001 characters long"},
		{"rule text control", func(r *Response) { r.Suggestions[0].Rule.Rule = "a\x1b[31mb" }, 1, "rule.rule holds the control character U+001B"},
		{"rule note too long", func(r *Response) { r.Suggestions[1].Rule.Note = long(2001) }, 2, "rule.note is 2001 characters long"},
		{"summary empty", func(r *Response) { r.Suggestions[0].Summary = " \n" }, 1, "summary is empty"},
		{"summary two lines", func(r *Response) { r.Suggestions[0].Summary = "one\ntwo" }, 1, "summary must be one line"},
		{"summary carriage return", func(r *Response) { r.Suggestions[0].Summary = "one\rtwo" }, 1, "summary must be one line"},
		{"summary line separator", func(r *Response) { r.Suggestions[0].Summary = "one\u2028two" }, 1, "summary must be one line"},
		{"summary too long", func(r *Response) { r.Suggestions[0].Summary = long(201) }, 1, "summary is 201 characters long; at most 200"},
		{"summary invalid utf-8", func(r *Response) { r.Suggestions[0].Summary = "a\xffb" }, 1, "summary is not valid UTF-8"},
		{"evidence empty", func(r *Response) { r.Suggestions[1].Evidence = "" }, 2, "evidence is empty"},
		{"evidence too long", func(r *Response) { r.Suggestions[1].Evidence = long(8001) }, 2, "evidence is 8001 characters long; at most 8000"},
		{"evidence control", func(r *Response) { r.Suggestions[1].Evidence = "a\x00b" }, 2, "evidence holds the control character U+0000"},
		{"evidence crlf", func(r *Response) { r.Suggestions[1].Evidence = "a\r\nb" }, 2, "evidence holds the line separator U+000D"},
		{"signature empty", func(r *Response) { r.Suggestions[2].Signature = "" }, 3, "signature is empty"},
		{"signature two lines", func(r *Response) { r.Suggestions[2].Signature = "a\nb" }, 3, "signature must be one line"},
		{"signature spaces", func(r *Response) { r.Suggestions[2].Signature = "remove:old-rule " }, 3, "signature has spaces at its start or end"},
		{"signature too long", func(r *Response) { r.Suggestions[2].Signature = long(257) }, 3, "signature is 257 characters long; at most 256"},
		{"same rule file", func(r *Response) {
			s := r.Suggestions[2]
			s.ID, s.Layer, s.Signature = "no-in-conclusion", "genres/essay", "x"
			r.Suggestions[2] = s
		}, 3, "changes the same rule file as suggestion 2 (genres/essay/no-in-conclusion.yaml)"},
		{"same signature", func(r *Response) { r.Suggestions[2].Signature = "avoid:phrase:in conclusion" }, 3, `has the same signature as suggestion 2 ("avoid:phrase:in conclusion")`},
		{"too many", func(r *Response) {
			for len(r.Suggestions) <= MaxSuggestions {
				r.Suggestions = append(r.Suggestions, r.Suggestions[0])
			}
		}, 0, "101 suggestions; at most 100"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := validResponse()
			c.edit(r)
			check := func(how string, err error) {
				t.Helper()
				var inv *InvalidError
				if !errors.As(err, &inv) {
					t.Fatalf("%s: want *InvalidError, got %v", how, err)
				}
				if len(inv.Problems) != 1 {
					t.Fatalf("%s: want exactly one problem, got %d: %v", how, len(inv.Problems), err)
				}
				p := inv.Problems[0]
				if p.Index != c.index || !strings.Contains(p.Msg, c.want) {
					t.Fatalf("%s: got %+v\nwant index %d and %q", how, p, c.index, c.want)
				}
				if c.index > 0 && !strings.HasPrefix(err.Error(), "suggestion ") {
					t.Fatalf("%s: message does not name the suggestion: %v", how, err)
				}
			}
			data := mustJSON(t, r)
			check("Validate", r.Validate())
			_, err := DecodeResponse(data)
			if c.name == "summary invalid utf-8" {
				return // JSON cannot carry the byte; encoding replaced it, which the next check covers
			}
			check("DecodeResponse", err)
		})
	}
}

func TestProblemNamesSuggestion(t *testing.T) {
	r := validResponse()
	r.Suggestions[1].Summary = ""
	r.Suggestions[1].Layer = "hard-limits"
	err := r.Validate()
	want := "suggestion 2 (id no-in-conclusion): analyzers never propose hard limits: those are the person's to write; " +
		`use "preferences" or "genres/<genre>"; suggestion 2 (id no-in-conclusion): summary is empty`
	if err == nil || err.Error() != want {
		t.Fatalf("got  %v\nwant %s", err, want)
	}
	r = validResponse()
	r.Suggestions[0].ID, r.Suggestions[0].Rule.ID = "Bad Id", "Bad Id"
	if err := r.Validate(); err == nil || !strings.HasPrefix(err.Error(), `suggestion 1 (id "Bad Id"): `) {
		t.Fatalf("an id that is not a slug is quoted: %v", err)
	}
}

func TestManyProblemsAreCapped(t *testing.T) {
	r := validResponse()
	var more []Suggestion
	for i := 0; i < 20; i++ {
		s := r.Suggestions[2]
		s.Summary = ""
		s.Signature = strings.Repeat("s", i+1)
		s.ID = "r" + strings.Repeat("x", i)
		more = append(more, s)
	}
	r.Suggestions = more
	err := r.Validate()
	var inv *InvalidError
	if !errors.As(err, &inv) || len(inv.Problems) != 20 {
		t.Fatalf("want all 20 problems kept, got %v", err)
	}
	if !strings.HasSuffix(err.Error(), "; and 10 more problems") {
		t.Fatalf("message not capped: %v", err)
	}
	inv.Problems = inv.Problems[:shownProblems+1]
	if !strings.HasSuffix(inv.Error(), "; and 1 more problem") {
		t.Fatalf("one problem left out, not counted in the singular: %v", inv)
	}
}

func TestValidateCanonicalises(t *testing.T) {
	r := validResponse()
	r.Suggestions[0].Summary = "  Keep sentences around 22 words\n"
	r.Suggestions[0].Rule.Rule = "  Keep it short.  "
	r.Suggestions[1].Rule.Prefer = []string{}
	orig := r.Suggestions[0].Rule
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	if r.Suggestions[0].Summary != "Keep sentences around 22 words" || r.Suggestions[0].Rule.Rule != "Keep it short." {
		t.Fatalf("not trimmed: %+v", r.Suggestions[0])
	}
	if r.Suggestions[1].Rule.Prefer != nil {
		t.Fatalf("empty list not made nil: %#v", r.Suggestions[1].Rule.Prefer)
	}
	if orig.Rule != "  Keep it short.  " {
		t.Fatal("Validate changed the caller's rule value instead of replacing the pointer")
	}
}
