// Package profile is the style drawer: the rule files under profile/, how
// their layers resolve for a genre, and the shapes other parts of sw (the
// CLAUDE.md block, the analyzer, the checker) read the result in.
//
// The data layout is the architecture: one rule per YAML file, so two
// suggestions never touch the same file and their branches merge cleanly.
package profile

import "strings"

// Layer says where a rule sits. Hard limits win over everything; a genre
// rule refines the global preference with the same id.
type Layer string

const (
	HardLimit  Layer = "hard-limit"
	GenreLayer Layer = "genre"
	Preference Layer = "preference"
)

// DefaultGenre is the genre of pieces that name none: a collection that
// does not use genres has only this one.
const DefaultGenre = "default"

// Folder names of the layers inside the profile folder.
const (
	HardLimitsDir  = "hard-limits"
	PreferencesDir = "preferences"
	GenresDir      = "genres"
)

// Rule is one rule file. Rule is the sentence the agent reads; Avoid, Prefer
// and Metric are the parts a machine can check; Note says why, for people.
// Boilerplate lists the collection's template lines (a sign-off, a byline),
// which sw check and the analyzer leave out of every measurement, with the
// notes after a sign-off. The yaml tags give Format's field order.
type Rule struct {
	ID          string   `json:"id" yaml:"id"`
	Rule        string   `json:"rule" yaml:"rule"`
	Avoid       []string `json:"avoid" yaml:"avoid,omitempty"`
	Prefer      []string `json:"prefer" yaml:"prefer,omitempty"`
	Metric      *Metric  `json:"metric" yaml:"metric,omitempty"`
	Boilerplate []string `json:"boilerplate,omitempty" yaml:"boilerplate,omitempty"`
	Usage       *Usage   `json:"usage,omitempty" yaml:"usage,omitempty"`
	Note        string   `json:"note,omitempty" yaml:"note,omitempty"`
}

// Metric is a rule's measurable part: the typical value and the bounds of a
// named measurement (see MetricKinds). Nil means not set.
type Metric struct {
	Name   string   `json:"name" yaml:"name"`
	Target *float64 `json:"target,omitempty" yaml:"target,omitempty"`
	Min    *float64 `json:"min,omitempty" yaml:"min,omitempty"`
	Max    *float64 `json:"max,omitempty" yaml:"max,omitempty"`
}

// Contains reports whether v lies within the metric's bounds.
func (m *Metric) Contains(v float64) bool {
	return (m.Min == nil || v >= *m.Min) && (m.Max == nil || v <= *m.Max)
}

// maxSlug keeps ids and genre names short enough for branch and file names.
const maxSlug = 64

// IsSlug reports whether s is a plain name fit for a rule id, a genre or a
// path segment: lowercase letters, digits and dashes, no leading dash.
func IsSlug(s string) bool {
	return s != "" && len(s) <= maxSlug && s[0] != '-' && !strings.ContainsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-')
	})
}

// NormalizePhrase gives the form phrases are compared in: lowercase, single
// spaces, straight apostrophes and quotes.
func NormalizePhrase(s string) string {
	s = typographic.Replace(s)
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}

// typographic straightens curly quotes; its tables are built on first use.
var typographic = strings.NewReplacer("\u2019", "'", "\u2018", "'", "\u201c", `"`, "\u201d", `"`)

// Slugify turns a name as people write it ("Product Tech") into a plain
// name (product-tech), or "" when nothing of it is usable.
func Slugify(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(strings.TrimSpace(s)) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
	}
	out := strings.TrimSuffix(b.String(), "-")
	if len(out) > maxSlug {
		out = strings.TrimSuffix(out[:maxSlug], "-")
	}
	return out
}
