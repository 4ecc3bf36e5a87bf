package analyze

import (
	"bytes"
	"strings"
	"testing"

	"sw/profile/baseline"
)

// llmBatch is n pieces of plain filler, each of about words words; the
// first piece ends with extra, when given.
func llmBatch(n, words int, extra string) *Request {
	texts := make([]string, n)
	for i := range texts {
		texts[i] = synthPiece(repeat(words/100, 20, 20, 20, 20, 20)...)
	}
	texts[0] += extra
	return batch("essay", texts...)
}

func llmAvoids(resp *Response) []Suggestion {
	var out []Suggestion
	for _, s := range resp.Suggestions {
		if s.Rule != nil && len(s.Rule.Avoid) == 1 && baseline.IsLLMOverused(s.Rule.Avoid[0]) {
			out = append(out, s)
		}
	}
	return out
}

// A writer whose pieces never use a word LLM prose overuses, over enough
// words that LLM prose would have used it 15 times, is told so, with
// LLM prose's rate as the evidence; the words LLM prose would have used
// most come first, and a batch proposes MaxLLMAvoid at most.
func TestLLMWordsTheWriterNeverUsesAreAvoided(t *testing.T) {
	resp := analyzeOK(t, llmBatch(10, 4000, ""))
	got := llmAvoids(resp)
	if len(got) != MaxLLMAvoid {
		t.Fatalf("%d LLM avoid suggestions, want %d: %v", len(got), MaxLLMAvoid, signatures(resp))
	}
	s := got[0]
	word := s.Rule.Avoid[0]
	if !strings.HasPrefix(s.Rule.Rule, "Avoid “"+word+"”: LLM prose uses it about ") || !strings.HasSuffix(s.Rule.Rule, "per 1,000 words; the writer never does.") {
		t.Errorf("rule %q", s.Rule.Rule)
	}
	if !strings.HasPrefix(s.Evidence, "You never write “"+word+"”: not once in 10 pieces") || !strings.Contains(s.Evidence, "LLM prose uses it about") {
		t.Errorf("evidence %q", s.Evidence)
	}
	for _, w := range got {
		if englishNounCached(w.Rule.Avoid[0]) {
			t.Errorf("%q names a subject", w.Rule.Avoid[0])
		}
	}
	again, _ := analyzeOK(t, llmBatch(10, 4000, "")).MarshalJSON()
	first, _ := resp.MarshalJSON()
	if !bytes.Equal(first, again) {
		t.Error("the same pieces gave another response")
	}
}

// A word the writer used, even once, is the writer's; and a few words
// read say nothing of a word's absence.
func TestLLMWordsNeedAbsenceOverManyWords(t *testing.T) {
	first := llmAvoids(analyzeOK(t, llmBatch(10, 4000, "")))[0].Rule.Avoid[0]
	for _, w := range llmAvoids(analyzeOK(t, llmBatch(10, 4000, "A "+first+" of it.\n"))) {
		if w.Rule.Avoid[0] == first {
			t.Errorf("%q proposed though a piece uses it", first)
		}
	}
	if got := llmAvoids(analyzeOK(t, llmBatch(3, 1000, ""))); len(got) != 0 {
		t.Errorf("3,000 words proposed %d LLM avoid rules", len(got))
	}
}
