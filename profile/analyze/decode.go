package analyze

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"sw/profile"
)

// The fields each object of an answer may have, in the order messages list
// them. Anything else is an error: a misspelt field silently dropped would
// be a suggestion the analyzer's author thinks says something it does not.
var (
	responseFields   = []string{"suggestions"}
	suggestionFields = []string{"id", "layer", "rule", "summary", "evidence", "signature"}
	ruleFields       = []string{"id", "rule", "avoid", "prefer", "metric", "boilerplate", "usage", "note"}
	metricFields     = []string{"name", "target", "min", "max"}
)

// DecodeResponse reads an analyzer's answer strictly and validates it (see
// Validate). Beyond what encoding/json checks, keys must be spelt exactly
// (encoding/json would take "ID" for "id") and appear once (it would let a
// repeated key silently win), and "rule" must be present: null removes the
// rule, a missing key is an error. The error is an *InvalidError listing
// every problem.
func DecodeResponse(data []byte) (*Response, error) {
	d := &decoder{broken: map[int]map[string]bool{}}
	resp := d.response(data)
	if resp == nil {
		return nil, &InvalidError{d.probs}
	}
	// Validate even when reading found problems, so one run reports them
	// all; the fields already complained about are skipped.
	probs := append(d.probs, resp.problems(d.isBroken)...)
	if len(probs) > 0 {
		sortProblems(probs)
		return nil, &InvalidError{probs}
	}
	resp.canonicalize()
	return resp, nil
}

// decoder collects problems while reading an answer. broken remembers, per
// suggestion, the fields it has already complained about.
type decoder struct {
	probs  []Problem
	broken map[int]map[string]bool
}

func (d *decoder) isBroken(i int, field string) bool { return d.broken[i][field] }

// response reads the answer's outer object, or returns nil when there is
// nothing more to check.
func (d *decoder) response(data []byte) *Response {
	top := func(format string, args ...any) {
		d.probs = append(d.probs, Problem{Msg: fmt.Sprintf(format, args...)})
	}
	if len(bytes.TrimSpace(data)) == 0 {
		top(`the answer is empty; an analyzer with nothing to suggest answers {"suggestions": []}`)
		return nil
	}
	var raw json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		top("not valid JSON (%v); it begins %q", err, clip(strings.ToValidUTF8(string(bytes.TrimSpace(data)), "?"), 60))
		return nil
	}
	o := &object{}
	fields := o.fields("", "the answer", raw, responseFields)
	for _, m := range o.msgs {
		top("%s", m)
	}
	if fields == nil {
		return nil
	}
	list, ok := fields["suggestions"]
	switch {
	case !ok:
		if !o.hinted["suggestions"] {
			top(`missing "suggestions"; an analyzer with nothing to suggest answers {"suggestions": []}`)
		}
		return nil
	case kind(list) != '[':
		top(`"suggestions" must be a list, not %s; an analyzer with nothing to suggest answers []`, kindName(list))
		return nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(list, &items); err != nil {
		top(`"suggestions": %v`, err)
		return nil
	}
	resp := &Response{Suggestions: make([]Suggestion, len(items))}
	if len(items) > MaxSuggestions {
		return resp // validate reports the count; reading each would only bury it
	}
	for i, item := range items {
		resp.Suggestions[i] = d.suggestion(i, item)
	}
	return resp
}

// suggestion reads one suggestion. Its problems are recorded against its
// position and id; fields that could not be read are marked broken.
func (d *decoder) suggestion(i int, raw json.RawMessage) Suggestion {
	o := &object{broken: map[string]bool{}}
	var s Suggestion
	if f := o.fields("", "a suggestion", raw, suggestionFields); f != nil {
		s.ID = o.text(f, "id", true)
		s.Layer = o.text(f, "layer", true)
		s.Rule = o.rule(f)
		s.Summary = o.text(f, "summary", true)
		s.Evidence = o.text(f, "evidence", true)
		s.Signature = o.text(f, "signature", true)
	} else {
		for _, name := range suggestionFields {
			o.broken[name] = true
		}
	}
	for _, m := range o.msgs {
		d.probs = append(d.probs, Problem{Index: i + 1, ID: s.ID, Msg: m})
	}
	d.broken[i] = o.broken
	return s
}

// rule reads "rule": an object, or null for "remove the rule".
func (o *object) rule(f map[string]json.RawMessage) *profile.Rule {
	raw, ok := f["rule"]
	switch {
	case !ok:
		if !o.hinted["rule"] {
			o.fail("rule", `missing "rule": give the rule, or null to remove it`)
		}
		return nil
	case kind(raw) == 'n':
		return nil
	}
	rf := o.fields("rule", `"rule"`, raw, ruleFields)
	if rf == nil {
		return nil
	}
	r := &profile.Rule{
		ID:          o.text(rf, "rule.id", true),
		Rule:        o.text(rf, "rule.rule", true),
		Avoid:       o.phrases(rf, "rule.avoid"),
		Prefer:      o.phrases(rf, "rule.prefer"),
		Boilerplate: o.phrases(rf, "rule.boilerplate"),
		Note:        o.text(rf, "rule.note", false),
	}
	if raw, ok := rf["metric"]; ok && kind(raw) != 'n' {
		if mf := o.fields("rule.metric", `"rule.metric"`, raw, metricFields); mf != nil {
			r.Metric = &profile.Metric{
				Name:   o.text(mf, "rule.metric.name", true),
				Target: o.number(mf, "rule.metric.target"),
				Min:    o.number(mf, "rule.metric.min"),
				Max:    o.number(mf, "rule.metric.max"),
			}
		}
	}
	if raw, ok := rf["usage"]; ok && kind(raw) != 'n' {
		r.Usage = o.usage(raw)
	}
	return r
}

// usage reads rule.usage as `sw profile show --json` writes it:
// {"pieces", "typical", "rates": [{"item", "mean", "spread"}]}. Its
// numbers are held to the rule-file schema afterwards, with the rest.
func (o *object) usage(raw json.RawMessage) *profile.Usage {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var u profile.Usage
	if err := dec.Decode(&u); err != nil {
		o.fail("rule.usage", `"rule.usage" must be {"pieces": N, "typical": D, "rates": [{"item", "mean", "spread"}]}: %v`, err)
		return nil
	}
	return &u
}
