package check

import (
	"math"
	"testing"

	"sw/profile"
)

func TestTargetCloseness(t *testing.T) {
	for _, tc := range []struct {
		v      float64
		m      *profile.Metric
		want   float64
		strays bool
	}{
		{22, metric("x", 22, 12, 40), 1, false},
		{31, metric("x", 22, 12, 40), 0.5, false},          // half way to max 40
		{34, metric("x", 22, 12, 40), 1 - 12.0/18, true},   // two thirds of the way
		{50, metric("x", 22, 12, 40), 0, true},             // past the bound
		{17, metric("x", 22, 12, 40), 0.5, false},          // half way to min 12
		{27.5, metric("x", 22, none, none), 0.5, false},    // no bound: scale 11
		{11, metric("x", 22, none, 40), 0, true},           // no min: scale 11
		{0.5, metric("x", 0, none, none), 0.5, false},      // target 0: scale 1
		{2, metric("x", 0, none, none), 0, true},           //
		{41, metric("x", 40, none, 40), 0, true},           // bound on the target
		{39, metric("x", 40, none, 40), 1 - 1.0/20, false}, // the other side: half the target
		{math.NaN(), metric("x", 4, none, none), 0, true},  // never NaN out
		{4, &profile.Metric{Name: "x", Target: f(4)}, 1, false},
	} {
		got := targetCloseness(tc.v, *tc.m.Target, tc.m)
		if math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("targetCloseness(%v, %s) = %v, want %v", tc.v, profile.Bounds(tc.m), got, tc.want)
		}
		if s := strays(tc.v, *tc.m.Target, tc.m); s != tc.strays {
			t.Errorf("strays(%v, %s) = %v, want %v", tc.v, profile.Bounds(tc.m), s, tc.strays)
		}
	}
}

func TestPieceBoundsCloseness(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		m    *profile.Metric
		want float64
	}{
		{5, metric("x", none, 2, 10), 1},
		{12, metric("x", none, 2, 10), 0.75}, // 2 past, width 8
		{0, metric("x", none, 2, 10), 0.75},
		{20, metric("x", none, 2, 10), 0},
		{15, metric("x", none, none, 10), 0},   // 5 past, half the bound 5
		{12, metric("x", none, none, 10), 0.6}, // 2 past
		{13, metric("x", none, 20, none), 0.3}, // 7 short, half the bound 10
		{0.5, metric("x", none, none, 0), 0.5}, // bound 0: scale 1
		{6, metric("x", none, 4, 4), 0},        // no width: half the bound 2
		{5, metric("x", none, 4, 4), 0.5},
	} {
		if got := pieceBoundsCloseness(tc.v, tc.m); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("pieceBoundsCloseness(%v, %s) = %v, want %v", tc.v, profile.Bounds(tc.m), got, tc.want)
		}
	}
}

// TestScore pins the score of hand-computed cases. The snippet has
// sentences of 3, 6 and 4 words (median 4), paragraphs of 2 and 1
// sentences, 13 words.
func TestScore(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rules []profile.Sourced
		want  float64
	}{
		{"no rules", nil, 1},
		{"only prose rules", []profile.Sourced{pref(profile.Rule{ID: "a", Rule: "Be kind."})}, 1},
		{"units inside: 2 of 3", []profile.Sourced{
			hard(profile.Rule{ID: "a", Metric: metric("words_per_sentence", none, none, 4)}),
		}, 2.0 / 3},
		{"target and bounds: mean of the parts", []profile.Sourced{
			// bounds: all 3 inside = 1; target 3, median 4, max 6: 1 - 1/3
			pref(profile.Rule{ID: "a", Metric: metric("words_per_sentence", 3, none, 6)}),
		}, (1 + 2.0/3) / 2},
		{"per-piece below min", []profile.Sourced{
			hard(profile.Rule{ID: "a", Metric: metric("words_per_piece", none, 15, 35)}), // 2 short, width 20
		}, 0.9},
		{"avoid: two occurrences", []profile.Sourced{
			pref(profile.Rule{ID: "a", Avoid: []string{"one two", "omega"}}),
		}, 1.0 / 3},
		{"prefer: one of two", []profile.Sourced{
			pref(profile.Rule{ID: "a", Prefer: []string{"alpha beta", "zeta"}}),
		}, 0.5},
		{"prefer: a phrase listed twice counts once", []profile.Sourced{
			pref(profile.Rule{ID: "a", Prefer: []string{"alpha beta", "Alpha  Beta", "zeta"}}),
		}, 0.5},
		{"all parts of one rule", []profile.Sourced{
			// bounds 2/3, target 4 exact = 1, avoid 1 hit = 1/2, prefer 1/1
			pref(profile.Rule{ID: "a", Avoid: []string{"six"}, Prefer: []string{"delta"},
				Metric: metric("words_per_sentence", 4, none, 5)}),
		}, (2.0/3 + 1 + 0.5 + 1) / 4},
		{"mean over rules, prose-only and unknown metrics left out", []profile.Sourced{
			hard(profile.Rule{ID: "a", Metric: metric("words_per_sentence", none, none, 4)}),      // 2/3
			hard(profile.Rule{ID: "b", Metric: metric("words_per_piece", none, 20, none)}),        // 0.3
			hard(profile.Rule{ID: "c", Avoid: []string{"One two"}}),                               // 1/3
			genreRule(profile.Rule{ID: "d", Metric: metric("words_per_sentence", 3, none, none)}), // 1/3
			pref(profile.Rule{ID: "e", Prefer: []string{"alpha beta", "zeta"}}),                   // 1/2
			pref(profile.Rule{ID: "f", Prefer: []string{"omega", "zeta"}}),                        // 0
			pref(profile.Rule{ID: "g", Rule: "Be kind."}),
			pref(profile.Rule{ID: "h", Metric: metric("syllables_per_word", 2, none, none)}),
		}, (2.0/3 + 0.3 + 1.0/3 + 1.0/3 + 0.5 + 0) / 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Piece("a.md", []byte(snippet), "essay", resolved(tc.rules...)).Score
			if math.Abs(got-tc.want) > 1e-12 {
				t.Errorf("score %v, want %v", got, tc.want)
			}
		})
	}
}

// TestScoreIsGraded: a piece closer to a profile's targets scores higher,
// step by step, which is what telling two profiles apart needs.
func TestScoreIsGraded(t *testing.T) {
	prev := 2.0
	for _, target := range []float64{4, 5, 6, 7, 8} {
		r := resolved(pref(profile.Rule{ID: "a", Metric: metric("words_per_sentence", target, none, none)}))
		s := Piece("a.md", []byte(snippet), "essay", r).Score
		if s >= prev {
			t.Errorf("target %v: score %v, not below %v", target, s, prev)
		}
		prev = s
	}
}

// TestEmptyPieceIsSkipped: no words, nothing measured, nothing broken.
func TestEmptyPieceIsSkipped(t *testing.T) {
	r := resolved(
		hard(profile.Rule{ID: "a", Metric: metric("words_per_piece", none, 100, none)}),
		pref(profile.Rule{ID: "b", Prefer: []string{"alpha"}}),
	)
	for _, src := range []string{"", "   \n\n", "---\ntitle: x\n---\n", "```\ncode only\n```\n", "<!-- html -->\n"} {
		res := Piece("a.md", []byte(src), "essay", r)
		if res.Score != 1 || len(res.Errors)+len(res.Warnings) != 0 {
			t.Errorf("%q: score %v, %d errors, %d warnings", src, res.Score, len(res.Errors), len(res.Warnings))
		}
	}
}
