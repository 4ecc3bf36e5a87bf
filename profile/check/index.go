package check

import (
	"sw/profile/prose"
)

// find returns where each phrase (in profile.NormalizePhrase form) occurs
// in d, exactly as d.FindPhrase would, in one pass over the piece rather
// than one scan per phrase (a profile holds hundreds):
//
//   - A plain phrase (see plainWords) is looked up by its first word. Its
//     words in a row with only spaces between, in one sentence, are a
//     match; with more between in one block (a comma, a heading's spacing)
//     only FindPhrase can tell, and it is asked.
//   - A phrase with punctuation of its own goes to FindPhrase, only when
//     the piece holds every word the phrase is sure to contain: most such
//     phrases are absent, and one missing word settles it.
//
// An index finds once.
func (x *phraseIndex) find(d *prose.Doc) map[string][]prose.Position {
	hits := make(map[string][]prose.Position, len(x.plain)+len(x.other))
	if len(x.words) > 0 {
		x.scan(d)
	}
	for i := range x.plain {
		p := &x.plain[i]
		if p.unsure {
			hits[p.text] = d.FindPhrase(p.text)
		} else {
			hits[p.text] = p.at
		}
	}
	for _, p := range x.other {
		if x.allSeen(p.need) {
			hits[p.text] = d.FindPhrase(p.text)
		} else {
			hits[p.text] = nil
		}
	}
	return hits
}

// phraseIndex is the phrases keyed by the words the pass over the piece
// looks for.
type phraseIndex struct {
	plain []plainPhrase
	other []otherPhrase
	words map[string]*wanted
	sieve wordSieve
	seen  []bool // by wanted.need
}

// wanted is what a word of the piece may start or settle.
type wanted struct {
	starts []int32 // plain phrases with this first word
	need   int32   // index in seen, or -1: no other phrase needs it
}

type plainPhrase struct {
	text   string
	words  []string
	at     []prose.Position
	unsure bool // a candidate only FindPhrase can decide
}

type otherPhrase struct {
	text string
	need []int32 // the words it surely contains, as indexes in seen
}

func newPhraseIndex(phrases []string) *phraseIndex {
	x := &phraseIndex{words: map[string]*wanted{}}
	done := make(map[string]bool, len(phrases))
	for _, p := range phrases {
		if done[p] {
			continue
		}
		done[p] = true
		if words, ok := plainWords(p); ok {
			w := x.want(words[0])
			w.starts = append(w.starts, int32(len(x.plain)))
			x.plain = append(x.plain, plainPhrase{text: p, words: words})
			continue
		}
		o := otherPhrase{text: p}
		for _, word := range sureWords(p) {
			w := x.want(word)
			if w.need < 0 {
				w.need = int32(len(x.seen))
				x.seen = append(x.seen, false)
			}
			o.need = append(o.need, w.need)
		}
		x.other = append(x.other, o)
	}
	return x
}

func (x *phraseIndex) want(word string) *wanted {
	w, ok := x.words[word]
	if !ok {
		w = &wanted{need: -1}
		x.words[word] = w
		x.sieve.add(word)
	}
	return w
}

func (x *phraseIndex) allSeen(need []int32) bool {
	for _, i := range need {
		if !x.seen[i] {
			return false
		}
	}
	return true
}

// scan is the one pass over the piece's words.
func (x *phraseIndex) scan(d *prose.Doc) {
	for i := range d.Words {
		text := d.Words[i].Text
		if !x.sieve.may(text) {
			continue
		}
		w, ok := x.words[text]
		if !ok {
			continue
		}
		if w.need >= 0 {
			x.seen[w.need] = true
		}
		// A phrase of several words whose second is not the next word
		// cannot be here: most candidates end at that test, uncalled.
		next := ""
		if i+1 < len(d.Words) {
			next = d.Words[i+1].Text
		}
		for _, id := range w.starts {
			p := &x.plain[id]
			if p.unsure || len(p.words) > 1 && p.words[1] != next {
				continue
			}
			switch matchPlain(d, i, p.words) {
			case matched:
				p.at = append(p.at, d.Words[i].Position)
			case unsure:
				p.unsure = true
			}
		}
	}
}

// wordSieve sieves the piece's words before the map lookup: a bit per
// first byte and length (modulo 32) of the words wanted, and one per last
// byte and length. Most words of a piece fail it at the cost of two array
// reads; a word is never empty.
type wordSieve struct{ first, last [256]uint32 }

func (s *wordSieve) add(w string) {
	bit := uint32(1) << (len(w) & 31)
	s.first[w[0]] |= bit
	s.last[w[len(w)-1]] |= bit
}

func (s *wordSieve) may(w string) bool {
	bit := uint32(1) << (len(w) & 31)
	return s.first[w[0]]&bit != 0 && s.last[w[len(w)-1]]&bit != 0
}

type match int

const (
	noMatch match = iota
	matched
	unsure
)

// matchPlain says whether the plain phrase words occurs at word i, whose
// text equals words[0].
func matchPlain(d *prose.Doc, i int, words []string) match {
	if i+len(words) > len(d.Words) {
		return noMatch
	}
	for k := 1; k < len(words); k++ {
		a, b := &d.Words[i+k-1], &d.Words[i+k]
		if b.Text != words[k] {
			return noMatch
		}
		if d.Joined(i + k) {
			continue
		}
		if a.Paragraph != b.Paragraph || a.Heading != b.Heading {
			return noMatch // FindPhrase never matches across blocks
		}
		if a.Sentence >= 0 && a.Sentence != b.Sentence {
			return noMatch // a sentence ends at punctuation, never at a space
		}
		// The same sentence or heading with more than plain spaces
		// between: a comma, a dash, a no-break space. Ask FindPhrase.
		return unsure
	}
	return matched
}
