package profile

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Resolved is the profile for one genre: what the agent is told and what
// `sw check` tests. Rules come hard limits first, then the rest, each group
// by id, so the same files always give the same bytes.
type Resolved struct {
	Genre   string    `json:"genre"`
	Rules   []Sourced `json:"rules"`
	Dropped []Dropped `json:"dropped"`
}

// Dropped is a genre rule or preference left out because it contradicts a
// hard limit.
type Dropped struct {
	ID     string `json:"id"`
	Layer  Layer  `json:"layer"`
	Source string `json:"source"`
	Reason string `json:"reason"`
}

// Resolve reads the layers genre needs and resolves them: every hard limit,
// then the genre's rules, then the preferences the genre does not refine. A
// rule contradicting a hard limit is dropped and reported. Any broken file
// fails the whole resolution: a partial profile would tell the agent less
// than the person wrote, without saying so.
func (p Profile) Resolve(genre string) (*Resolved, error) {
	if !IsSlug(genre) {
		return nil, Errors{{File: "genre " + strconv.Quote(genre), Msg: "a genre is a plain name: lowercase letters, digits and dashes, e.g. essay"}}
	}
	var errs Errors
	read := func(layer Layer) []Sourced {
		rules, err := p.Layer(layer, genre)
		if err != nil {
			errs = append(errs, err.(Errors)...)
		}
		return rules
	}
	hard, genreRules, prefs := read(HardLimit), read(GenreLayer), read(Preference)
	errs = append(errs, p.strayGenres()...)
	if len(errs) > 0 {
		return nil, errs
	}
	return resolve(genre, hard, genreRules, prefs), nil
}

func resolve(genre string, hard, genreRules, prefs []Sourced) *Resolved {
	refined := map[string]bool{}
	for _, r := range genreRules {
		refined[r.ID] = true
	}
	rest := append([]Sourced(nil), genreRules...)
	for _, r := range prefs {
		if !refined[r.ID] {
			rest = append(rest, r)
		}
	}
	sort.SliceStable(rest, func(i, j int) bool { return rest[i].ID < rest[j].ID })

	res := &Resolved{Genre: genre, Rules: append([]Sourced(nil), hard...)}
	banned := bannedPhrases(hard)
	for _, r := range rest {
		if reason := contradiction(r, hard, banned); reason != "" {
			res.Dropped = append(res.Dropped, Dropped{ID: r.ID, Layer: r.Layer, Source: r.Source, Reason: reason})
			continue
		}
		res.Rules = append(res.Rules, r)
	}
	return res
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
