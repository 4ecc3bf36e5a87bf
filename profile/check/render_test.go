package check

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"sw/profile"
)

func TestWriteText(t *testing.T) {
	r := resolved(
		hard(profile.Rule{ID: "short", Metric: metric("words_per_sentence", none, none, 4)}),
		pref(profile.Rule{ID: "greek", Prefer: []string{"omega"}, Avoid: []string{"gamma"}}),
	)
	var b bytes.Buffer
	err := WriteText(&b,
		Piece("a.md", []byte(snippet), "essay", r),
		Piece("b.md", nil, "essay", r),
		Result{Path: "c.md", Score: 0.996})
	if err != nil {
		t.Fatal(err)
	}
	// short: 2 of 3 sentences inside; greek: avoid 1/2, prefer 0.
	// Score (2/3 + 1/4) / 2 = 0.458.
	want := `a.md:1:1: warning: greek: does not use "omega", which preference greek prefers
a.md:1:16: error: short: sentence of 6 words; hard limit short allows at most 4
a.md:3:12: warning: greek: uses "gamma", which preference greek avoids
a.md: score 0.45 (essay): 1 error, 2 warnings
b.md: score 1.00 (essay): 0 errors, 0 warnings
c.md: score 0.99: 0 errors, 0 warnings
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// With a usage measure in the profile, the summary line and the JSON say
// how far the piece lies from the writer's voice, and a line after it
// what moved it most; the score, about rules, is unchanged.
func TestUsageDistanceReported(t *testing.T) {
	rule := pref(profile.Rule{ID: "greek", Prefer: []string{"omega"}})
	plain := Piece("a.md", []byte(snippet), "essay", resolved(rule))
	measure := pref(profile.Rule{ID: "usage", Rule: "How often you use common words.", Usage: &profile.Usage{Pieces: 4, Typical: 0.8,
		Rates: []profile.Rate{{Item: "the", Mean: 0, Spread: 0}, {Item: "one", Mean: 0, Spread: 0}}}})
	res := Piece("a.md", []byte(snippet), "essay", resolved(rule, measure))
	if res.Usage == nil || res.Usage.Rule != "usage" || res.Usage.Pieces != 4 || res.Usage.Typical != 0.8 {
		t.Fatalf("usage: %+v", res.Usage)
	}
	if res.Score != plain.Score || len(res.Warnings) != len(plain.Warnings) {
		t.Errorf("the usage measure changed the score (%g, was %g) or the warnings", res.Score, plain.Score)
	}
	var b bytes.Buffer
	if err := WriteText(&b, res); err != nil {
		t.Fatal(err)
	}
	// 13 words, "one" twice: 153.8 per 1,000, 5 spreads (capped) off a
	// mean of 0; "the" 0, its mean: 0 spreads off. Both spreads are
	// chance's or narrower, so nothing for width: (5 + 0) / 2.
	want := "; voice 2.50 from yours (a new piece of yours: about 0.80)\n" +
		"a.md: voice: this piece uses 'one' 153.8 times per 1,000 words; you never do\n"
	if !strings.HasSuffix(b.String(), want) {
		t.Errorf("summary %q, want it to end %q", b.String(), want)
	}
	if plain.Usage != nil {
		t.Errorf("a profile without a usage measure gave a distance: %+v", plain.Usage)
	}
}

// The genre's measure is the one a piece is held to, whatever the
// global one's file is called: resolution orders rules by id.
func TestUsageOfTheGenreFirst(t *testing.T) {
	measure := func(id string, layer profile.Layer, pieces int) profile.Sourced {
		return profile.Sourced{Layer: layer, Rule: profile.Rule{ID: id, Rule: "a", Usage: &profile.Usage{Pieces: pieces,
			Rates: []profile.Rate{{Item: "the", Mean: 50, Spread: 5}}}}}
	}
	r := &profile.Resolved{Genre: "essay", Rules: []profile.Sourced{measure("a-usage", profile.Preference, 9), measure("usage", profile.GenreLayer, 4)}}
	if u := Piece("a.md", []byte(snippet), "essay", r).Usage; u == nil || u.Rule != "usage" || u.Pieces != 4 {
		t.Errorf("held to %+v, want the genre's usage", u)
	}
}

func TestWriteJSON(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, Result{Path: "a.md", Genre: "essay", Score: 1}); err != nil {
		t.Fatal(err)
	}
	want := `{
  "pieces": [
    {
      "path": "a.md",
      "genre": "essay",
      "score": 1,
      "errors": [],
      "warnings": [],
      "boilerplate": []
    }
  ]
}
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	if err := WriteJSON(&b); err != nil || b.String() != "{\n  \"pieces\": []\n}\n" {
		t.Errorf("no results: %q, %v", b.String(), err)
	}
}

// TestJSONShape: exactly the fields `sw check --json` promises.
func TestJSONShape(t *testing.T) {
	r := resolved(hard(profile.Rule{ID: "short", Metric: metric("words_per_sentence", none, none, 4)}))
	out, err := json.Marshal(Piece("a.md", []byte(snippet), "essay", r))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"path":"a.md","genre":"essay","score":0.6666666666666666,"errors":[{"rule":"short","line":1,"col":16,"message":"sentence of 6 words; hard limit short allows at most 4"}],"warnings":[],"boilerplate":[]}`
	if string(out) != want {
		t.Errorf("got  %s\nwant %s", out, want)
	}
}

// TestDeterministic: the same piece and profile give the same bytes, run
// after run (nothing may depend on map order).
func TestDeterministic(t *testing.T) {
	src := corpusPiece(t, 5000)
	r := benchProfile(100)
	var first []byte
	for i := range 20 {
		var b bytes.Buffer
		res := Piece("piece.md", src, "essay", r)
		if err := WriteJSON(&b, res); err != nil {
			t.Fatal(err)
		}
		if err := WriteText(&b, res); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = b.Bytes()
			if len(res.Errors) == 0 || len(res.Warnings) == 0 {
				t.Fatalf("the bench profile should give errors and warnings: %d, %d", len(res.Errors), len(res.Warnings))
			}
			continue
		}
		if !bytes.Equal(b.Bytes(), first) {
			t.Fatalf("run %d differs", i)
		}
	}
}

// TestOddInput: no panic, a score in range, on input and profiles nobody
// should write.
func TestOddInput(t *testing.T) {
	odd := []profile.Sourced{
		hard(profile.Rule{ID: "a", Metric: &profile.Metric{Name: "words_per_sentence"}}),
		hard(profile.Rule{ID: "b", Metric: metric("words_per_sentence", 50, none, 10)}), // target outside bounds
		hard(profile.Rule{ID: "c", Metric: metric("words_per_piece", none, 10, 2)}),     // min over max
		pref(profile.Rule{ID: "d", Avoid: []string{"", "  ", "--", "…"}, Prefer: []string{"", "?!"}}),
		pref(profile.Rule{ID: "e", Prefer: []string{"in fact,", "“quoted”", "don’t"}}),
		pref(profile.Rule{ID: "f", Metric: metric("", 1, none, none)}),
	}
	nan := 0.0
	nan /= nan
	odd = append(odd, pref(profile.Rule{ID: "g", Metric: &profile.Metric{Name: "words_per_sentence", Target: &nan, Max: &nan}}))
	for _, src := range []string{"", "\x00\xff\xfe", "\ufeff", "#", "- \n- \n", "a", strings.Repeat("word ", 10000),
		"---\n", "> > > deep", "[link](http://x)", "In fact, don't \"quoted\" text?!"} {
		for _, r := range []*profile.Resolved{nil, resolved(), resolved(odd...)} {
			res := Piece("odd.md", []byte(src), "", r)
			if res.Score < 0 || res.Score > 1 || res.Score != res.Score {
				t.Errorf("%q: score %v", src, res.Score)
			}
			if res.Errors == nil || res.Warnings == nil {
				t.Errorf("%q: nil lists", src)
			}
			if _, err := json.Marshal(res); err != nil {
				t.Errorf("%q: %v", src, err)
			}
		}
	}
}

func FuzzPiece(f *testing.F) {
	f.Add([]byte(snippet))
	f.Add([]byte(tricky))
	f.Add([]byte("Why? Why not? Fine.\n"))
	f.Add([]byte("We walked on, and on.\n\nPUBLIUS\n\n1. A note.\r\n"))
	r := benchProfile(30)
	// Boilerplate: the piece is read again without it.
	r.Rules = append(r.Rules, pref(profile.Rule{ID: "sign-off", Rule: "Sign off.", Boilerplate: []string{"PUBLIUS", "Why not?"}}))
	f.Fuzz(func(t *testing.T, src []byte) {
		res := Piece("f.md", src, "essay", r)
		if res.Score < 0 || res.Score > 1 || res.Score != res.Score {
			t.Fatalf("score %v", res.Score)
		}
		for _, fs := range [][]Finding{res.Errors, res.Warnings, res.Boilerplate} {
			for _, f := range fs {
				if f.Line < 1 || f.Col < 1 || f.Message == "" || f.Rule == "" {
					t.Fatalf("bad finding %+v", f)
				}
			}
		}
	})
}

// A score that is exactly two decimals reads as those decimals: flooring
// must not turn 0.57 (56.99999999999999 once multiplied by 100) into 0.56.
func TestScoreTextExactDecimals(t *testing.T) {
	for _, tc := range []struct {
		score float64
		want  string
	}{
		{0.57, "0.57"}, {0.29, "0.29"}, {0.58, "0.58"}, {57.0 / 100, "0.57"},
		{0.996, "0.99"}, {0.5699, "0.56"}, {1, "1.00"}, {0, "0.00"},
	} {
		if got := scoreText(tc.score); got != tc.want {
			t.Errorf("scoreText(%v) = %s, want %s", tc.score, got, tc.want)
		}
	}
}

// A marker on a word LLM prose overuses, where the piece uses it more
// than the writer, says how often LLM prose uses it.
func TestVoiceMarkerTowardLLMProse(t *testing.T) {
	measure := pref(profile.Rule{ID: "usage", Rule: "How often you use common words.", Usage: &profile.Usage{Pieces: 4,
		Rates: []profile.Rate{{Item: "the", Mean: 60, Spread: 5}, {Item: "testament", Mean: 0, Spread: 0}}}})
	res := Piece("a.md", []byte("It stands as a testament, a testament to the age, a testament to all.\n"), "essay", resolved(measure))
	if res.Usage == nil || len(res.Usage.Markers) == 0 {
		t.Fatalf("usage: %+v", res.Usage)
	}
	m := res.Usage.Markers[0]
	if m.Item != "testament" || !strings.HasPrefix(m.Message, "this piece uses 'testament' ") || !strings.Contains(m.Message, "; you never do (LLM prose: ") {
		t.Errorf("marker %+v", m)
	}
}
