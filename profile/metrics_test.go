package profile

import (
	"math"
	"slices"
	"strings"
	"testing"

	"sw/profile/prose"
)

// Every metric has one entry with all its facts: a unit and a definition
// for people, a scope and a measure, a rule id, the numbers the analyzer
// estimates it with, and the words its rule is written in.
func TestMetricKinds(t *testing.T) {
	names, ids := map[string]bool{}, map[string]bool{}
	for _, k := range MetricKinds() {
		if names[k.Name] || ids[k.ID] || !IsSlug(k.ID) {
			t.Errorf("%s: name or id %q twice, or not a plain name", k.Name, k.ID)
		}
		names[k.Name], ids[k.ID] = true, true
		if k.Unit == "" || len(k.Definition) < 20 || !strings.HasSuffix(k.Definition, ".") {
			t.Errorf("%s needs a unit and a full-sentence definition: %+v", k.Name, k)
		}
		switch k.Scope {
		case prose.PerSentence, prose.PerParagraph, prose.PerPiece:
		default:
			t.Errorf("%s has no scope", k.Name)
		}
		// Rates are named for what they count per 1,000 words.
		if k.Rate != strings.HasSuffix(k.Name, "_per_1k_words") || k.Rate != strings.HasSuffix(k.Unit, "per 1,000 words") {
			t.Errorf("%s: rate names end in _per_1k_words and their unit in per 1,000 words", k.Name)
		}
		if k.Rate && (k.Use == "" || k.Avoid == "" || k.Label == "") {
			t.Errorf("metric %s has no wording", k.Name)
		}
		if k.Step <= 0 || k.Abs <= 0 || k.Rel <= 0 || !(k.Ref() > 0) && !math.IsNaN(k.Ref()) {
			t.Errorf("metric %s: step %v, tolerance %v/%v, reference %v", k.Name, k.Step, k.Abs, k.Rel, k.Ref())
		}
		ms := k.Measure(prose.Parse([]byte("One two three. Four five.\n\nSix.\n")))
		if k.Scope == prose.PerPiece && len(ms) != 1 || k.Scope != prose.PerPiece && len(ms) == 0 {
			t.Errorf("%s: %v", k.Name, ms)
		}
		if got, ok := LookupMetric(k.Name); !ok || got != k {
			t.Errorf("LookupMetric(%q) = %+v, %v", k.Name, got, ok)
		}
	}
	for _, w := range prose.MarkerWords {
		if k, ok := LookupMetric(MarkerMetric(w)); !ok || k.Word != w || !k.Rate || !(k.Ref() > 0) {
			t.Errorf("marker %s: %+v", w, k)
		}
	}
	if _, ok := LookupMetric("no_such_metric"); ok {
		t.Error("LookupMetric found a metric that does not exist")
	}
	if got := MetricNames(); !slices.IsSorted(got) || len(got) != len(names) {
		t.Errorf("MetricNames() = %v", got)
	}
}

// A metric that gives way to another of the same unit's size comes after
// it: the analyzer proposes them in the table's order, and the other's
// rule must be there to give way to.
func TestMetricKindsSameSizeFirst(t *testing.T) {
	kinds := MetricKinds()
	for i, k := range kinds {
		if k.SameSize == "" {
			continue
		}
		if j := slices.IndexFunc(kinds, func(o *MetricKind) bool { return o.Name == k.SameSize }); j < 0 || j > i {
			t.Errorf("%s gives way to %s, which does not come before it", k.Name, k.SameSize)
		}
	}
}
