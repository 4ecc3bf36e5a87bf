package check

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"sw/profile"
)

// snippet: sentences of 3, 6 and 4 words; paragraphs of 2 sentences (9
// words) and 1 (4 words); 13 words in all. The second sentence starts at
// 1:16.
const snippet = "One two three. One two three four five six.\n\nAlpha beta gamma delta.\n"

// repeat makes n one-line paragraphs of the sentence s.
func repeat(s string, n int) string {
	return strings.Repeat(s+"\n\n", n)
}

func TestFindings(t *testing.T) {
	for _, tc := range []struct {
		name     string
		src      string
		rule     profile.Sourced
		errors   []string // "line:col message"
		warnings []string
	}{
		{
			name:   "hard limit: unit over the max is an error at the unit",
			src:    snippet,
			rule:   hard(profile.Rule{ID: "short", Metric: metric("words_per_sentence", none, none, 4)}),
			errors: []string{"1:16 sentence of 6 words; hard limit short allows at most 4"},
		},
		{
			name:     "preference: the same is a warning",
			src:      snippet,
			rule:     pref(profile.Rule{ID: "short", Metric: metric("words_per_sentence", none, none, 4)}),
			warnings: []string{"1:16 sentence of 6 words; preference short asks for at most 4"},
		},
		{
			name:     "genre rule: a warning naming the genre",
			src:      snippet,
			rule:     genreRule(profile.Rule{ID: "short", Metric: metric("words_per_sentence", none, 4, 5)}),
			warnings: []string{"1:1 sentence of 3 words; essay rule short asks for 4 to 5", "1:16 sentence of 6 words; essay rule short asks for 4 to 5"},
		},
		{
			name:   "hard limit: paragraphs under the min",
			src:    snippet,
			rule:   hard(profile.Rule{ID: "paras", Metric: metric("sentences_per_paragraph", none, 2, none)}),
			errors: []string{"3:1 paragraph of 1 sentence; hard limit paras allows at least 2"},
		},
		{
			name:   "hard limit: piece value outside its bounds, at the first word",
			src:    "\n\n   " + snippet,
			rule:   hard(profile.Rule{ID: "long", Metric: metric("words_per_piece", none, 20, none)}),
			errors: []string{"3:4 the piece has 13 words; hard limit long allows at least 20"},
		},
		{
			name:     "hard limit: a rate outside its bounds",
			src:      "Why? Why not? Fine.\n",
			rule:     hard(profile.Rule{ID: "calm", Metric: metric("questions_per_1k_words", none, none, 100)}),
			errors:   []string{"1:1 questions run at 500 per 1,000 words; hard limit calm allows at most 100"},
			warnings: nil,
		},
		{
			name:   "hard limit: every avoided phrase found is an error, case-insensitive",
			src:    snippet,
			rule:   hard(profile.Rule{ID: "no-one-two", Avoid: []string{"one TWO", "delta"}}),
			errors: []string{"1:1 uses \"one TWO\", which hard limit no-one-two avoids", "1:16 uses \"one TWO\", which hard limit no-one-two avoids", "3:18 uses \"delta\", which hard limit no-one-two avoids"},
		},
		{
			name: "hard limit: avoided phrases match whole words only",
			src:  "Utilized, utilizes, reutilize.\n",
			rule: hard(profile.Rule{ID: "plain", Avoid: []string{"utilize"}}),
		},
		{
			name:     "preference: avoided phrase is a warning",
			src:      snippet,
			rule:     pref(profile.Rule{ID: "greek", Avoid: []string{"gamma"}}),
			warnings: []string{"3:12 uses \"gamma\", which preference greek avoids"},
		},
		{
			name:     "hard limit: target drift is only a warning",
			src:      snippet,
			rule:     hard(profile.Rule{ID: "mid", Metric: metric("words_per_sentence", 3, none, none)}),
			warnings: []string{"1:1 the median sentence has 4 words; hard limit mid aims for about 3"},
		},
		{
			name: "target within the tolerance: no warning",
			src:  snippet, // median 4; target 5, no min: scale 2.5, 1 away
			rule: pref(profile.Rule{ID: "mid", Metric: metric("words_per_sentence", 5, none, none)}),
		},
		{
			name: "tolerance is half the scale: exactly half way is still within",
			src:  snippet, // median 4; target 6, min 2: scale 4, 2 away
			rule: pref(profile.Rule{ID: "mid", Metric: metric("words_per_sentence", 6, 2, none)}),
		},
		{
			name:     "tolerance is half the scale: past half way strays",
			src:      snippet, // median 4; target 6, min 2.1: scale 3.9, 2 away
			rule:     pref(profile.Rule{ID: "mid", Metric: metric("words_per_sentence", 6, 2.1, none)}),
			warnings: []string{"1:1 the median sentence has 4 words; preference mid aims for about 6"},
		},
		{
			name:     "per-piece target drift",
			src:      "Why? Why not? Fine.\n", // 500 questions per 1,000 words
			rule:     pref(profile.Rule{ID: "ask", Metric: metric("questions_per_1k_words", 100, none, none)}),
			warnings: []string{"1:1 questions run at 500 per 1,000 words; preference ask aims for about 100"},
		},
		{
			name:     "per-piece value outside the bounds is not reported again as drift",
			src:      "Why? Why not? Fine.\n",
			rule:     pref(profile.Rule{ID: "ask", Metric: metric("questions_per_1k_words", 10, none, 20)}),
			warnings: []string{"1:1 questions run at 500 per 1,000 words; preference ask asks for at most 20"},
		},
		{
			name: "per-piece value inside the bound on its side: within the writer's range, no drift",
			src:  "Why? Why not? Fine.\n", // 500 per 1,000 words; target 100, at most 600
			rule: pref(profile.Rule{ID: "ask", Metric: metric("questions_per_1k_words", 100, none, 600)}),
		},
		{
			name: "per-piece value inside the lower bound: within the writer's range, no drift",
			src:  "Why? Why not? Fine.\n", // 500 per 1,000 words; target 900, at least 400
			rule: pref(profile.Rule{ID: "ask", Metric: metric("questions_per_1k_words", 900, 400, none)}),
		},
		{
			name:     "per-piece drift below the target with only a max set is still reported",
			src:      "Why? Why not? Fine.\n", // 500 per 1,000 words; target 900, at most 1000
			rule:     pref(profile.Rule{ID: "ask", Metric: metric("questions_per_1k_words", 900, none, 1000)}),
			warnings: []string{"1:1 questions run at 500 per 1,000 words; preference ask aims for about 900"},
		},
		{
			name:     "per-piece drift toward the side with no bound is still reported",
			src:      "Why? Why not? Fine.\n", // 500 per 1,000 words; target 100, at least 50
			rule:     pref(profile.Rule{ID: "ask", Metric: metric("questions_per_1k_words", 100, 50, none)}),
			warnings: []string{"1:1 questions run at 500 per 1,000 words; preference ask aims for about 100"},
		},
		{
			name:     "prefer: none of several phrases used",
			src:      snippet,
			rule:     pref(profile.Rule{ID: "greek", Prefer: []string{"omega", "Zeta"}}),
			warnings: []string{"1:1 uses none of \"omega\", \"Zeta\"; preference greek prefers at least one"},
		},
		{
			name:     "prefer: the one phrase not used",
			src:      snippet,
			rule:     hard(profile.Rule{ID: "greek", Prefer: []string{"omega"}}),
			warnings: []string{"1:1 does not use \"omega\", which hard limit greek prefers"},
		},
		{
			name: "prefer: one of them used is enough",
			src:  snippet,
			rule: pref(profile.Rule{ID: "greek", Prefer: []string{"omega", "beta gamma"}}),
		},
		{
			name: "a rule with only a sentence gives nothing",
			src:  snippet,
			rule: hard(profile.Rule{ID: "kind", Rule: "Be kind."}),
		},
		{
			name:     "an unknown metric is reported, not checked",
			src:      snippet,
			rule:     hard(profile.Rule{ID: "odd", Metric: metric("syllables_per_word", 2, none, 3)}),
			warnings: []string{"1:1 metric \"syllables_per_word\" is unknown to this version of sw; hard limit odd is not checked"},
		},
		{
			name: "a metric with no units is skipped",
			src:  "# Only a heading\n",
			rule: hard(profile.Rule{ID: "short", Metric: metric("words_per_sentence", 10, 5, 20)}),
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := Piece("a.md", []byte(tc.src), "essay", resolved(tc.rule))
			equalFindings(t, "errors", res.Errors, tc.errors, tc.rule.ID)
			equalFindings(t, "warnings", res.Warnings, tc.warnings, tc.rule.ID)
			if res.HasErrors() != (len(tc.errors) > 0) {
				t.Errorf("HasErrors() = %v", res.HasErrors())
			}
			// sw check starts the parse before the profile is resolved.
			early := StartParsing("a.md", []byte(tc.src)).Check("essay", resolved(tc.rule))
			if !reflect.DeepEqual(early, res) {
				t.Errorf("a parse started early gives\n%+v\nnot\n%+v", early, res)
			}
		})
	}
}

func equalFindings(t *testing.T, what string, got []Finding, want []string, rule string) {
	t.Helper()
	var lines []string
	for _, f := range got {
		if f.Rule != rule {
			t.Errorf("%s: finding of rule %q, want %q", what, f.Rule, rule)
		}
		lines = append(lines, fmt.Sprintf("%d:%d %s", f.Line, f.Col, f.Message))
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s:\n got %q\nwant %q", what, lines, want)
	}
}

func TestWarningCap(t *testing.T) {
	src := repeat("One two three four five six.", 15) // 15 paragraphs, lines 1, 3, 5, ...
	t.Run("units", func(t *testing.T) {
		res := Piece("a.md", []byte(src), "essay", resolved(pref(profile.Rule{ID: "short", Metric: metric("words_per_sentence", none, none, 4)})))
		if len(res.Warnings) != WarningsPerRule+1 {
			t.Fatalf("%d warnings, want %d", len(res.Warnings), WarningsPerRule+1)
		}
		for i, w := range res.Warnings[:WarningsPerRule] {
			if w.Line != 2*i+1 || w.Col != 1 {
				t.Errorf("warning %d at %d:%d, want %d:1", i, w.Line, w.Col, 2*i+1)
			}
		}
		last := res.Warnings[WarningsPerRule]
		want := "5 more sentences over 4 words from here on; only the first 10 are listed"
		if last.Line != 21 || last.Message != want {
			t.Errorf("last warning %d:%d %q, want 21:1 %q", last.Line, last.Col, last.Message, want)
		}
	})
	t.Run("phrases and units together, in file order", func(t *testing.T) {
		rule := pref(profile.Rule{ID: "mixed", Avoid: []string{"three"}, Metric: metric("words_per_sentence", none, none, 4)})
		res := Piece("a.md", []byte(src), "essay", resolved(rule))
		if len(res.Warnings) != WarningsPerRule+1 {
			t.Fatalf("%d warnings, want %d", len(res.Warnings), WarningsPerRule+1)
		}
		// Each line has a long sentence at col 1 and "three" at col 9:
		// the first ten are lines 1 to 9, the eleventh is line 11's sentence.
		if w := res.Warnings[9]; w.Line != 9 || w.Col != 9 {
			t.Errorf("tenth warning at %d:%d, want 9:9", w.Line, w.Col)
		}
		last := res.Warnings[WarningsPerRule]
		want := "10 more sentences over 4 words and 10 more uses of avoided phrases from here on; only the first 10 are listed"
		if last.Line != 11 || last.Col != 1 || last.Message != want {
			t.Errorf("last warning %d:%d %q, want 11:1 %q", last.Line, last.Col, last.Message, want)
		}
	})
	t.Run("one left out is counted in the singular", func(t *testing.T) {
		one := repeat("One two three four five six.", WarningsPerRule+1)
		cases := []struct {
			rule profile.Rule
			want string
		}{
			{profile.Rule{ID: "short", Metric: metric("words_per_sentence", none, none, 4)},
				"1 more sentence over 4 words from here on"},
			{profile.Rule{ID: "long", Metric: metric("words_per_sentence", none, 8, none)},
				"1 more sentence under 8 words from here on"},
			{profile.Rule{ID: "mid", Metric: metric("words_per_sentence", none, 1, 4)},
				"1 more sentence outside 1 to 4 words from here on"},
			{profile.Rule{ID: "single", Metric: metric("sentences_per_paragraph", none, 2, none)},
				"1 more paragraph under 2 sentences from here on"},
			{profile.Rule{ID: "few", Metric: metric("sentences_per_paragraph", none, none, 0)},
				"1 more paragraph over 0 sentences from here on"},
			{profile.Rule{ID: "no-three", Avoid: []string{"three"}},
				"1 more use of an avoided phrase from here on"},
		}
		for _, c := range cases {
			res := Piece("a.md", []byte(one), "essay", resolved(pref(c.rule)))
			if len(res.Warnings) != WarningsPerRule+1 {
				t.Fatalf("%s: %d warnings, want %d", c.rule.ID, len(res.Warnings), WarningsPerRule+1)
			}
			if got := res.Warnings[WarningsPerRule].Message; !strings.HasPrefix(got, c.want+";") {
				t.Errorf("%s: last warning %q, want it to start %q", c.rule.ID, got, c.want)
			}
		}
	})
	t.Run("hard limits are never capped", func(t *testing.T) {
		res := Piece("a.md", []byte(src), "essay", resolved(hard(profile.Rule{ID: "short", Avoid: []string{"six"}, Metric: metric("words_per_sentence", none, none, 4)})))
		if len(res.Errors) != 30 || len(res.Warnings) != 0 {
			t.Errorf("%d errors, %d warnings; want 30, 0", len(res.Errors), len(res.Warnings))
		}
	})
}

func TestFindingsInFileOrder(t *testing.T) {
	r := resolved(
		hard(profile.Rule{ID: "a-gamma", Avoid: []string{"gamma"}}),
		hard(profile.Rule{ID: "b-short", Metric: metric("words_per_sentence", none, none, 4)}),
		hard(profile.Rule{ID: "c-one", Avoid: []string{"one"}}),
	)
	res := Piece("a.md", []byte(snippet), "essay", r)
	var got []string
	for _, f := range res.Errors {
		got = append(got, fmt.Sprintf("%d:%d %s", f.Line, f.Col, f.Rule))
	}
	want := "1:1 c-one,1:16 b-short,1:16 c-one,3:12 a-gamma"
	if strings.Join(got, ",") != want {
		t.Errorf("order %s, want %s", strings.Join(got, ","), want)
	}
}

func TestGenre(t *testing.T) {
	r := resolved()
	if g := Piece("a.md", []byte(snippet), "", r).Genre; g != "essay" {
		t.Errorf("genre %q, want the profile's", g)
	}
	if g := Piece("a.md", []byte(snippet), "review", r).Genre; g != "review" {
		t.Errorf("genre %q, want review", g)
	}
}
