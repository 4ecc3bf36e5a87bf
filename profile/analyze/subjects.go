package analyze

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"sync"

	"sw/profile/baseline"
	"sw/profile/prose"
)

// Style, not subject. A word the person uses because of what a piece is
// about (magistrate, driving, hours) is no habit of theirs: another piece
// on another subject will not use it, and a rule to prefer or avoid it
// would steer the agent's subject, not its voice. So a prefer or avoid
// phrase holding a content word (see contentWords) must be used in pieces
// on two subjects at least, be a topic word of none of them, and, when
// the writer's own pieces show it, not gather on one subject (gathers).
const (
	// TopicWords is how many words stand for a piece's subject: its nouns
	// (see topicWords) used twice or more, by keyness against general
	// English, count × ln(rate / English's rate), the strongest first.
	TopicWords = 10
	// SubjectShare is the share of a word's pieces that, past it, sharing
	// one topic word are on one subject (see sharedSubject).
	SubjectShare = 0.5
	// TopicCore is how many of the strongest topic words say what a piece
	// is about: two pieces are on different subjects when neither's core
	// is among the other's topic words. Essays on self-driving cars share
	// "car" or "vehicle"; Federalist papers on the army and on commerce
	// share nothing.
	TopicCore = 3
)

// topicWords lists a piece's topic words, the strongest first, as stems,
// so that "car" and "cars" are one subject. A subject is named by nouns
// (NominalShare, englishNoun): an adjective or a verb the writer leans on
// ("needless", "delve") is a habit, not a subject.
func topicWords(d *prose.Doc) []string {
	type use struct{ count, nominal int }
	uses := map[string]use{}
	for i := range d.Words {
		w := d.Words[i].Text
		if len(w) < 3 || baseline.IsFunctionWord(w) || strings.ContainsAny(w, "0123456789") {
			continue
		}
		u := uses[w]
		u.count++
		if i > 0 && d.Joined(i) && nounOpeners()[d.Words[i-1].Text] || i+1 < len(d.Words) && d.Joined(i+1) && d.Words[i+1].Text == "of" {
			u.nominal++
		}
		uses[w] = u
	}
	// A stem's keyness sums its words' ("treaty", "treaties"), in the
	// words' order: a float sum in the map's order could differ in its
	// last digit from run to run, and tip a tie. Only as many stems are
	// asked whether they are nouns as it takes to find TopicWords: asking
	// general English costs dozens of look-ups.
	type topic struct {
		stem           string
		words          []string
		count, nominal int
		keyness        float64
	}
	n := float64(d.WordCount())
	byStem := map[string]*topic{}
	for _, w := range slices.Sorted(maps.Keys(uses)) {
		u := uses[w]
		if u.count < 2 || mannerWord(w) {
			continue
		}
		ratio := float64(u.count) / n * 1e6 / baseline.Rate(w)
		if ratio <= 1 {
			continue
		}
		s := stem(w)
		t := byStem[s]
		if t == nil {
			t = &topic{stem: s}
			byStem[s] = t
		}
		t.words = append(t.words, w)
		t.count += u.count
		t.nominal += u.nominal
		t.keyness += float64(u.count) * math.Log(ratio)
	}
	topics := slices.SortedFunc(maps.Values(byStem), func(a, b *topic) int {
		return cmp.Or(cmp.Compare(b.keyness, a.keyness), strings.Compare(a.stem, b.stem))
	})
	var out []string
	for _, t := range topics {
		if len(out) == TopicWords {
			break
		}
		if float64(t.nominal) >= NominalShare*float64(t.count) || slices.ContainsFunc(t.words, englishNounCached) {
			out = append(out, t.stem)
		}
	}
	return out
}

// englishNouns remembers englishNoun's answers: topic words recur from
// piece to piece, and each answer costs dozens of look-ups.
var englishNouns sync.Map

func englishNounCached(w string) bool {
	if v, ok := englishNouns.Load(w); ok {
		return v.(bool)
	}
	noun := englishNoun(w)
	englishNouns.Store(w, noun)
	return noun
}

// stem folds a plural into its singular, roughly.
func stem(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is"):
		return w
	case len(w) > 3 && strings.HasSuffix(w, "s"):
		return w[:len(w)-1]
	}
	return w
}

// mannerWord says a word that is no function word still carries no
// subject: an adverb of manner, degree, frequency or discourse (however,
// indeed, often, really). A word ending in -ly counts when it is an adverb
// of a word general English knows at least a tenth as well (real, simple,
// basic) and is no noun in general English (family, supply, assembly).
func mannerWord(w string) bool {
	if mannerWords()[w] {
		return true
	}
	if len(w) < 5 || !strings.HasSuffix(w, "ly") {
		return false
	}
	rate := baseline.Rate(w)
	for _, base := range []string{w[:len(w)-2], w[:len(w)-1] + "e", w[:len(w)-3] + "y", strings.TrimSuffix(w, "ally")} {
		if r, ok := baseline.PerMillion(base); ok && base != w && r >= rate/10 {
			return !englishNounCached(w)
		}
	}
	return false
}

var mannerWords = sync.OnceValue(func() map[string]bool {
	return wordSet(`however therefore moreover furthermore thus hence indeed
		nevertheless nonetheless perhaps maybe rather quite still even just already almost
		instead otherwise meanwhile overall anyway anyhow often seldom sometimes always
		again once twice soon later well else thereby whereby hitherto henceforth likewise
		accordingly namely anyways altogether somewhat`)
})

// contentWords are the words of a phrase that can carry a subject: not a
// function or manner word, not one of the commonest words of English
// (CommonestRate: make, time, way are about anything), and not a noun held
// in an idiom, which general English uses next to its neighbour in the
// phrase for at least IdiomShare of its uses ("in order to", "the end").
// The "to" before a verb is no such neighbour: every verb has an
// infinitive, and "to raise" is as much about armies as "raise" is.
func contentWords(words []string) []string {
	var out []string
	for i, w := range words {
		if baseline.IsFunctionWord(w) || mannerWord(w) || baseline.Rate(w) >= CommonestRate || idiomatic(words, i) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// idiomatic says word i of a phrase stands in an idiom with the word
// before or after it.
func idiomatic(words []string, i int) bool {
	rate := baseline.Rate(words[i])
	for _, pair := range [][2]int{{i - 1, i + 1}, {i, i + 2}} {
		if pair[0] == i-1 && i > 0 && words[i-1] == "to" {
			continue // "to raise": an infinitive, which any verb makes, not an idiom
		}
		if pair[0] >= 0 && pair[1] <= len(words) && baseline.PhrasePerMillion(words[pair[0]:pair[1]]) >= IdiomShare*rate {
			return true
		}
	}
	return false
}

// subjectFree says whether a phrase used (or deleted) in pieces behaves
// like style rather than subject; why names, for the evidence, two pieces
// on different subjects.
func subjectFree(phrase string, pieces []*piece) (ok bool, why string) {
	content := contentWords(strings.Fields(phrase))
	if len(content) == 0 {
		return true, ""
	}
	pieces = pieces[:min(len(pieces), maxSubjectPieces)]
	for _, p := range pieces {
		for _, w := range content {
			if slices.Contains(p.topics(), stem(w)) {
				return false, ""
			}
		}
	}
	a, b := differentSubjects(pieces)
	if a == nil {
		return false, ""
	}
	return true, fmt.Sprintf("On different subjects: %s (%s) and %s (%s).",
		a.Path, strings.Join(a.core(), ", "), b.Path, strings.Join(b.core(), ", "))
}

// gathers says the pieces using a phrase share a subject (see
// sharedSubject). A verb or an adjective of a subject (a commodities
// reporter's "tonnes", the Federal Farmer's representatives "chosen") is
// often no topic word of any one piece, and two of its pieces differ in
// what they are mostly about, yet it turns up where the subject is. Edits
// are not asked: a phrase a person adds to the agent's drafts ("to be
// sure") is a choice of wording, in pieces that may well share a subject,
// as every piece of a series can.
func gathers(phrase string, pieces []*piece) bool {
	content := contentWords(strings.Fields(phrase))
	return len(content) > 0 && sharedSubject(content, pieces[:min(len(pieces), maxSubjectPieces)]) != ""
}

// minShared is the fewest pieces that share a subject: two pieces of ten
// topic words each share one by chance often enough.
const minShared = 3

// sharedSubject is the most shared topic word (ties to the first) among
// the topic words of more than SubjectShare of the pieces and of minShared
// at least, or "". content's own words and English's commonest
// (CommonestRate), which name no subject, do not count. (Two pieces on one
// subject are differentSubjects' to catch.)
func sharedSubject(content []string, pieces []*piece) string {
	if len(pieces) < 2 {
		return ""
	}
	own := map[string]bool{}
	for _, w := range content {
		own[stem(w)] = true
	}
	count := map[string]int{}
	var order []string
	for _, p := range pieces {
		for _, t := range p.topics() {
			if own[t] || baseline.Rate(t) >= CommonestRate {
				continue
			}
			if count[t] == 0 {
				order = append(order, t)
			}
			count[t]++
		}
	}
	best := ""
	for _, t := range order {
		if count[t] > count[best] {
			best = t
		}
	}
	if count[best] < max(minShared, int(math.Floor(SubjectShare*float64(len(pieces))))+1) {
		return ""
	}
	return best
}

// maxSubjectPieces bounds the pieces whose subjects are compared, the
// first ones in the batch's order: a phrase a thousand pieces on one
// subject use costs a few thousand comparisons, not half a million, and
// sixty-four pieces say as well as a thousand whether a word follows the
// subject.
const maxSubjectPieces = 64

// differentSubjects finds the first two pieces on different subjects
// (among the first maxSubjectPieces), or nil.
func differentSubjects(pieces []*piece) (*piece, *piece) {
	pieces = pieces[:min(len(pieces), maxSubjectPieces)]
	for i, a := range pieces {
		if len(a.core()) == 0 {
			continue
		}
		for _, b := range pieces[i+1:] {
			if len(b.core()) > 0 && !sharesAny(a.core(), b.topics()) && !sharesAny(b.core(), a.topics()) {
				return a, b
			}
		}
	}
	return nil, nil
}

// core is what a piece is about: its TopicCore strongest topic words.
func (p *piece) core() []string { return p.topics()[:min(len(p.topics()), TopicCore)] }

// topics are a piece's topic words, found when first asked: most phrases
// hold no content word, and a batch of a thousand pieces need not have
// every piece's subject found. Signals run one at a time, so this needs
// no lock. A piece under MinPieceWords has no subject sw can tell.
func (p *piece) topics() []string {
	if !p.topicsRead {
		p.topicsRead = true
		if p.eligible {
			p.topicList = topicWords(p.doc)
		}
	}
	return p.topicList
}

func sharesAny(a, b []string) bool {
	return slices.ContainsFunc(a, func(x string) bool { return slices.Contains(b, x) })
}
