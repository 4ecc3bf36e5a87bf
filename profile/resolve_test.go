package profile

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// writeProfile lays out files (slash paths under profile/) in a new root.
func writeProfile(t *testing.T, files map[string]string) Profile {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		path := filepath.Join(root, "profile", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return Profile{Root: root, Dir: "profile"}
}

func rule(id, extra string) string {
	return "id: " + id + "\nrule: Rule " + id + ".\n" + extra
}

func ids(r *Resolved) string {
	var out []string
	for _, s := range r.Rules {
		out = append(out, string(s.Layer)+":"+s.ID)
	}
	return strings.Join(out, " ")
}

func TestResolveLayers(t *testing.T) {
	p := writeProfile(t, map[string]string{
		"hard-limits/zeta.yaml":          rule("zeta", ""),
		"hard-limits/alpha.yaml":         rule("alpha", ""),
		"preferences/length.yaml":        rule("length", ""),
		"preferences/bravo.yaml":         rule("bravo", ""),
		"preferences/yankee.yaml":        rule("yankee", ""),
		"genres/essay/length.yaml":       rule("length", ""),
		"genres/essay/mike.yaml":         rule("mike", ""),
		"genres/review/only-review.yaml": rule("only-review", ""),
		"preferences/README.md":          "not a rule",
		"preferences/x.yaml.example":     "id: nope",
		"preferences/.hidden.yaml":       "not read",
	})
	tests := []struct{ genre, want string }{
		// Hard limits by id, then the rest by id; essay's length replaces the global length.
		{"essay", "hard-limit:alpha hard-limit:zeta preference:bravo genre:length genre:mike preference:yankee"},
		{"review", "hard-limit:alpha hard-limit:zeta preference:bravo preference:length genre:only-review preference:yankee"},
		// A genre with no folder: hard limits and global preferences.
		{"poem", "hard-limit:alpha hard-limit:zeta preference:bravo preference:length preference:yankee"},
	}
	for _, tt := range tests {
		r, err := p.Resolve(tt.genre)
		if err != nil {
			t.Fatal(err)
		}
		if got := ids(r); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.genre, got, tt.want)
		}
	}
	r, _ := p.Resolve("essay")
	if src := r.Rules[3].Source; src != "profile/genres/essay/length.yaml" {
		t.Errorf("refined rule source = %s", src)
	}
}

func TestResolveDropsContradictions(t *testing.T) {
	p := writeProfile(t, map[string]string{
		"hard-limits/no-jargon.yaml": rule("no-jargon", "avoid: [Leverage, move the needle]\n"),
		"hard-limits/short.yaml":     rule("short", "metric: {name: words_per_sentence, min: 5, max: 40}\n"),
		"preferences/exact.yaml":     rule("exact", "prefer: [leverage]\n"),
		"preferences/case.yaml":      rule("case", "prefer: [\"LEVERAGE\"]\n"),
		"preferences/inside.yaml":    rule("inside", "prefer: [\"we move   the needle fast\"]\n"),
		"preferences/partial.yaml":   rule("partial", "prefer: [leveraged, needle]\n"),
		"preferences/long.yaml":      rule("long", "metric: {name: words_per_sentence, target: 45}\n"),
		"preferences/fits.yaml":      rule("fits", "metric: {name: words_per_sentence, target: 30, max: 60}\n"),
		"preferences/above.yaml":     rule("above", "metric: {name: words_per_sentence, min: 41}\n"),
		"preferences/below.yaml":     rule("below", "metric: {name: words_per_sentence, max: 4}\n"),
		"preferences/other.yaml":     rule("other", "metric: {name: words_per_paragraph, target: 400}\n"),
		"genres/essay/overlap.yaml":  rule("overlap", "metric: {name: words_per_sentence, min: 30, max: 80}\n"),
	})
	r, err := p.Resolve("essay")
	if err != nil {
		t.Fatal(err)
	}
	// Contradictions are settled first: long, above and below go for the
	// hard limit, and fits, which keeps to it, for the essay's own rule on
	// the same metric.
	if got, want := ids(r), "hard-limit:no-jargon hard-limit:short preference:other genre:overlap preference:partial"; got != want {
		t.Errorf("kept:\n got %s\nwant %s", got, want)
	}
	reasons := map[string]string{}
	for _, d := range r.Dropped {
		reasons[d.ID] = d.Reason
	}
	want := map[string]string{
		"exact":  `prefers "leverage", which hard limit no-jargon (profile/hard-limits/no-jargon.yaml) avoids`,
		"case":   `prefers "LEVERAGE", which hard limit no-jargon`,
		"inside": `prefers "we move   the needle fast", which hard limit no-jargon`,
		"long":   "words_per_sentence target 45 lies outside hard limit short (profile/hard-limits/short.yaml): 5 to 40",
		"above":  "words_per_sentence min 41 lies outside hard limit short",
		"below":  "words_per_sentence max 4 lies outside hard limit short",
		"fits":   "words_per_sentence is also ruled by genre rule overlap",
	}
	if len(reasons) != len(want) {
		t.Errorf("dropped %v, want %d", reasons, len(want))
	}
	for id, w := range want {
		if !strings.HasPrefix(reasons[id], w) {
			t.Errorf("%s dropped for %q, want %q", id, reasons[id], w)
		}
	}
}

func TestResolveReadsOnlyWhatTheGenreNeeds(t *testing.T) {
	p := writeProfile(t, map[string]string{
		"preferences/ok.yaml":       rule("ok", ""),
		"genres/review/broken.yaml": "id: broken\n",
	})
	if _, err := p.Resolve("essay"); err != nil {
		t.Errorf("essay failed on a broken review rule: %v", err)
	}
	if _, err := p.Resolve("review"); err == nil {
		t.Error("review resolved despite a broken rule")
	}
}

func TestResolveFileProblems(t *testing.T) {
	tests := []struct {
		file, content, want string
	}{
		{"preferences/x.yml", rule("x", ""), "profile/preferences/x.yml: rule files end in .yaml; rename it"},
		{"preferences/Bad Name.yaml", rule("x", ""), "profile/preferences/Bad Name.yaml: the file name must be a plain name (lowercase letters, digits, dashes) ending in .yaml, e.g. bad-name.yaml"},
		{"hard-limits/nested/x.yaml", rule("x", ""), "profile/hard-limits/nested: a folder inside a layer is not read"},
		{"genres/essay/x.yaml", "id: x\nrule: [a]\n", "profile/genres/essay/x.yaml:2:7: `rule:` must be text"},
	}
	for _, tt := range tests {
		p := writeProfile(t, map[string]string{tt.file: tt.content})
		_, err := p.Resolve("essay")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want %q", tt.file, err, tt.want)
		}
	}
}

// What the genres folder holds that no genre reads fails every genre's
// profile, named and with what to do, rather than being left out unsaid.
func TestResolveStrayGenres(t *testing.T) {
	const notPlain = ": a genre folder's name must be a plain name (lowercase letters, digits, dashes), " +
		"or no piece's genre matches it and its rules are never read; "
	tests := []struct {
		files map[string]string
		want  string
	}{
		{map[string]string{"genres/Product Tech/x.yaml": rule("x", "")},
			"profile/genres/Product Tech" + notPlain + "rename it to profile/genres/product-tech"},
		{map[string]string{"genres/Essay/x.yaml": rule("x", ""), "genres/essay/y.yaml": rule("y", "")},
			"profile/genres/Essay" + notPlain + "move its rules into profile/genres/essay, which exists already"},
		{map[string]string{"genres/Café/.gitkeep": ""},
			"profile/genres/Café" + notPlain + "rename it to profile/genres/cafe"},
		{map[string]string{"genres/Эссе/x.yaml": rule("x", "")},
			"profile/genres/Эссе" + notPlain + "rename it, e.g. to profile/genres/essay"},
		{map[string]string{"genres/x.yaml": rule("x", "")},
			"profile/genres/x.yaml: a rule file directly in profile/genres belongs to no genre and is never read; " +
				"move it into profile/genres/<genre>, or into profile/preferences for every genre"},
	}
	for _, tt := range tests {
		p := writeProfile(t, tt.files)
		for _, genre := range []string{"essay", "poem"} {
			_, err := p.Resolve(genre)
			if err == nil || err.Error() != tt.want {
				t.Errorf("genre %s: got %v\nwant %s", genre, err, tt.want)
			}
		}
	}
	// Hidden entries and other files are not rules, and are let be.
	p := writeProfile(t, map[string]string{"genres/.Trash/x.yaml": "", "genres/README.md": "", "genres/essay/x.yaml": rule("x", "")})
	if _, err := p.Resolve("essay"); err != nil {
		t.Errorf("other entries of the genres folder: %v", err)
	}
}

func TestResolveRefusesUnsafeGenre(t *testing.T) {
	p := writeProfile(t, nil)
	for _, g := range []string{"", "../x", "a/b", "Essay", "a b"} {
		if _, err := p.Resolve(g); err == nil {
			t.Errorf("genre %q accepted", g)
		}
	}
}

func TestResolveIsDeterministic(t *testing.T) {
	files := map[string]string{}
	for _, id := range []string{"c", "a", "b", "d-1", "d"} {
		files["preferences/"+id+".yaml"] = rule(id, "avoid: [x"+id+"]\n")
		files["hard-limits/h"+id+".yaml"] = rule("h"+id, "")
		// Rules on one measure, in both soft layers, resolve to one the same way each time.
		files["genres/essay/g"+id+".yaml"] = rule("g"+id, "metric: {name: words_per_sentence, target: 20}\n")
		files["preferences/p"+id+".yaml"] = rule("p"+id, "prefer: [shared, y"+id+"]\n")
	}
	p := writeProfile(t, files)
	var first []byte
	for i := 0; i < 5; i++ {
		r, err := p.Resolve("essay")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(r)
		if i == 0 {
			first = b
		} else if string(b) != string(first) {
			t.Fatalf("run %d differs:\n%s\n%s", i, b, first)
		}
	}
	if strings.Contains(string(first), `"dropped":[]`) {
		t.Errorf("no rule on a shared measure dropped: %s", first)
	}
	if !strings.Contains(string(first), `"id":"d","layer":"preference"`) || strings.Index(string(first), `"id":"d",`) > strings.Index(string(first), `"id":"d-1"`) {
		t.Errorf("ids not in order: %s", first)
	}
}

// A resolved profile survives JSON both ways: sw profile show --json and
// the analyzer's request hand it to programs that read it back.
func TestResolvedJSONRoundTrip(t *testing.T) {
	p := writeProfile(t, map[string]string{
		"hard-limits/h.yaml":   rule("h", "avoid: [x]\nmetric: {name: words_per_sentence, max: 40}\n"),
		"preferences/p.yaml":   rule("p", "prefer: [so]\nnote: why\n"),
		"preferences/bad.yaml": rule("bad", "prefer: [x]\n"),
	})
	r, err := p.Resolve("essay")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(r)
	var back Resolved
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	again, _ := json.Marshal(&back)
	if string(again) != string(data) {
		t.Errorf("round trip:\n%s\n%s", data, again)
	}
	if !reflect.DeepEqual(back.Rules, r.Rules) {
		t.Errorf("rules differ:\n%#v\n%#v", back.Rules, r.Rules)
	}
}

// Two soft rules on one measure resolve to one: the genre's over a
// preference, else the narrower, else the first by id; the other is
// dropped, naming the rule it yields to.
func TestResolveOneRulePerMeasure(t *testing.T) {
	usage := func(id string) string {
		return string(Format(Rule{ID: id, Rule: "a", Usage: &Usage{Pieces: 3, Rates: []Rate{{"the", 60, 5}}}}))
	}
	tests := []struct {
		name    string
		files   map[string]string
		kept    string
		dropped map[string]string
	}{
		{"the genre's rule over a preference with another id",
			map[string]string{
				"genres/essay/semicolons.yaml":   rule("semicolons", "metric: {name: semicolons_per_1k_words, target: 7.1}\n"),
				"preferences/no-semicolons.yaml": rule("no-semicolons", "metric: {name: semicolons_per_1k_words, max: 2}\n"),
			},
			"genre:semicolons",
			map[string]string{"no-semicolons": "semicolons_per_1k_words is also ruled by genre rule semicolons (profile/genres/essay/semicolons.yaml), which is more specific"}},
		{"a phrase and a marker word's rate are one measure",
			map[string]string{
				"genres/essay/prefer-upon.yaml": rule("prefer-upon", "prefer: [Upon]\n"),
				"preferences/rate-of-upon.yaml": rule("rate-of-upon", "metric: {name: upon_per_1k_words, max: 1}\n"),
			},
			"genre:prefer-upon",
			map[string]string{"rate-of-upon": `"upon" is also ruled by genre rule prefer-upon (profile/genres/essay/prefer-upon.yaml), which is more specific`}},
		{"in one layer a rule that says how much over one that says which way",
			map[string]string{
				"preferences/a-prefer-upon.yaml": rule("a-prefer-upon", "prefer: [upon]\n"),
				"preferences/rate-of-upon.yaml":  rule("rate-of-upon", "metric: {name: upon_per_1k_words, target: 3}\n"),
			},
			"preference:rate-of-upon",
			map[string]string{"a-prefer-upon": `"upon" is also ruled by preference rate-of-upon (profile/preferences/rate-of-upon.yaml), which sets a metric, upon_per_1k_words`}},
		{"in one layer the narrower rule, and the wider is dropped whole",
			map[string]string{
				"preferences/a-plain-words.yaml": rule("a-plain-words", "prefer: [use, help]\navoid: [upon]\n"),
				"preferences/upon.yaml":          rule("upon", "prefer: [upon]\n"),
			},
			"preference:upon",
			map[string]string{"a-plain-words": `"upon" is also ruled by preference upon (profile/preferences/upon.yaml), which measures fewer things (1 against 3)`}},
		{"in one layer, as narrow, the first by id",
			map[string]string{
				"genres/essay/b-upon.yaml": rule("b-upon", "avoid: [upon]\n"),
				"genres/essay/a-upon.yaml": rule("a-upon", "prefer: [upon]\n"),
			},
			"genre:a-upon",
			map[string]string{"b-upon": `"upon" is also ruled by genre rule a-upon (profile/genres/essay/a-upon.yaml), which comes first by id`}},
		{"a dropped rule holds nothing: the rule sharing only with it stays",
			map[string]string{
				"genres/essay/whom.yaml":  rule("whom", "prefer: [whom]\n"),
				"preferences/pair.yaml":   rule("pair", "prefer: [whom, thus]\n"),
				"preferences/thus.yaml":   rule("thus", "avoid: [thus, hence, therefore]\n"),
				"preferences/length.yaml": rule("length", "metric: {name: words_per_sentence, target: 20}\n"),
			},
			"preference:length preference:thus genre:whom",
			map[string]string{"pair": `"whom" is also ruled by genre rule whom (profile/genres/essay/whom.yaml), which is more specific`}},
		{"a genre rule dropped for a hard limit leaves the measure to the preference",
			map[string]string{
				"hard-limits/few.yaml":           rule("few", "metric: {name: semicolons_per_1k_words, max: 4}\n"),
				"genres/essay/semicolons.yaml":   rule("semicolons", "metric: {name: semicolons_per_1k_words, target: 7.1}\n"),
				"preferences/no-semicolons.yaml": rule("no-semicolons", "metric: {name: semicolons_per_1k_words, max: 2}\n"),
			},
			"hard-limit:few preference:no-semicolons",
			map[string]string{"semicolons": "semicolons_per_1k_words target 7.1 lies outside hard limit few (profile/hard-limits/few.yaml): at most 4"}},
		{"a hard limit and a soft rule on one metric that keeps to it both stay",
			map[string]string{
				"hard-limits/cap.yaml":    rule("cap", "metric: {name: words_per_sentence, max: 40}\n"),
				"preferences/length.yaml": rule("length", "metric: {name: words_per_sentence, target: 20}\n"),
			},
			"hard-limit:cap preference:length", nil},
		{"rules of words alone measure nothing and never meet",
			map[string]string{
				"genres/essay/open.yaml": rule("open", ""),
				"preferences/open2.yaml": rule("open2", ""),
			},
			"genre:open preference:open2", nil},
		{"the genre's usage measure over the global one",
			map[string]string{
				"genres/essay/usage.yaml":    usage("usage"),
				"preferences/a-usage.yaml":   usage("a-usage"),
				"preferences/z-usage.yaml":   usage("z-usage"),
				"preferences/unrelated.yaml": rule("unrelated", "avoid: [x]\n"),
			},
			"preference:unrelated genre:usage",
			map[string]string{
				"a-usage": "the usage measure is also ruled by genre rule usage (profile/genres/essay/usage.yaml), which is more specific",
				"z-usage": "the usage measure is also ruled by genre rule usage (profile/genres/essay/usage.yaml), which is more specific",
			}},
		{"two boilerplate rules on one line",
			map[string]string{
				"preferences/sign-off.yaml": rule("sign-off", "boilerplate: [PUBLIUS]\n"),
				"preferences/footer.yaml":   rule("footer", "boilerplate: [Publius, Subscribe below]\n"),
			},
			"preference:sign-off",
			map[string]string{"footer": `boilerplate line "publius" is also ruled by preference sign-off (profile/preferences/sign-off.yaml), which measures fewer things (1 against 2)`}},
	}
	for _, tt := range tests {
		r, err := writeProfile(t, tt.files).Resolve("essay")
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := ids(r); got != tt.kept {
			t.Errorf("%s: kept\n got %s\nwant %s", tt.name, got, tt.kept)
		}
		got := map[string]string{}
		for _, d := range r.Dropped {
			got[d.ID] = d.Reason
		}
		if len(got)+len(tt.dropped) > 0 && !reflect.DeepEqual(got, tt.dropped) {
			t.Errorf("%s: dropped\n got %q\nwant %q", tt.name, got, tt.dropped)
		}
	}
}
