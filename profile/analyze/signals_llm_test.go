package analyze

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"sw/profile"
	"sw/profile/baseline"
	"sw/profile/feedback"
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

// Each LLM word is a suggestion of its own, so no rejection holds against
// the next word: two rejections, more than the person keeps, stop the
// kind. One rejection, or as many kept as rejected, does not.
func TestLLMWordsStopWhenThePersonSaysNoToThem(t *testing.T) {
	first := llmAvoids(analyzeOK(t, llmBatch(10, 4000, "")))
	rejected := func(s Suggestion) feedback.Rejection {
		return feedback.Rejection{ID: s.ID, Signature: s.Signature, Layer: s.Layer}
	}
	req := llmBatch(10, 4000, "")
	req.Rejected = []feedback.Rejection{rejected(first[0])}
	if got := llmAvoids(analyzeOK(t, req)); len(got) != MaxLLMAvoid {
		t.Errorf("after one rejection, %d LLM avoid suggestions, want %d", len(got), MaxLLMAvoid)
	}
	req = llmBatch(10, 4000, "")
	req.Rejected = []feedback.Rejection{rejected(first[0]), rejected(first[1])}
	if got := llmAvoids(analyzeOK(t, req)); len(got) != 0 {
		t.Errorf("after two rejections, %d LLM avoid suggestions: %v", len(got), got)
	}
	// As many kept as rejected: the person wants some, so the next words are still asked about.
	req = llmBatch(10, 4000, "")
	req.Rejected = []feedback.Rejection{rejected(first[0]), rejected(first[1])}
	for _, w := range llmVoiceWords() {
		if len(req.Profile["essay"].Rules) == 2 {
			break
		}
		if slices.ContainsFunc(first, func(s Suggestion) bool { return s.Rule.Avoid[0] == w.Word }) {
			continue
		}
		kept := *first[2].Rule
		kept.ID, kept.Avoid = "avoid-"+w.Word, []string{w.Word}
		req.Profile["essay"].Rules = append(req.Profile["essay"].Rules, profile.Sourced{Rule: kept, Source: "profile/preferences/" + kept.ID + ".yaml", Layer: "preferences"})
	}
	if got := llmAvoids(analyzeOK(t, req)); len(got) == 0 {
		t.Error("two rejected and two kept: no LLM avoid suggestion")
	}
}
