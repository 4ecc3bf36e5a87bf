package analyze

import (
	"strings"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"

	"sw/profile/baseline"
	"sw/profile/boilerplate"
	"sw/profile/prose"
)

// edit is what the person changed in one piece's last agent draft: the
// phrases they deleted and added, and what they wrote in place of each
// deleted one.
type edit struct {
	p          *piece
	draft      *prose.Doc
	deleted    map[string]int    // phrase -> times deleted
	added      map[string]int    // phrase -> times added
	replacedBy map[string]string // deleted phrase -> the words written in its place
}

// boundary is the token standing between two words that cannot share a
// phrase (punctuation or a sentence break between them), so the diff
// aligns on sentence structure and no run crosses it.
const boundary rune = 1

// tokenizer maps words to runes, as go-diff's line mode maps lines, so the
// diff runs word by word.
type tokenizer struct {
	runes map[string]rune
	next  rune
}

func (t *tokenizer) rune(w string) rune {
	if r, ok := t.runes[w]; ok {
		return r
	}
	r := t.next
	t.next++
	if t.next == 0xD800 { // surrogates are not runes a string can hold
		t.next = 0xE000
	}
	t.runes[w] = r
	return r
}

// tokens returns d's words as runes, with a boundary wherever two words
// do not form a phrase, and for each rune the word's index (-1 for a
// boundary).
func (t *tokenizer) tokens(d *prose.Doc) ([]rune, []int) {
	rs := make([]rune, 0, len(d.Words)+len(d.Words)/4)
	idx := make([]int, 0, cap(rs))
	for i, w := range d.Words {
		if i > 0 && !d.Joined(i) {
			rs, idx = append(rs, boundary), append(idx, -1)
		}
		rs, idx = append(rs, t.rune(w.Text)), append(idx, i)
	}
	return rs, idx
}

// diffEdit diffs a piece's last draft with its final text word by word.
// The diff has no deadline, so it is deterministic: the same draft and
// final always give the same edit.
func diffEdit(p *piece) *edit {
	draftSrc := []byte(p.Drafts[len(p.Drafts)-1])
	draft, blocks := boilerplate.Parse(draftSrc, p.isBoilerplate)
	draftSrc = boilerplate.Mask(draftSrc, blocks)
	e := &edit{p: p, draft: draft, deleted: map[string]int{}, added: map[string]int{}, replacedBy: map[string]string{}}
	t := &tokenizer{runes: map[string]rune{}, next: boundary + 1}
	ra, ia := t.tokens(draft)
	rb, ib := t.tokens(p.doc)
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	diffs := dmp.DiffMainRunes(ra, rb, false)
	a, b := 0, 0
	for k, d := range diffs {
		n := len([]rune(d.Text))
		switch d.Type {
		case diffmatchpatch.DiffEqual:
			a, b = a+n, b+n
		case diffmatchpatch.DiffDelete:
			instead := ""
			if k+1 < len(diffs) && diffs[k+1].Type == diffmatchpatch.DiffInsert {
				m := len([]rune(diffs[k+1].Text))
				instead = segmentText(p.doc, ib[b:b+m])
			}
			for _, ph := range editPhrases(draftSrc, draft, ia[a:a+n]) {
				e.deleted[ph]++
				if _, ok := e.replacedBy[ph]; !ok {
					e.replacedBy[ph] = instead
				}
			}
			a += n
		case diffmatchpatch.DiffInsert:
			for _, ph := range editPhrases(p.src, p.doc, ib[b:b+n]) {
				e.added[ph]++
			}
			b += n
		}
	}
	return e
}

// editPhrases lists the phrases of up to MaxEditWords words inside the
// runs of words of a changed segment (idx: word indexes, -1 a boundary).
// Deleting "the" says nothing: a phrase does not end on a function word
// ("car to" is a fragment) and has no article at its start, no number and
// no name. A segment longer than MaxEditSpan words is a rewrite, not a
// cut: its single words and pairs went with the sentence around them, so
// only phrases of three words or more (which do not recur by chance) are
// taken from it.
func editPhrases(src []byte, d *prose.Doc, idx []int) []string {
	span := 0
	for _, w := range idx {
		if w >= 0 {
			span++
		}
	}
	minWords := 1
	if span > MaxEditSpan {
		minWords = 3
	}
	var out []string
	run := make([]int, 0, 16)
	flush := func() {
		for i := range run {
			for n := minWords; n <= MaxEditWords && i+n <= len(run); n++ {
				if ph, ok := editPhrase(src, d, run[i:i+n]); ok {
					out = append(out, ph)
				}
			}
		}
		run = run[:0]
	}
	for _, w := range idx {
		if w < 0 {
			flush()
			continue
		}
		run = append(run, w)
	}
	flush()
	return out
}

func editPhrase(src []byte, d *prose.Doc, ws []int) (string, bool) {
	first, last := d.Words[ws[0]].Text, d.Words[ws[len(ws)-1]].Text
	if isArticle(first) || baseline.IsFunctionWord(last) {
		return "", false
	}
	parts := make([]string, len(ws))
	for i, w := range ws {
		text := d.Words[w].Text
		if strings.ContainsAny(text, "0123456789") || capitalisedMidSentence(src, d, w) {
			return "", false
		}
		parts[i] = text
	}
	ph := strings.Join(parts, " ")
	return ph, utf8.RuneCountInString(ph) <= MaxPhrase
}

func isArticle(w string) bool { return w == "the" || w == "a" || w == "an" }

// MaxInstead is how many words of a replacement the evidence quotes.
const MaxInstead = 8

// segmentText is the words of an inserted segment, for evidence.
func segmentText(d *prose.Doc, idx []int) string {
	var parts []string
	for _, w := range idx {
		if w >= 0 {
			if len(parts) == MaxInstead {
				parts = append(parts, "…")
				break
			}
			parts = append(parts, d.Words[w].Text)
		}
	}
	return strings.Join(parts, " ")
}
