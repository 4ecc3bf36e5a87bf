package check

import (
	"fmt"
	"testing"

	"sw/profile"
	"sw/profile/prose"
)

// benchProfile is a plausible profile of n rules across the three layers:
// a third metrics (every metric, with targets and bounds), a third avoid
// lists, a third prefer lists, of three phrases each. Phrases mix ones the
// corpus uses with ones it does not, plain words with punctuated ones.
func benchProfile(n int) *profile.Resolved {
	used := []string{"the people", "however", "in the", "it is", "of the union", "we", "government",
		"the constitution", "i think", "because", "for example", "in fact", "the same", "may be",
		"their own", "on the other hand", "would be", "such as", "the public good", "it would"}
	unused := []string{"utilize", "leverage", "at the end of the day", "it is important to note",
		"in order to", "very unique", "synergy", "deep dive", "game-changer", "going forward",
		"needless to say", "to be honest,", "moving forward", "circle back", "low-hanging fruit",
		"e.g.", "all in all", "in conclusion", "don't", "let's"}
	metrics := profile.MetricNames()
	layers := []profile.Layer{profile.HardLimit, profile.GenreLayer, profile.Preference}
	var rules []profile.Sourced
	for i := range n {
		r := profile.Rule{ID: fmt.Sprintf("rule-%03d", i), Rule: "A rule."}
		switch i % 3 {
		case 0:
			r.Metric = benchMetric(metrics[(i/3)%len(metrics)])
		case 1:
			for k := range 3 {
				pool := unused
				if k == 0 && i%2 == 0 && layers[i%len(layers)] != profile.HardLimit {
					pool = used // a habit the writer is asked to drop
				}
				r.Avoid = append(r.Avoid, pool[(i+7*k)%len(pool)])
			}
		case 2:
			for k := range 3 {
				pool := used
				if k == 2 {
					pool = unused
				}
				r.Prefer = append(r.Prefer, pool[(i+5*k)%len(pool)])
			}
		}
		layer := layers[i%len(layers)]
		if layer == profile.HardLimit && r.Prefer != nil {
			layer = profile.Preference // hard limits are metrics and avoid lists in practice
		}
		rules = append(rules, profile.Sourced{Rule: r, Layer: layer, Source: "profile/x/" + r.ID + ".yaml"})
	}
	return &profile.Resolved{Genre: "essay", Rules: rules}
}

// benchMetric gives a metric the target and bounds a writer's profile
// might hold for it.
func benchMetric(name string) *profile.Metric {
	out := &profile.Metric{Name: name}
	switch name {
	case "words_per_sentence":
		out.Target, out.Min, out.Max = f(22), f(3), f(45)
	case "sentences_per_paragraph":
		out.Target, out.Min, out.Max = f(4), f(1), f(10)
	case "words_per_paragraph":
		out.Target, out.Max = f(90), f(250)
	case "words_per_piece":
		out.Min, out.Max = f(300), f(6000)
	default: // the rates
		out.Target, out.Max = f(4), f(15)
	}
	return out
}

// BenchmarkCheck5000Words100Rules is the in-process cost of `sw check` on
// a long piece with a large profile: parse, measure, find, score.
func BenchmarkCheck5000Words100Rules(b *testing.B) {
	src := corpusPiece(b, 5000)
	r := benchProfile(100)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Piece("piece.md", src, "essay", r)
	}
}

// BenchmarkCheckParsed5000Words100Rules is the checker's own share, the
// parse left out: what the rules cost on top of reading the piece.
func BenchmarkCheckParsed5000Words100Rules(b *testing.B) {
	d := prose.Parse(corpusPiece(b, 5000))
	r := benchProfile(100)
	b.ReportAllocs()
	for b.Loop() {
		doc("piece.md", d, "essay", r, prepare(r))
	}
}

// BenchmarkFindPhrases5000Words is the phrase index alone.
func BenchmarkFindPhrases5000Words(b *testing.B) {
	d := prose.Parse(corpusPiece(b, 5000))
	_, phrases := listsOf(benchProfile(100).Rules)
	b.ReportMetric(float64(len(phrases)), "phrases")
	for b.Loop() {
		findPhrases(d, phrases)
	}
}

// BenchmarkFindPhraseEach5000Words is the naive way, one FindPhrase per
// phrase, for comparison with the index.
func BenchmarkFindPhraseEach5000Words(b *testing.B) {
	d := prose.Parse(corpusPiece(b, 5000))
	_, phrases := listsOf(benchProfile(100).Rules)
	for b.Loop() {
		for _, p := range phrases {
			d.FindPhrase(p)
		}
	}
}

func BenchmarkParse5000Words(b *testing.B) {
	src := corpusPiece(b, 5000)
	for b.Loop() {
		prose.Parse(src)
	}
}
