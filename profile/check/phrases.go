package check

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"sw/profile"
)

// listed is a rule's phrase as written, for messages, with the normalised
// form it is matched in.
type listed struct{ written, norm string }

// phraseLists are one rule's avoid and prefer lists, normalised once.
type phraseLists struct{ avoid, prefer []listed }

// listsOf normalises every rule's phrases, returned by rule and all
// together, so they are found in one pass before any rule is checked.
func listsOf(rules []profile.Sourced) ([]phraseLists, []string) {
	lists := make([]phraseLists, len(rules))
	var all []string
	for i := range rules {
		lists[i].avoid = distinct(rules[i].Avoid)
		lists[i].prefer = distinct(rules[i].Prefer)
		for _, p := range slices.Concat(lists[i].avoid, lists[i].prefer) {
			all = append(all, p.norm)
		}
	}
	return lists, all
}

// distinct normalises a list. A phrase listed twice counts once, and one
// without a letter or digit is left out: phrases match by words, so it can
// never be found and would only drag a prefer rule's share down.
func distinct(phrases []string) []listed {
	if len(phrases) == 0 {
		return nil
	}
	out := make([]listed, 0, len(phrases))
	for _, p := range phrases {
		n := normalize(p)
		hasWord := strings.ContainsFunc(n, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })
		if hasWord && !slices.ContainsFunc(out, func(l listed) bool { return l.norm == n }) {
			out = append(out, listed{strings.TrimSpace(p), n})
		}
	}
	return out
}

// normalize is profile.NormalizePhrase, without the cost of building its
// quote replacer for the common phrase that has no curly quote to replace.
func normalize(s string) string {
	done := len(s) > 0 && s[0] != ' ' && s[len(s)-1] != ' '
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf:
			return profile.NormalizePhrase(s)
		case c >= 'A' && c <= 'Z', c == '\t', c == '\n', c == '\v', c == '\f', c == '\r',
			c == ' ' && i > 0 && s[i-1] == ' ':
			done = false
		}
	}
	if done {
		return s // already in normal form, as analyzer output is
	}
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}

// avoid reports every occurrence of the rule's avoided phrases.
func (rc *ruleCheck) avoid(list []listed) {
	if len(list) == 0 {
		return
	}
	n := 0
	for _, p := range list {
		for _, at := range rc.c.phrases[p.norm] {
			rc.units = append(rc.units, unitFinding{at: at, phrase: p.written})
			n++
		}
	}
	rc.part(avoidCloseness(n))
}

func (rc *ruleCheck) avoidMessage(phrase string) string {
	return "uses " + strconv.Quote(phrase) + ", which " + rc.name() + " avoids"
}

// prefer scores the share of the rule's phrases the piece uses, and warns
// when it uses none of them.
func (rc *ruleCheck) prefer(list []listed) {
	if len(list) == 0 {
		return
	}
	used := 0
	for _, p := range list {
		if len(rc.c.phrases[p.norm]) > 0 {
			used++
		}
	}
	rc.part(float64(used) / float64(len(list)))
	switch {
	case used > 0:
	case len(list) == 1:
		rc.whole(false, "does not use "+strconv.Quote(list[0].written)+", which "+rc.name()+" prefers")
	default:
		var quoted []string
		for _, p := range list {
			quoted = append(quoted, strconv.Quote(p.written))
		}
		rc.whole(false, "uses none of "+strings.Join(quoted, ", ")+"; "+rc.name()+" prefers at least one")
	}
}
