package analyze

import (
	"strings"
	"testing"
)

// lexiconOf counts the vocabulary of texts, as a batch would.
func lexiconOf(t *testing.T, texts ...string) *vocab {
	t.Helper()
	norm, err := normalize(batch("essay", texts...))
	if err != nil {
		t.Fatal(err)
	}
	v := newRun(norm).countVocab()
	if v == nil {
		t.Fatal("nothing counted")
	}
	return v
}

func idOf(t *testing.T, v *vocab, w string) uint32 {
	t.Helper()
	id, ok := v.lex.ids[w]
	if !ok {
		t.Fatalf("%q not counted", w)
	}
	return id
}

// Which words may be signatures at all, before any counting.
func TestCountable(t *testing.T) {
	v := lexiconOf(t, synthPiece(repeat(8, 20)...), synthPiece(repeat(8, 20)...))
	for w, want := range map[string]bool{
		"the": false, "of": false, "it": false, // function words
		"people": false, "good": false, // among the commonest words
		"upon": true, "whilst": true, // rare function words: marked
		"indeed": true, "therefore": true, "delve": true,
		"three": false, "1787": false, // numbers are subjects
	} {
		if got := v.lex.countable(v.lex.id(w)); got != want {
			t.Errorf("countable(%q) = %v", w, got)
		}
	}
}

// Subject words (nouns, and the adjectives that go with them) are told
// from style words by where they stand and by general English.
func TestNounLike(t *testing.T) {
	text := strings.Repeat("The gizmo works. We found a gizmo there. Of gizmos we speak. Indeed it is so, and therefore we go on. ", 30)
	v := lexiconOf(t, text, text)
	for w, want := range map[string]bool{
		"gizmo":      true, // after a determiner in the writer's text
		"gizmos":     true, // a plural of a word the batch knows
		"government": true, // after determiners in general English
		"nations":    true, // a plural general English knows
		"indeed":     false,
		"therefore":  false,
		"upon":       false, // a function word: grammar, not a subject
		"delve":      false,
	} {
		if got := v.lex.nounLike(v.lex.id(w)); got != want {
			t.Errorf("nounLike(%q) = %v", w, got)
		}
	}
}

// A name is capitalised mid-sentence, or always capitalised and unknown
// to general English.
func TestProperNames(t *testing.T) {
	text := strings.Repeat("We met Zorbly in town. Publius wrote it, and we read it slowly. ", 20)
	v := lexiconOf(t, text, text)
	for w, want := range map[string]bool{"zorbly": true, "publius": true, "town": false, "slowly": false} {
		if got := v.lex.proper(idOf(t, v, w)); got != want {
			t.Errorf("proper(%q) = %v", w, got)
		}
	}
}

func TestPhraseShape(t *testing.T) {
	v := lexiconOf(t, synthPiece(repeat(8, 20)...), synthPiece(repeat(8, 20)...))
	ids := func(s string) []uint32 {
		var out []uint32
		for _, w := range strings.Fields(s) {
			out = append(out, v.lex.id(w))
		}
		return out
	}
	for phrase, want := range map[string]bool{
		"of the": false, "the union": false, "in 1787": false, // grammar, an article's edge, a number
		"in fact": true, "depend upon": true, "needless to say": true,
	} {
		if got := v.lex.phraseOK(ids(phrase)); got != want {
			t.Errorf("phraseOK(%q) = %v", phrase, got)
		}
	}
	for phrase, want := range map[string]bool{
		"foreign nations": true, "of peace": true, "causes of": true, // subjects and fragments
		"in fact": false, "of course": false, "needless to say": false, // idioms
	} {
		is := ids(phrase)
		if got := v.subject(key(is), is); got != want {
			t.Errorf("subject(%q) = %v", phrase, got)
		}
	}
}

func TestMergeOverlaps(t *testing.T) {
	v := lexiconOf(t, synthPiece(repeat(8, 20)...), synthPiece(repeat(8, 20)...))
	hit := func(s string, total int) *vocabHit {
		var is []uint32
		for _, w := range strings.Fields(s) {
			is = append(is, v.lex.id(w))
		}
		return &vocabHit{key: key(is), text: s, total: total}
	}
	var kept []string
	for _, h := range mergeOverlaps([]*vocabHit{
		hit("needless to say", 10), hit("needless", 11), // the word lives inside the phrase
		hit("upon", 40), hit("depend upon", 6), // the phrase is a corner of the word's use
	}) {
		kept = append(kept, h.text)
	}
	if got := strings.Join(kept, ", "); got != "needless to say, upon" {
		t.Errorf("kept %s", got)
	}
}

// Hamilton's "upon" is the famous one: 45 times general English's rate,
// in every paper, a few times in each.
func TestSignatureVocabulary(t *testing.T) {
	resp := analyzeOK(t, federalistBatch(t, []string{"001", "006", "007"}))
	s := must(t, find(resp, "prefer:phrase:upon@essay"), "preferring upon")
	if s.ID != "prefer-upon" || len(s.Rule.Prefer) != 1 || s.Rule.Prefer[0] != "upon" {
		t.Errorf("suggestion: %+v", s)
	}
	for _, want := range []string{"in 3 of 3 pieces", "General English: 59 per million words"} {
		if !strings.Contains(s.Evidence, want) {
			t.Errorf("evidence lacks %q:\n%s", want, s.Evidence)
		}
	}
	// What the papers are about is not how they are written.
	for _, papers := range [][]string{{"002", "003", "004"}, {"003", "004", "064"}, {"011", "012", "013"}} {
		for _, s := range withPrefix(analyzeOK(t, federalistBatch(t, papers)), "prefer:") {
			switch s.Rule.Prefer[0] {
			case "the", "of", "which", "government", "nations", "war", "treaties", "states", "union", "commerce", "revenue":
				t.Errorf("papers %v: %s is a signature", papers, s.Rule.Prefer[0])
			}
		}
	}
}

// plant adds "It is, needless to say, so." to the end of n paragraphs of
// a text (every other one after its front matter), so the phrase is
// spread through the piece, not bunched.
func plant(t *testing.T, text string, n int) string {
	t.Helper()
	paras := strings.Split(text, "\n\n")
	for i := 2; i < len(paras) && n > 0; i += 2 {
		if len(strings.Fields(paras[i])) < 20 {
			continue
		}
		paras[i] += " It is, needless to say, so."
		n--
	}
	if n > 0 {
		t.Fatal("not enough paragraphs to plant in")
	}
	return strings.Join(paras, "\n\n")
}

func mentions(resp *Response, word string) []string {
	var out []string
	for _, s := range resp.Suggestions {
		if strings.Contains(s.Signature, word) {
			out = append(out, s.Signature)
		}
	}
	return out
}

// The noise gate on real prose: a rare phrase planted in one of three
// pieces is never suggested, however often it is used there; nor in two
// of three, since a rule to prefer it would fault the third
// (PreferShare); planted in all three, often enough that a piece of
// typical length would use it three times (MinExpectedUses), it is.
func TestNoisePlantedPhrase(t *testing.T) {
	texts := []string{readCorpus(t, "federalist/008.md"), readCorpus(t, "federalist/009.md"), readCorpus(t, "federalist/012.md")}
	if got := mentions(analyzeOK(t, batch("essay", texts...)), "needless"); len(got) != 0 {
		t.Fatalf("unplanted: %v", got)
	}
	for _, n := range []int{1, 2, 5, 6} {
		one := append([]string(nil), texts...)
		one[1] = plant(t, one[1], n)
		if got := mentions(analyzeOK(t, batch("essay", one...)), "needless"); len(got) != 0 {
			t.Errorf("planted %d times in one piece, suggested: %v", n, got)
		}
	}
	two := append([]string(nil), texts...)
	two[0], two[2] = plant(t, two[0], 1), plant(t, two[2], 1)
	if got := mentions(analyzeOK(t, batch("essay", two...)), "needless"); len(got) != 0 {
		t.Errorf("once in each of two pieces is below the gate, yet suggested: %v", got)
	}
	two[0], two[2] = plant(t, texts[0], 5), plant(t, texts[2], 5)
	if got := mentions(analyzeOK(t, batch("essay", two...)), "needless"); len(got) != 0 {
		t.Errorf("in two of three pieces, a rule that faults the third, yet suggested: %v", got)
	}
	all := []string{two[0], plant(t, texts[1], 5), two[2]}
	resp := analyzeOK(t, batch("essay", all...))
	s := must(t, find(resp, "prefer:phrase:needless to say@essay"), "for the phrase planted in three pieces")
	if !strings.Contains(s.Evidence, "Used 15 times in 3 of 3 pieces: pieces/a.md (5), pieces/b.md (5), pieces/c.md (5)") {
		t.Errorf("evidence: %s", s.Evidence)
	}
	if got := mentions(resp, "needless"); len(got) != 1 {
		t.Errorf("the phrase and its parts should be one suggestion: %v", got)
	}
}
