package profile

import (
	"slices"
	"testing"
)

func TestMeasures(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	for _, c := range []struct {
		name string
		rule Rule
		want []string
	}{
		{"a metric", Rule{Metric: &Metric{Name: "words_per_sentence", Target: f(20)}}, []string{"metric:words_per_sentence"}},
		{"a marker word's rate is the word", Rule{Metric: &Metric{Name: "upon_per_1k_words", Max: f(3)}}, []string{"phrase:upon"}},
		{"a mark's rate is a metric", Rule{Metric: &Metric{Name: "semicolons_per_1k_words", Max: f(2)}}, []string{"metric:semicolons_per_1k_words"}},
		{"phrases, normalised", Rule{Prefer: []string{"Upon"}, Avoid: []string{"in  conclusion", "upon"}}, []string{"phrase:in conclusion", "phrase:upon"}},
		{"usage", Rule{Usage: &Usage{Pieces: 3}}, []string{"usage"}},
		{"boilerplate alone", Rule{Boilerplate: []string{"PUBLIUS"}}, []string{"boilerplate:publius"}},
		{"a metric measured without boilerplate", Rule{Metric: &Metric{Name: "words_per_sentence"}, Boilerplate: []string{"PUBLIUS"}}, []string{"metric:words_per_sentence"}},
		{"words only", Rule{Rule: "End with a question."}, nil},
	} {
		if got := c.rule.Measures(); !slices.Equal(got, c.want) {
			t.Errorf("%s: Measures() = %q, want %q", c.name, got, c.want)
		}
	}
	prefer := (&Rule{Prefer: []string{"upon"}}).Measures()
	rate := (&Rule{Metric: &Metric{Name: "upon_per_1k_words"}}).Measures()
	if !SharesMeasure(prefer, rate) {
		t.Errorf("prefer upon and the rate of upon are not one measure: %q, %q", prefer, rate)
	}
	if SharesMeasure(rate, []string{"metric:semicolons_per_1k_words"}) {
		t.Errorf("the rate of upon shares a measure with semicolons")
	}
}
