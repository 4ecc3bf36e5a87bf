package analyze

import (
	"testing"

	"sw/profile/check"
	"sw/profile/prose"
)

// MaxHeldOutWarnings is what a writer's own new pieces may draw from sw
// check, on average, per 1,000 words: a checker that always complains is
// a checker people learn to ignore.
const MaxHeldOutWarnings = 1.0

// Bounds a writer meets: a profile learned from some of an author's
// Federalist papers (every suggestion accepted) draws at most
// MaxHeldOutWarnings warnings per 1,000 words on the author's other
// papers, which it never saw. Learned from every choice of three papers,
// and from all papers but the one checked. With -short, Jay's only.
func TestHeldOutWarnings(t *testing.T) {
	authors := map[string][]string{"Jay": jayPapers, "Hamilton": hamiltonPapers}
	for _, name := range []string{"Jay", "Hamilton"} {
		if testing.Short() && name == "Hamilton" {
			continue
		}
		papers := authors[name]
		var allButOne [][]string
		for _, held := range papers {
			allButOne = append(allButOne, without(papers, []string{held}))
		}
		for _, c := range []struct {
			how    string
			splits [][]string
		}{{"three papers", triples(papers)}, {"all papers but one", allButOne}} {
			warnings, words := 0, 0
			for _, learned := range c.splits {
				prof := acceptAll(t, analyzeOK(t, federalistBatch(t, learned)), "essay")
				for _, n := range without(papers, learned) {
					src := []byte(readCorpus(t, "federalist/"+n+".md"))
					warnings += len(check.Piece(n, src, "essay", prof).Warnings)
					words += prose.Parse(src).WordCount()
				}
			}
			per1k := float64(warnings) * 1000 / float64(words)
			t.Logf("%s, learned from %s: %d warnings in %d words of held-out papers, %.2f per 1,000 words", name, c.how, warnings, words, per1k)
			if per1k > MaxHeldOutWarnings {
				t.Errorf("%s's own papers draw %.2f warnings per 1,000 words (learned from %s); at most %v", name, per1k, c.how, MaxHeldOutWarnings)
			}
		}
	}
}
