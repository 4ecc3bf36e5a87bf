package facts

import (
	"encoding/json"
	"strings"
	"testing"
)

// findings is what CheckFile finds in mem, named memory.md.
func findings(mem string, budget Budget, pieces []Piece) ([]CheckFinding, error) {
	c, err := CheckFile([]byte(mem), File, budget, pieces)
	return c.Findings, err
}

// defaultBudget is .sw.yaml's default facts_budget.
var defaultBudget = Budget{Lines: 200, Bytes: 25 * 1024}

var walking = Piece{Path: "pieces/walking.md", Text: []byte("---\ngenre: essay\n---\n# On walking\n\n" +
	"I walk every morning. A long walk before breakfast clears the head better than any coffee or any app ever could.\n" +
	"Cities are built for cars.\n")}

func kinds(fs []CheckFinding) string {
	var s []string
	for _, f := range fs {
		s = append(s, f.Kind)
	}
	return strings.Join(s, ",")
}

func TestCheckClean(t *testing.T) {
	mem := "## Stance and arguments\n- Tools should get out of the way. (person, 2026-02-01)\n" +
		"- Walking is better than coffee.\n## Pieces written\n- On walking (pieces/walking.md, 2026-01-10)\n"
	fs, err := findings(mem, defaultBudget, []Piece{walking})
	if err != nil || len(fs) != 0 {
		t.Errorf("got %+v, %v; want no findings", fs, err)
	}
}

func TestCheckBudget(t *testing.T) {
	mem := "## Observations\n- one\n- two\n- three\n"
	fs, _ := findings(mem, Budget{Lines: 2, Bytes: 1000}, nil)
	if len(fs) != 1 || fs[0].Kind != KindBudget || fs[0].Line != 3 || fs[0].Text != "- two" ||
		!strings.HasPrefix(fs[0].Why, "4 lines, 2 over the budget of 2 lines") {
		t.Errorf("lines: got %+v", fs)
	}
	// Byte 25 (0-based) is the first past a budget of 25: on line 3.
	fs, _ = findings(mem, Budget{Lines: 10, Bytes: 25}, nil)
	if len(fs) != 1 || fs[0].Kind != KindBudget || fs[0].Line != 3 ||
		!strings.HasPrefix(fs[0].Why, "36 bytes, 11 over the budget of 25 bytes") {
		t.Errorf("bytes: got %+v", fs)
	}
	// Exactly at the budget is within it; zero is no limit.
	for _, b := range []Budget{{Lines: 4, Bytes: 36}, {}} {
		if fs, _ := findings(mem, b, nil); len(fs) != 0 {
			t.Errorf("%+v: got %+v", b, fs)
		}
	}
}

func TestCheckDuplicates(t *testing.T) {
	mem := "## Likes and dislikes\n- Never use emoji. (person, 2026-01-01)\n- Likes tea.\n" +
		"## Explicit requirements\n- **emoji:** never  use EMOJI! (agent, 2026-01-02)\n- never use emoji\n"
	fs, err := findings(mem, defaultBudget, nil)
	if err != nil || kinds(fs) != "duplicate,duplicate" {
		t.Fatalf("got %+v, %v", fs, err)
	}
	for i, line := range []int{5, 6} {
		if f := fs[i]; f.Line != line || f.Why != `the same fact as line 2 (Likes and dislikes); keep one` {
			t.Errorf("finding %d: %+v", i, f)
		}
	}
}

func TestCheckRestatement(t *testing.T) {
	mem := "## Stance and arguments\n" +
		"- A long walk before breakfast clears the head better than coffee or an app. (pieces/walking.md, 2026-01-10)\n" +
		"## Pieces written\n" +
		"- A long walk before breakfast clears the head better than any coffee (pieces/walking.md, 2026-01-10)\n"
	fs, err := findings(mem, defaultBudget, []Piece{{Path: "other.md", Text: []byte("Nothing here.\n")}, walking})
	if err != nil || len(fs) != 1 {
		t.Fatalf("got %+v, %v; want one restatement (none under Pieces written)", fs, err)
	}
	f := fs[0]
	want := `restates pieces/walking.md:6, "A long walk before breakfast clears the head better than any…" (8 of its 8 content words): a reader gets it from the piece`
	if f.Kind != KindRestatement || f.Line != 2 || f.Why != want || !strings.HasPrefix(f.Text, "A long walk") {
		t.Errorf("got %+v\nwant why %s", f, want)
	}
}

// A fact that shares a few words with a piece, or is too short to tell, is
// no restatement; nor is one whose words are spread over several sentences.
func TestCheckRestatementNoFalsePositives(t *testing.T) {
	for _, text := range []string{
		"Walks every morning before breakfast.",                                       // 4 content words
		"Morning walks beat coffee for thinking, says the author, and apps distract.", // few shared
		"Cities are built for cars; every morning a long walk clears the head.",       // two sentences' words
		"Breakfast before walk: the head, coffee, app, long, clears better.",          // the words, out of order
	} {
		mem := "## Stance and arguments\n- " + text + "\n"
		if fs, _ := findings(mem, defaultBudget, []Piece{walking}); len(fs) != 0 {
			t.Errorf("%q: got %+v", text, fs)
		}
	}
}

func TestCheckParseError(t *testing.T) {
	if _, err := findings("## Observations\n## Observations\n", defaultBudget, nil); err == nil ||
		!strings.HasPrefix(err.Error(), "memory.md:2:1: ") {
		t.Errorf("got %v", err)
	}
}

func TestCheckedJSONAndText(t *testing.T) {
	c, err := CheckFile([]byte("## Observations\n- a\n- A.\n"), File, Budget{Lines: 200, Bytes: 25600}, nil)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(c)
	want := `{"findings":[{"line":3,"kind":"duplicate","text":"A.","why":"the same fact as line 2 (Observations); keep one"}],"lines":3,"bytes":25,"budget":{"lines":200,"bytes":25600}}`
	if string(out) != want {
		t.Errorf("json:\n%s\nwant\n%s", out, want)
	}
	var b strings.Builder
	c.WriteText(&b, File)
	if want := "memory.md:3: duplicate: the same fact as line 2 (Observations); keep one\nmemory.md: 1 finding (3 lines of 200, 25 bytes of 25600)\n"; b.String() != want {
		t.Errorf("text:\n%s\nwant\n%s", b.String(), want)
	}
	c, _ = CheckFile(nil, File, defaultBudget, nil)
	if out, _ := json.Marshal(c); !strings.HasPrefix(string(out), `{"findings":[],"lines":0,"bytes":0,`) {
		t.Errorf("empty: %s", out)
	}
}

// TestCheckLeavesSwsStancesAlone: a stance sw copied from a piece's front
// matter is not a restatement to report, though the piece says it too.
func TestCheckLeavesSwsStancesAlone(t *testing.T) {
	piece := Piece{Path: "pieces/a.md", Text: []byte("Slow walking through a quiet city clears the tired mind better than running.\n")}
	stance := "Slow walking through a quiet city clears the tired mind better than running."
	for _, tc := range []struct {
		entry string
		want  int
	}{
		{"- **pieces/a.md:** " + stance + " (sw, 2026-01-01)", 0},
		{"- " + stance + " (person, 2026-01-01)", 1},
	} {
		fs, err := findings("## Stance and arguments\n"+tc.entry+"\n", Budget{}, []Piece{piece})
		if err != nil || len(fs) != tc.want {
			t.Errorf("%s: %v %+v", tc.entry, err, fs)
		}
	}
}
