package analyze

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"sw/profile"
	"sw/profile/prose"
)

func edited(final string, drafts ...string) *edit {
	ps := parsePieces([]Piece{{Path: "p.md", Genre: "essay", Text: final, Drafts: drafts}})
	measurePieces(ps, func(*piece) func(string) bool { return func(string) bool { return false } })
	return diffEdit(ps[0])
}

func keysOf(m map[string]int) string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, " | ")
}

// The diff runs word by word: what the person cut, what they wrote
// instead, and nothing for function words or punctuation alone.
func TestDiffEdit(t *testing.T) {
	e := edited("So the plan works. We tried it twice.\n",
		"In conclusion, the plan works. It is important to note that we tried it twice.\n")
	want := "conclusion | important | important to note | in conclusion | is important | is important to note | " +
		"it is important | it is important to note | note | to note"
	if got := keysOf(e.deleted); got != want {
		t.Errorf("deleted:\n got %s\nwant %s", got, want)
	}
	if got := e.replacedBy["in conclusion"]; got != "so" {
		t.Errorf("in conclusion replaced by %q", got)
	}
	if len(e.added) != 0 { // "so" and "we" are function words
		t.Errorf("added: %s", keysOf(e.added))
	}
	e = edited("The plan works well.\n", "The plan works very well, really.\n")
	if got := keysOf(e.deleted); got != "really" {
		t.Errorf("only function words and punctuation besides: %s", got)
	}
	// A whole sentence cut: its single words went with it, so only its
	// phrases of three words or more count.
	e = edited("We rode on. We stopped.\n", "We rode on. Some people think that cars will soon be driving on their own. We stopped.\n")
	if len(e.deleted) == 0 {
		t.Error("nothing deleted")
	}
	for ph := range e.deleted {
		if strings.Count(ph, " ") < 2 {
			t.Errorf("a word of a cut sentence counted on its own: %q", ph)
		}
	}
	e = edited("Same text.\n", "Same text.\n")
	if len(e.deleted)+len(e.added) != 0 {
		t.Errorf("no change, yet %s / %s", keysOf(e.deleted), keysOf(e.added))
	}
}

func draftBatch(pairs ...[2]string) *Request {
	req := &Request{Profile: emptyProfile("essay")}
	for i, p := range pairs {
		req.Pieces = append(req.Pieces, Piece{Path: fmt.Sprintf("pieces/%c.md", 'a'+i), Genre: "essay", Text: p[1], Drafts: []string{p[0]}})
	}
	return req
}

// opened puts words at the start of a real piece's first paragraph: an
// agent's habit planted in its draft, or a person's in their final.
func opened(t *testing.T, rel, words string) string {
	t.Helper()
	text := readCorpus(t, rel)
	i := strings.Index(text, "\n---\n") + len("\n---\n")
	for text[i] == '\n' {
		i++
	}
	return text[:i] + words + text[i:]
}

// realEdit is a Federalist paper as the person finished it, with the
// agent's draft of it: the paper with draft words at its start; final
// words start the final.
func realEdit(t *testing.T, paper, draft, final string) [2]string {
	return [2]string{opened(t, "federalist/"+paper+".md", draft), opened(t, "federalist/"+paper+".md", final)}
}

// Deleted from the drafts of two pieces on different subjects (the army,
// commerce): avoid it, the longest form the pieces share. From one piece
// only: nothing. From two essays on one subject: nothing either, as what
// is cut there may be the subject.
func TestAvoidFromEdits(t *testing.T) {
	cut := func(paper string) [2]string { return realEdit(t, paper, "At the end of the day, ", "") }
	kept := realEdit(t, "012", "Now ", "") // edited, but no phrase cut
	resp := analyzeOK(t, draftBatch(cut("008"), cut("011"), kept))
	s := must(t, find(resp, "avoid:phrase:at the end of the day@essay"), "avoiding the phrase cut from two drafts")
	if s.ID != "avoid-at-the-end-of-the-day" || len(s.Rule.Avoid) != 1 || s.Rule.Avoid[0] != "at the end of the day" {
		t.Errorf("suggestion: %+v", s)
	}
	for _, want := range []string{"Deleted from the agent's drafts of 2 of 3 edited pieces: pieces/a.md (1×), pieces/b.md (1×)",
		"On different subjects: pieces/a.md (army, confederacy, establishment) and pieces/b.md (commerce, navigation, trade)."} {
		if !strings.Contains(s.Evidence, want) {
			t.Errorf("evidence lacks %q:\n%s", want, s.Evidence)
		}
	}
	if got := withPrefix(resp, "avoid:"); len(got) != 1 {
		t.Errorf("the phrase's parts were proposed too: %v", signatures(&Response{Suggestions: got}))
	}
	if got := withPrefix(analyzeOK(t, draftBatch(cut("008"), kept, realEdit(t, "011", "", ""))), "avoid:"); len(got) != 0 {
		t.Errorf("deleted from one draft only, yet: %v", signatures(&Response{Suggestions: got}))
	}
	// Two essays on self-driving cars: one subject, and what is cut from
	// both is about it.
	essay := func(n string) [2]string {
		final := readCorpus(t, "argrewrite/draft3/"+n+".txt")
		return [2]string{"Commuters waste hours in traffic jams. " + final, final}
	}
	if got := withPrefix(analyzeOK(t, draftBatch(essay("1"), essay("2"), kept)), "avoid:"); len(got) != 0 {
		t.Errorf("cut from two essays on one subject, yet: %v", signatures(&Response{Suggestions: got}))
	}
	// The same cut from two papers on different subjects is a habit.
	papers := func(n string) [2]string { return realEdit(t, n, "Commuters waste hours in traffic jams. ", "") }
	if got := withPrefix(analyzeOK(t, draftBatch(papers("008"), papers("011"), kept)), "avoid:"); len(got) == 0 {
		t.Error("cut from two papers on different subjects, yet not avoided")
	}
	// The person writes it themselves in two finished pieces: not avoided.
	own := realEdit(t, "016", "", "At the end of the day, ")
	if got := withPrefix(analyzeOK(t, draftBatch(cut("008"), cut("011"), own, own)), "avoid:"); len(got) != 0 {
		t.Errorf("avoided what the person writes: %v", signatures(&Response{Suggestions: got}))
	}
}

// Added by the person to half the pieces with drafts, three times in all,
// where the agent's draft never had it: prefer it. Twice is not enough,
// and a noun the person adds is what they write about.
func TestPreferFromEdits(t *testing.T) {
	add := func(paper, phrase string) [2]string { return realEdit(t, paper, "", "To be sure, "+phrase+" ") }
	other := realEdit(t, "015", "Now ", "")
	resp := analyzeOK(t, draftBatch(add("008", "indeed,"), add("011", "indeed,"), add("012", "indeed,"), other))
	s := must(t, find(resp, "prefer:phrase:to be sure@essay"), "preferring the phrase added to three pieces")
	if !strings.Contains(s.Evidence, "Added by the person to 3 of 4 edited pieces") {
		t.Errorf("evidence: %s", s.Evidence)
	}
	if got := withPrefix(analyzeOK(t, draftBatch(add("008", ""), add("011", ""), other, other)), "prefer:phrase:to be sure"); len(got) != 0 {
		t.Errorf("added twice: %v", signatures(&Response{Suggestions: got}))
	}
	noun := func(paper string) [2]string { return realEdit(t, paper, "", "The treasury ") }
	resp = analyzeOK(t, draftBatch(noun("008"), noun("011"), noun("012")))
	if got := append(withPrefix(resp, "prefer:phrase:treasury"), withPrefix(resp, "prefer:phrase:the treasury")...); len(got) != 0 {
		t.Errorf("a noun added: %v", signatures(&Response{Suggestions: got}))
	}
}

// deletedFrom says, without the analyzer, in which students' drafts a
// phrase was deleted: it is in draft 1 and gone from draft 3.
func deletedFrom(students []string, drafts, finals map[string]*prose.Doc, phrase string) []string {
	var out []string
	for _, s := range students {
		if len(drafts[s].FindPhrase(phrase)) > 0 && len(finals[s].FindPhrase(phrase)) == 0 {
			out = append(out, s)
		}
	}
	return out
}

// ArgRewrite: twelve students' first drafts stand for the agent's drafts,
// their third drafts for the finished pieces. Every avoid suggestion was
// deleted from at least two drafts, and no phrase deleted from one draft
// only is suggested at all. The essays all argue about self-driving cars,
// one subject, so nothing holding a word that could name a subject is
// learned from them: what two students cut ("limit", as in speed limits)
// is about the subject. "in order to make" (function words, an idiom and
// one of the commonest verbs) is a habit.
func TestArgRewriteEdits(t *testing.T) {
	students := []string{"1", "2", "3", "4", "5", "6", "8", "9", "10", "11", "13", "14"}
	req := &Request{Profile: emptyProfile("essay")}
	drafts, finals := map[string]*prose.Doc{}, map[string]*prose.Doc{}
	for _, s := range students {
		d1, d3 := readCorpus(t, "argrewrite/draft1/"+s+".txt"), readCorpus(t, "argrewrite/draft3/"+s+".txt")
		drafts[s], finals[s] = prose.Parse([]byte(d1)), prose.Parse([]byte(d3))
		req.Pieces = append(req.Pieces, Piece{Path: "essays/" + s + ".txt", Genre: "essay", Text: d3, Drafts: []string{d1}})
	}
	resp := analyzeOK(t, req)
	r := newRun(req)
	if a, b := differentSubjects(r.pieces); a != nil {
		t.Fatalf("%s and %s are on different subjects: %v, %v", a.Path, b.Path, a.core(), b.core())
	}
	avoids := 0
	for _, s := range resp.Suggestions {
		if s.Rule == nil {
			continue
		}
		for _, ph := range append(append([]string(nil), s.Rule.Avoid...), s.Rule.Prefer...) {
			if c := contentWords(strings.Fields(profile.NormalizePhrase(ph))); len(c) > 0 {
				t.Errorf("%s: learned %v from essays on one subject", s.ID, c)
			}
			n := len(deletedFrom(students, drafts, finals, ph))
			if n == 1 {
				t.Errorf("%s: %q was deleted from one draft only", s.ID, ph)
			}
			if len(s.Rule.Avoid) > 0 && n < 2 {
				t.Errorf("%s: %q was deleted from %d drafts", s.ID, ph, n)
			}
		}
		if len(s.Rule.Avoid) > 0 {
			avoids++
			t.Logf("%s: %s", s.Summary, strings.SplitN(s.Evidence, "\n", 2)[0])
		}
	}
	if find(resp, "avoid:phrase:in order to make@essay") == nil {
		t.Error("the habit cut from two essays is not avoided")
	}
}
