package automemory

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"sw/facts"
	"sw/profile"
	"sw/profile/analyze"
)

// How a style judgment from the agent's auto memory becomes a rule. Where
// its words say plainly what to do, the rule is one sw check can test:
// quoted words to avoid or prefer become the rule's avoid and prefer
// lists; a mark of punctuation ruled out becomes a metric of at most 0
// per 1,000 words. Anything else ("prefers short paragraphs", "a dry,
// understated voice") has no number or list sw could honestly put to it,
// so the rule carries the judgment in its own words: the agent reads it
// like any rule, and sw check has nothing to test. Every rule notes where
// it came from. All go to the global preferences: the notes do not say
// which genre they mean, and a hard limit is the person's to write.

// withoutMetric is the metric that counts each mark a reading can rule out.
var withoutMetric = map[string]string{
	facts.PunctuationExclamations: "exclamations_per_1k_words",
	facts.PunctuationSemicolons:   "semicolons_per_1k_words",
	facts.PunctuationEmDashes:     "em_dashes_per_1k_words",
	facts.PunctuationEnDashes:     "en_dashes_per_1k_words",
	facts.PunctuationColons:       "colons_per_1k_words",
	facts.PunctuationParentheses:  "parentheses_per_1k_words",
}

// asWritten is how a judgment no measure or list says is read: its
// rule is its own words.
const asWritten = "as written"

// proposal is a finding as a suggestion, before its id is settled, and
// in a few words how the judgment was read.
type proposal struct {
	suggestion analyze.Suggestion
	as         string
}

// propose reads one finding into the rule it asks for.
func propose(f facts.Finding) *proposal {
	r := f.Reading
	m := &proposal{}
	var rule profile.Rule
	var id, sig string
	switch metric, ok := withoutMetric[r.Without]; {
	case ok:
		zero := 0.0
		rule.Rule = "Use no " + r.Without + "."
		rule.Metric = &profile.Metric{Name: metric, Max: &zero}
		id, sig = "no-"+r.Without, "metric:"+metric+":none"
		m.as = "no " + r.Without + " (" + metric + " at most 0)"
	case len(r.Prefer) > 0:
		rule.Prefer, rule.Avoid = r.Prefer, r.Avoid
		rule.Rule = "Prefer " + quotedList(r.Prefer, "or") + "."
		m.as = "prefer " + quotedList(r.Prefer, "and")
		if len(r.Avoid) > 0 {
			rule.Rule = "Write " + quotedList(r.Prefer, "or") + ", not " + quotedList(r.Avoid, "or") + "."
			m.as += ", avoid " + quotedList(r.Avoid, "and")
		}
		id, sig = "prefer-"+strings.Join(r.Prefer, " "), "prefer:phrase:"+phraseList(r.Prefer)
	case len(r.Avoid) > 0:
		rule.Avoid = r.Avoid
		rule.Rule = "Do not use " + quotedList(r.Avoid, "or") + "."
		id, sig = "avoid-"+strings.Join(r.Avoid, " "), "avoid:phrase:"+phraseList(r.Avoid)
		m.as = "avoid " + quotedList(r.Avoid, "and")
	default:
		rule.Rule = r.Text
		id, sig = r.Text, "memory:"+clipRunes(profile.NormalizePhrase(r.Text), analyze.MaxSignature-len("memory:"))
		m.as = asWritten
	}
	at := fmt.Sprintf("%s:%d", f.File, f.Line)
	rule.Note = "From the agent's auto memory, " + at + "."
	if m.as != asWritten {
		rule.Note = "From the agent's auto memory, " + at + ": " + r.Text
	}
	rule.ID = slugUpTo(id, 32)
	m.suggestion = analyze.Suggestion{
		ID:        rule.ID,
		Layer:     analyze.PreferencesLayer,
		Rule:      &rule,
		Summary:   clipRunes(strings.TrimSuffix(rule.Rule, "."), analyze.MaxSummary-len(" (from the agent's notes)")) + " (from the agent's notes)",
		Evidence:  evidence(at, f),
		Signature: sig,
	}
	return m
}

// evidence is the commit body: where the judgment was, in its words,
// what kind it is, and what to do with the line.
func evidence(at string, f facts.Finding) string {
	var b strings.Builder
	fmt.Fprintf(&b, "The agent's auto memory files a writing-style judgment at %s: %s\n", at, f.Reading.Text)
	fmt.Fprintf(&b, "It is %s.\n", f.Why)
	if f.Reading.Required {
		b.WriteString("It reads as a requirement: a hard limit may suit it, and hard limits are yours to write, in profile/hard-limits/.\n")
	}
	b.WriteString("Style lives in the profile, where you decide it: merge this branch to keep the rule, delete it to drop it. Either way, remove the line from the auto memory (sw memory audit lists it).")
	return b.String()
}

// covered says where the profile already has what the rule asks, or "".
func covered(rule *profile.Rule, rules []profile.Sourced) string {
	for _, have := range rules {
		switch {
		case rule.Metric != nil:
			if m := have.Metric; m != nil && m.Name == rule.Metric.Name && m.Max != nil && *m.Max == 0 {
				return have.Source
			}
		case len(rule.Avoid) > 0 || len(rule.Prefer) > 0:
			if holdsAll(have.Avoid, rule.Avoid) && holdsAll(have.Prefer, rule.Prefer) {
				return have.Source
			}
		case profile.NormalizePhrase(have.Rule.Rule) == profile.NormalizePhrase(rule.Rule):
			return have.Source
		}
	}
	return ""
}

// holdsAll reports whether list has every phrase of want, compared as
// phrases are.
func holdsAll(list, want []string) bool {
	have := normalized(list)
	for _, p := range normalized(want) {
		if !slices.Contains(have, p) {
			return false
		}
	}
	return true
}

// ruleIDs is every rule id the profile uses, in any layer: a new rule with
// one of them would replace a rule, or refine one in a genre.
func ruleIDs(p profile.Profile) (map[string]bool, error) {
	ids := map[string]bool{}
	add := func(layer profile.Layer, genre string) error {
		rules, err := p.Layer(layer, genre)
		for _, r := range rules {
			ids[r.ID] = true
		}
		return err
	}
	if err := add(profile.HardLimit, ""); err != nil {
		return nil, err
	}
	if err := add(profile.Preference, ""); err != nil {
		return nil, err
	}
	genres, _ := os.ReadDir(filepath.Join(p.Root, filepath.FromSlash(p.Dir), profile.GenresDir))
	for _, g := range genres {
		if g.IsDir() && profile.IsSlug(g.Name()) {
			if err := add(profile.GenreLayer, g.Name()); err != nil {
				return nil, err
			}
		}
	}
	return ids, nil
}

// settleID gives the suggestion an id no rule and no other suggestion of
// the batch has: its own, else with -2, -3...
func settleID(s *analyze.Suggestion, taken map[string]bool) {
	base := s.ID
	for n := 2; taken[s.ID]; n++ {
		suffix := fmt.Sprintf("-%d", n)
		s.ID = strings.TrimSuffix(base[:min(len(base), 64-len(suffix))], "-") + suffix
	}
	taken[s.ID] = true
	s.Rule.ID = s.ID
}

// slugUpTo is s as a plain name of at most max characters, cut at a dash,
// accented letters read as genre names read them (é as e); when nothing of
// s is usable, "from-auto-memory".
func slugUpTo(s string, max int) string {
	words := strings.Fields(s)
	slug, err := profile.ParseGenre(strings.Join(words[:min(len(words), 8)], " "))
	if err != nil {
		slug = profile.Slugify(s)
	}
	if len(slug) > max {
		slug = slug[:max]
		if i := strings.LastIndexByte(slug, '-'); i > 0 {
			slug = slug[:i]
		}
	}
	if slug == "" {
		return "from-auto-memory"
	}
	return slug
}

// quotedList writes phrases in double quotes, joined: "a", "b" or "c".
func quotedList(phrases []string, and string) string {
	q := make([]string, len(phrases))
	for i, p := range phrases {
		q[i] = `"` + p + `"`
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " " + and + " " + q[len(q)-1]
}

// phraseList is phrases as a signature holds them: normalized, joined.
func phraseList(phrases []string) string {
	return clipRunes(strings.Join(normalized(phrases), ", "), analyze.MaxSignature-len("prefer:phrase:"))
}

// normalized is each phrase as phrases are compared.
func normalized(phrases []string) []string {
	n := make([]string, len(phrases))
	for i, p := range phrases {
		n[i] = profile.NormalizePhrase(p)
	}
	return n
}

// clipRunes cuts s to at most n characters, ending it with "…" if cut.
func clipRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
