package automemory

import (
	"strings"
	"testing"

	"sw/facts"
	"sw/profile"
	"sw/profile/analyze"
)

// TestMemoryRules: each kind of reading becomes the rule it asks for, one
// the analyzer protocol takes (so the rule file reads back the same), with
// a signature an analysis of the same change would give.
func TestMemoryRules(t *testing.T) {
	long := strings.Repeat("Keep it plain and keep it short. ", 40)
	cases := []struct {
		reading          facts.Reading
		id, rule, sig    string
		avoid, prefer    string
		metric, as, note string
	}{
		{reading: facts.Reading{Text: `Never use "delve".`, Avoid: []string{"delve"}},
			id: "avoid-delve", rule: `Do not use "delve".`, sig: "avoid:phrase:delve", avoid: "delve", as: `avoid "delve"`},
		{reading: facts.Reading{Text: `Prefers "while" to "whilst".`, Prefer: []string{"while"}, Avoid: []string{"whilst"}},
			id: "prefer-while", rule: `Write "while", not "whilst".`, sig: "prefer:phrase:while", avoid: "whilst", prefer: "while", as: `prefer "while", avoid "whilst"`},
		{reading: facts.Reading{Text: `Avoid "utilise", "leverage" and "synergy".`, Avoid: []string{"utilise", "leverage", "synergy"}},
			id: "avoid-utilise-leverage-synergy", rule: `Do not use "utilise", "leverage" or "synergy".`, sig: "avoid:phrase:utilise, leverage, synergy", avoid: "utilise leverage synergy"},
		{reading: facts.Reading{Text: "No semicolons.", Without: facts.PunctuationSemicolons},
			id: "no-semicolons", rule: "Use no semicolons.", sig: "metric:semicolons_per_1k_words:none", metric: "semicolons_per_1k_words"},
		{reading: facts.Reading{Text: "Prefers short paragraphs."},
			id: "prefers-short-paragraphs", rule: "Prefers short paragraphs.", sig: "memory:prefers short paragraphs.", as: asWritten,
			note: "From the agent's auto memory, MEMORY.md:7."},
		{reading: facts.Reading{Text: "Écrire court."},
			id: "ecrire-court", rule: "Écrire court.", sig: "memory:écrire court."},
		{reading: facts.Reading{Text: long}, id: "keep-it-plain-and-keep-it-short", rule: strings.TrimSpace(long)},
	}
	for _, c := range cases {
		c.reading.Text = strings.TrimSpace(c.reading.Text)
		m := propose(facts.Finding{File: "MEMORY.md", Line: 7, Why: "a rule about something", Reading: c.reading})
		s := m.suggestion
		r := s.Rule
		if s.ID != c.id || r.Rule != c.rule || s.Layer != analyze.PreferencesLayer {
			t.Errorf("%q: id %q, rule %q, layer %q; want %q, %q", c.reading.Text, s.ID, r.Rule, s.Layer, c.id, c.rule)
		}
		if c.sig != "" && s.Signature != c.sig {
			t.Errorf("%q: signature %q, want %q", c.reading.Text, s.Signature, c.sig)
		}
		if got := strings.Join(r.Avoid, " "); got != c.avoid {
			t.Errorf("%q: avoid %q, want %q", c.reading.Text, got, c.avoid)
		}
		if got := strings.Join(r.Prefer, " "); got != c.prefer {
			t.Errorf("%q: prefer %q, want %q", c.reading.Text, got, c.prefer)
		}
		if c.metric != "" && (r.Metric == nil || r.Metric.Name != c.metric || r.Metric.Max == nil || *r.Metric.Max != 0 || r.Metric.Target != nil) {
			t.Errorf("%q: metric %+v, want %s at most 0", c.reading.Text, r.Metric, c.metric)
		}
		if c.as != "" && m.as != c.as {
			t.Errorf("%q: read as %q, want %q", c.reading.Text, m.as, c.as)
		}
		if c.note != "" && r.Note != c.note {
			t.Errorf("%q: note %q, want %q", c.reading.Text, r.Note, c.note)
		}
		if !strings.Contains(s.Evidence, "MEMORY.md:7: "+c.reading.Text) || strings.HasPrefix(s.Evidence, c.reading.Text) {
			t.Errorf("%q: evidence does not quote the line after its place:\n%s", c.reading.Text, s.Evidence)
		}
		resp := &analyze.Response{Suggestions: []analyze.Suggestion{s}}
		err := resp.Validate()
		if len(c.reading.Text) > analyze.MaxRuleText {
			if err == nil {
				t.Errorf("a rule of %d characters passed the protocol", len(c.reading.Text))
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: the protocol refuses it: %v", c.reading.Text, err)
		}
	}
}

// TestMemoryRuleCoveredAndSettled: the profile already holding what a rule
// asks is found however it is spelt; an id another rule or suggestion has
// takes a number.
func TestMemoryRuleCoveredAndSettled(t *testing.T) {
	zero, one := 0.0, 1.0
	have := []profile.Sourced{
		{Rule: profile.Rule{ID: "words", Rule: "Plain words.", Avoid: []string{"Delve", "tapestry"}}, Source: "profile/preferences/words.yaml"},
		{Rule: profile.Rule{ID: "dashes", Rule: "Few dashes.", Metric: &profile.Metric{Name: "em_dashes_per_1k_words", Max: &one}}, Source: "profile/preferences/dashes.yaml"},
		{Rule: profile.Rule{ID: "semi", Rule: "None.", Metric: &profile.Metric{Name: "semicolons_per_1k_words", Max: &zero}}, Source: "profile/hard-limits/semi.yaml"},
		{Rule: profile.Rule{ID: "short", Rule: "Prefers  short paragraphs."}, Source: "profile/preferences/short.yaml"},
	}
	rule := func(r facts.Reading) *profile.Rule { return propose(facts.Finding{Reading: r}).suggestion.Rule }
	for r, want := range map[*profile.Rule]string{
		rule(facts.Reading{Text: "x", Avoid: []string{"delve"}}):             "profile/preferences/words.yaml",
		rule(facts.Reading{Text: "x", Avoid: []string{"delve", "leverage"}}): "",
		rule(facts.Reading{Text: "x", Prefer: []string{"delve"}}):            "",
		rule(facts.Reading{Text: "x", Without: facts.PunctuationEmDashes}):   "",
		rule(facts.Reading{Text: "x", Without: facts.PunctuationSemicolons}): "profile/hard-limits/semi.yaml",
		rule(facts.Reading{Text: "prefers short paragraphs."}):               "profile/preferences/short.yaml",
		rule(facts.Reading{Text: "Prefers long paragraphs."}):                "",
	} {
		if got := covered(r, have); got != want {
			t.Errorf("%+v covered by %q, want %q", r, got, want)
		}
	}

	taken := map[string]bool{"avoid-delve": true, "avoid-delve-2": true}
	s := propose(facts.Finding{Reading: facts.Reading{Text: "x", Avoid: []string{"delve"}}}).suggestion
	settleID(&s, taken)
	if s.ID != "avoid-delve-3" || s.Rule.ID != s.ID || !taken["avoid-delve-3"] {
		t.Errorf("settled on %q (rule %q)", s.ID, s.Rule.ID)
	}
}
