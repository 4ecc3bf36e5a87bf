package analyze

import (
	"encoding/json"
	"testing"

	"sw/profile"
)

const emptyAnswer = `{"suggestions": []}`

func num(v float64) *float64 { return &v }

// validResponse is an answer that passes every check; each test breaks one
// thing in a copy of it.
func validResponse() *Response {
	return &Response{Suggestions: []Suggestion{
		{
			ID:    "sentence-length",
			Layer: "preferences",
			Rule: &profile.Rule{
				ID:     "sentence-length",
				Rule:   "Keep sentences around 22 words; few run past 40.",
				Metric: &profile.Metric{Name: "words_per_sentence", Target: num(22), Max: num(40)},
			},
			Summary:   "Keep sentences around 22 words",
			Evidence:  "pieces/a.md: median 21 words; pieces/b.md: median 23 words",
			Signature: "metric:words_per_sentence:down",
		},
		{
			ID:    "no-in-conclusion",
			Layer: "genres/essay",
			Rule: &profile.Rule{
				ID:     "no-in-conclusion",
				Rule:   "Do not open a closing paragraph with \"in conclusion\".",
				Avoid:  []string{"in conclusion"},
				Prefer: []string{"so"},
				Note:   "Deleted from the agent's drafts of two essays.",
			},
			Summary:   "Avoid \"in conclusion\" in essays",
			Evidence:  "deleted from the drafts of pieces/a.md and pieces/c.md",
			Signature: "avoid:phrase:in conclusion",
		},
		{
			ID:        "old-rule",
			Layer:     "genres/review",
			Rule:      nil,
			Summary:   "Remove old-rule: the last three reviews contradict it",
			Evidence:  "3 of 3 reviews",
			Signature: "remove:old-rule",
		},
	}}
}

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// measurePieces measures every piece with the boilerplate known says.
func measurePieces(ps []*piece, known func(p *piece) func(key string) bool) {
	parallel(len(ps), func(i int) { ps[i].measure(known(ps[i])) })
}
