package profile

import (
	"bytes"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Format writes r as a rule file a person can edit, fields in the order
// people read them; ParseRule reads it back to the same rule.
func Format(r Rule) []byte {
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(r); err != nil {
		panic(err) // plain strings, lists and numbers always encode
	}
	enc.Close()
	return b.Bytes()
}

// Check holds a rule that did not come from a file (an analyzer's answer)
// to the rule-file schema, by writing the file it would become and reading
// that back. what names the rule in messages; positions are dropped, as
// they would point into a file nobody wrote.
func Check(r Rule, what string) error {
	if !IsSlug(r.ID) {
		return Errors{{File: what, Msg: "id \"" + r.ID + "\" is not a plain name: lowercase letters, digits and dashes"}}
	}
	_, err := ParseRule(what, r.ID, Format(r))
	if es, ok := err.(Errors); ok {
		for _, e := range es {
			e.Line, e.Col = 0, 0
		}
	}
	return err
}

// usageYAML is a usage measure as its file has it: one line per item,
// "the: [61.2, 8.1]", so that a suggestion's diff shows which rates moved.
type usageYAML struct {
	Pieces  int       `yaml:"pieces"`
	Typical float64   `yaml:"typical"`
	Rates   yaml.Node `yaml:"rates"`
}

// MarshalYAML writes u as its rule file has it.
func (u *Usage) MarshalYAML() (any, error) {
	out := &usageYAML{Pieces: u.Pieces, Typical: u.Typical, Rates: yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}}
	for _, r := range u.Rates {
		pair := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle, Content: []*yaml.Node{
			numberNode(r.Mean), numberNode(r.Spread),
		}}
		out.Rates.Content = append(out.Rates.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: r.Item}, pair)
	}
	return out, nil
}

// numberNode writes v as YAML reads it back: 3, not 3.0 or !!float 3.
func numberNode(v float64) *yaml.Node {
	text := strconv.FormatFloat(v, 'f', -1, 64)
	tag := "!!float"
	if !strings.ContainsAny(text, ".eE") {
		tag = "!!int"
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: text}
}
