package analyze

import (
	"math"
	"testing"

	"sw/profile"
)

// Only rules that change what an agent would do: students' essays whose
// sentences run about as long as general English's get no sentence rule
// (an agent writes such sentences anyway), and a ceiling at or above
// English's rate says nothing an agent needs told.
func TestOnlyRulesThatChangeTheAgent(t *testing.T) {
	req := &Request{Profile: emptyProfile("essay")}
	for _, s := range []string{"1", "2", "3", "4", "5", "6", "8", "9", "10", "11", "13", "14"} {
		req.Pieces = append(req.Pieces, Piece{Path: "essays/" + s + ".txt", Genre: "essay", Text: readCorpus(t, "argrewrite/draft3/"+s+".txt")})
	}
	if s := find(analyzeOK(t, req), "metric:words_per_sentence:up@essay"); s != nil {
		t.Errorf("a sentence rule within English's ordinary range: %s", s.Summary)
	}
	spec := func(name string) *profile.MetricKind {
		k, ok := profile.LookupMetric(name)
		if !ok {
			t.Fatalf("no metric %s", name)
		}
		return k
	}
	for _, c := range []struct {
		name             string
		target, min, max float64
		changes          bool
	}{
		{"exclamations_per_1k_words", nan, nan, 0.75, false}, // English: 0.5
		{"exclamations_per_1k_words", nan, nan, 0.3, true},
		{"questions_per_1k_words", nan, nan, 1.2, true}, // English: 3
		{"words_per_sentence", 20, 8, 40, false},        // English: 18, give or take 4.5
		{"words_per_sentence", 27, 12, 54, true},
		{"words_per_piece", 800, 400, 1200, true}, // no English to compare with
	} {
		m := &profile.Metric{Name: c.name}
		for _, v := range []struct {
			field **float64
			value float64
		}{{&m.Target, c.target}, {&m.Min, c.min}, {&m.Max, c.max}} {
			if !math.IsNaN(v.value) {
				*v.field = ptr(v.value)
			}
		}
		if got := changesAgent(spec(c.name), m); got != c.changes {
			t.Errorf("%s %s: changes what an agent does: %v", c.name, profile.Bounds(m), got)
		}
	}
}

var nan = math.NaN()
