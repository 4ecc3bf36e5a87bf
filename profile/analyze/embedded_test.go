package analyze

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"sw/profile/feedback"
	"testing"

	"sw/profile"
	"sw/profile/check"
)

// A batch with everything in it: real prose in two genres, drafts, a
// profile with rules of every layer, rejections.
func richRequest(t *testing.T) *Request {
	req := federalistBatch(t, []string{"001", "006", "007"})
	for _, n := range []string{"002", "003", "004"} {
		req.Pieces = append(req.Pieces, Piece{Path: "letters/" + n + ".md", Genre: "letter", Text: readCorpus(t, "federalist/"+n+".md")})
	}
	for _, s := range []string{"2", "4", "14", "5"} {
		req.Pieces = append(req.Pieces, Piece{Path: "essays/" + s + ".txt", Genre: "essay",
			Text: readCorpus(t, "argrewrite/draft3/"+s+".txt"), Drafts: []string{readCorpus(t, "argrewrite/draft1/"+s+".txt")}})
	}
	req.Profile = emptyProfile("essay", "letter")
	req.Profile["essay"].Rules = []profile.Sourced{
		sourced(profile.HardLimit, "", profile.Rule{ID: "no-hype", Rule: "No hype.", Avoid: []string{"game changer"}}),
		sentenceRule(profile.Preference, "", "sentence-length", 12, 20),
	}
	req.Profile["letter"].Rules = req.Profile["essay"].Rules
	req.Rejected = []feedback.Rejection{{Signature: "closing:one-line", Summary: "End with a one-line paragraph"}}
	return req
}

func encoded(t *testing.T, req *Request) []byte {
	t.Helper()
	var b bytes.Buffer
	for _, s := range analyzeOK(t, req).Suggestions {
		b.Write(mustJSON(t, s))
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// Same input, same bytes: twice in a row, with the pieces in another
// order, and on one core or many; the usage measure's sums included.
func TestDeterministic(t *testing.T) {
	first := encoded(t, richRequest(t))
	if len(first) == 0 {
		t.Fatal("no suggestions")
	}
	if !bytes.Contains(first, []byte(`"usage":{`)) {
		t.Fatal("no usage measure among the suggestions, whose sums must come out the same too")
	}
	if again := encoded(t, richRequest(t)); !bytes.Equal(first, again) {
		t.Fatalf("two runs differ:\n%s\n---\n%s", first, again)
	}
	req := richRequest(t)
	for i, j := 0, len(req.Pieces)-1; i < j; i, j = i+1, j-1 {
		req.Pieces[i], req.Pieces[j] = req.Pieces[j], req.Pieces[i]
	}
	if again := encoded(t, req); !bytes.Equal(first, again) {
		t.Fatal("the order of the pieces changed the answer")
	}
	old := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(old)
	if again := encoded(t, richRequest(t)); !bytes.Equal(first, again) {
		t.Fatal("one core gave another answer")
	}
}

// Every candidate is ranked by a number: a NaN strength (a measure that
// general English has no value for, as a piece's length) compares neither
// above nor below anything, and the ranking would be no order at all.
func TestStrengthsAreNumbers(t *testing.T) {
	norm, err := normalize(richRequest(t))
	if err != nil {
		t.Fatal(err)
	}
	r := newRun(norm)
	r.metricSignals()
	found := false
	for _, c := range r.cands {
		found = found || c.baseID == "piece-length"
		if math.IsNaN(c.strength) || math.IsInf(c.strength, 0) {
			t.Errorf("%s: strength %v", c.signature(), c.strength)
		}
	}
	if !found {
		t.Error("no piece-length candidate, the one measure with no general-English value")
	}
}

// Every answer is valid, never touches a hard limit, and names its layer
// and signature consistently: a genre's suggestion carries @genre.
func TestAnswerShape(t *testing.T) {
	resp := analyzeOK(t, richRequest(t))
	for _, s := range resp.Suggestions {
		layer, genre, err := ParseLayer(s.Layer)
		if err != nil || layer == profile.HardLimit {
			t.Errorf("%s: layer %q (%v)", s.ID, s.Layer, err)
		}
		if scoped := strings.HasSuffix(s.Signature, "@"+genre); (layer == profile.GenreLayer) != scoped {
			t.Errorf("%s in %s has signature %q", s.ID, s.Layer, s.Signature)
		}
		if s.Rule != nil {
			for _, p := range s.Rule.Prefer {
				if profile.ContainsWords(p, "game changer") {
					t.Errorf("%s prefers what a hard limit avoids", s.ID)
				}
			}
		}
		if s.Signature == "closing:one-line" || strings.HasPrefix(s.Signature, "closing:one-line@") {
			t.Errorf("a rejected signature came back: %s", s.Signature)
		}
	}
	if err := resp.Validate(); err != nil {
		t.Fatal(err)
	}
}

// A rejection suppresses exactly what it names: a genre's signature in
// that genre, a plain signature everywhere.
func TestRejected(t *testing.T) {
	req := batch("essay", synthPiece(repeat(8, 26, 28, 30)...), synthPiece(repeat(8, 27, 28, 29)...), synthPiece(repeat(9, 28, 28, 28)...))
	base := signatures(analyzeOK(t, req))
	if len(base) < 3 {
		t.Fatalf("too little to reject: %v", base)
	}
	for _, rejected := range []string{"metric:words_per_sentence:up@essay", "metric:words_per_sentence:up"} {
		req.Rejected = []feedback.Rejection{{Signature: rejected}}
		got := signatures(analyzeOK(t, req))
		if len(got) != len(base)-1 || find(analyzeOK(t, req), "metric:words_per_sentence:up@essay") != nil {
			t.Errorf("rejecting %s: %v", rejected, got)
		}
	}
	req.Rejected = []feedback.Rejection{{Signature: "metric:words_per_sentence:up@review"}}
	if got := signatures(analyzeOK(t, req)); len(got) != len(base) {
		t.Errorf("a review's rejection suppressed an essay's suggestion: %v", got)
	}
}

// Genre placement: what holds across genres goes to the preferences;
// what holds in one genre only, to that genre.
func TestGenrePlacement(t *testing.T) {
	req := &Request{Profile: emptyProfile("essay", "letter")}
	add := func(genre string, papers ...string) {
		for _, n := range papers {
			req.Pieces = append(req.Pieces, Piece{Path: genre + "/" + n + ".md", Genre: genre, Text: readCorpus(t, "federalist/"+n+".md")})
		}
	}
	add("essay", "002", "003", "004")  // Jay
	add("letter", "006", "007", "008") // Hamilton, who says "upon"
	resp := analyzeOK(t, req)
	must(t, find(resp, "prefer:phrase:upon@letter"), "for upon, in letters only")
	if find(resp, "prefer:phrase:upon") != nil {
		t.Error("upon holds in one genre only, yet went to the preferences")
	}
	s := must(t, find(resp, "metric:contractions_per_1k_words:down"), "on contractions, in both genres")
	if s.Layer != "preferences" || !strings.Contains(s.Evidence, "essay/002.md") || !strings.Contains(s.Evidence, "letter/006.md") {
		t.Errorf("contractions: %s\n%s", s.Layer, s.Evidence)
	}
	for _, s := range resp.Suggestions {
		if s.Signature == "metric:contractions_per_1k_words:down@essay" || s.Signature == "metric:contractions_per_1k_words:down@letter" {
			t.Errorf("a global habit was proposed per genre too: %s", s.Signature)
		}
	}
}

// A collection that does not use genres (every piece of the default genre)
// learns global preferences, not rules for a genre called "default"; a
// batch of one real genre keeps to that genre.
func TestNoGenresMeansPreferences(t *testing.T) {
	for _, tt := range []struct{ genre, layer, scope string }{
		{profile.DefaultGenre, "preferences", ""},
		{"letter", "genres/letter", "@letter"},
	} {
		req := &Request{Profile: emptyProfile(tt.genre)}
		for _, n := range []string{"006", "007", "008"} {
			req.Pieces = append(req.Pieces, Piece{Path: n + ".md", Genre: tt.genre, Text: readCorpus(t, "federalist/"+n+".md")})
		}
		resp := analyzeOK(t, req)
		s := must(t, find(resp, "prefer:phrase:upon"+tt.scope), "for upon")
		if s.Layer != tt.layer {
			t.Errorf("genre %s: upon went to %s, want %s", tt.genre, s.Layer, tt.layer)
		}
		for _, s := range resp.Suggestions {
			if s.Layer != tt.layer {
				t.Errorf("genre %s: %s went to %s", tt.genre, s.Signature, s.Layer)
			}
		}
	}
}

// Phrase rules the pieces contradict are proposed for removal: an avoid
// rule the person's own pieces break, a prefer rule no piece follows.
// Hard limits are never touched.
func TestPhraseRuleRemovals(t *testing.T) {
	req := federalistBatch(t, []string{"001", "006", "007"})
	req.Profile["essay"].Rules = []profile.Sourced{
		sourced(profile.Preference, "", profile.Rule{ID: "no-upon", Rule: "Never write upon.", Avoid: []string{"upon"}}),
		sourced(profile.GenreLayer, "essay", profile.Rule{ID: "say-groovy", Rule: "Say groovy.", Prefer: []string{"groovy"}}),
		sourced(profile.HardLimit, "", profile.Rule{ID: "no-whereas", Rule: "No whereas.", Avoid: []string{"upon the"}}),
	}
	resp := analyzeOK(t, req)
	s := must(t, find(resp, "remove:no-upon"), "removing no-upon")
	if s.Layer != "preferences" || s.Rule != nil || !strings.Contains(s.Evidence, "“upon” is used in 3 of the 3 recent pieces") {
		t.Errorf("no-upon: %+v", s)
	}
	s = must(t, find(resp, "remove:say-groovy@essay"), "removing say-groovy")
	if s.Layer != "genres/essay" {
		t.Errorf("say-groovy: %+v", s)
	}
	if find(resp, "prefer:phrase:upon@essay") != nil {
		t.Error("preferred a phrase the profile avoids")
	}
	for _, s := range resp.Suggestions {
		if s.ID == "no-whereas" {
			t.Errorf("touched a hard limit: %+v", s)
		}
	}
}

// Ids are plain names derived from the signal, the same every time; one
// that would overwrite another rule takes a suffix.
func TestIDs(t *testing.T) {
	req := batch("essay", synthPiece(repeat(8, 26, 28, 30)...), synthPiece(repeat(8, 27, 28, 29)...), synthPiece(repeat(9, 28, 28, 28)...))
	if s := find(analyzeOK(t, req), "metric:words_per_sentence:up@essay"); s == nil || s.ID != "sentence-length" {
		t.Fatalf("got %+v", s)
	}
	req.Profile["essay"].Rules = []profile.Sourced{sourced(profile.GenreLayer, "essay", profile.Rule{ID: "sentence-length", Rule: "Write short sentences."})}
	if s := find(analyzeOK(t, req), "metric:words_per_sentence:up@essay"); s == nil || s.ID != "sentence-length-2" || s.Rule.ID != s.ID {
		t.Fatalf("got %+v", s)
	}
	for _, c := range [][2]string{{"upon", "prefer-upon"}, {"in fact", "prefer-in-fact"}, {"don't", "prefer-don-t"}} {
		if got := phraseID("prefer", c[0]); got != c[1] {
			t.Errorf("phraseID(%q) = %q", c[0], got)
		}
	}
}

// Nothing to analyse gives no suggestion.
func TestSmallBatches(t *testing.T) {
	for _, req := range []*Request{
		{},
		batch("essay", synthPiece(repeat(8, 22)...)),
		batch("essay", "Short.\n", "Also short.\n", "Tiny.\n"),
	} {
		resp, err := Embedded{}.Analyze(context.Background(), req)
		if err != nil || len(resp.Suggestions) != 0 {
			t.Errorf("%d pieces: %v, %v", len(req.Pieces), signatures(resp), err)
		}
	}
}

// TestMetricEvidenceHoldsUnderCheck: the pieces a metric suggestion names
// as agreeing are pieces sw check holds on target under the very rule it
// proposes. Close-set sentences draw the bounds tight: here the third
// piece's median, 18, lies within the tolerance of the target, 21, but
// more than half-way to the bound below it, where check warns of drift.
func TestMetricEvidenceHoldsUnderCheck(t *testing.T) {
	req := batch("essay", synthPiece(repeat(8, 26, 28, 30)...), synthPiece(repeat(8, 27, 28, 29)...), synthPiece(repeat(8, 17, 18, 19)...))
	resp := analyzeOK(t, req)
	checked := 0
	for _, s := range resp.Suggestions {
		if s.Rule == nil || s.Rule.Metric == nil || s.Rule.Metric.Target == nil {
			continue
		}
		rule := *s.Rule
		rule.ID = s.ID
		r := &profile.Resolved{Genre: "essay", Rules: []profile.Sourced{{Rule: rule, Layer: profile.Preference}}}
		onTarget := 0
		for _, p := range req.Pieces {
			res := check.Piece(p.Path, []byte(p.Text), "essay", r)
			if !slices.ContainsFunc(res.Warnings, func(f check.Finding) bool { return strings.Contains(f.Message, "aims for about") }) {
				onTarget++
			}
		}
		var agree, of int
		if _, err := fmt.Sscanf(s.Evidence[strings.Index(s.Evidence, "\n")+1:], "%d of %d pieces", &agree, &of); err != nil {
			t.Fatalf("%s: evidence %q", s.ID, s.Evidence)
		}
		if agree > onTarget {
			t.Errorf("%s: the evidence counts %d pieces as agreeing, sw check holds %d on target\n%s", s.ID, agree, onTarget, s.Evidence)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no metric suggestion to hold to check")
	}
}
