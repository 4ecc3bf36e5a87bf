package profile

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"sw/profile/prose"
)

// A usage measure is written one item per line, marks and YAML's words
// for true and false included, and reads back to the same measure.
func TestUsageFormatReadsBack(t *testing.T) {
	r := Rule{ID: "usage", Rule: "How often you use common words.", Usage: &Usage{Pieces: 9, Typical: 0.81, Rates: []Rate{
		{",", 61.2, 8.1}, {";", 3, 1.25}, {"no", 2.25, 0}, {"on", 4, 1}, {"the", 60, 7.5}, {"—", 0, 0}, {"(", 1, 0.5},
		{"?", 0.4, 0.2}, {":", 1, 1}, {"!", 0.5, 0.1}, {"yes", 0, 0}, {"null", 1, 1}, {"true", 1, 1}, {"can't", 2, 1},
	}}}
	out := Format(r)
	for _, line := range []string{"  pieces: 9\n", "    ',': [61.2, 8.1]\n", "    the: [60, 7.5]\n"} {
		if !strings.Contains(string(out), line) {
			t.Errorf("the file lacks %q:\n%s", line, out)
		}
	}
	back, err := ParseRule("usage.yaml", "usage", out)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, r) {
		t.Errorf("read back as %+v\nwant %+v", back.Usage, r.Usage)
	}
}

// Distance is 0 on the writer's own rates, counts marks and words alike,
// and never divides by a spread below chance's.
func TestUsageDistance(t *testing.T) {
	doc := prose.Parse([]byte(strings.Repeat("Upon the hill; upon the road, the end. ", 25)))
	words := float64(doc.WordCount()) // 200
	rate := func(n float64) float64 { return 1000 * n / words }
	u := &Usage{Rates: []Rate{{"upon", rate(50), 50}, {"the", rate(75), 50}, {";", rate(25), 50}, {",", rate(25), 50}}}
	if d, ok := u.Distance(doc); !ok || d > 1e-9 {
		t.Errorf("the writer's own rates: distance %g, %v; want 0", d, ok)
	}
	u.Rates[0].Mean = rate(40) // off by 50 per 1,000 words: one spread
	if d, _ := u.Distance(doc); d < 0.25-1e-9 || d > 0.25+1e-9 {
		t.Errorf("one rate of four a spread off: distance %g, want 0.25", d)
	}
	u = &Usage{Rates: []Rate{{"upon", 0, 0}}}
	want := rate(50) / ChanceSpread(0, words)
	if d, _ := u.Distance(doc); d < want-1e-9 || d > want+1e-9 {
		t.Errorf("a spread of 0: distance %g, want %g, reckoned at chance's spread", d, want)
	}
	if _, ok := u.Distance(prose.Parse(nil)); ok {
		t.Error("a piece without words has a distance")
	}
}

// A usage measure in the hard limits is refused by name: it is never
// broken, and sw check would otherwise take it over every genre's.
func TestUsageIsNoHardLimit(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "profile", HardLimitsDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	rule := Format(Rule{ID: "usage", Rule: "a", Usage: &Usage{Pieces: 3, Rates: []Rate{{"the", 60, 5}}}})
	if err := os.WriteFile(filepath.Join(dir, "usage.yaml"), rule, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Profile{Root: root, Dir: "profile"}.Resolve("essay")
	if err == nil || !strings.Contains(err.Error(), "profile/hard-limits/usage.yaml: a usage measure is no limit") {
		t.Errorf("a usage measure in the hard limits: %v", err)
	}
}
