package profile

import (
	"math"
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

// Distance is 0 on the writer's own rates measured tight, counts marks
// and words alike in spreads never narrower than chance's, lets no one
// item count more than maxItemDistance, and holds a wide measure's width
// against it, so that a lenient measure does not lie nearest to every
// piece.
func TestUsageDistance(t *testing.T) {
	doc := prose.Parse([]byte(strings.Repeat("Upon the hill; upon the road, the end. ", 25)))
	words := float64(doc.WordCount()) // 200
	rate := func(n float64) float64 { return 1000 * n / words }
	many := 1_000_000 // pieces enough that the prior spread is nothing
	u := &Usage{Pieces: many, Rates: []Rate{{"upon", rate(50), 0}, {"the", rate(75), 0}, {";", rate(25), 0}, {",", rate(25), 0}}}
	if d, ok := u.Distance(doc); !ok || d > 1e-9 {
		t.Errorf("the writer's own rates: distance %g, %v; want 0", d, ok)
	}
	// The mean m one of chance's spreads below the piece's rate v:
	// m + sqrt(m*1000/words) = v, a quadratic in sqrt(m).
	v, k := rate(50), math.Sqrt(1000/words)
	x := (-k + math.Sqrt(k*k+4*v)) / 2
	u.Rates[0].Mean = x * x
	if d, _ := u.Distance(doc); math.Abs(d-0.25) > 1e-6 {
		t.Errorf("one rate of four a spread off: distance %g, want 0.25", d)
	}
	u.Rates[0].Mean = 0 // used 250 times per 1,000 words, by a writer who never does
	if d, _ := u.Distance(doc); math.Abs(d-maxItemDistance/4.0) > 1e-6 {
		t.Errorf("one rate far off: distance %g, want %g, no more than maxItemDistance", d, maxItemDistance/4.0)
	}
	tight := &Usage{Pieces: 10, Rates: []Rate{{"upon", rate(50), 1}}}
	wide := &Usage{Pieces: 10, Rates: []Rate{{"upon", rate(50), 500}}}
	dt, _ := tight.Distance(doc)
	dw, _ := wide.Distance(doc)
	if dw <= dt {
		t.Errorf("the same mean, spread 500 lies %g from the piece, spread 1 %g: a wide measure must lie further", dw, dt)
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

// Markers name the items furthest off, in a writer's words, and only
// those a writer's own pieces would not show.
func TestVoiceMarkers(t *testing.T) {
	doc := prose.Parse([]byte(strings.Repeat("Upon the hill; upon the road, the end. ", 25)))
	u := &Usage{Pieces: 10, Rates: []Rate{{"upon", 0, 0}, {"the", 150, 10}, {";", 1, 0.5}, {"whilst", 4, 0.5}}}
	var said []string
	for _, m := range u.Markers(doc, 3) {
		said = append(said, m.Say())
	}
	want := []string{ // 'whilst', 4 spreads of 0.5 off, is inside chance's on 200 words
		"this piece uses 'upon' 250.0 times per 1,000 words; you never do",
		"this piece uses semicolons 125.0 times as often as you do",
		"this piece uses 'the' 2.5 times as often as you do",
	}
	if !reflect.DeepEqual(said, want) {
		t.Errorf("markers:\n%q\nwant\n%q", said, want)
	}
	if m := (Marker{Item: "upon", Piece: 1, Yours: 3.04}).Say(); m != "you use 'upon' 3.0 times as often as this piece does" {
		t.Errorf("a ratio: %q", m)
	}
}
