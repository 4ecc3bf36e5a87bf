package analyze

import (
	"fmt"
	"strings"
	"sw/profile/feedback"
	"testing"

	"sw/profile"
	"sw/profile/check"
	"sw/profile/prose"
)

// hamiltonBatches are Hamilton's papers as a writer would finish them,
// three at a time.
var hamiltonBatches = [][]string{{"001", "006", "007"}, {"008", "009", "011"}, {"012", "013", "015"}, {"016", "017"}}

// windowRequest is the request of an analysis after batch i: every paper
// finished so far, those of earlier batches marked Earlier, against the
// profile under root.
func windowRequest(t *testing.T, root string, i int) *Request {
	var papers []string
	for _, b := range hamiltonBatches[:i+1] {
		papers = append(papers, b...)
	}
	req := federalistBatch(t, papers)
	for j := range req.Pieces {
		req.Pieces[j].Earlier = j < len(papers)-len(hamiltonBatches[i])
	}
	req.Profile["essay"] = resolve(t, root, "essay")
	return req
}

// The profile converges. Each analysis reads every paper finished so far
// and revisits the rules accepted before: the closing rule learned from
// the first three papers, which the next three break, is proposed for
// removal with that evidence; a rejected signature stays rejected. After
// everything is accepted, the same pieces propose nothing more (the
// profile says what they say), and at the end no metric rule is broken by
// a third of the papers.
func TestProfileConverges(t *testing.T) {
	root := t.TempDir()
	for i := range hamiltonBatches {
		req := windowRequest(t, root, i)
		resp := analyzeOK(t, req)
		if i == 1 {
			s := must(t, find(resp, "remove:closing-first-person@essay"), "removing the closing rule of the first batch")
			if !strings.Contains(s.Evidence, "3 of the 6 recent pieces do not follow it: federalist/006.md, federalist/008.md, federalist/011.md.") {
				t.Errorf("evidence: %s", s.Evidence)
			}
			req.Rejected = []feedback.Rejection{{Signature: "remove:closing-first-person"}}
			if find(analyzeOK(t, req), "remove:closing-first-person@essay") != nil {
				t.Error("a rejected removal came back")
			}
		}
		for _, s := range resp.Suggestions {
			if i > 0 && (s.ID == "sentence-length" || s.ID == "paragraph-length") {
				t.Errorf("analysis %d: %s moves again: %s", i+1, s.ID, s.Summary)
			}
		}
		accept(t, root, resp)
		for _, s := range analyzeOK(t, windowRequest(t, root, i)).Suggestions {
			if strings.HasPrefix(s.Signature, "metric:") || strings.HasPrefix(s.Signature, "remove:") {
				t.Errorf("analysis %d, again with everything accepted: %s (%s)", i+1, s.Signature, s.Summary)
			}
		}
	}
	req := windowRequest(t, root, len(hamiltonBatches)-1)
	r := newRun(req)
	for _, s := range req.Profile["essay"].Rules {
		if s.Metric == nil {
			continue
		}
		for mi, spec := range profile.MetricKinds() {
			if spec.Name != s.Metric.Name {
				continue
			}
			broken, how := breaking(spec, mi, s.Metric, r.pieces)
			if len(broken) >= atLeast(BreakShare, len(r.pieces)) {
				t.Errorf("%s (%s) is broken by %s", s.ID, profile.Bounds(s.Metric), brokenEvidence(broken, how, len(r.pieces)))
			}
		}
	}
}

// Read one batch at a time, as before the window, the same papers move
// the paragraph rule from batch to batch: the fluke the window removes.
func TestBatchAloneDoesNotConverge(t *testing.T) {
	root := t.TempDir()
	changes := 0
	for _, b := range hamiltonBatches[:3] {
		req := federalistBatch(t, b)
		req.Profile["essay"] = resolve(t, root, "essay")
		resp := analyzeOK(t, req)
		for _, s := range resp.Suggestions {
			if strings.HasPrefix(s.Signature, "metric:") && strings.HasPrefix(s.Summary, "Change ") || strings.HasPrefix(s.Signature, "remove:") {
				changes++
			}
		}
		accept(t, root, resp)
	}
	if changes == 0 {
		t.Error("batches alone changed nothing: the window test shows nothing")
	}
}

// A piece breaks a per-piece rule only where sw check warns of it: a
// piece shorter than the typical piece but inside the rule's lower bound
// breaks nothing (sw check holds it within the writer's range); one below
// the bound does, and so does one far above a target with no upper bound.
func TestPieceBreaksWhereCheckWarns(t *testing.T) {
	spec := &profile.MetricKind{Name: "words_per_piece", Scope: prose.PerPiece, Step: 10}
	m := &profile.Metric{Name: "words_per_piece", Target: num(3000), Min: num(1200)}
	for _, c := range []struct {
		words  float64
		breaks bool
	}{{1700, false}, {3100, false}, {1000, true}, {6000, true}} {
		why := breaks(spec, m, pieceMetric{ok: true, value: c.words})
		if (why != "") != c.breaks {
			t.Errorf("a piece of %g words against %s: breaks %q, want breaking %v", c.words, profile.Range(m), why, c.breaks)
		}
		res := check.Piece("p.md", []byte(strings.Repeat("word ", int(c.words))), "", &profile.Resolved{Rules: []profile.Sourced{{Rule: profile.Rule{ID: "piece-length", Metric: m}}}})
		if warned := len(res.Warnings) > 0; warned != c.breaks {
			t.Errorf("a piece of %g words: sw check warns %v, the revisit says breaking %v", c.words, warned, c.breaks)
		}
	}
}

// A signature that a third of the writer's pieces go without is no
// signature to prefer: sw check would fault each of them. Twain's first
// three sketches all tell of talk ("he said" 6, 9 and 2 times), and
// preferring it is proposed; of the next six, three never use it, so
// with the nine read together its removal is proposed, though six of the
// nine still use it (more than VocabShare).
func TestPreferRuleThatAThirdGoWithoutIsRemoved(t *testing.T) {
	sketches := func(n int) *Request {
		req := &Request{Profile: emptyProfile("essay")}
		for i := 1; i <= n; i++ {
			path := fmt.Sprintf("essayists/twain/%02d.md", i)
			req.Pieces = append(req.Pieces, Piece{Path: path, Genre: "essay", Text: readCorpus(t, path), Earlier: i <= 3})
		}
		return req
	}
	first := sketches(3)
	for i := range first.Pieces {
		first.Pieces[i].Earlier = false
	}
	resp := analyzeOK(t, first)
	must(t, find(resp, "prefer:phrase:he said@essay"), `preferring "he said" after three sketches of talk`)
	root := t.TempDir()
	accept(t, root, resp)

	req := sketches(9)
	req.Profile["essay"] = resolve(t, root, "essay")
	s := must(t, find(analyzeOK(t, req), "remove:prefer-he-said@essay"), `removing "he said" after nine sketches`)
	if !strings.HasPrefix(s.Evidence, "3 of the 9 recent pieces use none of its phrases:") {
		t.Errorf("evidence: %s", s.Evidence)
	}
}
