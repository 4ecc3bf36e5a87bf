package prose

import "sort"

// A Metric is a measurement of prose that a rule's `metric:` can name, so
// that `sw check` can test the rule and the analyzer can propose it.
type Metric struct {
	Name       string // as written in a rule file
	Unit       string // what one unit of the value is, for people
	Definition string // how it is counted, for people
}

var metrics = []Metric{
	{Name: "words_per_sentence", Unit: "words", Definition: "words in one sentence"},
	{Name: "sentences_per_paragraph", Unit: "sentences", Definition: "sentences in one paragraph"},
	{Name: "words_per_paragraph", Unit: "words", Definition: "words in one paragraph"},
}

// Metrics returns every metric a rule may name, sorted by name.
func Metrics() []Metric {
	out := append([]Metric(nil), metrics...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup returns the metric called name.
func Lookup(name string) (Metric, bool) {
	for _, m := range metrics {
		if m.Name == name {
			return m, true
		}
	}
	return Metric{}, false
}
