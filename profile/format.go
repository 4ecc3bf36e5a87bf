package profile

import (
	"bytes"

	"gopkg.in/yaml.v3"
)

// Format writes r as a rule file, fields in the order people read them.
// ParseRule reads it back to the same rule, which is how suggestion branches
// write rule files a person can then edit by hand.
func Format(r Rule) []byte {
	type metric struct {
		Name   string   `yaml:"name"`
		Target *float64 `yaml:"target,omitempty"`
		Min    *float64 `yaml:"min,omitempty"`
		Max    *float64 `yaml:"max,omitempty"`
	}
	out := struct {
		ID     string   `yaml:"id"`
		Rule   string   `yaml:"rule"`
		Avoid  []string `yaml:"avoid,omitempty"`
		Prefer []string `yaml:"prefer,omitempty"`
		Metric *metric  `yaml:"metric,omitempty"`
		Note   string   `yaml:"note,omitempty"`
	}{ID: r.ID, Rule: r.Rule, Avoid: r.Avoid, Prefer: r.Prefer, Note: r.Note}
	if r.Metric != nil {
		out.Metric = &metric{r.Metric.Name, r.Metric.Target, r.Metric.Min, r.Metric.Max}
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(out); err != nil {
		panic(err) // plain strings, lists and numbers always encode
	}
	enc.Close()
	return b.Bytes()
}
