package profile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// ParseRule reads one rule file. file names it in messages; id is its base
// name without .yaml. The parse is strict, every error at its line and
// column, because a rule silently ignored is a rule the person thinks is
// in force.
func ParseRule(file, id string, data []byte) (Rule, error) {
	if len(data) > MaxRuleBytes {
		return Rule{}, Errors{{File: file, Msg: fmt.Sprintf("the file is %d bytes; a rule file holds at most %d (a usage measure, the longest sw writes, is about 10,000)", len(data), MaxRuleBytes)}}
	}
	p := ruleParser{file: file}
	doc, err := p.document(data)
	if err != nil {
		return Rule{}, err
	}
	r := p.rule(doc, id)
	return r, p.errs.orNil()
}

// MaxRuleBytes bounds a rule file: every hook reads the profile, and a
// cloned collection's file of millions of lines would make each one slow.
const MaxRuleBytes = 1 << 20

type ruleParser struct {
	file string
	errs Errors
}

func (p *ruleParser) fail(n *yaml.Node, format string, args ...any) {
	e := &Error{File: p.file, Msg: fmt.Sprintf(format, args...)}
	if n != nil {
		e.Line, e.Col = n.Line, n.Column
	}
	p.errs = append(p.errs, e)
}

// document parses data as exactly one YAML mapping.
func (p *ruleParser) document(data []byte) (*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, Errors{{File: p.file, Msg: "the file is empty; a rule needs at least `id:` and `rule:`"}}
		}
		return nil, Errors{SyntaxError(p.file, data, err)}
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return nil, Errors{{File: p.file, Line: extra.Line, Col: extra.Column,
			Msg: "a second YAML document; one rule per file: move it to a file of its own"}}
	} else if !errors.Is(err, io.EOF) {
		return nil, Errors{SyntaxError(p.file, data, err)}
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, Errors{{File: p.file, Line: root.Line, Col: root.Column,
			Msg: "a rule file must be a mapping of fields (id:, rule:, ...)"}}
	}
	return root, nil
}

var ruleFields = []string{"id", "rule", "avoid", "prefer", "metric", "boilerplate", "usage", "note"}

func (p *ruleParser) rule(m *yaml.Node, wantID string) Rule {
	var r Rule
	var idNode, ruleNode, usageNode *yaml.Node
	idIsText, ruleIsText := false, false
	p.fields(m, ruleFields, func(key, val *yaml.Node) {
		switch key.Value {
		case "id":
			idNode = val
			r.ID, idIsText = p.text(val, "id")
		case "rule":
			ruleNode = val
			r.Rule, ruleIsText = p.text(val, "rule")
		case "avoid":
			r.Avoid = p.phrases(val, "avoid")
		case "prefer":
			r.Prefer = p.phrases(val, "prefer")
		case "metric":
			r.Metric = p.metric(val)
		case "boilerplate":
			r.Boilerplate = p.list(val, "boilerplate", `boilerplate: ["PUBLIUS"]`, "line")
		case "usage":
			usageNode = key
			r.Usage = p.usage(val)
		case "note":
			r.Note, _ = p.text(val, "note")
		}
	})
	if usageNode != nil && (len(r.Avoid) > 0 || len(r.Prefer) > 0 || r.Metric != nil || len(r.Boilerplate) > 0) {
		p.fail(usageNode, "a rule file with `usage:` holds nothing else that is checked (avoid, prefer, metric, boilerplate): "+
			"usage is a measure of the writer, never shown to the agent; move the rest to a file of its own")
	}
	switch {
	case idNode == nil:
		p.fail(m, "missing `id:`; add `id: %s` (the file name without .yaml)", wantID)
	case idIsText && r.ID == "":
		p.fail(idNode, "`id:` is empty; set `id: %s` (the file name without .yaml)", wantID)
	case r.ID != "" && !IsSlug(r.ID):
		p.fail(idNode, "id %q is not a plain name: use lowercase letters, digits and dashes, e.g. %q", r.ID, suggestSlug(r.ID))
	case r.ID != "" && r.ID != wantID:
		p.fail(idNode, "id %q does not match the file name; rename the file to %s.yaml or set `id: %s`", r.ID, r.ID, wantID)
	}
	if ruleNode == nil {
		p.fail(m, "missing `rule:`, the sentence the agent reads")
	} else if ruleIsText && strings.TrimSpace(r.Rule) == "" {
		p.fail(ruleNode, "`rule:` is empty; write the sentence the agent should follow")
	}
	r.Rule = strings.TrimSpace(r.Rule)
	r.Note = strings.TrimSpace(r.Note)
	return r
}

// fields walks a mapping, reporting unknown and repeated keys, and calls
// each for every known one.
func (p *ruleParser) fields(m *yaml.Node, known []string, each func(key, val *yaml.Node)) {
	seen := map[string]bool{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		key, val := m.Content[i], resolveAlias(m.Content[i+1])
		name := key.Value
		switch {
		case key.Kind != yaml.ScalarNode || !slices.Contains(known, name):
			p.fail(key, "unknown field %q; the fields are: %s", name, strings.Join(known, ", "))
		case seen[name]:
			p.fail(key, "field %q appears twice; keep one", name)
		default:
			seen[name] = true
			each(key, val)
		}
	}
}

func resolveAlias(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

// text reads a scalar as a string. Numbers and booleans are taken as
// written, since a sentence like "yes" is still a sentence.
func (p *ruleParser) text(n *yaml.Node, field string) (string, bool) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		p.fail(n, "`%s:` must be text", field)
		return "", false
	}
	return n.Value, true
}

func (p *ruleParser) phrases(n *yaml.Node, field string) []string {
	return p.list(n, field, field+`: ["in conclusion"]`, "phrase")
}

// list reads a list of phrases or lines; example and item name them in
// messages.
func (p *ruleParser) list(n *yaml.Node, field, example, item string) []string {
	if n.Kind != yaml.SequenceNode {
		p.fail(n, "`%s:` must be a list of %ss, e.g. %s", field, item, example)
		return nil
	}
	out := make([]string, 0, len(n.Content))
	seen := map[string]bool{}
	for _, node := range n.Content {
		node = resolveAlias(node)
		s, ok := p.text(node, field)
		if !ok {
			continue
		}
		norm := NormalizePhrase(s)
		switch {
		case norm == "":
			p.fail(node, "empty %s in `%s:`; remove it", item, field)
		case seen[norm]:
			p.fail(node, "%s %q is listed twice in `%s:`; keep one", item, s, field)
		default:
			seen[norm] = true
			out = append(out, strings.TrimSpace(s))
		}
	}
	return out
}

var metricFields = []string{"name", "target", "min", "max"}

func (p *ruleParser) metric(n *yaml.Node) *Metric {
	if n.Kind != yaml.MappingNode {
		p.fail(n, "`metric:` must be a mapping with name and at least one of target, min, max")
		return nil
	}
	var m Metric
	// The keys a bounds error points at: the number to change.
	var nameNode, targetKey, minKey *yaml.Node
	var values []numberAt
	before := len(p.errs)
	p.fields(n, metricFields, func(key, val *yaml.Node) {
		switch key.Value {
		case "name":
			nameNode = val
			m.Name, _ = p.text(val, "metric.name")
		case "target":
			targetKey = key
			m.Target = p.number(val, "metric.target")
			values = append(values, numberAt{"target", m.Target, val})
		case "min":
			minKey = key
			m.Min = p.number(val, "metric.min")
			values = append(values, numberAt{"min", m.Min, val})
		case "max":
			m.Max = p.number(val, "metric.max")
			values = append(values, numberAt{"max", m.Max, val})
		}
	})
	info, known := LookupMetric(m.Name)
	if nameNode == nil {
		p.fail(n, "`metric:` needs a `name:`; one of: %s", metricNames())
	} else if !known && m.Name != "" {
		p.fail(nameNode, "unknown metric %q; one of: %s", m.Name, metricNames())
	}
	if known {
		p.measurable(info, values)
	}
	if len(p.errs) > before {
		return &m
	}
	switch {
	case m.Target == nil && m.Min == nil && m.Max == nil:
		p.fail(n, "`metric:` needs at least one of target, min, max")
	case m.Min != nil && m.Max != nil && *m.Min > *m.Max:
		p.fail(minKey, "metric min %g is greater than max %g", *m.Min, *m.Max)
	case m.Target != nil && !m.Contains(*m.Target):
		p.fail(targetKey, "metric target %g lies outside its own bounds", *m.Target)
	}
	return &m
}

// numberAt is one of a metric's numbers and where the file has it.
type numberAt struct {
	field string
	value *float64 // nil when it is not a number
	node  *yaml.Node
}

// measurable reports the numbers no piece could ever measure: every metric
// is a count, a length or a rate of counts, never below 0, so a negative
// bound would flag every sentence and a negative target is never met.
func (p *ruleParser) measurable(info *MetricKind, values []numberAt) {
	for _, v := range values {
		if v.value != nil && *v.value < 0 {
			p.fail(v.node, "`%s: %s` is below 0, and %s counts %s, never fewer than 0; set %s to 0 or more",
				v.field, v.node.Value, info.Name, info.Unit, v.field)
		}
	}
}

func (p *ruleParser) number(n *yaml.Node, field string) *float64 {
	if n.Kind == yaml.ScalarNode && (n.Tag == "!!int" || n.Tag == "!!float") {
		if v, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64); err == nil && !isNaNOrInf(v) {
			return &v
		}
	}
	p.fail(n, "`%s:` must be a number", field)
	return nil
}

func isNaNOrInf(v float64) bool { return v != v || v > 1e300 || v < -1e300 }

func metricNames() string { return strings.Join(MetricNames(), ", ") }

// suggestSlug proposes a plain name for s in error messages.
func suggestSlug(s string) string {
	if out := Slugify(s); out != "" {
		return out
	}
	return "my-rule"
}
