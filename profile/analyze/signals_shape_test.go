package analyze

import (
	"strings"
	"testing"

	"sw/profile"
	"sw/profile/prose"
)

func TestShapes(t *testing.T) {
	for _, c := range []struct {
		text        string
		open, close shape
	}{
		{"Why write at all?\n\nBecause the work asks for it, and the work is long. We go on.\n",
			shapeQuestion | shapeShort | shapeOneLine, shapeFirstPerson | shapeShort},
		{"I started this in spring, when the garden was bare and the days were long. It grew.\n\nThat is all there is to say about the garden and the spring that year!\n",
			shapeFirstPerson, shapeExclamation | shapeOneLine},
		{"One paragraph only. Nothing to tell apart.\n", 0, 0},
	} {
		open, close := shapes(prose.Parse([]byte(c.text)))
		if open != c.open || close != c.close {
			t.Errorf("%q: open %05b close %05b, want %05b %05b", c.text, open, close, c.open, c.close)
		}
	}
}

// An opening two of three pieces share is proposed; the profile saying
// it already, or too few pieces sharing it, means nothing.
func TestOpeningRule(t *testing.T) {
	body := synthPiece(repeat(8, 20, 22, 24)...)
	// Two questions: one question word for word in two pieces would be
	// the collection's template (see TestBoilerplateGate).
	question := "Why does the work take so long?\n\n" + body
	other := "What makes a garden worth the work?\n\n" + body
	req := batch("essay", question, other, body)
	s := must(t, find(analyzeOK(t, req), "opening:question@essay"), "on opening with a question")
	if s.ID != "opening-question" || s.Rule.Rule != "Open pieces with a question." || s.Rule.Metric != nil {
		t.Errorf("suggestion: %+v", s)
	}
	if !strings.Contains(s.Evidence, "2 of 3 pieces open with a question: pieces/a.md, pieces/b.md") {
		t.Errorf("evidence: %s", s.Evidence)
	}
	if find(analyzeOK(t, batch("essay", question, body, body)), "opening:question@essay") != nil {
		t.Error("one piece of three made an opening rule")
	}
	req.Profile["essay"].Rules = []profile.Sourced{sourced(profile.Preference, "", profile.Rule{ID: "opening-question", Rule: "Open with a question."})}
	if find(analyzeOK(t, req), "opening:question@essay") != nil {
		t.Error("proposed what the profile says")
	}
}
