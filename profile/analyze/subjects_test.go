package analyze

import (
	"strings"
	"testing"

	"sw/profile"
)

// What a piece is about, from its nouns: Federalist 8 is about the army,
// 11 about commerce, and two students' essays about self-driving cars.
func TestTopicWords(t *testing.T) {
	req := federalistBatch(t, []string{"008", "011"})
	for _, s := range []string{"1", "2"} {
		req.Pieces = append(req.Pieces, Piece{Path: "essays/" + s + ".txt", Genre: "essay", Text: readCorpus(t, "argrewrite/draft3/"+s+".txt")})
	}
	r := newRun(req)
	core := map[string]string{}
	for _, p := range r.pieces {
		core[p.Path] = strings.Join(p.core(), " ")
	}
	for path, want := range map[string]string{
		"federalist/008.md": "army confederacy establishment",
		"federalist/011.md": "commerce navigation trade",
		"essays/1.txt":      "self-driving car accident",
	} {
		if core[path] != want {
			t.Errorf("%s is about %q, want %q", path, core[path], want)
		}
	}
	byPath := map[string]*piece{}
	for _, p := range r.pieces {
		byPath[p.Path] = p
	}
	if a, _ := differentSubjects([]*piece{byPath["federalist/008.md"], byPath["federalist/011.md"]}); a == nil {
		t.Error("the army and commerce are one subject")
	}
	if a, _ := differentSubjects([]*piece{byPath["essays/1.txt"], byPath["essays/2.txt"]}); a != nil {
		t.Error("two essays on self-driving cars are on different subjects")
	}
}

// Twelve essays that all argue about self-driving cars: what they share is
// their subject ("driving"), never a signature. Hamilton's "upon", a
// function word, is his on any subject: a rule to prefer it (his papers
// use it too unevenly for a rate within half to twice a target).
func TestStyleNotSubject(t *testing.T) {
	req := &Request{Profile: emptyProfile("essay")}
	for _, s := range []string{"1", "2", "10", "11", "13", "14", "15", "16", "17", "18", "19", "20"} {
		req.Pieces = append(req.Pieces, Piece{Path: "essays/" + s + ".txt", Genre: "essay", Text: readCorpus(t, "argrewrite/draft3/"+s+".txt")})
	}
	for _, s := range withPrefix(analyzeOK(t, req), "prefer:") {
		t.Errorf("a signature from essays on one subject: %s", s.Signature)
	}
	resp := analyzeOK(t, federalistBatch(t, hamiltonPapers))
	must(t, find(resp, "prefer:phrase:upon@essay"), "on upon")
	for _, s := range withPrefix(resp, "prefer:") {
		if c := contentWords(strings.Fields(s.Rule.Prefer[0])); len(c) > 0 && !strings.Contains(s.Evidence, "On different subjects: ") {
			t.Errorf("%s: no evidence that %v does not follow the subject:\n%s", s.Signature, c, s.Evidence)
		}
	}
}

// Brutus argues about armies and taxes in most of his first ten essays,
// so "to raise" (an army, a revenue, money) is in eight of them: a verb
// of his subjects, not a habit of his. An infinitive's "to" does not make
// it an idiom, so it is a content word, held to the subject test, which
// it fails.
func TestInfinitiveOfTheSubjectIsNoSignature(t *testing.T) {
	req := &Request{Profile: emptyProfile("essay")}
	for _, n := range []string{"01", "02", "03", "04", "05", "06", "07", "08", "09", "10"} {
		req.Pieces = append(req.Pieces, Piece{Path: "brutus/" + n + ".md", Genre: "essay", Text: readCorpus(t, "ratification/brutus/"+n+".md")})
	}
	for _, s := range withPrefix(analyzeOK(t, req), "prefer:") {
		if strings.Contains(s.Signature, "raise") {
			t.Errorf("a verb of the subjects proposed as a signature: %s\n%s", s.Signature, s.Evidence)
		}
	}
}

func TestMannerWords(t *testing.T) {
	for w, want := range map[string]bool{"however": true, "indeed": true, "really": true, "clearly": true,
		"happily": true, "basically": true, "simply": true,
		"family": false, "supply": false, "early": false, "driving": false, "magistrate": false, "upon": false} {
		if mannerWord(w) != want {
			t.Errorf("mannerWord(%q) = %v", w, !want)
		}
	}
	for phrase, want := range map[string]string{"in order to make": "", "at the end": "", "the chief magistrate": "magistrate",
		"hours": "hours", "indeed": "", "to raise": "raise", "of course": ""} {
		if got := strings.Join(contentWords(strings.Fields(phrase)), " "); got != want {
			t.Errorf("content words of %q: %q, want %q", phrase, got, want)
		}
	}
}

// A word whose rate a rule holds (rate-of-upon, proposed in the same
// batch or already in the profile) is not also proposed as a signature to
// prefer: the rate rule says how often to use it, and "prefer upon" beside
// it says nothing more.
func TestNoPreferBesideARateRule(t *testing.T) {
	resp := analyzeOK(t, federalistBatch(t, hamiltonPapers))
	rate, prefer := find(resp, "metric:upon_per_1k_words:up@essay"), find(resp, "prefer:phrase:upon@essay")
	if rate != nil && prefer != nil {
		t.Errorf("prefer-upon proposed beside rate-of-upon: %s", prefer.Summary)
	}
	few := analyzeOK(t, federalistBatch(t, hamiltonPapers[:3]))
	s := *must(t, find(few, "prefer:phrase:upon@essay"), "prefer upon from three papers")

	// A person's rate-of-upon, as an earlier batch may have proposed it.
	target, lo, hi := 3.0, 1.5, 6.0
	s.ID = "rate-of-upon"
	s.Rule = &profile.Rule{ID: s.ID, Rule: "Use “upon” about 3 times per 1,000 words (1.5 to 6).",
		Metric: &profile.Metric{Name: "upon_per_1k_words", Target: &target, Min: &lo, Max: &hi}}
	root := t.TempDir()
	accept(t, root, &Response{Suggestions: []Suggestion{s}})
	later := federalistBatch(t, hamiltonPapers[:3])
	later.Profile["essay"] = resolve(t, root, "essay")
	if s := find(analyzeOK(t, later), "prefer:phrase:upon@essay"); s != nil {
		t.Errorf("prefer-upon proposed beside the profile's rate-of-upon: %s", s.Summary)
	}
}

// The Federal Farmer's letters are all on one subject, the proposed
// government: the verbs and adjectives of it (representatives "chosen",
// a representation "equal" and "numerous", powers to "establish" and
// "possess") turn up once or twice in letter after letter, never among
// one letter's topic words, and two of the letters always differ in what
// they are mostly about. They gather where the subject is all the same:
// most letters that use them share a topic word ("representation",
// "government"), so none is a signature.
func TestWordsThatGatherOnOneSubjectAreNoSignature(t *testing.T) {
	for _, c := range []struct {
		letters []string
		words   []string
	}{
		{[]string{"07", "08", "09", "10", "11", "12"}, []string{"chosen", "equal"}},
		{[]string{"10", "11", "12", "13", "14", "15"}, []string{"numerous", "possess"}},
		{[]string{"13", "14", "15", "16", "17", "18"}, []string{"establish", "established", "possess"}},
	} {
		req := &Request{Profile: emptyProfile("essay")}
		for _, n := range c.letters {
			req.Pieces = append(req.Pieces, Piece{Path: "farmer/" + n + ".md", Genre: "essay", Text: readCorpus(t, "ratification/federal-farmer/"+n+".md")})
		}
		resp := analyzeOK(t, req)
		for _, w := range c.words {
			if s := find(resp, "prefer:phrase:"+w+"@essay"); s != nil {
				t.Errorf("letters %v: a word of their subject proposed as a signature: %s\n%s", c.letters, s.Summary, s.Evidence)
			}
		}
	}
}
