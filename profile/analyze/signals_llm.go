package analyze

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"

	"sw/profile"
	"sw/profile/baseline"
)

// Your voice, not the AI's. LLM prose reaches for some words far more than
// English at large does ("amidst", "testament"; see baseline.LLMOverused).
// A writer whose pieces never use such a word, over enough words that LLM
// prose would have used it fifteen times, has shown one thing the agent
// should not do in their voice, so the analyzer proposes avoiding it.
// Absence over many words is not one piece's noise; and only words that
// name no subject are proposed (llmVoiceWords), so the rule steers how the
// agent writes, never what about. (The usage measure reads every word LLM
// prose overuses: see profile.TowardLLM.)
const (
	// LLMExpectedUses is the fewest times LLM prose would have used the
	// word in as many words as the writer's pieces hold: fewer, and never
	// using it may be a rate of a fifth of LLM prose's, which the writer's
	// next pieces show, each use drawing a warning. At 15, the odds are 19
	// to 1 that the writer's rate is under a fifth of LLM prose's.
	LLMExpectedUses = 15.0
	// LLMEnglishRate: see llmVoiceWords.
	LLMEnglishRate = 12.0
	// MaxLLMAvoid is the most such suggestions one batch makes, and
	// MaxLLMAvoidRules the most such rules a profile holds: enough to name
	// the AI voice's strongest habits, few enough not to crowd the rules
	// the writer's own pieces show.
	MaxLLMAvoid      = 3
	MaxLLMAvoidRules = 8
	// LLMAvoidRefusals is how many such suggestions the person rejects,
	// more than they keep, before sw asks about no further word: each is
	// another word, so no rejection holds against the next one, and a
	// writer who does not want these rules would be asked again at every
	// batch.
	LLMAvoidRefusals = 2
)

// llmVoiceWords are the words LLM prose overuses that an avoid rule may
// name, sorted: the models' habits whatever the subject, seldom used in
// general English (under LLMEnglishRate per million words: "amidst"),
// since an everyday word LLM prose merely leans on ("remains") turns up
// in any writer's pieces and would draw warnings on their own; and no
// nouns, which name what a piece is about: not used as nouns in general
// English (englishNoun: "landscape"), nor ending as abstract nouns do
// ("unity", "determination", seldom put after "the").
var llmVoiceWords = sync.OnceValue(func() []baseline.LLMWord {
	var out []baseline.LLMWord
	for _, w := range baseline.LLMOverused() {
		if w.English < LLMEnglishRate && !englishNounCached(w.Word) && !nounSuffix(w.Word) {
			out = append(out, w)
		}
	}
	return out
})

// nounSuffix says w ends as the abstract nouns English makes of verbs and
// adjectives do.
func nounSuffix(w string) bool {
	return slices.ContainsFunc([]string{"tion", "sion", "ity", "ness", "ment", "ance", "ence"}, func(suf string) bool {
		return strings.HasSuffix(w, suf)
	})
}

// llmHit is one LLM word the writer's pieces say the writer avoids.
type llmHit struct {
	w        baseline.LLMWord
	expected float64 // what LLM prose would have used in as many words
}

// llmAvoidSignals proposes avoiding the LLM words the batch's pieces
// never use, the ones LLM prose would have used most first, for the
// global preferences.
func (r *run) llmAvoidSignals(v *vocab) {
	if v == nil {
		return
	}
	words := float64(v.words[""])
	held := r.llmAvoidRules()
	if no := r.llmAvoidRejected(); no >= LLMAvoidRefusals && no > held {
		return // the person has said no to the kind, not only to the words
	}
	var hits []llmHit
	for _, w := range llmVoiceWords() {
		if h := (llmHit{w: w, expected: w.LLM * words / 1e6}); h.expected >= LLMExpectedUses && v.uses(w.Word) == 0 {
			hits = append(hits, h)
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].expected > hits[j].expected })
	n := 0
	for _, h := range hits {
		if n == MaxLLMAvoid || held+n >= MaxLLMAvoidRules {
			break
		}
		if !r.phraseFree("", h.w.Word, false) {
			continue
		}
		c := llmAvoidCandidate(h, len(v.eligible[""]), words)
		if r.refused(c) {
			continue // a word rejected before takes no place of another
		}
		r.add(c)
		n++
	}
}

// llmAvoidRules counts the rules, in any genre's profile, that avoid an
// LLM word.
func (r *run) llmAvoidRules() int {
	seen := map[string]bool{}
	for _, g := range r.genres {
		for _, s := range r.req.Profile[g].Rules {
			if slices.ContainsFunc(s.Avoid, baseline.IsLLMOverused) {
				seen[s.ID] = true
			}
		}
	}
	return len(seen)
}

// llmAvoidRejected counts the person's rejections of suggestions to
// avoid an LLM word.
func (r *run) llmAvoidRejected() int {
	n := 0
	for _, rej := range r.req.Rejected {
		if word, ok := strings.CutPrefix(rej.Signature, "avoid:phrase:"); ok && baseline.IsLLMOverused(word) {
			n++
		}
	}
	return n
}

// llmAvoidCandidate is the suggestion to avoid h's word, read absent from
// pieces pieces of words words in all.
func llmAvoidCandidate(h llmHit, pieces int, words float64) *candidate {
	word, llmPerK := h.w.Word, fmtNum(roundTo(h.w.LLM/1000, 0.01))
	c := phraseCandidate(true, "", word, familyVocab, h.expected,
		fmt.Sprintf("Avoid %s: LLM prose uses it about %s times per 1,000 words; the writer never does.", quote(word), llmPerK),
		fmt.Sprintf("Avoid %s, which LLM prose overuses", quote(word)),
		fmt.Sprintf("You never write %s: not once in %d pieces, %s words. LLM prose uses it about %s times per 1,000 words, so it would have used it about %s times in as many words.\n"+
			"General English uses it %s times per million words: LLM prose %s times as often.\n"+
			"The profile does not mention it.",
			quote(word), pieces, fmtCount(words), llmPerK, fmtCount(h.expected), fmtRate(h.w.English), fmtCount(h.w.LLM/h.w.English)))
	// The writer's rate is 0, what the rule's evidence measured; another
	// batch that finds the word says something new.
	c.measured = profile.Around(pieces, 0, 0)
	c.support = pieces
	// How far the writer lies from what the agent writes: LLM prose's
	// expected uses against none (as if one, to keep it finite).
	c.distance = math.Log(h.expected)
	return c
}

// uses is how many times the eligible pieces use word.
func (v *vocab) uses(word string) int {
	id, ok := v.lex.ids[word]
	if !ok {
		return 0
	}
	return int(v.lists[key([]uint32{id})].total)
}
