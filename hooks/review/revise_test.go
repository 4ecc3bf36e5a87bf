package review

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"sw/profile"
	"sw/profile/analyze"
)

// analyse applies suggestions as an analysis of the pending pieces would
// (full: it read them all, so it withdraws what it does not propose).
func analyse(tb testing.TB, l *Loop, s []analyze.Suggestion) *Outcome {
	tb.Helper()
	head, err := l.headCommit()
	if err != nil {
		tb.Fatal(err)
	}
	p := &Proposal{Request: &analyze.Request{Pieces: make([]analyze.Piece, 3)}, head: head, seq: -1, full: true, fromPieces: true}
	p.Suggestions, p.Suppressed, p.about = l.judge(nil, s)
	out, err := l.Apply(p)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

func branches(tb testing.TB, l *Loop) string {
	tb.Helper()
	return runGit(tb, l.Coll.Root, "branch", "--list", "--format=%(refname:short)", "sw/*")
}

// rateRule is a suggestion of a rate rule on metric, under id.
func rateRule(id, metric string, target, weight float64) analyze.Suggestion {
	return analyze.Suggestion{
		ID: id, Layer: "preferences",
		Rule:    &profile.Rule{ID: id, Rule: "Rule " + id + ".", Metric: &profile.Metric{Name: metric, Target: &target}},
		Summary: "Rule " + id, Evidence: "three pieces", Signature: "test:" + id, Weight: weight,
		Measured: profile.Around(3, target, 1),
	}
}

func TestBatchTakesTheHeaviestAndTheRestWait(t *testing.T) {
	l := newCollection(t)
	l.Coll.Settings.SuggestionsPerBatch = 3
	s := suggestions(5) // unweighted
	s[3].Weight, s[1].Weight, s[4].Weight = 9, 5, 1
	out := analyse(t, l, s)
	if got := branches(t, l); got != "sw/1/rule-01\nsw/1/rule-03\nsw/1/rule-04" {
		t.Errorf("branches:\n%s\nwant the three weighted ones", got)
	}
	if !slices.Equal(out.Waiting, []string{"rule-00", "rule-02"}) {
		t.Errorf("waiting %v, want the unweighted ones in the order sent", out.Waiting)
	}
	st, _ := l.loadState()
	if len(st.Waiting) != 2 || st.Waiting[0].Suggestion.ID != "rule-00" || !st.Waiting[0].FromPieces {
		t.Errorf("state waiting %+v", st.Waiting)
	}
	d, err := l.Review()
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Pending) != 3 || d.Pending[0].ID != "rule-03" || len(d.Waiting) != 2 {
		t.Errorf("dashboard: pending %v, waiting %v; want rule-03 first, two waiting", d.Pending, d.Waiting)
	}
}

// TestWaitingThatThePiecesNoLongerSayIsTakenBackAloud: a suggestion left
// waiting for a later batch that the next analysis no longer proposes
// leaves the queue with a word in the outcome and the log, not silently.
func TestWaitingThatThePiecesNoLongerSayIsTakenBackAloud(t *testing.T) {
	l := newCollection(t)
	l.Coll.Settings.SuggestionsPerBatch = 2
	s := suggestions(4)
	s[0].Weight, s[1].Weight, s[2].Weight, s[3].Weight = 4, 3, 2, 1
	if out := analyse(t, l, s); !slices.Equal(out.Waiting, []string{"rule-02", "rule-03"}) {
		t.Fatalf("waiting %v, want rule-02 and rule-03", out.Waiting)
	}
	out := analyse(t, l, s[:3]) // rule-03 is said no more
	if !slices.Equal(out.Waiting, []string{"rule-02"}) {
		t.Errorf("waiting %v, want rule-02 still", out.Waiting)
	}
	if len(out.Withdrawn) != 1 || out.Withdrawn[0].ID != "rule-03" || out.Withdrawn[0].Branch != "" || !strings.Contains(out.Withdrawn[0].Reason, "no longer proposes it") {
		t.Errorf("withdrawn %+v, want rule-03 with no branch", out.Withdrawn)
	}
	if got := out.Dropped(); !strings.Contains(got, "1 no longer waiting") || strings.Contains(got, "withdrawn from the batch") {
		t.Errorf("dropped %q", got)
	}
	log, err := os.ReadFile(filepath.Join(l.Dir, "log"))
	if err != nil || !strings.Contains(string(log), "no longer waiting: rule-03: the latest analysis, of 3 pieces, no longer proposes it") {
		t.Errorf("log lacks the note (%v):\n%s", err, log)
	}
}

func TestAnalysisWithdrawsWhatThePiecesNoLongerSay(t *testing.T) {
	l := newCollection(t)
	analyse(t, l, suggestions(3))
	propose(t, l, []analyze.Suggestion{rateRule("audited", "colons_per_1k_words", 2, 1)}) // a memory audit's: no pieces behind it
	out := analyse(t, l, suggestions(2))
	if len(out.Withdrawn) != 1 || out.Withdrawn[0].ID != "rule-02" || !strings.Contains(out.Withdrawn[0].Reason, "no longer proposes it") {
		t.Fatalf("withdrawn %+v, want rule-02", out.Withdrawn)
	}
	if got := branches(t, l); got != "sw/1/audited\nsw/1/rule-00\nsw/1/rule-01" {
		t.Errorf("branches:\n%s", got)
	}
	st, _ := l.loadState()
	if s := st.find("sw/1/rule-02"); s == nil || s.Decision != decisionWithdrawn || s.Recorded {
		t.Errorf("rule-02 in the ledger: %+v", s)
	}
	if f, _, err := l.feedbackOnDefault(); err != nil || len(f.Rejections()) != 0 {
		t.Errorf("a withdrawal was remembered as a rejection: %v %v", f, err)
	}
	// A named analysis reads only some pieces: it withdraws nothing.
	head, _ := l.headCommit()
	p := &Proposal{Request: &analyze.Request{}, head: head, seq: -1, fromPieces: true}
	if out, err := l.Apply(p); err != nil || len(out.Withdrawn) != 0 {
		t.Errorf("a named analysis withdrew %+v (%v)", out.Withdrawn, err)
	}
}

func TestOneMeasurePendingOnce(t *testing.T) {
	l := newCollection(t)
	analyse(t, l, []analyze.Suggestion{rateRule("no-semicolons", "semicolons_per_1k_words", 0, 2)})
	out := analyse(t, l, []analyze.Suggestion{rateRule("semicolons", "semicolons_per_1k_words", 7, 4)})
	if len(out.Withdrawn) != 1 || out.Withdrawn[0].Reason != "replaced by semicolons, about the same thing" {
		t.Errorf("withdrawn %+v", out.Withdrawn)
	}
	if got := branches(t, l); got != "sw/1/semicolons" {
		t.Errorf("branches:\n%s\nwant the new one alone, in the same batch", got)
	}
	// Two in one answer: the heavier stays.
	out = analyse(t, l, []analyze.Suggestion{rateRule("few-colons", "colons_per_1k_words", 1, 1), rateRule("colons", "colons_per_1k_words", 4, 3),
		rateRule("semicolons", "semicolons_per_1k_words", 7, 4)})
	if got := branches(t, l); got != "sw/1/colons\nsw/1/semicolons" {
		t.Errorf("branches:\n%s", got)
	}
	if len(out.Skipped) == 0 || out.Skipped[0].Kind != SkipSameThing {
		t.Errorf("skipped %+v", out.Skipped)
	}
}

func TestAnAcceptedRuleIsReplacedNotJoined(t *testing.T) {
	l := newCollection(t)
	write(t, l.Coll.Root+"/profile/preferences/my-upon.yaml", "id: my-upon\nrule: Use upon.\nprefer: [upon]\n")
	runGit(t, l.Coll.Root, "add", "-A")
	runGit(t, l.Coll.Root, "commit", "-q", "-m", "My rule")
	analyse(t, l, []analyze.Suggestion{rateRule("rate-of-upon", "upon_per_1k_words", 3, 2)})
	if got := branches(t, l); got != "sw/1/my-upon" {
		t.Fatalf("branches:\n%s\nwant the change of my-upon", got)
	}
	st, _ := l.loadState()
	s := st.find("sw/1/my-upon")
	if !strings.HasPrefix(s.Summary, "Replace my-upon: ") || !strings.HasPrefix(s.Evidence, "It replaces my-upon (profile/preferences/my-upon.yaml)") {
		t.Errorf("summary %q, evidence %q", s.Summary, s.Evidence)
	}
}

func TestTheAuditsWaitingJoinTheNextAnalysis(t *testing.T) {
	l := newCollection(t)
	l.Coll.Settings.SuggestionsPerBatch = 1
	analyse(t, l, suggestions(1))
	audit := []analyze.Suggestion{rateRule("audited", "colons_per_1k_words", 2, 1)}
	if out := propose(t, l, audit); !slices.Equal(out.Waiting, []string{"audited"}) {
		t.Fatalf("waiting %v", out.Waiting)
	}
	runGit(t, l.Coll.Root, "branch", "-D", "sw/1/rule-00")
	if err := l.Reconcile(); err != nil {
		t.Fatal(err)
	}
	out := analyse(t, l, nil) // the pieces say nothing new
	if len(out.Written) != 1 || out.Written[0].ID != "audited" {
		t.Errorf("written %+v, want the audit's waiting suggestion", out.Written)
	}
}

// A usage measure taken again waits for a batch with a rule in it, known
// by its id whether the profile holds it in the series or in a voice;
// a first measure, or a rule, does not wait.
func TestUsageTakenAgainWaitsForCompany(t *testing.T) {
	usage := &proposed{Suggestion: analyze.Suggestion{ID: "usage", Layer: "preferences", Rule: &profile.Rule{ID: "usage", Usage: &profile.Usage{Pieces: 6}}}}
	rule := &proposed{Suggestion: rateRule("semicolons", "semicolons_per_1k_words", 7, 4)}
	held := func(source string) *Proposal {
		res := &profile.Resolved{Genre: "essay", Rules: []profile.Sourced{{Rule: profile.Rule{ID: "usage", Usage: &profile.Usage{Pieces: 3}}, Source: source}}}
		return &Proposal{Request: &analyze.Request{Profile: map[string]*profile.Resolved{"essay": res}}}
	}
	for _, source := range []string{"profile/preferences/usage.yaml", "../my-voice/profile/preferences/usage.yaml"} {
		if !waitsForCompany(usage, held(source)) {
			t.Errorf("a usage measure taken again, the old one in %s, does not wait", source)
		}
		if waitsForCompany(rule, held(source)) {
			t.Error("a rule waits for company")
		}
	}
	first := &Proposal{Request: &analyze.Request{Profile: map[string]*profile.Resolved{"essay": {Genre: "essay"}}}}
	if waitsForCompany(usage, first) {
		t.Error("a first usage measure waits for company")
	}
}
