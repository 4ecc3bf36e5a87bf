package baseline

import (
	"slices"
	"strings"
	"testing"
)

func TestLLMRatesAndOverusedWords(t *testing.T) {
	if r, ok := LLMPerMillion("Testament"); !ok || r < 200 {
		t.Errorf("LLMPerMillion(testament) = %v, %v", r, ok)
	}
	if _, ok := LLMPerMillion("zyzzyva"); ok {
		t.Error("an unused word is listed")
	}
	words := LLMOverused()
	if len(words) < 10 {
		t.Fatalf("only %d overused words", len(words))
	}
	if !slices.IsSortedFunc(words, func(a, b LLMWord) int { return strings.Compare(a.Word, b.Word) }) {
		t.Error("not sorted by word")
	}
	for _, w := range words {
		if IsFunctionWord(w.Word) || w.LLM < LLMMinPerMillion || w.LLM < LLMOveruse*w.English || !IsLLMOverused(w.Word) {
			t.Errorf("%+v should not be listed", w)
		}
	}
	for _, w := range []string{"testament", "amidst", "resilience"} {
		if !IsLLMOverused(w) {
			t.Errorf("%q is not listed", w)
		}
	}
	for _, w := range []string{"the", "house", "upon"} {
		if IsLLMOverused(w) {
			t.Errorf("%q is listed", w)
		}
	}
}

func TestDecodeLLMRejectsCorruptTables(t *testing.T) {
	for _, data := range []string{"", "#words\t0\n", "#words\t10\nword\t1\n", "#words\t10\nword\tx\t1\n"} {
		if _, err := decodeLLM(data); err == nil {
			t.Errorf("decodeLLM(%q) took it", data)
		}
	}
}
