package analyze

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"sw/profile"
)

// The fields each object of an answer may have, in the order messages list
// them. Anything else is an error: a misspelt field silently dropped would
// be a suggestion that does not say what its author thinks.
var (
	responseFields   = []string{"suggestions"}
	suggestionFields = []string{"id", "layer", "rule", "summary", "evidence", "signature", "weight", "measured"}
	ruleFields       = []string{"id", "rule", "avoid", "prefer", "metric", "boilerplate", "usage", "note"}
	metricFields     = []string{"name", "target", "min", "max"}
	usageFields      = []string{"pieces", "typical", "rates"}
	rateFields       = []string{"item", "mean", "spread"}
	measuredFields   = []string{"pieces", "value", "low", "high"}
)

// DecodeResponse reads an analyzer's answer strictly and validates it.
// Beyond what encoding/json checks, keys must be spelt exactly (it would
// take "ID" for "id") and appear once (it would let a repeated key win),
// and "rule" must be present: null removes the rule, a missing key is an
// error. The error is an *InvalidError listing every problem.
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
		slices.SortStableFunc(probs, func(a, b Problem) int { return cmp.Compare(a.Index, b.Index) })
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
	o := &object{hinted: map[string]bool{}}
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
	o := &object{broken: map[string]bool{}, hinted: map[string]bool{}}
	var s Suggestion
	if f := o.fields("", "a suggestion", raw, suggestionFields); f != nil {
		s.ID = o.text(f, "id", true)
		s.Layer = o.text(f, "layer", true)
		s.Rule = o.rule(f)
		s.Summary = o.text(f, "summary", true)
		s.Evidence = o.text(f, "evidence", true)
		s.Signature = o.text(f, "signature", true)
		if v := o.number(f, "weight", false); v != nil {
			s.Weight = *v
		}
		if raw, ok := f["measured"]; ok && kind(raw) != 'n' {
			s.Measured = o.measured(raw)
		}
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
				Target: o.number(mf, "rule.metric.target", false),
				Min:    o.number(mf, "rule.metric.min", false),
				Max:    o.number(mf, "rule.metric.max", false),
			}
		}
	}
	if raw, ok := rf["usage"]; ok && kind(raw) != 'n' {
		r.Usage = o.usage(raw)
	}
	return r
}

// usage reads rule.usage as `sw profile show --json` writes it, every
// field present. Beyond the shape it checks only the piece count, which
// the rule file could not: 2.5 pieces would reach the file as 2. The rest
// is held to the rule-file schema afterwards, with the rest of the rule.
func (o *object) usage(raw json.RawMessage) *profile.Usage {
	f := o.fields("rule.usage", `"rule.usage"`, raw, usageFields)
	if f == nil {
		return nil
	}
	u := &profile.Usage{}
	if v := o.number(f, "rule.usage.pieces", true); v != nil {
		switch {
		case *v < 1 || *v != math.Trunc(*v):
			o.fail("rule.usage.pieces", "%q must be a whole number of pieces, at least 1, not %s", "rule.usage.pieces", strconv.FormatFloat(*v, 'g', -1, 64))
		case *v > maxPieces:
			o.fail("rule.usage.pieces", "%q is %s pieces; sw counts at most %d", "rule.usage.pieces", strconv.FormatFloat(*v, 'g', -1, 64), maxPieces)
		default:
			u.Pieces = int(*v)
		}
	}
	o.numberInto(f, "rule.usage.typical", &u.Typical)
	u.Rates = o.rates(f)
	return u
}

// measured reads "measured", every field present; Validate holds the
// numbers to their ranges.
func (o *object) measured(raw json.RawMessage) *profile.Measured {
	f := o.fields("measured", `"measured"`, raw, measuredFields)
	if f == nil {
		return nil
	}
	m := &profile.Measured{}
	if v := o.number(f, "measured.pieces", true); v != nil {
		if *v < 1 || *v != math.Trunc(*v) || *v > maxPieces {
			o.fail("measured.pieces", "%q must be a whole number of pieces, 1 to %d, not %s", "measured.pieces", maxPieces, strconv.FormatFloat(*v, 'g', -1, 64))
		} else {
			m.Pieces = int(*v)
		}
	}
	o.numberInto(f, "measured.value", &m.Value)
	o.numberInto(f, "measured.low", &m.Low)
	o.numberInto(f, "measured.high", &m.High)
	return m
}

// maxPieces is the most pieces an int holds on every platform; a larger
// count would not survive the conversion.
const maxPieces = math.MaxInt32

// rates reads rule.usage.rates: a list, or null for none, which is how a
// measure without rates is written back.
func (o *object) rates(f map[string]json.RawMessage) []profile.Rate {
	const path = "rule.usage.rates"
	raw, ok := o.value(f, path, true)
	if !ok || kind(raw) == 'n' {
		return nil
	}
	var items []json.RawMessage
	if kind(raw) != '[' || json.Unmarshal(raw, &items) != nil {
		o.fail(path, `%q must be a list of {"item", "mean", "spread"}, not %s`, path, kindName(raw))
		return nil
	}
	var out []profile.Rate
	for i, item := range items {
		at := fmt.Sprintf("%s[%d]", path, i)
		rf := o.fields(at, strconv.Quote(at), item, rateFields)
		if rf == nil {
			continue
		}
		r := profile.Rate{Item: o.text(rf, at+".item", true)}
		o.numberInto(rf, at+".mean", &r.Mean)
		o.numberInto(rf, at+".spread", &r.Spread)
		out = append(out, r)
	}
	return out
}
