package baseline

import (
	"math"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// dataBudget is the most the embedded table may weigh. It is what the
// binary pays for the baseline; raise it only on purpose.
const dataBudget = 300 << 10

func TestDataSizeWithinBudget(t *testing.T) {
	if n := len(englishData); n > dataBudget {
		t.Fatalf("embedded baseline is %d bytes, budget %d", n, dataBudget)
	}
}

func TestDecodeWholeTable(t *testing.T) {
	tab, err := decode(englishData)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(tab.id); n != 36000 {
		t.Errorf("%d words, want 36000", n)
	}
	if n := len(tab.pairs.key); n != 36000 {
		t.Errorf("%d pairs, want 36000", n)
	}
	if n := len(tab.trips.key); n != 24000 {
		t.Errorf("%d triples, want 24000", n)
	}
	if _, err := decode(englishData[:len(englishData)/2]); err == nil {
		t.Error("a truncated file decoded without error")
	}
	if _, err := decode([]byte("not gzip")); err == nil {
		t.Error("garbage decoded without error")
	}
}

func TestFrequentWordsInPlausibleOrder(t *testing.T) {
	the, ok1 := PerMillion("the")
	house, ok2 := PerMillion("house")
	serendipity, ok3 := PerMillion("serendipity")
	if !ok1 || !ok2 || !ok3 {
		t.Fatalf("known words missing: the %v, house %v, serendipity %v", ok1, ok2, ok3)
	}
	if !(the > house && house > serendipity) {
		t.Fatalf("want the > house > serendipity, got %g, %g, %g", the, house, serendipity)
	}
	// "the" is some 4–7 % of running English; anything far off means the
	// normalisation is wrong.
	if the < 30000 || the > 80000 {
		t.Errorf("the: %g per million, want 30,000..80,000", the)
	}
	if house < 50 || house > 1000 {
		t.Errorf("house: %g per million, want 50..1,000", house)
	}
	if serendipity <= Floor() || serendipity > 5 {
		t.Errorf("serendipity: %g per million, want above the floor %g and at most 5", serendipity, Floor())
	}
	for _, pair := range [][2]string{{"of", "house"}, {"said", "whereupon"}, {"people", "tapestry"}} {
		a, _ := PerMillion(pair[0])
		b, _ := PerMillion(pair[1])
		if a <= b {
			t.Errorf("%s (%g) should be more frequent than %s (%g)", pair[0], a, pair[1], b)
		}
	}
}

func TestCaseAndApostrophes(t *testing.T) {
	want, ok := PerMillion("don't")
	if !ok {
		t.Fatal("don't is not listed")
	}
	for _, w := range []string{"Don't", "DON'T", "don’t", "Don‘t"} {
		if got, ok := PerMillion(w); !ok || got != want {
			t.Errorf("PerMillion(%q) = %g, %v; want %g, true", w, got, ok, want)
		}
	}
	if got, _ := PerMillion("The"); got != Rate("the") {
		t.Errorf("The and the differ")
	}
}

func TestUnknownWords(t *testing.T) {
	for _, w := range []string{"", "qwzxv", "sw-baseline-nonword", "the the", "42", "'s"} {
		if r, ok := PerMillion(w); ok {
			t.Errorf("PerMillion(%q) = %g, true; want unknown", w, r)
		}
		if r := Rate(w); r != Floor() {
			t.Errorf("Rate(%q) = %g, want the floor %g", w, r, Floor())
		}
	}
	f := Floor()
	if f <= 0 || f >= 0.5 {
		t.Errorf("floor %g per million, want in (0, 0.5)", f)
	}
	tab := get()
	for w := range tab.id {
		if r, _, _ := tab.word(w); r < f {
			t.Fatalf("%s (%g) is below the floor %g", w, r, f)
		}
	}
}

func TestFunctionWords(t *testing.T) {
	for _, w := range []string{
		"the", "a", "an", "The", "of", "and", "but", "because", "I", "you",
		"themselves", "is", "were", "been", "would", "must", "not", "very",
		"don't", "It’s", "can't", "into", "whether", "which",
	} {
		if !IsFunctionWord(w) {
			t.Errorf("IsFunctionWord(%q) = false", w)
		}
	}
	for _, w := range []string{
		"house", "serendipity", "however", "actually", "really", "just",
		"writing", "think", "said", "", "thee", "indeed",
	} {
		if IsFunctionWord(w) {
			t.Errorf("IsFunctionWord(%q) = true", w)
		}
	}
}

// Every function word should be a word the baseline knows, and a frequent
// one; a typo in the hand-written list would show up here.
func TestFunctionWordsAreListedAndCommon(t *testing.T) {
	for _, w := range FunctionWords() {
		r, ok := PerMillion(w)
		if !ok {
			// A few rare contractions are not in the model's vocabulary.
			switch w {
			case "shan't", "mightn't", "mustn't", "needn't", "why's", "when's", "that'll", "that'd", "what'd", "there'd", "who'd":
				continue
			}
			t.Errorf("function word %q is not in the baseline", w)
			continue
		}
		if r < 0.5 {
			t.Errorf("function word %q: %g per million, suspiciously rare", w, r)
		}
	}
}

func TestFunctionWordListIsClean(t *testing.T) {
	seen := map[string]bool{}
	for _, w := range FunctionWords() {
		if w != normalize(w) || strings.TrimSpace(w) != w || w == "" {
			t.Errorf("%q is not in normal form", w)
		}
		if seen[w] {
			t.Errorf("%q listed twice", w)
		}
		seen[w] = true
		if !IsFunctionWord(w) {
			t.Errorf("%q listed but IsFunctionWord says no", w)
		}
	}
}

func TestPhrases(t *testing.T) {
	if r := PhrasePerMillion(nil); r != 0 {
		t.Errorf("empty phrase: %g", r)
	}
	if r := PhrasePerMillion([]string{"House"}); r != Rate("house") {
		t.Errorf("one word: %g, want %g", r, Rate("house"))
	}

	ofThe := PhrasePerMillion([]string{"of", "the"})
	ofCourse := PhrasePerMillion([]string{"of", "course"})
	if !(ofThe > ofCourse && ofCourse > 10) {
		t.Errorf("of the %g, of course %g: want of the > of course > 10", ofThe, ofCourse)
	}
	unitedStates := PhrasePerMillion([]string{"United", "States"})
	if statesUnited := PhrasePerMillion([]string{"states", "united"}); unitedStates < 10*statesUnited {
		t.Errorf("united states %g should dwarf states united %g", unitedStates, statesUnited)
	}
	// Collocations are far more frequent than their words' independence
	// suggests; that is why pairs are listed at all.
	if indep := Rate("united") * Rate("states") / 1e6; unitedStates < 100*indep {
		t.Errorf("united states %g vs independent estimate %g", unitedStates, indep)
	}
	// Likewise triples against their pairs: "at the end" is listed, and
	// well above what chaining its pairs would say.
	atTheEnd := PhrasePerMillion([]string{"at", "the", "end"})
	chained := PhrasePerMillion([]string{"at", "the"}) * PhrasePerMillion([]string{"the", "end"}) / Rate("the")
	if atTheEnd < 5*chained {
		t.Errorf("at the end %g vs chained pairs %g", atTheEnd, chained)
	}
	// Unlisted phrases: what the model predicts. A frequent phrase the
	// model pruned as predictable stays frequent; two rare words that never
	// meet stay rare.
	if r := PhrasePerMillion([]string{"the", "same", "time"}); r < 20 {
		t.Errorf("the same time: %g per million, want at least 20", r)
	}
	if r := PhrasePerMillion([]string{"house", "serendipity"}); r > 0.1 {
		t.Errorf("house serendipity: %g per million, want below 0.1", r)
	}

	// A phrase is never (beyond rounding) more frequent than any of its
	// words or than its first pair, and never zero.
	const rounding = 1.1
	for _, p := range [][]string{
		{"at", "the", "end", "of"}, {"at", "the", "end", "of", "the", "day"},
		{"in", "fact"}, {"it", "turns", "out"}, {"a", "lot", "of"},
		{"serendipity", "house"}, {"qwzxv", "house"}, {"qwzxv", "zzkq", "xqj"},
	} {
		r := PhrasePerMillion(p)
		if !(r > 0) || math.IsInf(r, 0) {
			t.Errorf("%v: %g", p, r)
			continue
		}
		for _, w := range p {
			if r > Rate(w)*rounding {
				t.Errorf("%v: %g, above the rate of %q (%g)", p, r, w, Rate(w))
			}
		}
		if r > PhrasePerMillion(p[:2])*rounding {
			t.Errorf("%v: %g, above its first pair", p, r)
		}
		if len(p) > 3 && r > PhrasePerMillion(p[:3])*rounding {
			t.Errorf("%v: %g, above its first triple", p, r)
		}
	}
	if a, b := PhrasePerMillion([]string{"It", "Turns", "out"}), PhrasePerMillion([]string{"it", "turns", "out"}); a != b {
		t.Errorf("case changes the phrase rate: %g vs %g", a, b)
	}
}

func TestLicenseIsEmbedded(t *testing.T) {
	l := License()
	for _, want := range []string{"Carnegie Mellon University", "Redistribution and use", "Alpha Cephei"} {
		if !strings.Contains(l, want) {
			t.Errorf("license text lacks %q", want)
		}
	}
}

// TestLazyLoading runs a fresh copy of the test binary, so no other test has
// touched the table yet, and checks that importing the package and asking
// about function words decode nothing, while the first rate lookup does.
func TestLazyLoading(t *testing.T) {
	if os.Getenv("SW_BASELINE_LAZY_CHILD") == "1" {
		if loaded != nil {
			t.Fatal("table decoded before any call")
		}
		IsFunctionWord("the")
		_ = License()
		if loaded != nil {
			t.Fatal("IsFunctionWord or License decoded the table")
		}
		PerMillion("house")
		if loaded == nil {
			t.Fatal("PerMillion did not decode the table")
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestLazyLoading$", "-test.count=1")
	cmd.Env = append(os.Environ(), "SW_BASELINE_LAZY_CHILD=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
}

func TestConcurrentFirstUse(t *testing.T) {
	if os.Getenv("SW_BASELINE_LAZY_CHILD") == "1" {
		t.Skip("runs in the parent only")
	}
	done := make(chan float64)
	for range 8 {
		go func() { r, _ := PerMillion("house"); done <- r }()
	}
	first := <-done
	for range 7 {
		if r := <-done; r != first {
			t.Fatalf("concurrent lookups disagree: %g vs %g", r, first)
		}
	}
}
