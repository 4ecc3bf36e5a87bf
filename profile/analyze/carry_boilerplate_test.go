package analyze

import (
	"slices"
	"strings"
	"sw/profile/feedback"
	"testing"

	"sw/profile"
	"sw/profile/check"
)

// carriedBatches are Federalist batches of three, Jay's and Hamilton's.
var carriedBatches = [][]string{{"002", "003", "004"}, {"003", "005", "064"}, {"001", "006", "007"}, {"008", "011", "015"}}

// Measured without the sign-off, every metric rule proposed on the papers
// carries it while the profile keeps it in no boilerplate rule; nothing
// else carries it.
func TestMetricRulesCarryTheSignOff(t *testing.T) {
	for _, papers := range carriedBatches {
		resp := analyzeOK(t, federalistBatch(t, papers))
		must(t, find(resp, "metric:words_per_sentence:up@essay"), "on sentence length, from "+strings.Join(papers, " "))
		must(t, find(resp, "metric:words_per_paragraph:up@essay"), "on paragraph length, from "+strings.Join(papers, " "))
		for _, s := range resp.Suggestions {
			want := []string(nil)
			if s.Rule != nil && (s.Rule.Metric != nil || s.ID == "boilerplate-publius") {
				want = []string{"PUBLIUS"}
			}
			if s.Rule != nil && !slices.Equal(s.Rule.Boilerplate, want) {
				t.Errorf("%s: %s carries %q, want %q", strings.Join(papers, " "), s.ID, s.Rule.Boilerplate, want)
			}
		}
	}
}

// A profile that keeps the sign-off in a boilerplate rule leaves it out
// of every check, so no rule carries it; a metric rule carrying it keeps
// it only as long as that rule stands, so the next rule carries it again.
func TestCarriedAgainstProfile(t *testing.T) {
	papers := []string{"001", "006", "007"}
	signOff := sourced(profile.Preference, "", profile.Rule{ID: "sign-off", Rule: "Sign off.", Boilerplate: []string{"Publius"}})
	sentences := sourced(profile.GenreLayer, "essay", profile.Rule{ID: "sentence-length", Rule: "Keep sentences short.",
		Metric: &profile.Metric{Name: "words_per_sentence", Target: num(27), Min: num(5), Max: num(126)}, Boilerplate: []string{"Publius"}})
	cases := []struct {
		name  string
		rules []profile.Sourced
		want  []string
	}{
		{"a boilerplate rule", []profile.Sourced{signOff}, nil},
		{"a metric rule carrying the line", []profile.Sourced{sentences}, []string{"Publius"}},
	}
	for _, c := range cases {
		req := federalistBatch(t, papers)
		req.Profile["essay"].Rules = c.rules
		resp := analyzeOK(t, req)
		s := must(t, find(resp, "metric:words_per_paragraph:up@essay"), "on paragraph length, "+c.name)
		if !slices.Equal(s.Rule.Boilerplate, c.want) {
			t.Errorf("%s: paragraph-length carries %q, want %q (as the profile writes it)", c.name, s.Rule.Boilerplate, c.want)
		}
		// A metric rule carrying the line tells the agent nothing about
		// it: the boilerplate rule is still proposed.
		if got := find(resp, "boilerplate:publius@essay") != nil; got != (c.want != nil) {
			t.Errorf("%s: boilerplate rule proposed %v", c.name, got)
		}
	}
}

// A metric rule changed under its own id carries the lines as a new one
// does, those the rule it replaces carried included.
func TestChangedRuleCarriesTheSignOff(t *testing.T) {
	for _, carried := range [][]string{nil, {"PUBLIUS"}} {
		req := federalistBatch(t, []string{"001", "006", "007"})
		req.Profile["essay"].Rules = []profile.Sourced{sourced(profile.Preference, "", profile.Rule{ID: "sentence-length", Rule: "Keep sentences short.",
			Metric: &profile.Metric{Name: "words_per_sentence", Target: num(12), Max: num(30)}, Boilerplate: carried})}
		s := must(t, find(analyzeOK(t, req), "metric:words_per_sentence:up@essay"), "changing sentence-length")
		if s.ID != "sentence-length" || !slices.Equal(s.Rule.Boilerplate, []string{"PUBLIUS"}) {
			t.Errorf("carried %q before: %s carries %q", carried, s.ID, s.Rule.Boilerplate)
		}
	}
}

// Rejecting the boilerplate rule says "do not tell the agent to write
// this line", not "this line is my prose": the sign-off is still left out
// of every measure, so no closing is learned from it, and the rule is not
// proposed again; the metric rules carry the line.
func TestRejectedBoilerplateIsStillLeftOut(t *testing.T) {
	for _, papers := range append(triples(jayPapers), carriedBatches[2:]...) {
		for _, rejected := range []string{"boilerplate:publius", "boilerplate:publius@essay"} {
			req := federalistBatch(t, papers)
			req.Rejected = []feedback.Rejection{{Signature: rejected}}
			resp := analyzeOK(t, req)
			what := strings.Join(papers, " ") + ", " + rejected + " rejected"
			if len(withPrefix(resp, "boilerplate:")) > 0 {
				t.Errorf("%s: proposed again", what)
			}
			for _, sig := range []string{"closing:one-line@essay", "closing:short@essay"} {
				if find(resp, sig) != nil {
					t.Errorf("%s: %s, learned from the sign-off", what, sig)
				}
			}
			s := must(t, find(resp, "metric:words_per_sentence:up@essay"), "on sentence length, "+what)
			if !slices.Equal(s.Rule.Boilerplate, []string{"PUBLIUS"}) {
				t.Errorf("%s: sentence-length carries %q", what, s.Rule.Boilerplate)
			}
			for _, p := range newRun(req).pieces {
				if len(p.boilerplate) != 1 {
					t.Errorf("%s: %s measured with its sign-off", what, p.Path)
				}
			}
		}
	}
}

// A rule's own evidence draws the same warnings in any order of accepting
// the batch's suggestions, and whether the boilerplate rule is accepted,
// left pending or rejected; none is about the sign-off or the notes after
// it. Each way is a run of analyses on the same papers, each accepting
// what it is told to, as a person merging branches would.
func TestAnyOrderSameWarnings(t *testing.T) {
	const bp = "boilerplate-publius"
	all := func(Suggestion) bool { return true }
	allBut := func(s Suggestion) bool { return s.ID != bp }
	only := func(s Suggestion) bool { return s.ID == bp }
	ways := []struct {
		name     string
		accepts  []func(Suggestion) bool // one per analysis
		rejected []feedback.Rejection    // from the second analysis on
	}{
		{"boilerplate rule accepted first", []func(Suggestion) bool{only, all}, nil},
		{"boilerplate rule accepted last", []func(Suggestion) bool{allBut, all}, nil},
		{"boilerplate rule pending", []func(Suggestion) bool{allBut}, nil},
		{"boilerplate rule rejected", []func(Suggestion) bool{allBut, all}, []feedback.Rejection{{Signature: "boilerplate:publius@essay"}}},
	}
	for _, papers := range carriedBatches {
		together := acceptAll(t, analyzeOK(t, federalistBatch(t, papers)), "essay")
		for _, w := range ways {
			root := t.TempDir()
			for i, keep := range w.accepts {
				req := federalistBatch(t, papers)
				req.Profile["essay"] = resolve(t, root, "essay")
				if i > 0 {
					req.Rejected = w.rejected
				}
				accept(t, root, keepOnly(analyzeOK(t, req), keep))
			}
			prof := resolve(t, root, "essay")
			if held := holds(prof, bp); held != (w.rejected == nil && len(w.accepts) > 1) {
				t.Fatalf("%s: %s in the profile: %v", w.name, bp, held)
			}
			for _, n := range papers {
				path := "federalist/" + n + ".md"
				src := readCorpus(t, path)
				want := check.Piece(path, []byte(src), "essay", together)
				got := check.Piece(path, []byte(src), "essay", prof)
				if !slices.Equal(got.Warnings, want.Warnings) || !slices.Equal(got.Errors, want.Errors) {
					t.Errorf("%s, %s: %d warnings, %d when every suggestion is accepted at once:\n%v\n%v",
						w.name, path, len(got.Warnings), len(want.Warnings), got.Warnings, want.Warnings)
				}
				signOff := lineOf(src, "PUBLIUS")
				for _, f := range append(got.Warnings, got.Errors...) {
					if f.Line >= signOff {
						t.Errorf("%s, %s: a finding on the sign-off or the notes: %+v", w.name, path, f)
					}
				}
			}
		}
	}
}

// keepOnly is resp with the suggestions keep accepts.
func keepOnly(resp *Response, keep func(Suggestion) bool) *Response {
	out := &Response{}
	for _, s := range resp.Suggestions {
		if keep(s) {
			out.Suggestions = append(out.Suggestions, s)
		}
	}
	return out
}

func holds(r *profile.Resolved, id string) bool {
	return slices.ContainsFunc(r.Rules, func(s profile.Sourced) bool { return s.ID == id })
}

// lineOf is the number of the first line of src that is line, or 0.
func lineOf(src, line string) int {
	for i, l := range strings.Split(src, "\n") {
		if strings.TrimSpace(l) == line {
			return i + 1
		}
	}
	return 0
}
