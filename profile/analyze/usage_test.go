package analyze

import (
	"math"
	"os"
	"path"
	"sort"
	"strings"
	"testing"

	"sw/profile"
	"sw/profile/check"
)

// usageWriter is one writer's pieces for the usage tests: corpus paths in
// the order written.
type usageWriter struct {
	name   string
	pieces []string
}

func usageWriters(t *testing.T) []usageWriter {
	ws := []usageWriter{{name: "Jay"}, {name: "Hamilton"}}
	for _, n := range jayPapers {
		ws[0].pieces = append(ws[0].pieces, "federalist/"+n+".md")
	}
	for _, n := range hamiltonPapers {
		ws[1].pieces = append(ws[1].pieces, "federalist/"+n+".md")
	}
	for _, name := range []string{"brutus", "centinel", "federal-farmer"} {
		entries, err := os.ReadDir(corpusDir + "/ratification/" + name)
		if err != nil {
			t.Fatal(err)
		}
		w := usageWriter{name: name}
		for _, e := range entries {
			w.pieces = append(w.pieces, path.Join("ratification", name, e.Name()))
		}
		sort.Strings(w.pieces)
		ws = append(ws, w)
	}
	return ws
}

func corpusBatch(t *testing.T, rels []string) *Request {
	req := &Request{Profile: emptyProfile("essay")}
	for _, rel := range rels {
		req.Pieces = append(req.Pieces, Piece{Path: rel, Genre: "essay", Text: readCorpus(t, rel)})
	}
	return req
}

// usageOf is the usage suggestion of resp, or nil.
func usageOf(resp *Response) *Suggestion {
	for i, s := range resp.Suggestions {
		if s.Rule != nil && s.Rule.Usage != nil {
			return &resp.Suggestions[i]
		}
	}
	return nil
}

// The usage measure learns the writer: five writers of one period, form
// and subject (Jay and Hamilton as Publius, Brutus, Centinel and the
// Federal Farmer), each measured by the analyzer on up to ten of their
// pieces (Jay has five: three), and every later piece goes to the writer
// it lies closest to by sw check's usage distance. Balanced accuracy (the
// mean of the writers' hit rates) must reach 95 %. The measure's typical
// distance is what the writer's new pieces lie at, within 0.1.
func TestUsageTellsWritersApart(t *testing.T) {
	if testing.Short() {
		t.Skip("analyses of five writers")
	}
	ws := usageWriters(t)
	profiles := map[string]*profile.Resolved{}
	held := map[string][]string{}
	for _, w := range ws {
		learn := min(10, len(w.pieces)-2)
		s := usageOf(analyzeOK(t, corpusBatch(t, w.pieces[:learn])))
		if s == nil {
			t.Fatalf("%s: no usage measure proposed from %d pieces", w.name, learn)
		}
		if s.Rule.Usage.Pieces != learn {
			t.Errorf("%s: usage measured on %d pieces, want %d", w.name, s.Rule.Usage.Pieces, learn)
		}
		profiles[w.name] = &profile.Resolved{Genre: "essay", Rules: []profile.Sourced{{Rule: *s.Rule, Layer: profile.GenreLayer}}}
		held[w.name] = w.pieces[learn:]
	}
	balanced := 0.0
	for _, w := range ws {
		hits, own := 0, 0.0
		for _, rel := range held[w.name] {
			src := []byte(readCorpus(t, rel))
			best, bestDist := "", 0.0
			for _, o := range ws {
				u := check.Piece(rel, src, "essay", profiles[o.name]).Usage
				if u == nil {
					t.Fatalf("sw check gave no usage distance for %s against %s", rel, o.name)
				}
				if o.name == w.name {
					own += u.Distance / float64(len(held[w.name]))
				}
				if best == "" || u.Distance < bestDist {
					best, bestDist = o.name, u.Distance
				}
			}
			if best == w.name {
				hits++
			} else {
				t.Logf("%s (%s) lies closest to %s", rel, w.name, best)
			}
		}
		rate := float64(hits) / float64(len(held[w.name]))
		typical := profiles[w.name].Rules[0].Usage.Typical
		t.Logf("%s: %d of %d held-out pieces; they lie %.2f from the measure, which expects %.2f", w.name, hits, len(held[w.name]), own, typical)
		if math.Abs(own-typical) > 0.1 {
			t.Errorf("%s's new pieces lie %.2f from the measure, but its typical distance says %.2f", w.name, own, typical)
		}
		balanced += rate / float64(len(ws))
	}
	if balanced < 0.95 {
		t.Errorf("balanced accuracy %.0f%%, want at least 95%%", 100*balanced)
	}
}

// The measure is proposed once there are UsagePieces pieces, and proposed
// again only with something new: a fifth more pieces, not the same pieces
// read again. (That the agent never sees it is block's TestRender.)
func TestUsageProposedWhenItHasSomethingNew(t *testing.T) {
	papers := []string{"002", "003", "004", "005"}
	if s := usageOf(analyzeOK(t, federalistBatch(t, papers[:2]))); s != nil {
		t.Fatalf("usage proposed from 2 pieces: %s", s.Summary)
	}
	resp := analyzeOK(t, federalistBatch(t, papers[:3]))
	s := usageOf(resp)
	if s == nil {
		t.Fatal("no usage measure from 3 pieces")
	}
	if s.Layer != "genres/essay" || s.ID != "usage" || s.Signature != "usage@essay" {
		t.Errorf("usage suggestion: layer %q, id %q, signature %q", s.Layer, s.ID, s.Signature)
	}
	u := s.Rule.Usage
	if u.Pieces != 3 || u.Typical <= 0 || len(u.Rates) < 250 {
		t.Errorf("usage measure: %d pieces, typical %g, %d rates", u.Pieces, u.Typical, len(u.Rates))
	}
	if !strings.Contains(s.Evidence, "federalist/002.md") {
		t.Errorf("evidence names no piece: %s", s.Evidence)
	}

	root := t.TempDir()
	accept(t, root, resp)
	again := federalistBatch(t, papers[:3])
	again.Profile["essay"] = resolve(t, root, "essay")
	if s := usageOf(analyzeOK(t, again)); s != nil {
		t.Errorf("the same pieces proposed the measure again: %s", s.Summary)
	}
	more := federalistBatch(t, papers)
	more.Profile["essay"] = resolve(t, root, "essay")
	s = usageOf(analyzeOK(t, more))
	if s == nil || s.Rule.Usage.Pieces != 4 || !strings.Contains(s.Summary, "(was 3)") {
		t.Errorf("a fourth piece did not measure usage again: %+v", s)
	}
}

// A measure the person keeps under another name (my-usage.yaml) is
// measured again in that file, not beside it in a new usage.yaml.
func TestUsageMeasuredAgainWhereThePersonKeepsIt(t *testing.T) {
	papers := []string{"002", "003", "004", "005"}
	first := usageOf(analyzeOK(t, federalistBatch(t, papers[:3])))
	root := t.TempDir()
	kept := *first.Rule
	kept.ID = "my-usage"
	accept(t, root, &Response{Suggestions: []Suggestion{{ID: "my-usage", Layer: first.Layer, Rule: &kept}}})
	more := federalistBatch(t, papers)
	more.Profile["essay"] = resolve(t, root, "essay")
	s := usageOf(analyzeOK(t, more))
	if s == nil || s.ID != "my-usage" || s.Path("profile") != "profile/genres/essay/my-usage.yaml" {
		t.Errorf("measured again as %+v, want in profile/genres/essay/my-usage.yaml", s)
	}
}

// Without new pieces, a measure is taken again only when its rates have
// moved UsageDrift spreads on average, or it counts other items.
func TestUsageMovedByDrift(t *testing.T) {
	old := &profile.Usage{Pieces: 100, Rates: []profile.Rate{{Item: "of", Mean: 40, Spread: 8}, {Item: "the", Mean: 60, Spread: 10}}}
	shifted := func(by float64, items ...string) *profile.Usage {
		u := &profile.Usage{Pieces: 100}
		for i, r := range old.Rates {
			r.Mean += by * r.Spread
			if i < len(items) {
				r.Item = items[i]
			}
			u.Rates = append(u.Rates, r)
		}
		return u
	}
	for _, c := range []struct {
		name  string
		u     *profile.Usage
		moved bool
	}{
		{"the same", shifted(0), false},
		{"a tenth of a spread", shifted(0.1), false},
		{"a whole spread", shifted(1), true},
		{"another item", shifted(0, "on"), true},
		{"a fifth more pieces", &profile.Usage{Pieces: 120, Rates: old.Rates}, true},
	} {
		if got := usageMoved(old, c.u); got != c.moved {
			t.Errorf("%s: moved %v, want %v", c.name, got, c.moved)
		}
	}
}
