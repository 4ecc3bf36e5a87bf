package profile

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
)

// sourcedJSON is a resolved rule as `sw profile show --json` prints it:
// id, layer, source, then the rule's own fields (whose id the first shadows).
type sourcedJSON struct {
	ID     string `json:"id"`
	Layer  Layer  `json:"layer"`
	Source string `json:"source"`
	Series bool   `json:"series,omitempty"`
	Rule
}

// MarshalJSON writes the flat shape. Lists are never null, so consumers
// need not tell "none" from "missing".
func (s Sourced) MarshalJSON() ([]byte, error) {
	r := s.Rule
	r.Avoid, r.Prefer = nonNil(r.Avoid), nonNil(r.Prefer)
	return json.Marshal(sourcedJSON{s.ID, s.Layer, s.Source, s.Series, r})
}

// UnmarshalJSON reads the flat shape back.
func (s *Sourced) UnmarshalJSON(data []byte) error {
	var j sourcedJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	j.Rule.ID = j.ID
	*s = Sourced{Rule: j.Rule, Layer: j.Layer, Source: j.Source, Series: j.Series}
	s.Avoid, s.Prefer = nilIfEmpty(s.Avoid), nilIfEmpty(s.Prefer)
	return nil
}

// MarshalJSON keeps rules and dropped as lists even when empty.
func (r *Resolved) MarshalJSON() ([]byte, error) {
	type plain Resolved
	out := plain(*r)
	out.Rules, out.Dropped = nonNil(out.Rules), nonNil(out.Dropped)
	return json.Marshal(out)
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

// WriteText prints the resolved profile for people: by layer, each rule
// with its checkable part and its file, then the rules left out and why.
func (r *Resolved) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Profile for genre %s\n", r.Genre)
	groups := []struct {
		in    func(Sourced) bool
		title string
	}{
		{func(s Sourced) bool { return s.Layer == HardLimit }, "Hard limits (never broken)"},
		{func(s Sourced) bool { return s.Series && s.Layer != HardLimit }, "Series rules (this collection's own, over its voice)"},
		{func(s Sourced) bool { return !s.Series && s.Layer == GenreLayer }, "Genre rules (" + r.Genre + ")"},
		{func(s Sourced) bool { return !s.Series && s.Layer == Preference }, "Preferences"},
	}
	hasSeries := slices.ContainsFunc(r.Rules, func(s Sourced) bool { return s.Series })
	for i, g := range groups {
		if i == 1 && !hasSeries {
			continue // a collection without a voice has no series layer
		}
		fmt.Fprintf(&b, "\n%s\n", g.title)
		n := 0
		for _, rule := range r.Rules {
			if !g.in(rule) {
				continue
			}
			n++
			fmt.Fprintf(&b, "  %s: %s\n", rule.ID, rule.Rule.Rule)
			if detail := rule.Checks(); detail != "" {
				fmt.Fprintf(&b, "    %s\n", detail)
			}
			fmt.Fprintf(&b, "    from %s\n", rule.Source)
		}
		if n == 0 {
			b.WriteString("  (none)\n")
		}
	}
	if len(r.Dropped) > 0 {
		b.WriteString("\nDropped (neither told to the agent nor checked)\n")
		for _, d := range r.Dropped {
			fmt.Fprintf(&b, "  %s (%s): %s\n", d.ID, d.Source, d.Reason)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Checks describes the machine-checkable part of a rule in one line, e.g.
// `avoid "utilize"; words_per_sentence target 22, at most 40`, or "".
func (r Rule) Checks() string {
	var parts []string
	if len(r.Avoid) > 0 {
		parts = append(parts, "avoid "+quoteAll(r.Avoid))
	}
	if len(r.Prefer) > 0 {
		parts = append(parts, "prefer "+quoteAll(r.Prefer))
	}
	if r.Metric != nil {
		parts = append(parts, r.Metric.Name+" "+Bounds(r.Metric))
	}
	switch {
	case len(r.Boilerplate) > 0 && len(parts) > 0:
		// A rule measured without the collection's template lines, which
		// sw check leaves out for it too: not lines to write.
		parts = append(parts, "measured without "+quoteAll(r.Boilerplate))
	case len(r.Boilerplate) > 0:
		parts = append(parts, "boilerplate "+quoteAll(r.Boilerplate))
	}
	if r.Usage != nil {
		parts = append(parts, fmt.Sprintf("usage of %d words and marks, measured on %d pieces; not shown to the agent", len(r.Usage.Rates), r.Usage.Pieces))
	}
	return strings.Join(parts, "; ")
}

func quoteAll(list []string) string {
	q := make([]string, len(list))
	for i, s := range list {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}
