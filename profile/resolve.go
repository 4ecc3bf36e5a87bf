package profile

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Resolved is the profile for one genre: what the agent is told and what
// `sw check` tests. Rules come hard limits first, then the rest, each group
// by id, so the same files always give the same bytes.
type Resolved struct {
	Genre string `json:"genre"`
	// Voice is the voice the series' profile sits over, as sources name
	// it (../my-voice), or "" (see ResolveOver).
	Voice   string    `json:"voice,omitempty"`
	Rules   []Sourced `json:"rules"`
	Dropped []Dropped `json:"dropped"`
}

// Dropped is a genre rule or preference left out of the profile: it
// contradicts a hard limit, or another rule already rules what it measures
// (see oneRulePerMeasure). Reason says which, naming the other rule's file.
type Dropped struct {
	ID     string `json:"id"`
	Layer  Layer  `json:"layer"`
	Source string `json:"source"`
	Reason string `json:"reason"`
}

// Resolve resolves the layers for genre: every hard limit, then the genre's
// rules, then the preferences the genre does not refine. A rule
// contradicting a hard limit, or measuring what a rule before it measures,
// is dropped and reported. Any broken file fails the whole resolution: a
// partial profile would tell the agent less than the person wrote, without
// saying so.
func (p Profile) Resolve(genre string) (*Resolved, error) {
	hard, genreRules, prefs, errs := p.layers(genre)
	if errs != nil {
		return nil, errs
	}
	return resolve(genre, hard, unrefined(genreRules, prefs), nil), nil
}

// ResolveOver resolves genre for a series whose own profile is p, kept
// over the person's voice: the voice's hard limits and the series' own,
// then the series' rules (its genre's and its preferences: what this
// series does differently), then the voice's genre rules and preferences.
// A series rule with a voice rule's name replaces it, and one measuring
// what a voice rule measures keeps the measure; either way the voice
// rule is reported among the dropped, so the person sees the conflict.
func (p Profile) ResolveOver(voice Profile, genre string) (*Resolved, error) {
	hard, genreRules, prefs, errs := p.layers(genre)
	vHard, vGenre, vPrefs, vErrs := voice.layers(genre)
	if errs = append(errs, vErrs...); errs != nil {
		return nil, errs
	}
	series := unrefined(genreRules, prefs)
	for i := range hard {
		hard[i].Series = true
	}
	for i := range series {
		series[i].Series = true
	}
	hard, dropped := overridden(hard, vHard)
	kept, more := overridden(series, unrefined(vGenre, vPrefs))
	r := resolve(genre, sortedByID(hard), sortedByID(kept), append(dropped, more...))
	r.Voice = voice.Shown
	return r, nil
}

// layers reads the three layers genre needs, and reports, beside any
// broken rule file, what the genres folder holds that no genre reads.
func (p Profile) layers(genre string) (hard, genreRules, prefs []Sourced, errs Errors) {
	if !IsSlug(genre) {
		return nil, nil, nil, Errors{{File: "genre " + strconv.Quote(genre), Msg: "a genre is a plain name: lowercase letters, digits and dashes, e.g. essay"}}
	}
	read := func(layer Layer) []Sourced {
		rules, err := p.Layer(layer, genre)
		if err != nil {
			errs = append(errs, err.(Errors)...)
		}
		return rules
	}
	hard, genreRules, prefs = read(HardLimit), read(GenreLayer), read(Preference)
	errs = append(errs, p.shownErrors(p.strayGenres())...)
	if len(errs) > 0 {
		return nil, nil, nil, errs
	}
	return hard, genreRules, prefs, nil
}

// overridden is the series' rules followed by the voice's, less each
// voice rule the series names too (the same id), which is returned as
// dropped: the series' file replaces it. (A genre's rules override the
// preferences so too.)
func overridden(series, voice []Sourced) ([]Sourced, []Dropped) {
	own := map[string]Sourced{}
	for _, r := range series {
		own[r.ID] = r
	}
	out := append([]Sourced(nil), series...)
	var dropped []Dropped
	for _, r := range voice {
		if s, ok := own[r.ID]; ok {
			dropped = append(dropped, Dropped{ID: r.ID, Layer: r.Layer, Source: r.Source,
				Reason: fmt.Sprintf("replaced by the series' own %s %s (%s)", layerNoun(s), s.ID, s.Source)})
			continue
		}
		out = append(out, r)
	}
	return out, dropped
}

// sortedByID sorts rules by id, keeping the order of equals.
func sortedByID(rules []Sourced) []Sourced {
	slices.SortStableFunc(rules, func(a, b Sourced) int { return strings.Compare(a.ID, b.ID) })
	return rules
}

// resolve keeps the hard limits and, of the soft rules, those that neither
// contradict a hard limit nor yield to another soft rule on their measure.
// Contradictions are settled first: a genre rule dropped for breaking a
// hard limit leaves its measure to the preference that keeps to it.
// dropped are rules left out already, reported first.
func resolve(genre string, hard, soft []Sourced, dropped []Dropped) *Resolved {
	reasons := make([]string, len(soft))
	banned := bannedPhrases(hard)
	for i, r := range soft {
		reasons[i] = contradiction(r, hard, banned)
	}
	oneRulePerMeasure(soft, reasons)

	res := &Resolved{Genre: genre, Rules: append([]Sourced(nil), hard...), Dropped: dropped}
	for i, r := range soft {
		if reasons[i] != "" {
			res.Dropped = append(res.Dropped, Dropped{ID: r.ID, Layer: r.Layer, Source: r.Source, Reason: reasons[i]})
			continue
		}
		res.Rules = append(res.Rules, r)
	}
	return res
}

// unrefined is the genre's rules and the preferences they do not refine
// (same id), sorted by id.
func unrefined(genreRules, prefs []Sourced) []Sourced {
	soft, _ := overridden(genreRules, prefs)
	return sortedByID(soft)
}

// measured is a soft rule with its measures (see Rule.Measures), worked
// out once per resolution, and its place in the list resolved.
type measured struct {
	*Sourced
	measures []string
	at       int
}

// oneRulePerMeasure leaves each measure to one soft rule, so the agent is
// never told two things about one habit ("Use no semicolons." and "Use
// semicolons about 7 times per 1,000 words.") and sw check never holds a
// piece to both. Of the rules not dropped already (reasons[i] == ""), the
// first (see step) keeps the measure, and every rule sharing any measure
// with it is dropped whole, since the agent reads the rule's sentence,
// which cannot be cut down to the measures left over. The reason names
// the measure, so the person can split the file. A dropped rule holds no
// measure: a third rule sharing a measure only with it is kept. Measures
// are looked up in a map, so the cost grows with them, not with pairs.
func oneRulePerMeasure(soft []Sourced, reasons []string) {
	var order []measured
	for i := range soft {
		if reasons[i] != "" {
			continue
		}
		if ms := soft[i].Measures(); len(ms) > 0 {
			order = append(order, measured{&soft[i], ms, i})
		}
	}
	sort.Slice(order, func(a, b int) bool { return precedes(order[a], order[b]) })
	holders := map[string]measured{}
	for _, r := range order {
		if m, holder, held := heldMeasure(r, holders); held {
			reasons[r.at] = fmt.Sprintf("%s is also ruled by %s %s (%s), which %s",
				describeMeasure(m), layerNoun(*holder.Sourced), holder.ID, holder.Source, whyFirst(holder, r))
			continue
		}
		for _, m := range r.measures {
			holders[m] = r
		}
	}
}

// step is a step of the order in which soft rules keep a shared measure:
// the first step on which two rules differ decides.
type step int

const (
	bySeries  step = iota // a series' own rule first: what this series does differently is more specific
	byLayer               // a genre rule before a preference: the genre's layer is more specific
	byMetric              // a metric first: "about 3 times per 1,000 words" says how much, "Prefer 'upon'" only which way
	byBreadth             // fewer measures first: a rule on "upon" alone says more exactly what the person wants
	byID                  // then the first by id, the file's name
)

// deciding is the step on which a and b differ.
func deciding(a, b measured) step {
	switch {
	case a.Series != b.Series:
		return bySeries
	case a.Layer != b.Layer:
		return byLayer
	case (a.Metric != nil) != (b.Metric != nil):
		return byMetric
	case len(a.measures) != len(b.measures):
		return byBreadth
	}
	return byID
}

// precedes says whether a keeps a measure it shares with b.
func precedes(a, b measured) bool {
	switch deciding(a, b) {
	case bySeries:
		return a.Series
	case byLayer:
		return a.Layer == GenreLayer
	case byMetric:
		return a.Metric != nil
	case byBreadth:
		return len(a.measures) < len(b.measures)
	}
	return a.ID < b.ID
}

// whyFirst ends the reason r yields to holder with the step that decided.
func whyFirst(holder, r measured) string {
	switch deciding(holder, r) {
	case bySeries:
		return "is the series' own"
	case byLayer:
		return "is more specific"
	case byMetric:
		return "sets a metric, " + holder.Metric.Name
	case byBreadth:
		return fmt.Sprintf("measures fewer things (%d against %d)", len(holder.measures), len(r.measures))
	}
	return "comes first by id"
}

// heldMeasure finds the first of r's measures a rule kept before it holds.
func heldMeasure(r measured, holders map[string]measured) (string, measured, bool) {
	for _, m := range r.measures {
		if holder, ok := holders[m]; ok {
			return m, holder, true
		}
	}
	return "", measured{}, false
}

// describeMeasure names a measure (see Rule.Measures) as a person reads
// it in a reason: semicolons_per_1k_words, "upon", the usage measure.
func describeMeasure(m string) string {
	kind, what, _ := strings.Cut(m, ":")
	switch kind {
	case "metric":
		return what
	case "phrase":
		return strconv.Quote(what)
	case "boilerplate":
		return "boilerplate line " + strconv.Quote(what)
	}
	return "the " + m + " measure"
}

// layerNoun names a rule's layer in a reason.
func layerNoun(r Sourced) string {
	switch {
	case r.Series && r.Layer == HardLimit:
		return "hard limit"
	case r.Series:
		return "series rule"
	case r.Layer == GenreLayer:
		return "genre rule"
	}
	return "preference"
}

// banned is a hard limit's avoided phrase, normalised once per resolution.
type banned struct {
	phrase string
	limit  *Sourced
}

func bannedPhrases(hard []Sourced) []banned {
	var out []banned
	for i := range hard {
		for _, p := range hard[i].Avoid {
			out = append(out, banned{NormalizePhrase(p), &hard[i]})
		}
	}
	return out
}

// contradiction says how r breaks a hard limit, or "" when it does not: it
// prefers a phrase a hard limit avoids, or its metric sits outside a hard
// limit's bounds for the same measurement.
func contradiction(r Sourced, hard []Sourced, avoided []banned) string {
	for _, want := range r.Prefer {
		norm := NormalizePhrase(want)
		for _, b := range avoided {
			if ContainsWords(norm, b.phrase) {
				return fmt.Sprintf("prefers %q, which hard limit %s (%s) avoids", want, b.limit.ID, b.limit.Source)
			}
		}
	}
	for _, h := range hard {
		if r.Metric == nil || h.Metric == nil || r.Metric.Name != h.Metric.Name {
			continue
		}
		if outside := metricOutside(r.Metric, h.Metric); outside != "" {
			return fmt.Sprintf("%s %s lies outside hard limit %s (%s): %s", r.Metric.Name, outside, h.ID, h.Source, Bounds(h.Metric))
		}
	}
	return ""
}

// metricOutside describes the part of m that falls outside limit, or "".
// With a target, the target decides; without one, a range that cannot meet
// the limit's range at all does.
func metricOutside(m, limit *Metric) string {
	if m.Target != nil {
		if !limit.Contains(*m.Target) {
			return "target " + Number(*m.Target)
		}
		return ""
	}
	if m.Min != nil && limit.Max != nil && *m.Min > *limit.Max {
		return "min " + Number(*m.Min)
	}
	if m.Max != nil && limit.Min != nil && *m.Max < *limit.Min {
		return "max " + Number(*m.Max)
	}
	return ""
}

// ContainsWords reports whether phrase contains part as whole words; both
// are in NormalizePhrase form. This is how resolution decides that a
// preferred phrase breaks an avoided one.
func ContainsWords(phrase, part string) bool {
	return part != "" && strings.Contains(" "+phrase+" ", " "+part+" ")
}

// Bounds describes a metric's target and bounds for people, e.g.
// "target 22, 12 to 35" or "at most 40".
func Bounds(m *Metric) string {
	var parts []string
	if m.Target != nil {
		parts = append(parts, "target "+Number(*m.Target))
	}
	if r := Range(m); r != "" {
		parts = append(parts, r)
	}
	return strings.Join(parts, ", ")
}

// Range describes a metric's bounds alone: "12 to 35", "at least 3",
// "at most 40", or "" when it has none.
func Range(m *Metric) string {
	switch {
	case m.Min != nil && m.Max != nil:
		return Number(*m.Min) + " to " + Number(*m.Max)
	case m.Min != nil:
		return "at least " + Number(*m.Min)
	case m.Max != nil:
		return "at most " + Number(*m.Max)
	}
	return ""
}

// Number writes a number from a rule file as it was written there (40, 2.5).
func Number(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
