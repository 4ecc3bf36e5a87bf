package analyze

import (
	"strings"
	"testing"

	"sw/profile"
)

// markerRules are the suggestions of marker-word rate rules, by id.
func markerRules(resp *Response) map[string]Suggestion {
	out := map[string]Suggestion{}
	for _, s := range resp.Suggestions {
		if strings.HasPrefix(s.ID, "rate-of-") {
			out[s.ID] = s
		}
	}
	return out
}

// A writer's rates of the marker words become rules once there are
// profile.MarkerPieces pieces, and only where the rate lies outside
// general English's ordinary range. Hamilton's first six Federalist papers use
// "of" and "which" far more than English does ("of" about 64 per 1,000
// words against 20, "which" 11 against 1.4) and "to" about as English
// does; every rule proposed asks for a rate an agent would not write
// anyway, and its sentence says the number.
func TestMarkerRatesLearned(t *testing.T) {
	resp := analyzeOK(t, federalistBatch(t, hamiltonPapers[:6]))
	rules := markerRules(resp)
	for _, id := range []string{"rate-of-of", "rate-of-which"} {
		if _, ok := rules[id]; !ok {
			t.Errorf("no %s suggested; marker rules: %v", id, ruleIDs(rules))
		}
	}
	if _, ok := rules["rate-of-to"]; ok {
		t.Errorf("rate-of-to suggested, but Hamilton uses “to” about as English does")
	}
	for id, s := range rules {
		m := s.Rule.Metric
		if m == nil || m.Target == nil {
			t.Fatalf("%s: metric %+v", id, m)
		}
		spec, ok := profile.LookupMetric(m.Name)
		if !ok || spec.ID != id {
			t.Fatalf("%s: metric %+v", id, m)
		}
		if !changesAgent(spec, m) {
			t.Errorf("%s: target %v lies within English's ordinary range (%v)", id, *m.Target, spec.Ref())
		}
		if !strings.Contains(s.Rule.Rule, "per 1,000 words") {
			t.Errorf("%s: rule %q gives no rate", id, s.Rule.Rule)
		}
	}
}

// Fewer than profile.MarkerPieces pieces teach no marker rule: three
// papers cannot tell the writer's habit from what the three argue.
func TestMarkerRatesNeedPieces(t *testing.T) {
	resp := analyzeOK(t, federalistBatch(t, hamiltonPapers[:profile.MarkerPieces-1]))
	if rules := markerRules(resp); len(rules) > 0 {
		t.Errorf("marker rules from %d papers: %v", profile.MarkerPieces-1, ruleIDs(rules))
	}
}

func ruleIDs(m map[string]Suggestion) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
