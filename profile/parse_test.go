package profile

import (
	"strings"
	"testing"
)

func TestParseRuleAccepts(t *testing.T) {
	src := `id: sentence-length
rule: Keep sentences around 22 words.
avoid: ["in order to"]
prefer:
  - so
metric: {name: words_per_sentence, target: 22, min: 8, max: 40}
boilerplate: [PUBLIUS]
note: |
  Long sentences lose readers.
`
	r, err := ParseRule("x.yaml", "sentence-length", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if r.ID != "sentence-length" || r.Rule != "Keep sentences around 22 words." {
		t.Errorf("id, rule = %q, %q", r.ID, r.Rule)
	}
	if len(r.Avoid) != 1 || r.Avoid[0] != "in order to" || len(r.Prefer) != 1 || r.Prefer[0] != "so" {
		t.Errorf("avoid, prefer = %q, %q", r.Avoid, r.Prefer)
	}
	if m := r.Metric; m == nil || m.Name != "words_per_sentence" || *m.Target != 22 || *m.Min != 8 || *m.Max != 40 {
		t.Errorf("metric = %+v", r.Metric)
	}
	if len(r.Boilerplate) != 1 || r.Boilerplate[0] != "PUBLIUS" {
		t.Errorf("boilerplate = %q", r.Boilerplate)
	}
	if back, err := ParseRule("x.yaml", r.ID, Format(r)); err != nil || len(back.Boilerplate) != 1 {
		t.Errorf("written and read back: %+v, %v", back, err)
	}
	if r.Note != "Long sentences lose readers." {
		t.Errorf("note = %q", r.Note)
	}
}

// Every schema error names file:line:col and says what to do.
func TestParseRuleErrors(t *testing.T) {
	tests := []struct {
		name, id, src, want string
	}{
		{"empty file", "x", "", "x.yaml: the file is empty"},
		{"only comments", "x", "# nothing\n", "x.yaml: the file is empty"},
		{"not yaml", "x", "id: x\nrule: [unclosed\n", "x.yaml:2:8: not valid YAML: did not find expected ',' or ']'"},
		{"not a mapping", "x", "- id: x\n", "x.yaml:1:1: a rule file must be a mapping"},
		{"two documents", "x", "id: x\nrule: a\n---\nid: y\nrule: b\n", "x.yaml:3:1: a second YAML document; one rule per file"},
		{"unknown field", "x", "id: x\nrule: a\navoids: [b]\n", `x.yaml:3:1: unknown field "avoids"; the fields are: id, rule, avoid, prefer, metric, boilerplate, usage, note`},
		{"repeated field", "x", "id: x\nrule: a\nrule: b\n", `x.yaml:3:1: field "rule" appears twice`},
		{"missing id", "x", "rule: a\n", "x.yaml:1:1: missing `id:`; add `id: x`"},
		{"empty id", "x", "id: \"\"\nrule: a\n", "x.yaml:1:5: `id:` is empty; set `id: x`"},
		{"id not the file name", "x", "id: y\nrule: a\n", `x.yaml:1:5: id "y" does not match the file name; rename the file to y.yaml or set ` + "`id: x`"},
		{"id with a slash", "x", "id: a/b\nrule: a\n", `x.yaml:1:5: id "a/b" is not a plain name: use lowercase letters, digits and dashes, e.g. "a-b"`},
		{"id with dots", "x", "id: ..\nrule: a\n", `x.yaml:1:5: id ".." is not a plain name`},
		{"id with a space", "x", "id: My Rule\nrule: a\n", `e.g. "my-rule"`},
		{"id uppercase", "x", "id: X\nrule: a\n", `id "X" is not a plain name`},
		{"missing rule", "x", "id: x\n", "x.yaml:1:1: missing `rule:`"},
		{"empty rule", "x", "id: x\nrule: \"  \"\n", "x.yaml:2:7: `rule:` is empty"},
		{"null rule", "x", "id: x\nrule:\n", "x.yaml:2:6: `rule:` must be text"},
		{"rule a list", "x", "id: x\nrule: [a]\n", "x.yaml:2:7: `rule:` must be text"},
		{"avoid not a list", "x", "id: x\nrule: a\navoid: b\n", "x.yaml:3:8: `avoid:` must be a list of phrases"},
		{"prefer of maps", "x", "id: x\nrule: a\nprefer: [{a: b}]\n", "x.yaml:3:10: `prefer:` must be text"},
		{"empty phrase", "x", "id: x\nrule: a\navoid: [\"\"]\n", "x.yaml:3:9: empty phrase in `avoid:`"},
		{"phrase twice", "x", "id: x\nrule: a\navoid: [So, so]\n", `x.yaml:3:13: phrase "so" is listed twice`},
		{"boilerplate not a list", "x", "id: x\nrule: a\nboilerplate: PUBLIUS\n", "x.yaml:3:14: `boilerplate:` must be a list of lines, e.g. boilerplate: [\"PUBLIUS\"]"},
		{"boilerplate line twice", "x", "id: x\nrule: a\nboilerplate: [PUBLIUS, Publius]\n", `x.yaml:3:24: line "Publius" is listed twice in ` + "`boilerplate:`"},
		{"usage not a map", "usage", "id: usage\nrule: a\nusage: 3\n", "usage.yaml:3:8: `usage:` must be a mapping"},
		{"usage without rates", "usage", "id: usage\nrule: a\nusage: {pieces: 3}\n", "usage.yaml:3:8: `usage:` needs `rates:`"},
		{"usage pieces not whole", "usage", "id: usage\nrule: a\nusage: {pieces: 2.5, rates: {}}\n", "usage.yaml:3:17: `usage.pieces:` must be a whole number"},
		{"usage rate not a pair", "usage", "id: usage\nrule: a\nusage:\n  rates:\n    the: 61\n", `usage.yaml:5:10: "the" in ` + "`usage.rates:` must be [mean, spread]"},
		{"usage spread below 0", "usage", "id: usage\nrule: a\nusage:\n  rates:\n    the: [61, -2]\n", "usage.yaml:5:15: `usage.rates.the spread` is -2, below 0"},
		{"usage item two words", "usage", "id: usage\nrule: a\nusage:\n  rates:\n    of the: [1, 1]\n", `usage.yaml:5:5: "of the" in ` + "`usage.rates:` is not one word in lower case"},
		{"usage item twice", "usage", "id: usage\nrule: a\nusage:\n  rates:\n    ';': [1, 1]\n    \";\": [2, 1]\n", `usage.yaml:6:5: ";" appears twice`},
		{"usage without pieces", "usage", "id: usage\nrule: a\nusage: {rates: {the: [1, 1]}}\n", "usage.yaml:3:8: `usage:` needs `pieces:`"},
		{"usage pieces past any collection", "usage", "id: usage\nrule: a\nusage: {pieces: 1e19, rates: {}}\n", "usage.yaml:3:17: `usage.pieces:` must be a whole number"},
		{"usage item a stop", "usage", "id: usage\nrule: a\nusage:\n  pieces: 3\n  rates:\n    '.': [40, 5]\n", `usage.yaml:6:5: "." in ` + "`usage.rates:` is not one word in lower case, nor one of the marks"},
		{"usage item capitalised", "usage", "id: usage\nrule: a\nusage:\n  pieces: 3\n  rates:\n    The: [40, 5]\n", `"The" in ` + "`usage.rates:` is not one word in lower case"},
		{"too big", "x", "id: x\nrule: a\nnote: " + strings.Repeat("a", MaxRuleBytes) + "\n", "x.yaml: the file is 1048597 bytes; a rule file holds at most 1048576"},
		{"usage beside a rule", "usage", "id: usage\nrule: a\navoid: [b]\nusage: {pieces: 3, rates: {the: [1, 1]}}\n", "usage.yaml:4:1: a rule file with `usage:` holds nothing else that is checked"},
		{"metric not a map", "x", "id: x\nrule: a\nmetric: 3\n", "x.yaml:3:9: `metric:` must be a mapping"},
		{"metric unknown name", "x", "id: x\nrule: a\nmetric: {name: words_per_line, max: 3}\n", `x.yaml:3:16: unknown metric "words_per_line"; one of: `},
		{"metric no name", "x", "id: x\nrule: a\nmetric: {max: 3}\n", "x.yaml:3:9: `metric:` needs a `name:`"},
		{"metric no numbers", "x", "id: x\nrule: a\nmetric: {name: words_per_sentence}\n", "x.yaml:3:9: `metric:` needs at least one of target, min, max"},
		{"metric text number", "x", "id: x\nrule: a\nmetric: {name: words_per_sentence, max: many}\n", "x.yaml:3:41: `metric.max:` must be a number"},
		{"metric min above max", "x", "id: x\nrule: a\nmetric: {name: words_per_sentence, min: 9, max: 3}\n", "x.yaml:3:36: metric min 9 is greater than max 3"},
		{"metric min above max, block", "x", "id: x\nrule: a\nmetric:\n  name: words_per_sentence\n  max: 3\n  min: 30\n", "x.yaml:6:3: metric min 30 is greater than max 3"},
		{"metric target outside", "x", "id: x\nrule: a\nmetric: {name: words_per_sentence, target: 50, max: 40}\n", "x.yaml:3:36: metric target 50 lies outside its own bounds"},
		{"metric unknown key", "x", "id: x\nrule: a\nmetric: {name: words_per_sentence, mx: 3}\n", `x.yaml:3:36: unknown field "mx"; the fields are: name, target, min, max`},
		{"metric infinite", "x", "id: x\nrule: a\nmetric: {name: words_per_sentence, max: .inf}\n", "must be a number"},
		{"metric max negative", "x", "id: x\nrule: a\nmetric:\n  name: words_per_sentence\n  max: -3\n",
			"x.yaml:5:8: `max: -3` is below 0, and words_per_sentence counts words, never fewer than 0; set max to 0 or more"},
		{"metric target negative", "x", "id: x\nrule: a\nmetric: {name: em_dashes_per_1k_words, target: -5}\n",
			"x.yaml:3:48: `target: -5` is below 0, and em_dashes_per_1k_words counts em dashes per 1,000 words"},
		{"metric min negative", "x", "id: x\nrule: a\nmetric: {name: words_per_piece, min: -0.5, max: 900}\n",
			"x.yaml:3:38: `min: -0.5` is below 0"},
		{"note a map", "x", "id: x\nrule: a\nnote: {a: b}\n", "x.yaml:3:7: `note:` must be text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseRule(tt.id+".yaml", tt.id, []byte(tt.src))
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error:\n%v\nwant it to contain:\n%s", err, tt.want)
			}
		})
	}
}

// All problems of a file are reported at once.
func TestParseRuleReportsEveryProblem(t *testing.T) {
	_, err := ParseRule("x.yaml", "x", []byte("id: y\nrule: a\navoids: [b]\nmetric: {name: nope, max: 1}\n"))
	es, ok := err.(Errors)
	if !ok || len(es) != 3 {
		t.Fatalf("got %v, want three problems", err)
	}
}

func TestIsSlug(t *testing.T) {
	for s, want := range map[string]bool{
		"essay": true, "product-tech": true, "a1": true, "2026": true,
		"": false, "-a": false, "a/b": false, "..": false, "a b": false, "Essay": false, "a_b": false,
		strings.Repeat("a", 64): true, strings.Repeat("a", 65): false,
	} {
		if IsSlug(s) != want {
			t.Errorf("IsSlug(%q) = %v, want %v", s, !want, want)
		}
	}
}

func TestSlugify(t *testing.T) {
	for in, want := range map[string]string{
		"Product Tech": "product-tech", "  essay ": "essay", "A/B..c": "a-b-c", "---": "", "Été": "t",
	} {
		if got := Slugify(in); got != want {
			t.Errorf("Slugify(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCheck(t *testing.T) {
	ok := Rule{ID: "x", Rule: "Say it.", Prefer: []string{"so"}}
	if err := Check(ok, "suggestion x"); err != nil {
		t.Errorf("valid rule refused: %v", err)
	}
	tests := []struct {
		r    Rule
		want string
	}{
		{Rule{ID: "../x", Rule: "a"}, `suggestion: id "../x" is not a plain name`},
		{Rule{ID: "x", Rule: " "}, "suggestion: `rule:` is empty"},
		{Rule{ID: "x", Rule: "a", Avoid: []string{""}}, "suggestion: empty phrase in `avoid:`"},
		{Rule{ID: "x", Rule: "a", Metric: &Metric{Name: "nope", Max: new(float64)}}, `suggestion: unknown metric "nope"`},
		{Rule{ID: "x", Rule: "a", Metric: &Metric{Name: "words_per_sentence"}}, "needs at least one of target, min, max"},
	}
	for _, tt := range tests {
		err := Check(tt.r, "suggestion")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Check(%+v) = %v, want %q", tt.r, err, tt.want)
		}
	}
}

// No metric sw knows can measure below 0, so a negative number is refused
// on every one of them, and 0 is taken on every one.
func TestParseRuleMetricFloor(t *testing.T) {
	for _, m := range MetricKinds() {
		zero := "id: x\nrule: a\nmetric: {name: " + m.Name + ", target: 0, min: 0, max: 0}\n"
		if _, err := ParseRule("x.yaml", "x", []byte(zero)); err != nil {
			t.Errorf("%s at 0: %v", m.Name, err)
		}
		below := "id: x\nrule: a\nmetric: {name: " + m.Name + ", max: -1}\n"
		if _, err := ParseRule("x.yaml", "x", []byte(below)); err == nil || !strings.Contains(err.Error(), "is below 0") {
			t.Errorf("%s below 0: %v, want it refused", m.Name, err)
		}
	}
}
