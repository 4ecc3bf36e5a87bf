package main

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func TestCreditSplitsTiesAndGivesNothingToALoss(t *testing.T) {
	for _, c := range []struct {
		scores map[string]float64
		truth  string
		want   float64
	}{
		{map[string]float64{"Jay": 0.9, "Hamilton": 0.8, "Brutus": 0.7}, "Jay", 1},
		{map[string]float64{"Jay": 0.9, "Hamilton": 0.9, "Brutus": 0.7}, "Jay", 0.5},
		{map[string]float64{"Jay": 0.8, "Hamilton": 0.9, "Brutus": 0.8}, "Jay", 0},
		{map[string]float64{"Jay": 1, "Hamilton": 1, "Brutus": 1}, "Brutus", 1.0 / 3},
		{map[string]float64{"Hamilton": 0.9}, "Jay", 0},
	} {
		if got := credit(c.scores, c.truth); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("credit(%v, %s) = %v, want %v", c.scores, c.truth, got, c.want)
		}
	}
}

func TestBalancedAccuracyWeighsWritersNotPieces(t *testing.T) {
	// Four of four for one writer, one of two for the other: 5 of 6 pieces,
	// but the mean of the hit rates is 75%.
	got := balancedAccuracy(map[string][]float64{"Hamilton": {1, 1, 1, 1}, "Jay": {0, 1}})
	if math.Abs(got-0.75) > 1e-12 {
		t.Errorf("balanced accuracy = %v, want 0.75", got)
	}
	if got := balancedAccuracy(nil); got != 0 {
		t.Errorf("balanced accuracy of nothing = %v, want 0", got)
	}
}

func TestFindingsCountsWhatTheCappedWarningLeftOut(t *testing.T) {
	for msg, want := range map[string]int{
		"sentence of 9 words; preference sentence-length asks for 15 to 65":                                                     1,
		"does not use \"as well\", which preference prefer-as-well prefers":                                                     1,
		"14 more sentences outside 15 to 65 words from here on; only the first 10 are listed":                                   14,
		"3 more sentences outside 15 to 65 words and 2 more uses of avoided phrases from here on; only the first 10 are listed": 5,
	} {
		if got := findings(msg); got != want {
			t.Errorf("findings(%q) = %d, want %d", msg, got, want)
		}
	}
}

func TestHeldOutIsTheLastThirdAndAtLeastTwo(t *testing.T) {
	for n, want := range map[int]int{3: 2, 5: 2, 17: 6, 18: 6, 51: 17} {
		if got := heldOutCount(n); got != want {
			t.Errorf("heldOutCount(%d) = %d, want %d", n, got, want)
		}
	}
	w := &writer{train: make([]*piece, 12)}
	if got := sizesFor(w, []int{3, 10, 30}); !slices.Equal(got, []int{3, 10, 12}) {
		t.Errorf("sizes for 12 pieces = %v, want [3 10 12]", got)
	}
	w.train = w.train[:3]
	if got := sizesFor(w, []int{3, 10, 30}); !slices.Equal(got, []int{3}) {
		t.Errorf("sizes for 3 pieces = %v, want [3]", got)
	}
}

func mkPiece(paragraphs ...string) *piece {
	body := strings.Join(paragraphs, "\n\n") + "\n"
	return &piece{body: body, tokens: words(body)}
}

func TestBoilerplateIsWhatRecursAndWhatFollowsASignOff(t *testing.T) {
	a := mkPiece("Dear Sir,", "The first argument runs long.", "It goes on.", "Philadelphia, January 5th, 1788.", "(a) A note of the printer.")
	b := mkPiece("Dear sir,", "Another argument entirely.", "Philadelphia, Dec. 22, 1787.")
	c := mkPiece("No salutation here.", "A middle paragraph.", "The end of it.")
	marks := boilerplate([]*piece{a, b, c})
	want := map[*piece][]bool{
		// The salutation and the dateline recur; the note after the dateline trails it.
		a: {true, false, false, true, true},
		b: {true, false, true},
		c: {false, false, false},
	}
	for p, w := range want {
		if !slices.Equal(marks[p], w) {
			t.Errorf("marks of %q = %v, want %v", paragraphs(p.body), marks[p], w)
		}
	}
}

func TestContentWordsLeaveOutGrammarAdverbsAndIdioms(t *testing.T) {
	for phrase, want := range map[string][]string{
		"upon":                 nil,
		"whilst":               nil,
		"certainly":            nil,
		"in fact":              nil,
		"as well":              nil,
		"c":                    nil,
		"foreign nations":      {"foreign", "nations"},
		"to lay":               {"lay"},
		"the chief magistrate": {"chief", "magistrate"},
	} {
		if got := contentWords(phrase); !slices.Equal(got, want) {
			t.Errorf("contentWords(%q) = %q, want %q", phrase, got, want)
		}
	}
}

func TestTopicRulesAreThoseOfContentWords(t *testing.T) {
	a := &auditor{train: []*piece{mkPiece("Powers vested upon the legislature.")}, others: countWords([]*piece{mkPiece("Vested powers.")})}
	for _, c := range []struct {
		r     rule
		topic bool
	}{
		{rule{ID: "prefer-upon", Prefer: []string{"upon"}}, false},
		{rule{ID: "prefer-vested", Prefer: []string{"vested"}}, true},
		{rule{ID: "avoid-hours", Avoid: []string{"hours"}}, true},
		{rule{ID: "sentence-length", Metric: &ruleMetric{Name: "words_per_sentence"}}, false},
	} {
		if why := a.topicRule(c.r); (why != "") != c.topic {
			t.Errorf("%s: topic rule %v (%q), want %v", c.r.ID, why != "", why, c.topic)
		}
	}
}

func TestBoilerplateRulesAreTheOnesOnlyTheSignOffExplains(t *testing.T) {
	body := func(n string) *piece {
		return mkPiece("We open essay "+n+" with a sentence of some length here.", "A middle paragraph of essay "+n+".",
			"It ends in prose. It has three sentences. The last runs on for longer than eight words in essay "+n+".", "PUBLIUS")
	}
	train := []*piece{body("one"), body("two"), body("three")}
	a := &auditor{train: train, marks: boilerplate(train), others: countWords(nil)}
	for _, c := range []struct {
		r    rule
		want bool
	}{
		// "PUBLIUS" is a one-sentence paragraph and a short sentence; the prose before it is neither.
		{rule{ID: "closing-one-line", Signature: "closing:one-line"}, true},
		{rule{ID: "closing-short", Signature: "closing:short@essay"}, true},
		// Nor is it in the first person: that rule did not come from it.
		{rule{ID: "closing-first-person", Signature: "closing:first-person"}, false},
		// The pieces do not open with boilerplate.
		{rule{ID: "opening-first-person", Signature: "opening:first-person"}, false},
		{rule{ID: "prefer-publius", Prefer: []string{"publius"}}, true},
		{rule{ID: "prefer-prose", Prefer: []string{"prose"}}, false},
		// A kind the evaluation does not know is not judged.
		{rule{ID: "closing-quotation", Signature: "closing:quotation"}, false},
	} {
		if why := a.boilerplateRule(c.r); (why != "") != c.want {
			t.Errorf("%s: boilerplate rule %v (%q), want %v", c.r.ID, why != "", why, c.want)
		}
	}
}

func TestWordsAndSentences(t *testing.T) {
	if got := words("Don’t self-driving 1788 &c. -- upon"); !slices.Equal(got, []string{"don't", "self-driving", "c", "upon"}) {
		t.Errorf("words = %q", got)
	}
	if got := sentences(`He said "no." Then? It ended!`); len(got) != 3 {
		t.Errorf("sentences = %q, want 3", got)
	}
}

// Attribution goes by the usage distance when every profile has a usage
// measure (nearer is likelier), and by the score when one lacks it.
func TestLikenessPrefersUsageWhenEveryProfileHasIt(t *testing.T) {
	near, far := 0.4, 0.9
	both := map[string]checked{"a": {Score: 0.2, Usage: &near}, "b": {Score: 0.8, Usage: &far}}
	if got := winners(likeness(both)); len(got) != 1 || got[0] != "a" {
		t.Errorf("with usage everywhere, winners %v, want [a]", got)
	}
	past, further := 1.4, 2.3 // every piece lies over 1 from some measures
	if got := winners(likeness(map[string]checked{"a": {Usage: &past}, "b": {Usage: &further}})); len(got) != 1 || got[0] != "a" {
		t.Errorf("with distances over 1, winners %v, want [a]", got)
	}
	one := map[string]checked{"a": {Score: 0.2, Usage: &near}, "b": {Score: 0.8}}
	if got := winners(likeness(one)); len(got) != 1 || got[0] != "b" {
		t.Errorf("with usage in one profile only, winners %v, want [b] by score", got)
	}
}

// A rate rule says something when its bounds lie within half and twice
// its target; a ceiling, and a metric that is no rate, are not judged.
func TestWideRulesAreRatesBoundedPastHalfToTwice(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	for _, c := range []struct {
		m    ruleMetric
		wide bool
	}{
		{ruleMetric{Name: "the_per_1k_words", Target: f(84.9), Min: f(8.4), Max: f(161.4)}, true},
		{ruleMetric{Name: "semicolons_per_1k_words", Target: f(7), Min: f(0), Max: f(14)}, true},
		{ruleMetric{Name: "semicolons_per_1k_words", Target: f(7), Min: f(3.5), Max: f(14)}, false},
		{ruleMetric{Name: "colons_per_1k_words", Max: f(1.4)}, false},
		{ruleMetric{Name: "words_per_sentence", Target: f(20), Min: f(3), Max: f(60)}, false},
	} {
		if why := wideRule(rule{ID: "r", Metric: &c.m}); (why != "") != c.wide {
			t.Errorf("%+v: wide %v (%q), want %v", c.m, why != "", why, c.wide)
		}
	}
}
