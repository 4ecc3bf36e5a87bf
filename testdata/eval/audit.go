package main

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
)

// auditor judges the rules learned from one writer's first pieces: is a
// rule about the subject rather than the writer (topicRule), or did it
// come from boilerplate (boilerplateRule)? Both tests read only the
// corpus, never sw's reasons.
type auditor struct {
	train  []*piece          // the pieces the rules were learned from
	marks  map[*piece][]bool // boilerplate paragraphs of the writer's pieces
	others *wordCounts       // every piece of every other writer, pooled
	llm    []*piece          // the held-out LLM pieces
}

// wordCounts counts words over some pieces.
type wordCounts struct {
	count map[string]int
	words int
}

func countWords(pieces []*piece) *wordCounts {
	wc := &wordCounts{count: map[string]int{}}
	for _, p := range pieces {
		for _, w := range p.tokens {
			wc.count[w]++
		}
		wc.words += len(p.tokens)
	}
	return wc
}

func (wc *wordCounts) rate(w string) float64 {
	return perThousand(wc.count[w], wc.words)
}

// contentWords are the words of a phrase that can carry its subject:
// those that are not function words, do not end in -ly (manner and stance
// adverbs such as "certainly" are how, not what), and do not stand inside
// one of the English idioms the phrase holds ("fact" in "in fact").
func contentWords(phrase string) []string {
	ws := words(phrase)
	inIdiom := make([]bool, len(ws))
	for _, idiom := range idioms {
		iw := strings.Fields(idiom)
		for i := 0; i+len(iw) <= len(ws); i++ {
			if slices.Equal(ws[i:i+len(iw)], iw) {
				for j := range iw {
					inIdiom[i+j] = true
				}
			}
		}
	}
	var out []string
	for i, w := range ws {
		if !functionWords[w] && !strings.HasSuffix(w, "ly") && !inIdiom[i] {
			out = append(out, w)
		}
	}
	return out
}

// topicRule says why a rule is about the subject, or "" when it is not.
//
// A prefer or avoid phrase is a topic rule when it holds a content word
// (see contentWords): a noun, verb or adjective names what a piece is
// about, and a writer's style lives in the words that are not about
// anything (function words, connectives, stance adverbs, idioms). The
// evaluation cannot tell parts of speech apart, so it presumes that a
// word its function-word list lacks is a content word: a word flagged
// here may be a style word the list misses, and the line says which word
// and how often this writer and the others use it, for a person to judge.
//
// An avoid phrase that LLM prose (the held-out LLM pieces) uses far more
// than the pieces learned from and the other writers is not about the
// writer's subject, which those pieces would name: it is a habit of LLM
// prose the writer lacks (see llmAvoid), counted apart for a person to
// judge.
func (a *auditor) topicRule(r rule) string {
	for _, list := range []struct {
		verb    string
		phrases []string
	}{{"prefers", r.Prefer}, {"avoids", r.Avoid}} {
		for _, phrase := range list.phrases {
			if list.verb == "avoids" && a.llmHabit(phrase) {
				continue
			}
			if cw := contentWords(phrase); len(cw) > 0 {
				return fmt.Sprintf("%s %q: %s", list.verb, phrase, a.usage(cw[0]))
			}
		}
	}
	return ""
}

// An avoid phrase is a habit of LLM prose the writer lacks when at least
// llmPieces of the held-out LLM pieces use it, and LLM prose uses it at
// least llmOveruse times as often as the pieces learned from do, and as
// the corpus's other writers, pooled: human writers of the same time and
// form, on the same subjects, who would use a word of the subject too.
const (
	llmPieces  = 3
	llmOveruse = 10.0
)

// llmAvoid says which avoid phrase of r, holding a content word, is a
// habit of LLM prose the writer lacks (see llmHabit), or "".
func (a *auditor) llmAvoid(r rule) string {
	for _, phrase := range r.Avoid {
		if cw := contentWords(phrase); len(cw) > 0 && a.llmHabit(phrase) {
			return fmt.Sprintf("avoids %q: %s", phrase, a.usage(cw[0]))
		}
	}
	return ""
}

// llmHabit says phrase is a habit of LLM prose the writer lacks (see
// llmPieces).
func (a *auditor) llmHabit(phrase string) bool {
	ph := words(phrase)
	own, ownWords := 0, 0
	for _, p := range a.train {
		own += countPhrase(p.tokens, ph)
		ownWords += len(p.tokens)
	}
	using, uses, llmWords := 0, 0, 0
	for _, p := range a.llm {
		n := countPhrase(p.tokens, ph)
		uses += n
		llmWords += len(p.tokens)
		if n > 0 {
			using++
		}
	}
	// The others' counts are of words: a phrase of several counts 0 there.
	rate := perThousand(uses, llmWords)
	return using >= llmPieces && rate >= llmOveruse*perThousand(own, ownWords) && rate >= llmOveruse*a.others.rate(phrase)
}

// usage says how often the pieces learned from, and the other writers,
// use w, and how many of the pieces learned from hold it.
func (a *auditor) usage(w string) string {
	total, using, ws := 0, 0, 0
	for _, p := range a.train {
		n := 0
		for _, x := range p.tokens {
			if x == w {
				n++
			}
		}
		total += n
		ws += len(p.tokens)
		if n > 0 {
			using++
		}
	}
	return fmt.Sprintf("content word %q, %.2f per 1,000 words in %d of the %d pieces learned from; the other writers %.2f",
		w, perThousand(total, ws), using, len(a.train), a.others.rate(w))
}

// boilerplateRule says why a rule came from boilerplate, or "" when it
// did not or the test cannot tell (a metric's bound cannot be traced to
// the lines it was measured on, and an opening or closing of a kind the
// evaluation does not know is not judged).
//
//   - A prefer or avoid phrase is a boilerplate rule when at least half of
//     its uses in the pieces learned from stand in boilerplate paragraphs.
//   - An opening or closing rule (signature opening:KIND or closing:KIND)
//     is one when at least half of the pieces learned from open (close)
//     with a boilerplate paragraph, and KIND shows at that edge of the
//     text as printed in more of them than at that edge of the writer's
//     own prose (boilerplate set aside), where it shows in fewer than two
//     thirds, the share sw asks of the pieces it proposes such a rule
//     from: the boilerplate, not the writer, made the rule.
func (a *auditor) boilerplateRule(r rule) string {
	for _, phrase := range append(slices.Clone(r.Prefer), r.Avoid...) {
		in, all := a.phraseUses(phrase)
		if all > 0 && 2*in >= all {
			return fmt.Sprintf("%d of the %d uses of %q in the pieces learned from stand in boilerplate", in, all, phrase)
		}
	}
	end, kind, ok := shapeOf(r)
	if !ok || !knownShapes[kind] {
		return ""
	}
	atEdge, printed, own := 0, 0, 0
	for _, p := range a.train {
		pars, marks := paragraphs(p.body), a.marks[p]
		if len(pars) < 2 {
			continue
		}
		edge := 0
		if end == "closing" {
			edge = len(pars) - 1
		}
		if marks[edge] {
			atEdge++
		}
		if showsShape(pars, end, kind) {
			printed++
		}
		if prose := ownProse(pars, marks); len(prose) > 0 && showsShape(prose, end, kind) {
			own++
		}
	}
	n := len(a.train)
	if 2*atEdge >= n && printed > own && 3*own < 2*n {
		verb := map[string]string{"opening": "open", "closing": "close"}[end]
		return fmt.Sprintf("%d of the %d pieces learned from %s with boilerplate; %s:%s shows in %d as printed, in %d without it",
			atEdge, n, verb, end, kind, printed, own)
	}
	return ""
}

// phraseUses counts a phrase's uses in the pieces learned from: inside
// boilerplate paragraphs, and in all.
func (a *auditor) phraseUses(phrase string) (inBoilerplate, all int) {
	ph := words(phrase)
	for _, p := range a.train {
		for i, par := range paragraphs(p.body) {
			n := countPhrase(words(par), ph)
			all += n
			if a.marks[p][i] {
				inBoilerplate += n
			}
		}
	}
	return inBoilerplate, all
}

// shapeOf reads an opening or closing rule's end and kind from its
// signature (opening:short, closing:one-line@essay), else from its id
// (closing-short).
func shapeOf(r rule) (end, kind string, ok bool) {
	sig, _, _ := strings.Cut(r.Signature, "@")
	for _, e := range []string{"opening", "closing"} {
		if k, found := strings.CutPrefix(sig, e+":"); found {
			return e, k, true
		}
		if k, found := strings.CutPrefix(r.ID, e+"-"); found && sig == "" {
			return e, k, true
		}
	}
	return "", "", false
}

// ownProse is a piece's paragraphs without its boilerplate.
func ownProse(pars []string, marks []bool) []string {
	var out []string
	for i, p := range pars {
		if !marks[i] {
			out = append(out, p)
		}
	}
	return out
}

// listMarker is a list item's marker ("1. ", "- "): a note printed as a
// numbered list is read as its text.
var listMarker = regexp.MustCompile(`^(\d+[.)]|[-*+])\s+`)

var knownShapes = map[string]bool{"one-line": true, "short": true, "question": true, "exclamation": true, "first-person": true}

var firstPerson = map[string]bool{"i": true, "me": true, "my": true, "mine": true, "myself": true,
	"we": true, "us": true, "our": true, "ours": true, "ourselves": true}

// showsShape says whether the piece's first (opening) or last (closing)
// paragraph shows kind: a one-sentence paragraph, or a first or last
// sentence that is short (8 words or fewer), a question, an exclamation,
// or in the first person.
func showsShape(pars []string, end, kind string) bool {
	par := pars[0]
	if end == "closing" {
		par = pars[len(pars)-1]
	}
	ss := sentences(listMarker.ReplaceAllString(par, ""))
	if len(ss) == 0 {
		return false
	}
	s := ss[0]
	if end == "closing" {
		s = ss[len(ss)-1]
	}
	bare := strings.TrimRight(s, "\"'”’)] ")
	switch kind {
	case "one-line":
		return len(ss) == 1
	case "short":
		return len(words(s)) <= 8
	case "question":
		return strings.HasSuffix(bare, "?")
	case "exclamation":
		return strings.HasSuffix(bare, "!")
	case "first-person":
		for _, w := range words(s) {
			if firstPerson[w] {
				return true
			}
		}
	}
	return false
}

// rateSpan is how far a rate rule's bounds may lie from its target, as a
// factor, for the rule to say something: "about 85 times per 1,000 words
// (8 to 161)" allows nearly anything.
const rateSpan = 2

// wideRule says why a rate rule's bounds are too wide to say anything, or
// "" when they are not (or the rule is no rate with a target): a bound
// below half the target or above twice it.
func wideRule(r rule) string {
	m := r.Metric
	if m == nil || m.Target == nil || *m.Target <= 0 || !strings.HasSuffix(m.Name, "_per_1k_words") {
		return ""
	}
	t := *m.Target
	lo, hi := 0.0, math.Inf(1)
	if m.Min != nil {
		lo = *m.Min
	}
	if m.Max != nil {
		hi = *m.Max
	}
	if lo >= t/rateSpan && hi <= t*rateSpan {
		return ""
	}
	return fmt.Sprintf("%s about %g per 1,000 words, allowing %g to %g (%.2g to %.2g times the target)", m.Name, t, lo, hi, lo/t, hi/t)
}
