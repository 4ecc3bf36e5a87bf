package baseline

import (
	_ "embed"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// LLM prose is the second baseline: how often language models use a word
// when they write prose, counted on the baseline half of a public sample
// of texts GPT-3.5 and GPT-4 wrote (news articles and short stories; see
// SOURCE.md). The analyzer compares a writer with it to find the words
// LLM prose overuses and the writer never reaches for, and sw check to
// say where a piece moves toward LLM prose: the "AI voice" an agent's
// draft has and the writer's does not.
//
//go:embed data/llm.tsv
var llmData string

//go:embed data/LICENSE.llm
var llmLicense string

// LLMLicense is the licence text (MIT) of the sample the LLM-prose counts
// are derived from, which a binary distribution must reproduce.
func LLMLicense() string { return llmLicense }

// The words LLM prose overuses (see LLMOverused) must pass these, so that
// a word is a habit of the models, not of one story or of English:
const (
	// LLMOveruse: LLM prose uses it at least this many times as often as
	// general English does. At 4 or 5 times, words of the sample's
	// subjects (news of crimes and courts, stories) and of written
	// rather than spoken English ("known", "including") pass; from 10,
	// the models' own ("testament", "crucial", "ensuring").
	LLMOveruse = 10.0
	// LLMMinTexts: it turns up in at least this many texts of each kind
	// of the sample (of 150 news articles and 150 stories), so that no
	// one subject, and no one kind of text, the models were asked for
	// makes it look like their habit.
	LLMMinTexts = 3
	// LLMMinPerMillion: LLM prose uses it at least this often, per
	// million words (about once in 5,000 words): rarer, a writer's never
	// using it says nothing.
	LLMMinPerMillion = 200.0
)

// LLMWord is a word LLM prose overuses, with its rates per million words.
type LLMWord struct {
	Word    string
	LLM     float64 // in LLM prose
	English float64 // in general English (see Rate)
}

type llmTable struct {
	total    float64
	rate     map[string]float64 // per million words
	overused []LLMWord          // sorted by word
}

// llm decodes the embedded table on first use; like get, it panics on
// data the tests would have caught.
var llm = sync.OnceValue(func() *llmTable {
	t, err := decodeLLM(llmData)
	if err != nil {
		panic(err)
	}
	return t
})

// decodeLLM reads the table internal/genllm writes: "#words N", then
// "word uses texts" a line, texts being the fewest texts of one kind that
// use the word.
func decodeLLM(data string) (*llmTable, error) {
	lines := strings.Split(strings.TrimSuffix(data, "\n"), "\n")
	head, ok := strings.CutPrefix(lines[0], "#words\t")
	total, err := strconv.Atoi(head)
	if !ok || err != nil || total <= 0 {
		return nil, errCorrupt
	}
	t := &llmTable{total: float64(total), rate: make(map[string]float64, len(lines))}
	for _, line := range lines[1:] {
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			return nil, errCorrupt
		}
		uses, err1 := strconv.Atoi(f[1])
		texts, err2 := strconv.Atoi(f[2])
		if err1 != nil || err2 != nil {
			return nil, errCorrupt
		}
		r := float64(uses) * 1e6 / t.total
		t.rate[f[0]] = r
		if texts >= LLMMinTexts && r >= LLMMinPerMillion && !IsFunctionWord(f[0]) && r >= LLMOveruse*Rate(f[0]) {
			t.overused = append(t.overused, LLMWord{Word: f[0], LLM: r, English: Rate(f[0])})
		}
	}
	return t, nil
}

// LLMPerMillion reports how many times word occurs per million words of
// LLM prose, and whether the sample used it often enough to be listed.
func LLMPerMillion(word string) (float64, bool) {
	r, ok := llm().rate[normalize(word)]
	return r, ok
}

// LLMOverused lists, sorted, the words LLM prose overuses, as the LLM
// constants say; function words aside, whose rates the usage measure
// compares anyway.
func LLMOverused() []LLMWord { return slices.Clone(llm().overused) }

// IsLLMOverused says whether word is one of LLMOverused.
func IsLLMOverused(word string) bool {
	_, found := slices.BinarySearchFunc(llm().overused, normalize(word), func(w LLMWord, s string) int { return strings.Compare(w.Word, s) })
	return found
}
