package analyze

import (
	"maps"
	"slices"
	"strings"
	"sync"

	"sw/profile/baseline"
)

// lexicon numbers the batch's words, so that counting phrases costs an
// integer key rather than a string, and remembers what the filters ask of
// each word once rather than at every use.
type lexicon struct {
	ids   map[string]uint32
	words []lexWord // by id; id 0 is unused, so a key's empty slots are 0
}

type lexWord struct {
	text     string
	function bool // baseline.IsFunctionWord
	article  bool // the, a, an: never at a phrase's edge
	opener   bool // a determiner or preposition: what comes before a noun
	digit    bool // numbers and codes are not vocabulary
	rate     float64
	uses     int // in the pieces counted
	capMid   int // of which capitalised mid-sentence
	capAll   int // of which capitalised anywhere
	nominal  int // of which right after an opener, or right before "of"

	nounKnown, noun bool // nounLike's answer, once asked
}

// maxWordID keeps three ids in one 63-bit key.
const maxWordID = 1<<21 - 1

func newLexicon() *lexicon {
	return &lexicon{ids: map[string]uint32{}, words: make([]lexWord, 1, 4096)}
}

// id returns w's number, adding it when new. The general-English rate is
// looked up here, once per distinct word: this is where the baseline is
// first needed, and so first loaded.
func (l *lexicon) id(w string) uint32 {
	if id, ok := l.ids[w]; ok {
		return id
	}
	id := uint32(len(l.words))
	l.ids[w] = id
	l.words = append(l.words, lexWord{
		text:     w,
		function: baseline.IsFunctionWord(w),
		article:  w == "the" || w == "a" || w == "an",
		opener:   nounOpeners()[w],
		digit:    strings.ContainsAny(w, "0123456789") || numberWords()[w],
		rate:     baseline.Rate(w),
	})
	return id
}

// proper says a word is a name: mostly capitalised mid-sentence, or
// never written in lower case and unknown to general English (a signature
// line, a product).
func (l *lexicon) proper(id uint32) bool {
	w := &l.words[id]
	if w.uses == 0 {
		return false
	}
	if float64(w.capMid) >= MaxProperShare*float64(w.uses) {
		return true
	}
	_, listed := baseline.PerMillion(w.text)
	return w.capAll == w.uses && !listed
}

// numberWords are numbers written out: as much a matter of subject as
// digits are.
var numberWords = sync.OnceValue(func() map[string]bool {
	return wordSet(`zero one two three four five six seven eight nine ten eleven twelve twenty thirty forty
		fifty hundred hundreds thousand thousands million millions billion first second third
		fourth fifth`)
})

// nounOpeners are the determiners and prepositions that put the word
// after them in a noun phrase: the government, of nations, our safety.
// "to" is not one: it opens verbs as often (to endeavor).
var nounOpeners = sync.OnceValue(func() map[string]bool {
	return wordSet(`the a an this that these those his her its our their my your every each any some no
		another such other many all both few several of in on by with for from between among
		against into upon at`)
})

// NominalShare, EnglishNominalShare and IdiomShare tell subject words
// from style words; see nounLike and vocab.subject.
const (
	NominalShare        = 0.25
	EnglishNominalShare = 0.2
	IdiomShare          = 0.2
)

// nounLike says a content word names a subject rather than a manner: at
// least NominalShare of the writer's uses come right after a determiner
// or a preposition, or right before "of" (the government, causes of);
// general English puts it after one in EnglishNominalShare of its uses; or
// it is a plural whose singular is at least as common in general English
// and known to the baseline or the batch. Attributive adjectives (the
// national debt) go with their nouns.
func (l *lexicon) nounLike(id uint32) bool {
	w := &l.words[id]
	if !w.nounKnown {
		w.noun = !w.function && (w.uses > 0 && float64(w.nominal) >= NominalShare*float64(w.uses) ||
			englishNominal(w.text, w.rate) >= EnglishNominalShare || l.plural(w))
		w.nounKnown = true
	}
	return w.noun
}

// englishOpeners are the openers whose pairs the baseline is asked about.
var englishOpeners = sync.OnceValue(func() []string { return slices.Sorted(maps.Keys(nounOpeners())) })

// englishNominal is the share of a word's uses in general English that
// follow a determiner or preposition.
func englishNominal(w string, rate float64) float64 {
	sum := 0.0
	pair := []string{"", w}
	for _, o := range englishOpeners() {
		pair[0] = o
		sum += baseline.PhrasePerMillion(pair)
	}
	return sum / rate
}

// englishNoun is nounLike for a word seen outside the batch's counts (an
// edit), by general English alone.
func englishNoun(w string) bool {
	if baseline.IsFunctionWord(w) {
		return false
	}
	rate := baseline.Rate(w)
	if englishNominal(w, rate) >= EnglishNominalShare {
		return true
	}
	l := &lexicon{ids: map[string]uint32{}}
	return l.plural(&lexWord{text: w, rate: rate})
}

func (l *lexicon) plural(w *lexWord) bool {
	t := w.text
	if len(t) < 4 || !strings.HasSuffix(t, "s") || strings.HasSuffix(t, "ss") {
		return false
	}
	stems := []string{t[:len(t)-1]}
	if strings.HasSuffix(t, "ies") {
		stems = append(stems, t[:len(t)-3]+"y")
	} else if strings.HasSuffix(t, "es") {
		stems = append(stems, t[:len(t)-2])
	}
	for _, s := range stems {
		rate, listed := baseline.PerMillion(s)
		_, seen := l.ids[s]
		if !listed {
			rate = baseline.Floor()
		}
		if (listed || seen) && rate >= w.rate {
			return true
		}
	}
	return false
}

// countable says whether a single word may be signature vocabulary at all:
// not a number, not one of the commonest words, and not a function word
// unless a rare one (MarkedFunctionRate).
func (l *lexicon) countable(id uint32) bool {
	w := &l.words[id]
	switch {
	case w.digit || w.rate >= CommonestRate:
		return false
	case w.function:
		return w.rate < MarkedFunctionRate
	}
	return true
}

// phraseOK says whether words (ids) can make a phrase worth counting: no
// numbers, an article at neither edge, and at least one word that is not
// a function word ("of the" is grammar).
func (l *lexicon) phraseOK(ids []uint32) bool {
	if l.words[ids[0]].article || l.words[ids[len(ids)-1]].article {
		return false
	}
	content := false
	for _, id := range ids {
		w := &l.words[id]
		if w.digit {
			return false
		}
		content = content || !w.function
	}
	return content
}

// key packs one to three word ids into a map key.
func key(ids []uint32) uint64 {
	var k uint64
	for _, id := range ids {
		k = k<<21 | uint64(id)
	}
	return k
}

func unpack(k uint64) []uint32 {
	var ids []uint32
	for k != 0 {
		ids = append([]uint32{uint32(k & maxWordID)}, ids...)
		k >>= 21
	}
	return ids
}

// text is the phrase of a key: its words joined by single spaces, the
// normalised form (NormalizePhrase) FindPhrase finds.
func (l *lexicon) text(k uint64) string {
	ids := unpack(k)
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = l.words[id].text
	}
	return strings.Join(parts, " ")
}

// wordSet is the set of the space-separated words of list.
func wordSet(list string) map[string]bool {
	set := map[string]bool{}
	for _, w := range strings.Fields(list) {
		set[w] = true
	}
	return set
}
