package profile

import "testing"

// A rule that holds only boilerplate lines shows them as the collection's
// template; a rule that checks something else and carries lines was
// measured without them, and says so: they are not lines to write.
func TestChecksShowsBoilerplate(t *testing.T) {
	target := 27.0
	cases := []struct {
		name string
		rule Rule
		want string
	}{
		{"a boilerplate rule", Rule{Boilerplate: []string{"PUBLIUS"}}, `boilerplate "PUBLIUS"`},
		{"a metric rule carrying lines", Rule{Metric: &Metric{Name: "words_per_sentence", Target: &target}, Boilerplate: []string{"PUBLIUS", "Yours, Ada"}},
			`words_per_sentence target 27; measured without "PUBLIUS", "Yours, Ada"`},
		{"a phrase rule carrying a line", Rule{Avoid: []string{"utilize"}, Boilerplate: []string{"PUBLIUS"}}, `avoid "utilize"; measured without "PUBLIUS"`},
	}
	for _, c := range cases {
		if got := c.rule.Checks(); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
