package analyze

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"sw/profile"
)

// A valid one-suggestion answer as text, so each case can break its JSON.
const oneSuggestion = `{"suggestions": [{
  "id": "x", "layer": "preferences",
  "rule": {"id": "x", "rule": "Keep it short.", "avoid": ["a"], "prefer": [], "metric": {"name": "words_per_sentence", "target": 20, "min": null}, "note": "why"},
  "summary": "s", "evidence": "e", "signature": "sig"}]}`

func TestDecodeStrict(t *testing.T) {
	edit := func(old, new string) string {
		if !strings.Contains(oneSuggestion, old) {
			panic("test case does not apply: " + old)
		}
		return strings.Replace(oneSuggestion, old, new, 1)
	}
	cases := []struct {
		name, data string
		index      int
		want       string
	}{
		{"empty", "  \n", 0, `the answer is empty; an analyzer with nothing to suggest answers {"suggestions": []}`},
		{"garbage", "Hello, world\n", 0, `not valid JSON (invalid character 'H' looking for beginning of value); it begins "Hello, world"`},
		{"truncated", `{"suggestions": [`, 0, "not valid JSON (unexpected end of JSON input)"},
		{"trailing data", `{"suggestions": []} {}`, 0, "not valid JSON (invalid character '{' after top-level value)"},
		{"not an object", `[]`, 0, "the answer must be an object, not a list"},
		{"missing suggestions", `{}`, 0, `missing "suggestions"`},
		{"null suggestions", `{"suggestions": null}`, 0, `"suggestions" must be a list, not null`},
		{"unknown top field", `{"suggestions": [], "extra": 1}`, 0, `unknown field "extra"; the fields are suggestions`},
		{"top field case", `{"Suggestions": []}`, 0, `unknown field "Suggestions"; did you mean "suggestions"?`},
		{"top field twice", `{"suggestions": [], "suggestions": []}`, 0, `field "suggestions" appears twice`},
		{"suggestion not object", `{"suggestions": ["x"]}`, 1, "a suggestion must be an object, not a string"},
		{"unknown suggestion field", edit(`"summary": "s"`, `"summary": "s", "title": "t"`), 1, `unknown field "title"; the fields are id, layer, rule, summary, evidence, signature, weight, measured`},
		{"suggestion field case", edit(`"id": "x", "layer"`, `"ID": "x", "layer"`), 1, `unknown field "ID"; did you mean "id"?`},
		{"weight a string", edit(`, "signature": "sig"`, `, "signature": "sig", "weight": "heavy"`), 1, `"weight" must be a number, not a string`},
		{"weight below zero", edit(`, "signature": "sig"`, `, "signature": "sig", "weight": -1`), 1, `weight must be a number of 0 or more (0: unweighted)`},
		{"measured missing a field", edit(`, "signature": "sig"`, `, "signature": "sig", "measured": {"pieces": 3, "value": 2, "low": 1}`), 1, `missing "measured.high"`},
		{"measured unknown field", edit(`, "signature": "sig"`, `, "signature": "sig", "measured": {"pieces": 3, "value": 2, "low": 1, "high": 3, "mean": 2}`), 1, `unknown field "measured.mean"`},
		{"measured half a piece", edit(`, "signature": "sig"`, `, "signature": "sig", "measured": {"pieces": 2.5, "value": 2, "low": 1, "high": 3}`), 1, `"measured.pieces" must be a whole number of pieces`},
		{"measured outside its band", edit(`, "signature": "sig"`, `, "signature": "sig", "measured": {"pieces": 3, "value": 4, "low": 1, "high": 3}`), 1, `measured needs pieces of 1 or more and low <= value <= high`},
		{"suggestion field twice", edit(`"summary": "s"`, `"summary": "s", "summary": "t"`), 1, `field "summary" appears twice`},
		{"missing id", edit(`"id": "x", "layer"`, `"layer"`), 1, `missing "id"`},
		{"missing layer", edit(`"layer": "preferences",`, ``), 1, `missing "layer"`},
		{"missing summary", edit(`"summary": "s", `, ``), 1, `missing "summary"`},
		{"missing evidence", edit(`"evidence": "e", `, ``), 1, `missing "evidence"`},
		{"missing signature", edit(`, "signature": "sig"`, ``), 1, `missing "signature"`},
		{"id a number", edit(`"id": "x", "layer"`, `"id": 7, "layer"`), 1, `"id" must be a string, not a number`},
		{"summary null", edit(`"summary": "s"`, `"summary": null`), 1, `"summary" must be a string, not null`},
		{"missing rule", edit(`"rule": {"id": "x", "rule": "Keep it short.", "avoid": ["a"], "prefer": [], "metric": {"name": "words_per_sentence", "target": 20, "min": null}, "note": "why"},`, ``), 1, `missing "rule": give the rule, or null to remove it`},
		{"rule field case", edit(`"rule": {"id"`, `"Rule": {"id"`), 1, `unknown field "Rule"; did you mean "rule"?`},
		{"rule text case", edit(`"rule": "Keep it short."`, `"RULE": "Keep it short."`), 1, `unknown field "rule.RULE"; did you mean "rule.rule"?`},
		{"rule a string", edit(`"rule": {"id": "x", "rule": "Keep it short.", "avoid": ["a"], "prefer": [], "metric": {"name": "words_per_sentence", "target": 20, "min": null}, "note": "why"}`, `"rule": "Keep it short."`), 1, `"rule" must be an object, not a string`},
		{"unknown rule field", edit(`"note": "why"`, `"note": "why", "layer": "preferences"`), 1, `unknown field "rule.layer"; the fields are id, rule, avoid, prefer, metric, boilerplate, usage, note`},
		{"note field case", edit(`"note": "why"`, `"Note": "why"`), 1, `unknown field "rule.Note"; did you mean "rule.note"?`},
		{"rule field twice", edit(`"note": "why"`, `"note": "why", "note": "again"`), 1, `field "rule.note" appears twice`},
		{"rule missing id", edit(`{"id": "x", "rule": "Keep`, `{"rule": "Keep`), 1, `missing "rule.id"`},
		{"rule missing text", edit(`"rule": "Keep it short.", `, ``), 1, `missing "rule.rule"`},
		{"avoid not a list", edit(`"avoid": ["a"]`, `"avoid": "a"`), 1, `"rule.avoid" must be a list of strings, not a string`},
		{"avoid holds null", edit(`"avoid": ["a"]`, `"avoid": ["a", null]`), 1, `"rule.avoid" must be a list of strings; it holds null`},
		{"note a list", edit(`"note": "why"`, `"note": ["why"]`), 1, `"rule.note" must be a string, not a list`},
		{"metric a string", edit(`"metric": {"name": "words_per_sentence", "target": 20, "min": null}`, `"metric": "words_per_sentence"`), 1, `"rule.metric" must be an object, not a string`},
		{"unknown metric field", edit(`"min": null`, `"mean": 3`), 1, `unknown field "rule.metric.mean"; the fields are name, target, min, max`},
		{"metric missing name", edit(`"name": "words_per_sentence", `, ``), 1, `missing "rule.metric.name"`},
		{"target a string", edit(`"target": 20`, `"target": "20"`), 1, `"rule.metric.target" must be a number, not a string`},
		{"target too big", edit(`"target": 20`, `"target": 1e400`), 1, `"rule.metric.target" is not a number sw can hold (1e400)`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := oneProblem(t, c.data)
			if p.Index != c.index || !strings.Contains(p.Msg, c.want) {
				t.Fatalf("got %+v\nwant index %d and %q", p, c.index, c.want)
			}
		})
	}
}

func TestDecodeRuleNullVersusMissing(t *testing.T) {
	resp, err := DecodeResponse([]byte(`{"suggestions": [{"id": "x", "layer": "genres/essay", "rule": null, "summary": "Remove x", "evidence": "e", "signature": "remove:x"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	s := resp.Suggestions[0]
	if s.Rule != nil || s.Path("profile") != "profile/genres/essay/x.yaml" {
		t.Fatalf("null rule: got %+v", s)
	}
	if _, err := DecodeResponse([]byte(`{"suggestions": [{"id": "x", "layer": "genres/essay", "summary": "Remove x", "evidence": "e", "signature": "remove:x"}]}`)); err == nil {
		t.Fatal("a missing rule was taken")
	}
}

func TestDecodeEmptyAndOptional(t *testing.T) {
	resp, err := DecodeResponse([]byte("{\"suggestions\": []}\n"))
	if err != nil || resp.Suggestions == nil || len(resp.Suggestions) != 0 {
		t.Fatalf("empty answer: %#v, %v", resp, err)
	}
	// Optional rule parts may be missing or null.
	resp, err = DecodeResponse([]byte(`{"suggestions": [{"id": "x", "layer": "preferences", "rule": {"id": "x", "rule": "Be brief.", "avoid": null, "metric": null, "note": null}, "summary": "s", "evidence": "e", "signature": "sig"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if r := resp.Suggestions[0].Rule; r.Avoid != nil || r.Prefer != nil || r.Metric != nil || r.Note != "" {
		t.Fatalf("optional parts: %#v", r)
	}
}

// Problems found while reading and while validating are reported together,
// in suggestion order, and a field already reported is not reported again.
func TestDecodeReportsEverything(t *testing.T) {
	data := `{"suggestions": [
	  {"id": "a", "layer": "hard-limits", "rule": null, "summary": "s", "evidence": "e", "signature": "sig-a", "extra": 1},
	  {"id": 2, "layer": "preferences", "rule": {"id": "b", "rule": "x", "color": "red"}, "summary": "two\nlines", "evidence": "e", "signature": "sig-a"}
	]}`
	_, err := DecodeResponse([]byte(data))
	var inv *InvalidError
	if !errors.As(err, &inv) {
		t.Fatal(err)
	}
	var got []string
	for _, p := range inv.Problems {
		got = append(got, p.String())
	}
	want := []string{
		`suggestion 1 (id a): unknown field "extra"; the fields are id, layer, rule, summary, evidence, signature, weight, measured`,
		`suggestion 1 (id a): analyzers never propose hard limits: those are the person's to write; use "preferences" or "genres/<genre>"`,
		`suggestion 2: "id" must be a string, not a number`,
		`suggestion 2: unknown field "rule.color"; the fields are id, rule, avoid, prefer, metric, boilerplate, usage, note`,
		`suggestion 2: summary must be one line`,
		`suggestion 2: has the same signature as suggestion 1 ("sig-a"); a signature names one change`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestDecodeTooManyIsOneProblem(t *testing.T) {
	data := `{"suggestions": [` + strings.TrimSuffix(strings.Repeat(`{"bad": 1},`, MaxSuggestions+1), ",") + `]}`
	_, err := DecodeResponse([]byte(data))
	var inv *InvalidError
	if !errors.As(err, &inv) || len(inv.Problems) != 1 || !strings.Contains(err.Error(), "101 suggestions; at most 100") {
		t.Fatalf("got %v", err)
	}
}

// A bad id does not hide what else is wrong with the rule.
func TestBadIDDoesNotHideRule(t *testing.T) {
	_, err := DecodeResponse([]byte(`{"suggestions": [{"id": 7, "layer": "preferences", "rule": {"id": "x", "rule": "r", "metric": {"name": "words_per_sentence"}}, "summary": "s", "evidence": "e", "signature": "g"}]}`))
	if err == nil || !strings.Contains(err.Error(), `"id" must be a string`) || !strings.Contains(err.Error(), "needs at least one of target, min, max") {
		t.Fatalf("got %v", err)
	}
}

// The example answer kept for analyzer authors must stay valid.
func TestExampleAnswer(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "analyzer", "answer.json"))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := DecodeResponse(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Suggestions) != 3 || resp.Suggestions[2].Rule != nil || resp.Suggestions[1].Path("profile") != "profile/genres/essay/no-in-conclusion.yaml" {
		t.Fatalf("got %+v", resp)
	}
}

// A valid answer proposing a usage measure, as text so each case can break
// its JSON.
const usageAnswer = `{"suggestions": [{"id": "usage", "layer": "preferences",
  "rule": {"id": "usage", "rule": "How often you use common words.",
    "usage": {"pieces": 3, "typical": 0.5, "rates": [{"item": "the", "mean": 61.2, "spread": 8.1}, {"item": ";", "mean": 3, "spread": 1}]}},
  "summary": "Measure usage", "evidence": "3 pieces", "signature": "usage"}]}`

// An external analyzer may propose a usage measure in the shape `sw
// profile show --json` prints it. A misshapen one is refused with one
// problem that names the field by its path, held to the same spelling as
// the rest of the answer (encoding/json would take "Typical" for
// "typical" and let a repeated field win); ranges and items are the
// rule-file schema's to refuse.
func TestDecodeUsage(t *testing.T) {
	want := &Response{Suggestions: []Suggestion{{ID: "usage", Layer: "preferences", Summary: "Measure usage", Evidence: "3 pieces", Signature: "usage",
		Rule: &profile.Rule{ID: "usage", Rule: "How often you use common words.",
			Usage: &profile.Usage{Pieces: 3, Typical: 0.5, Rates: []profile.Rate{{Item: "the", Mean: 61.2, Spread: 8.1}, {Item: ";", Mean: 3, Spread: 1}}}}}}}
	for _, data := range [][]byte{[]byte(usageAnswer), mustJSON(t, want)} {
		got, err := DecodeResponse(data)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("decoded %+v", got.Suggestions[0].Rule.Usage)
		}
	}
	// A measure without rates is written back with "rates": null, so null
	// is taken for none, as [] is.
	for _, none := range []string{`"rates": null`, `"rates": []`} {
		got, err := DecodeResponse([]byte(strings.Replace(usageAnswer, `"rates": [{"item": "the", "mean": 61.2, "spread": 8.1}, {"item": ";", "mean": 3, "spread": 1}]`, none, 1)))
		if err != nil || got.Suggestions[0].Rule.Usage.Rates != nil {
			t.Errorf("%s: %+v, %v", none, got, err)
		}
	}

	edit := func(old, new string) string {
		if !strings.Contains(usageAnswer, old) {
			panic("test case does not apply: " + old)
		}
		return strings.Replace(usageAnswer, old, new, 1)
	}
	cases := []struct{ name, data, want string }{
		{"usage a list", edit(`"usage": {"pieces": 3, "typical": 0.5, "rates": [{"item": "the", "mean": 61.2, "spread": 8.1}, {"item": ";", "mean": 3, "spread": 1}]}`, `"usage": []`),
			`"rule.usage" must be an object, not a list`},
		{"usage field case", edit(`"typical"`, `"Typical"`),
			`unknown field "rule.usage.Typical"; did you mean "rule.usage.typical"? field names are lowercase`},
		{"rate field case", edit(`"item": "the"`, `"ITEM": "the"`),
			`unknown field "rule.usage.rates[0].ITEM"; did you mean "rule.usage.rates[0].item"? field names are lowercase`},
		{"usage field twice", edit(`"pieces": 3`, `"pieces": 3, "pieces": 4`),
			`field "rule.usage.pieces" appears twice; keep one`},
		{"rate field twice", edit(`"mean": 3`, `"mean": 3, "mean": 4`),
			`field "rule.usage.rates[1].mean" appears twice; keep one`},
		{"unknown usage field", edit(`"pieces": 3`, `"pieces": 3, "words": 900`),
			`unknown field "rule.usage.words"; the fields are pieces, typical, rates`},
		{"unknown rate field", edit(`"spread": 8.1`, `"spread": 8.1, "sd": 8.1`),
			`unknown field "rule.usage.rates[0].sd"; the fields are item, mean, spread`},
		{"rate not an object", edit(`{"item": ";", "mean": 3, "spread": 1}`, `";"`),
			`"rule.usage.rates[1]" must be an object, not a string`},
		{"rates as the rule file has them", edit(`[{"item": "the", "mean": 61.2, "spread": 8.1}, {"item": ";", "mean": 3, "spread": 1}]`, `{"the": [61.2, 8.1]}`),
			`"rule.usage.rates" must be a list of {"item", "mean", "spread"}, not an object`},
		{"pieces not whole", edit(`"pieces": 3`, `"pieces": 2.5`),
			`"rule.usage.pieces" must be a whole number of pieces, at least 1, not 2.5`},
		{"pieces 0", edit(`"pieces": 3`, `"pieces": 0`),
			`"rule.usage.pieces" must be a whole number of pieces, at least 1, not 0`},
		{"pieces past an int", edit(`"pieces": 3`, `"pieces": 1e12`),
			`"rule.usage.pieces" is 1e+12 pieces; sw counts at most 2147483647`},
		{"pieces a string", edit(`"pieces": 3`, `"pieces": "3"`),
			`"rule.usage.pieces" must be a number, not a string`},
		{"typical null", edit(`"typical": 0.5`, `"typical": null`),
			`"rule.usage.typical" must be a number, not null`},
		{"missing rates", edit(`, "rates": [{"item": "the", "mean": 61.2, "spread": 8.1}, {"item": ";", "mean": 3, "spread": 1}]`, ``),
			`missing "rule.usage.rates"`},
		{"missing spread", edit(`, "spread": 1`, ``),
			`missing "rule.usage.rates[1].spread"`},
		{"item a number", edit(`"item": ";"`, `"item": 59`),
			`"rule.usage.rates[1].item" must be a string, not a number`},
		{"mean too big", edit(`"mean": 61.2`, `"mean": 1e400`),
			`"rule.usage.rates[0].mean" is not a number sw can hold (1e400)`},
		// The rule-file schema's checks, reached once the shape is right.
		{"negative spread", edit(`"spread": 8.1`, `"spread": -8.1`),
			"rule: `usage.rates.the spread` is -8.1, below 0"},
		{"item not a word", edit(`"item": "the"`, `"item": "The end"`),
			`rule: "The end" in ` + "`usage.rates:`" + ` is not one word in lower case`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if p := oneProblem(t, c.data); p.Index != 1 || !strings.HasPrefix(p.Msg, c.want) {
				t.Fatalf("got %+v\nwant suggestion 1 and %q", p, c.want)
			}
		})
	}
}

// oneProblem decodes data, which must be refused for exactly one problem,
// and returns that problem.
func oneProblem(t *testing.T, data string) Problem {
	t.Helper()
	resp, err := DecodeResponse([]byte(data))
	var inv *InvalidError
	if !errors.As(err, &inv) || resp != nil {
		t.Fatalf("want *InvalidError and no response, got %v, %v", resp, err)
	}
	if len(inv.Problems) != 1 {
		t.Fatalf("want exactly one problem, got %d: %v", len(inv.Problems), err)
	}
	return inv.Problems[0]
}
