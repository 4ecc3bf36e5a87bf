package analyze

import (
	"strings"
	"testing"

	"sw/profile"
)

// withSemicolons is a piece of paras paragraphs of ten 10-word sentences
// (so 100 words a paragraph) in which the first n sentences carry one
// semicolon each.
func withSemicolons(paras, n int) string {
	var b strings.Builder
	k := 0
	for p := 0; p < paras; p++ {
		for s := 0; s < 10; s++ {
			sent := sentence(10, k, ".")
			k += 10
			if n > 0 {
				ws := strings.Fields(sent)
				ws[4] += ";"
				sent = strings.Join(ws, " ")
				n--
			}
			b.WriteString(sent + " ")
		}
		b.WriteString("\n\n")
	}
	return b.String()
}

// Three pieces whose sentences run 26–30 words: the pooled median is the
// target, the 10th and 90th percentiles what the rule calls "most", and
// the bounds lie where a log-normal fitted to the sentences leaves
// UnitWarnings of them per 1,000 words outside. Worked by hand: the 75
// sentences sort as 8×26, 8×27, 43×28, 8×29, 8×30; the 10th percentile
// falls between 26 and 27 (26.4, floored to 26) and the 90th between 29
// and 30 (29.6, rounded up to 30). Their logs have a standard deviation
// of 0.0405; 75 sentences in 2,100 words are 35.7 per 1,000 words, so
// each tail may hold 0.2 / 35.7 / 2 = 0.28% of them, 2.77 standard
// deviations out: 28 × e^±0.112 is 25.0 to 31.3, so 25 to 32.
func TestSentenceLength(t *testing.T) {
	resp := analyzeOK(t, batch("essay",
		synthPiece(repeat(8, 26, 28, 30)...),
		synthPiece(repeat(8, 27, 28, 29)...),
		synthPiece(repeat(9, 28, 28, 28)...)))
	s := must(t, find(resp, "metric:words_per_sentence:up@essay"), "on sentence length")
	if got := metricOf(s); got != "target 28, min 25, max 32" {
		t.Errorf("metric: %s", got)
	}
	if s.ID != "sentence-length" || s.Layer != "genres/essay" {
		t.Errorf("placed at %s/%s", s.Layer, s.ID)
	}
	if s.Rule.Rule != "Keep sentences around 28 words, most between 26 and 30." {
		t.Errorf("rule sentence: %q", s.Rule.Rule)
	}
	for _, want := range []string{"pieces/a.md (28)", "3 of 3 pieces", "75 sentences", "General English: about 18"} {
		if !strings.Contains(s.Evidence, want) {
			t.Errorf("evidence lacks %q:\n%s", want, s.Evidence)
		}
	}
}

// The gate: a metric needs MinPieces measurable pieces, AgreeShare of
// them agreeing.
func TestMetricGate(t *testing.T) {
	long := synthPiece(repeat(8, 28, 28, 28)...)
	short := synthPiece([]int{28, 28, 28}) // 84 words: too small to count
	for _, c := range []struct {
		name  string
		texts []string
		want  bool
	}{
		{"one measurable piece", []string{long, short, short}, false},
		{"two of three agree", []string{long, long, synthPiece(repeat(8, 40, 40, 40)...)}, true},
		{"all disagree", []string{synthPiece(repeat(8, 10, 10, 10)...), long, synthPiece(repeat(8, 40, 40, 40)...)}, false},
	} {
		got := len(withPrefix(analyzeOK(t, batch("essay", c.texts...)), "metric:words_per_sentence:")) > 0
		if got != c.want {
			t.Errorf("%s: proposed %v, want %v", c.name, got, c.want)
		}
	}
}

// A rate well above general English becomes a rule with a target and
// bounds BoundsWidth tolerances out, within half and twice the target
// (RateSpan): 10, 8, 12, 10 and 10 semicolons per 1,000 words give a
// median of 10, a tolerance of 5 (half of it), so bounds of 0 to 20,
// narrowed to 5 to 20. Fifty semicolons are enough events (MinEvents);
// three pieces are too few for a target (RateTargetPieces).
func TestRateRule(t *testing.T) {
	three := []string{withSemicolons(10, 10), withSemicolons(10, 8), withSemicolons(10, 12)}
	if s := withPrefix(analyzeOK(t, batch("essay", three...)), "metric:semicolons_per_1k_words:"); len(s) > 0 {
		t.Errorf("three pieces made a rule: %s", metricOf(&s[0]))
	}
	resp := analyzeOK(t, batch("essay", append(three, withSemicolons(10, 10), withSemicolons(10, 10))...))
	s := must(t, find(resp, "metric:semicolons_per_1k_words:up@essay"), "on semicolons")
	if got := metricOf(s); got != "target 10, min 5, max 20" {
		t.Errorf("metric: %s", got)
	}
	if s.Rule.Rule != "Use semicolons about 10 times per 1,000 words (5 to 20)." {
		t.Errorf("rule sentence: %q", s.Rule.Rule)
	}
	// A third as many events, same rates: too few to put a number on.
	few := withSemicolons(3, 3)
	resp = analyzeOK(t, batch("essay", few, few, few, few, few))
	if s := withPrefix(resp, "metric:semicolons_per_1k_words:"); len(s) > 0 {
		t.Errorf("15 semicolons made a rule: %s", metricOf(&s[0]))
	}
}

// A habit general English has and the pieces never show becomes a ceiling
// of one tolerance, once enough words make the absence telling and enough
// pieces (MinCeilingPieces) that it is no accident of three.
func TestAbsenceRule(t *testing.T) {
	none := withSemicolons(10, 0)
	if find(analyzeOK(t, batch("essay", none, none, none)), "metric:em_dashes_per_1k_words:down@essay") != nil {
		t.Error("a ceiling from three pieces")
	}
	resp := analyzeOK(t, batch("essay", none, none, none, none))
	s := must(t, find(resp, "metric:em_dashes_per_1k_words:down@essay"), "on em dashes")
	if got := metricOf(s); got != "target none, min none, max 1" {
		t.Errorf("metric: %s", got)
	}
	if s.Rule.Rule != "Avoid em dashes (—): at most 1 per 1,000 words." {
		t.Errorf("rule sentence: %q", s.Rule.Rule)
	}
	// 800 words: general English would give 1.2 em dashes, so none says
	// nothing.
	resp = analyzeOK(t, batch("essay", withSemicolons(2, 0), withSemicolons(2, 0), withSemicolons(2, 0), withSemicolons(2, 0)))
	if find(resp, "metric:em_dashes_per_1k_words:down@essay") != nil {
		t.Error("an absence in 600 words made a rule")
	}
}

func sentenceRule(layer profile.Layer, genre, id string, target, max float64) profile.Sourced {
	return sourced(layer, genre, profile.Rule{ID: id, Rule: "Sentences.",
		Metric: &profile.Metric{Name: "words_per_sentence", Target: &target, Max: &max}})
}

// Against the current profile: nothing when it already says it; a change
// of the same rule (same id, so the branch edits that file) when the
// writing has moved; a refinement in the genre when the rule is a global
// preference and the batch holds one genre; and never anything a hard
// limit rules out.
func TestMetricAgainstProfile(t *testing.T) {
	pieces := []string{synthPiece(repeat(8, 26, 28, 30)...), synthPiece(repeat(8, 27, 28, 29)...), synthPiece(repeat(9, 28, 28, 28)...)}
	run := func(rules ...profile.Sourced) []Suggestion {
		req := batch("essay", pieces...)
		req.Profile["essay"].Rules = rules
		return withPrefix(analyzeOK(t, req), "metric:words_per_sentence:")
	}
	if got := run(sentenceRule(profile.GenreLayer, "essay", "my-sentences", 29, 40)); len(got) != 0 {
		t.Errorf("the profile already says 29: %+v", got)
	}
	got := run(sentenceRule(profile.GenreLayer, "essay", "my-sentences", 45, 60))
	if len(got) != 1 || got[0].ID != "my-sentences" || got[0].Layer != "genres/essay" ||
		got[0].Signature != "metric:words_per_sentence:down@essay" || !strings.HasPrefix(got[0].Summary, "Change my-sentences:") {
		t.Errorf("moved from 45 to 28: %+v", got)
	}
	got = run(sentenceRule(profile.Preference, "", "my-sentences", 45, 60))
	if len(got) != 1 || got[0].ID != "my-sentences" || got[0].Layer != "genres/essay" {
		t.Errorf("a preference is refined in the genre: %+v", got)
	}
	hard := sourced(profile.HardLimit, "", profile.Rule{ID: "short", Rule: "Short sentences.",
		Metric: &profile.Metric{Name: "words_per_sentence", Max: num(24)}})
	if got := run(hard); len(got) != 0 {
		t.Errorf("a target of 28 breaks the hard limit of 24: %+v", got)
	}
	hard.Metric = &profile.Metric{Name: "words_per_sentence", Min: num(27), Max: num(36)}
	got = run(hard)
	if len(got) != 1 || metricOf(&got[0]) != "target 28, min 27, max 32" {
		t.Errorf("bounds kept inside the hard limit's: %+v", got)
	}
}

// A rule every piece breaks, while the pieces agree on nothing else, is
// proposed for removal.
func TestMetricRemoval(t *testing.T) {
	req := batch("essay", synthPiece(repeat(8, 18, 20, 22)...), synthPiece(repeat(8, 28, 30, 32)...), synthPiece(repeat(8, 40, 40, 40)...))
	req.Profile["essay"].Rules = []profile.Sourced{sentenceRule(profile.Preference, "", "short-sentences", 10, 14)}
	s := must(t, find(analyzeOK(t, req), "remove:short-sentences"), "removing short-sentences")
	if s.Rule != nil || s.ID != "short-sentences" || s.Layer != "preferences" {
		t.Errorf("removal: %+v", s)
	}
	if !strings.Contains(s.Evidence, "3 of the 3 recent pieces break it: pieces/a.md (median 20, far from 10)") {
		t.Errorf("evidence: %s", s.Evidence)
	}
}
