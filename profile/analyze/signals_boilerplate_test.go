package analyze

import (
	"strings"
	"testing"

	"sw/profile"
	"sw/profile/check"
)

// Every Federalist paper ends with the sign-off PUBLIUS, most with notes
// after it. It is proposed as the collection's boilerplate, and no signal
// reads it as writing: no closing rule from it, no one-word sentence or
// paragraph in any bound.
func TestSignOffIsNotWriting(t *testing.T) {
	for _, papers := range append(triples([]string{"002", "003", "004", "005", "064"}),
		[]string{"001", "006", "007"}, []string{"008", "011", "015"}, []string{"006", "009", "012", "013", "016", "017"}) {
		req := federalistBatch(t, papers)
		resp := analyzeOK(t, req)
		s := must(t, find(resp, "boilerplate:publius@essay"), "on the sign-off, from "+strings.Join(papers, " "))
		if s.ID != "boilerplate-publius" || len(s.Rule.Boilerplate) != 1 || s.Rule.Boilerplate[0] != "PUBLIUS" ||
			s.Summary != "Boilerplate: the sign-off \u201cPUBLIUS\u201d" || !strings.Contains(s.Rule.Rule, "End each piece with the line") {
			t.Errorf("suggestion: %+v", s)
		}
		for _, sig := range []string{"closing:one-line@essay", "closing:short@essay"} {
			if find(resp, sig) != nil {
				t.Errorf("%s: %s, learned from the sign-off", strings.Join(papers, " "), sig)
			}
		}
		r := newRun(req)
		for _, p := range r.pieces {
			for _, w := range p.doc.Words {
				if w.Text == "publius" {
					t.Fatalf("%s: PUBLIUS measured as writing", p.Path)
				}
			}
			if len(p.boilerplate) != 1 {
				t.Errorf("%s: boilerplate %+v", p.Path, p.boilerplate)
			}
		}
	}
}

// Accepted, the rule makes sw check leave the sign-off and the notes out
// of a held-out paper as the analyzer did: no warning about the one-word
// "sentence" or "paragraph", and each reported as boilerplate.
func TestCheckLeavesSignOffOut(t *testing.T) {
	resp := analyzeOK(t, federalistBatch(t, []string{"001", "006", "007"}))
	prof := acceptAll(t, resp, "essay")
	// A paragraph bound the sign-off would break, to see it is not held to it.
	prof.Rules = append(prof.Rules, sourced(profile.Preference, "", profile.Rule{ID: "long-paragraphs", Rule: "Write long paragraphs.",
		Metric: &profile.Metric{Name: "words_per_paragraph", Min: num(5)}}))
	src := readCorpus(t, "federalist/008.md")
	res := check.Piece("federalist/008.md", []byte(src), "essay", prof)
	for _, w := range append(res.Warnings, res.Errors...) {
		if w.Line >= 36 {
			t.Errorf("a finding at or after the sign-off: %+v", w)
		}
	}
	want := []check.Finding{
		{Rule: "boilerplate-publius", Line: 36, Col: 1, Message: `"PUBLIUS" is the collection's sign-off, not writing: left out of every measure`},
		{Rule: "boilerplate-publius", Line: 38, Col: 4, Message: "the notes after the sign-off (62 words) are left out of every measure"},
	}
	if len(res.Boilerplate) != 2 || res.Boilerplate[0] != want[0] || res.Boilerplate[1] != want[1] {
		t.Errorf("boilerplate: %+v", res.Boilerplate)
	}
}

// A line recurring in one piece of three is no template; a short one
// recurring mid-piece is the writer's, a long one anywhere is a template.
// Three students' essays (real text, no template of their own), with
// lines planted at the end or in the middle.
func TestBoilerplateGate(t *testing.T) {
	var body []string
	for _, n := range []string{"1", "2", "3"} {
		body = append(body, readCorpus(t, "argrewrite/draft3/"+n+".txt"))
	}
	end := func(i int, line string) string { return body[i] + "\n\n" + line + "\n" }
	mid := func(i int, line string) string {
		half := strings.Index(body[i][len(body[i])/2:], "\n") + len(body[i])/2
		return body[i][:half] + "\n\n" + line + "\n\n" + body[i][half:]
	}
	const subscribe = "Subscribe to get every new essay by email, free."
	cases := []struct {
		name   string
		texts  []string
		sig    string
		wanted bool
	}{
		{"one of three", []string{end(0, "Yours, Ada"), body[1], body[2]}, "boilerplate:yours ada@essay", false},
		{"two of three", []string{end(0, "Yours, Ada"), end(1, "Yours, Ada."), body[2]}, "boilerplate:yours ada@essay", true},
		{"short, mid-piece", []string{mid(0, "Why?"), mid(1, "Why?"), mid(2, "Why?")}, "boilerplate:why@essay", false},
		{"long, mid-piece", []string{mid(0, subscribe), mid(1, subscribe), body[2]}, "boilerplate:subscribe to get every new essay by email free@essay", true},
		{"copies of a piece", []string{body[0], body[0], body[0]}, "", false},
	}
	for _, c := range cases {
		resp := analyzeOK(t, batch("essay", c.texts...))
		got := find(resp, c.sig) != nil
		if c.sig == "" {
			got = len(withPrefix(resp, "boilerplate:")) > 0
		}
		if got != c.wanted {
			t.Errorf("%s: proposed %v, want %v", c.name, got, c.wanted)
		}
	}
}

// What the profile holds is left out and not proposed again (what the
// person rejected too: see TestRejectedBoilerplateIsStillLeftOut).
func TestBoilerplateAgainstProfile(t *testing.T) {
	req := federalistBatch(t, []string{"002", "003", "004"})
	req.Profile["essay"].Rules = []profile.Sourced{sourced(profile.Preference, "", profile.Rule{ID: "sign-off", Rule: "Sign off.", Boilerplate: []string{"Publius"}})}
	if find(analyzeOK(t, req), "boilerplate:publius@essay") != nil {
		t.Error("proposed what the profile holds")
	}
	if r := newRun(req); len(r.pieces[0].boilerplate) != 1 {
		t.Error("the profile's line was measured")
	}
}

// A dateline closing each piece, its date different each time, is one
// line of the collection's template, not the writer's closing; its rule
// shows the line as a pattern, not words to copy. Three Federalist papers
// signed with a dateline instead of PUBLIUS.
func TestDatelineIsBoilerplate(t *testing.T) {
	dates := []string{"November 5th, 1787", "Dec. 22, 1787", "December 29, 1787"}
	req := federalistBatch(t, []string{"001", "006", "007"})
	for i := range req.Pieces {
		req.Pieces[i].Text = strings.Replace(req.Pieces[i].Text, "\nPUBLIUS\n", "\nPhiladelphia, "+dates[i]+".\n", 1)
	}
	resp := analyzeOK(t, req)
	s := must(t, find(resp, "boilerplate:philadelphia # # #@essay"), "on the dateline")
	if !strings.Contains(s.Rule.Rule, "End each piece with a line like \u201cPhiladelphia, November 5th, 1787.\u201d (with the piece's own numbers and date)") {
		t.Errorf("rule: %q", s.Rule.Rule)
	}
	for _, sig := range []string{"closing:one-line@essay", "closing:short@essay"} {
		if find(resp, sig) != nil {
			t.Errorf("%s, learned from the dateline", sig)
		}
	}
}
