package profile

import (
	"strings"
	"testing"
)

// A series over a voice: the voice's hard limits and the series' own come
// first, then the series' rules, then the voice's genre rules and
// preferences; a series rule that takes a voice rule's name or measure
// leaves it out, and the person is told which and why.
func TestResolveOverVoice(t *testing.T) {
	voice := writeProfile(t, map[string]string{
		"hard-limits/no-jargon.yaml":     rule("no-jargon", "avoid: [leverage]\n"),
		"genres/essay/semicolons.yaml":   rule("semicolons", "metric: {name: semicolons_per_1k_words, target: 7.1}\n"),
		"genres/essay/length.yaml":       rule("length", "metric: {name: words_per_sentence, target: 25}\n"),
		"preferences/contractions.yaml":  rule("contractions", ""),
		"preferences/prefer-upon.yaml":   rule("prefer-upon", "prefer: [upon]\n"),
		"preferences/paragraph-len.yaml": rule("paragraph-len", "metric: {name: words_per_paragraph, target: 120}\n"),
	})
	voice.Shown = "../my-voice"
	series := writeProfile(t, map[string]string{
		"hard-limits/short-pieces.yaml":  rule("short-pieces", "metric: {name: words_per_piece, max: 800}\n"),
		"preferences/no-semicolons.yaml": rule("no-semicolons", "metric: {name: semicolons_per_1k_words, max: 2}\n"),
		"genres/essay/length.yaml":       rule("length", "metric: {name: words_per_sentence, target: 15}\n"),
		"preferences/leverage.yaml":      rule("leverage", "prefer: [leverage]\n"),
	})
	r, err := series.ResolveOver(voice, "essay")
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, s := range r.Rules {
		kept = append(kept, s.ID+"@"+s.Source)
	}
	want := "no-jargon@../my-voice/profile/hard-limits/no-jargon.yaml short-pieces@profile/hard-limits/short-pieces.yaml " +
		"contractions@../my-voice/profile/preferences/contractions.yaml length@profile/genres/essay/length.yaml " +
		"no-semicolons@profile/preferences/no-semicolons.yaml paragraph-len@../my-voice/profile/preferences/paragraph-len.yaml " +
		"prefer-upon@../my-voice/profile/preferences/prefer-upon.yaml"
	if got := strings.Join(kept, " "); got != want {
		t.Errorf("kept:\n got %s\nwant %s", got, want)
	}
	reasons := map[string]string{}
	for _, d := range r.Dropped {
		reasons[d.ID+"@"+d.Source] = d.Reason
	}
	wantDropped := map[string]string{
		"length@../my-voice/profile/genres/essay/length.yaml":         "replaced by the series' own series rule length (profile/genres/essay/length.yaml)",
		"semicolons@../my-voice/profile/genres/essay/semicolons.yaml": "semicolons_per_1k_words is also ruled by series rule no-semicolons (profile/preferences/no-semicolons.yaml), which is the series' own",
		"leverage@profile/preferences/leverage.yaml":                  `prefers "leverage", which hard limit no-jargon (../my-voice/profile/hard-limits/no-jargon.yaml) avoids`,
	}
	if len(reasons) != len(wantDropped) {
		t.Errorf("dropped %v, want %d", reasons, len(wantDropped))
	}
	for k, w := range wantDropped {
		if reasons[k] != w {
			t.Errorf("%s dropped for %q, want %q", k, reasons[k], w)
		}
	}
	for _, s := range r.Rules {
		if s.Series != strings.HasPrefix(s.Source, "profile/") {
			t.Errorf("%s: Series is %v", s.Source, s.Series)
		}
	}
}

// A broken file in the voice is named as the person reaches it from the
// collection.
func TestResolveOverNamesVoiceFiles(t *testing.T) {
	voice := writeProfile(t, map[string]string{"preferences/bad.yaml": "id: [\n"})
	voice.Shown = "../my-voice"
	series := writeProfile(t, nil)
	_, err := series.ResolveOver(voice, "essay")
	if err == nil || !strings.Contains(err.Error(), "../my-voice/profile/preferences/bad.yaml") {
		t.Fatalf("got %v, want an error naming ../my-voice/profile/preferences/bad.yaml", err)
	}
}
