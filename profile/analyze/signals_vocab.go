package analyze

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"sw/profile"
	"sw/profile/baseline"
	"sw/profile/prose"
)

// vocabHit is a word or phrase that passed the gate in one scope.
type vocabHit struct {
	key      uint64
	text     string
	support  []*piece // the scope's pieces that use it
	counts   []int32
	total    int
	rate     float64 // per million words of the scope
	perPiece float64 // uses expected in a piece of the scope's median length
	base     float64 // general English, per million words
	keyness  float64
	dropped  bool
	measured int
	subjects string // the pieces on different subjects that use it, for evidence
}

// vocabSignals finds signature vocabulary: words and 2–3-word phrases the
// writer uses markedly more than general English, in enough pieces, and
// not because of what the pieces are about.
func (r *run) vocabSignals() {
	v := r.countVocab()
	if v == nil {
		return
	}
	// What any scope would need at the least, to skip most words without
	// evaluating them: the smallest scope is the easiest to pass.
	needPieces, needUses := math.MaxInt, math.Inf(1)
	for _, genre := range r.genres {
		if n := len(v.eligible[genre]); n > 0 {
			needPieces = min(needPieces, preferPieces(n))
			needUses = min(needUses, MinExpectedUses*float64(v.words[genre])/v.median[genre])
		}
	}
	needUses = max(needUses, MinOccurrences)
	keys := make([]uint64, 0, 1024)
	for k, l := range v.lists {
		if int(l.pieces) >= needPieces && float64(l.total) >= needUses {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)

	hits := map[string][]*vocabHit{} // by scope
	for _, k := range keys {
		ids := unpack(k)
		outs := place(r, v.eval(r, k, ids))
		// The gate is cheap and passes few; the subject test asks the
		// baseline dozens of questions, so it only sees what passed.
		if len(outs) == 0 || v.hasProper(ids) || v.subject(k, ids) {
			continue
		}
		for _, o := range outs {
			// Style, not subject: see subjectFree and gathers.
			ok, why := subjectFree(o.res.text, o.res.support)
			if !ok || gathers(o.res.text, o.res.support) {
				continue
			}
			o.res.subjects = why
			hits[o.genre] = append(hits[o.genre], o.res)
		}
	}
	for _, genre := range sortedKeys(hits) {
		r.vocabCandidates(genre, mergeOverlaps(hits[genre]))
	}
	r.llmAvoidSignals(v)
}

// subject says a word or phrase is about what the pieces discuss rather
// than how the writer says things: a noun-like word on its own; a phrase
// ending in a function word (a fragment: "causes of"); or a phrase with a
// noun-like word it is no idiom for, one general English uses for at least
// IdiomShare of the word's uses, as "in fact" is. "foreign nations" and
// "of peace" are subjects.
func (v *vocab) subject(k uint64, ids []uint32) bool {
	if len(ids) == 1 {
		return v.lex.nounLike(ids[0])
	}
	if v.lex.words[ids[len(ids)-1]].function {
		return true
	}
	phrase := -1.0
	for _, id := range ids {
		if !v.lex.nounLike(id) {
			continue
		}
		if phrase < 0 {
			phrase = v.baseRate(ids)
		}
		if phrase < IdiomShare*v.lex.words[id].rate {
			return true
		}
	}
	return false
}

func (v *vocab) hasProper(ids []uint32) bool { return slices.ContainsFunc(ids, v.lex.proper) }

// eval is the gate of one word or phrase in a scope: used in
// preferPieces of the eligible pieces, MinOccurrences times in all, not in
// bursts (BurstCount), no piece holding more than MaxPieceShare of its use
// (by rate), at MinVocabRate per million words and MinVocabRatio times
// general English's rate (MarkedFunctionRatio for a function word).
func (v *vocab) eval(r *run, k uint64, ids []uint32) func(string) (*vocabHit, gate) {
	base := -1.0
	return func(genre string) (*vocabHit, gate) {
		g := gate{measured: v.eligible[genre]}
		h := &vocabHit{key: k, measured: len(g.measured)}
		sumRate, maxRate := 0.0, 0.0
		for i := v.lists[k].head; i >= 0; i = v.arena[i].next {
			po := &v.arena[i]
			p := r.pieces[po.piece]
			if genre != "" && p.Genre != genre {
				continue
			}
			if po.count >= BurstCount && po.paras == 1 {
				continue
			}
			g.support = append(g.support, p)
			h.counts = append(h.counts, po.count)
			h.total += int(po.count)
			rate := float64(po.count) / float64(p.doc.WordCount())
			sumRate += rate
			maxRate = max(maxRate, rate)
		}
		if len(g.support) < preferPieces(len(g.measured)) || h.total < MinOccurrences || maxRate > MaxPieceShare*sumRate {
			return h, g
		}
		h.rate = float64(h.total) * 1e6 / float64(v.words[genre])
		h.perPiece = h.rate * v.median[genre] / 1e6
		if h.rate < MinVocabRate || h.perPiece < MinExpectedUses {
			return h, g
		}
		if base < 0 {
			base = v.baseRate(ids)
		}
		h.base = base
		ratio := h.rate / base
		need := MinVocabRatio
		if len(ids) == 1 && v.lex.words[ids[0]].function {
			need = MarkedFunctionRatio
		}
		if ratio < need {
			return h, g
		}
		h.text = v.lex.text(k)
		h.keyness = float64(h.total) * math.Log(ratio)
		h.support = g.support
		g.holds = true
		return h, g
	}
}

// preferPieces is how many of n pieces a signature must be in: enough
// that a new piece of the writer's uses it with PreferShare's odds, and
// VocabShare at least.
func preferPieces(n int) int {
	return max(likely(PreferShare, n), atLeast(VocabShare, n))
}

func (v *vocab) baseRate(ids []uint32) float64 {
	if len(ids) == 1 {
		return v.lex.words[ids[0]].rate
	}
	words := make([]string, len(ids))
	for i, id := range ids {
		words[i] = v.lex.words[id].text
	}
	return baseline.PhrasePerMillion(words)
}

// OverlapShare: when a phrase accounts for this share of the uses of a
// shorter word or phrase inside it ("in fact" and "fact"), the shorter one
// is the same habit and only the phrase is proposed.
const OverlapShare = 0.8

// mergeOverlaps drops the hits another hit already says: one that mostly
// occurs inside a longer hit (OverlapShare), then a phrase containing a
// kept hit (preferring the shorter one covers it).
func mergeOverlaps(hits []*vocabHit) []*vocabHit {
	byKey := map[uint64]*vocabHit{}
	for _, h := range hits {
		byKey[h.key] = h
	}
	for _, h := range hits {
		for _, s := range subKeys(h.key) {
			if sub := byKey[s]; sub != nil && float64(h.total) >= OverlapShare*float64(sub.total) {
				sub.dropped = true
			}
		}
	}
	for _, h := range hits {
		if h.dropped {
			continue
		}
		for _, s := range subKeys(h.key) {
			if sub := byKey[s]; sub != nil && !sub.dropped {
				h.dropped = true
			}
		}
	}
	return filter(hits, func(h *vocabHit) bool { return !h.dropped })
}

// subKeys are the keys of the shorter runs of words inside a phrase.
func subKeys(k uint64) []uint64 {
	ids := unpack(k)
	var out []uint64
	for n := 1; n < len(ids); n++ {
		for i := 0; i+n <= len(ids); i++ {
			out = append(out, key(ids[i:i+n]))
		}
	}
	return out
}

// vocabCandidates turns a scope's hits into prefer suggestions, the
// strongest first, at most MaxVocab, skipping what the profile already
// says or forbids.
func (r *run) vocabCandidates(genre string, hits []*vocabHit) {
	slices.SortStableFunc(hits, func(a, b *vocabHit) int {
		return cmp.Or(cmp.Compare(b.keyness, a.keyness), strings.Compare(a.text, b.text))
	})
	n := 0
	for _, h := range hits {
		if n == MaxVocab {
			break
		}
		if utf8.RuneCountInString(h.text) > MaxPhrase || !r.phraseFree(genre, h.text, true) || r.rateRuled(genre, h.text) {
			continue
		}
		c := preferCandidate(genre, h.text, familyVocab, h.keyness, vocabEvidence(h))
		perK := roundTo(h.rate/1000, 0.01)
		c.measured = profile.Around(h.measured, perK, RateBand*perK)
		c.support = len(h.support)
		c.distance = math.Log(h.rate / h.base) // how many times English's rate, on a log scale
		r.add(c)
		n++
	}
}

// rateRuled says a rule on the word's rate (rate-of-upon, for a marker
// word) stands or is proposed: "prefer upon" beside it would tell the
// agent nothing more.
func (r *run) rateRuled(genre, word string) bool {
	if !slices.Contains(prose.MarkerWords, word) {
		return false // "questions" names a metric too, of question marks
	}
	return r.metricRuled(genre, profile.MarkerMetric(word), true)
}

func preferCandidate(genre, phrase string, fam family, strength float64, evidence string) *candidate {
	what := "words"
	if strings.Contains(phrase, " ") {
		what = "phrases"
	}
	text := fmt.Sprintf("Use %s where it fits: it is one of the writer's own %s.", quote(phrase), what)
	return phraseCandidate(false, genre, phrase, fam, strength, text, "Prefer "+quote(phrase), evidence)
}

func vocabEvidence(h *vocabHit) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Used %d times in %d of %d pieces: %s; %s per million words, about %s in a piece of typical length.\n",
		h.total, len(h.support), h.measured,
		pieceList(h.support, func(i int, _ *piece) string { return fmt.Sprint(h.counts[i]) }), fmtRate(h.rate), fmtNum(roundTo(h.perPiece, 0.1)))
	fmt.Fprintf(&b, "General English: %s per million words, so %s times as often.\n", fmtRate(h.base), fmtCount(h.rate/h.base))
	if h.subjects != "" {
		b.WriteString(h.subjects + "\n")
	}
	b.WriteString("The profile does not mention it.")
	return b.String()
}

// fmtRate writes a rate per million words for people: 2,900, 59, 0.14.
func fmtRate(v float64) string {
	switch {
	case v >= 10:
		return fmtCount(v)
	case v < 0.01:
		return "under 0.01"
	}
	return fmtNum(roundTo(v, 0.01))
}
