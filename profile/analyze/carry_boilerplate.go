package analyze

import (
	"slices"
	"strings"
	"unicode/utf8"

	"sw/profile"
	"sw/profile/boilerplate"
)

// A metric rule is measured on pieces read without the collection's
// template lines, whatever the person decided about the boilerplate rules.
// sw check reads a piece without the lines the resolved profile names, so
// a metric rule accepted before its boilerplate rule, or with that rule
// rejected, would count "PUBLIUS" as a one-word sentence of every piece.
// So the rule carries the lines its pieces were measured without, unless
// a boilerplate rule of the profile keeps them. Opening and closing rules
// carry nothing: sw check does not test them, and a rule of a sentence
// and lines alone reads as a boilerplate rule (profile.Rule.Measures).

// templateLines is what a run knows of the template lines it leaves out,
// for the rules that carry them.
type templateLines struct {
	// text is each line, by key, as a rule writes it: the profile's
	// wording when a rule holds it, else the boilerplate rule's proposed
	// now. A line no suggestion could hold (longer than MaxLine: only a
	// person writes one) has none, and is not carried.
	text map[string]string
	// kept lists, by genre, the keys the resolved profile keeps in a rule
	// of their own: a line only a metric rule carries goes when that rule
	// is changed or removed, so it is carried again.
	kept map[string]map[string]bool
}

// profileLines lists, by genre, the keys of every boilerplate line the
// resolved profile names (each left out of measurement), and records
// their wording and which rules keep them for their own sake. Genres are
// read in order, so the wording recorded is the same on every run.
func (r *run) profileLines() map[string]map[string]bool {
	inProfile := map[string]map[string]bool{}
	for _, g := range sortedKeys(r.req.Profile) {
		inProfile[g], r.templates.kept[g] = map[string]bool{}, map[string]bool{}
		for _, s := range r.req.Profile[g].Rules {
			for _, line := range s.Boilerplate {
				key := r.templates.record(line)
				inProfile[g][key] = true
				if keepsLinesOnly(s.Rule) {
					r.templates.kept[g][key] = true
				}
			}
		}
	}
	return inProfile
}

// keepsLinesOnly says a rule is a boilerplate rule: all it is about is its
// lines.
func keepsLinesOnly(s profile.Rule) bool {
	return !slices.ContainsFunc(s.Measures(), func(m string) bool { return !strings.HasPrefix(m, "boilerplate:") })
}

// record notes a line's wording under its key, unless one is noted
// already, and returns the key.
func (t *templateLines) record(line string) string {
	key := boilerplate.KeyOf(line)
	if _, ok := t.text[key]; !ok && utf8.RuneCountInString(line) <= MaxLine {
		t.text[key] = line
	}
	return key
}

// leftOut lists the template lines the pieces ps were measured without
// that the profile of each piece's genre keeps in no boilerplate rule, in
// the order the pieces first hold them, for a rule measured on ps to
// carry.
func (r *run) leftOut(ps []*piece) []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range ps {
		for _, b := range p.boilerplate {
			line, known := r.templates.text[b.Key]
			if seen[b.Key] || !known || r.templates.kept[p.Genre][b.Key] {
				continue
			}
			seen[b.Key] = true
			out = append(out, line)
		}
	}
	if len(out) > MaxPhrases {
		out = out[:MaxPhrases]
	}
	return out
}
