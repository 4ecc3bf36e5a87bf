package analyze

import (
	"fmt"
	"slices"
	"strings"

	"sw/profile"
)

// hasPhrase says whether list holds phrase, compared normalised.
func hasPhrase(list []string, phrase string) bool {
	return slices.ContainsFunc(list, func(p string) bool { return profile.NormalizePhrase(p) == phrase })
}

// phraseID is the id of a phrase rule: prefer-in-fact, avoid-delve. The
// same phrase always gives the same id, so a later batch refreshes the
// same branch.
func phraseID(kind, phrase string) string {
	slug := profile.Slugify(kind + " " + phrase)
	if slug == "" || slug == kind {
		slug = kind + "-phrase"
	}
	return slug
}

// phraseCandidate proposes a rule to avoid (or prefer) one phrase.
func phraseCandidate(avoid bool, genre, phrase string, fam family, strength float64, text, summary, evidence string) *candidate {
	kind, rule := "prefer", &profile.Rule{Rule: text, Prefer: []string{phrase}}
	if avoid {
		kind, rule = "avoid", &profile.Rule{Rule: text, Avoid: []string{phrase}}
	}
	match := func(s profile.Sourced) bool { return hasPhrase(s.Prefer, phrase) }
	if avoid {
		match = func(s profile.Sourced) bool { return hasPhrase(s.Avoid, phrase) }
	}
	return &candidate{family: fam, genre: genre, baseID: phraseID(kind, phrase), match: match, rule: rule,
		summary: summary, evidence: evidence, sig: kind + ":phrase:" + phrase, strength: strength}
}

// phraseFree says whether a phrase may be proposed (to prefer, or to
// avoid) in a layer: the profile does not already say it, and saying it
// contradicts no rule. Against a hard limit it would be dropped at
// resolution; against a soft rule it is a contradiction the person settles
// (by a removal, if the pieces contradict that rule), never a second rule.
func (r *run) phraseFree(genre, phrase string, prefer bool) bool {
	genres := r.genres
	if genre != "" {
		genres = []string{genre}
	}
	inPhrase := func(p string) bool { return profile.ContainsWords(phrase, profile.NormalizePhrase(p)) }
	holdsPhrase := func(p string) bool { return profile.ContainsWords(profile.NormalizePhrase(p), phrase) }
	for _, g := range genres {
		for _, s := range r.req.Profile[g].Rules {
			switch {
			case hasPhrase(s.Prefer, phrase), hasPhrase(s.Avoid, phrase):
				return false
			case slices.ContainsFunc(s.Avoid, inPhrase):
				return false // forbidden, or already avoided as part of it
			case !prefer && slices.ContainsFunc(s.Prefer, holdsPhrase):
				return false // avoiding it would break a preferred phrase
			}
		}
	}
	return true
}

// phraseRuleRemovals revisits phrase rules on the recent pieces (see
// BreakShare) and proposes removing those they contradict. Only rules
// with nothing but a phrase list are judged: a rule that also sets a
// metric says more than the phrases. At least MinRemovePieces pieces must
// be measured.
//   - An avoid rule whose every phrase BreakShare of the person's own
//     finished pieces use: the person writes it, so the rule is wrong.
//   - A prefer rule BreakShare of the pieces follow with none of its
//     phrases: sw check faults each of them, and a signature was
//     proposed only when a new piece would use it with PreferShare's
//     odds. Half the pieces using it is not enough: a writer's dialogue
//     tags come with the sketches that tell of talk.
func (r *run) phraseRuleRemovals() {
	avoidOnly := func(s profile.Sourced) bool { return len(s.Avoid) > 0 && len(s.Prefer) == 0 && s.Metric == nil }
	r.removals(avoidOnly, func(s profile.Sourced, ps []*piece) (bool, string) {
		measured := eligibleOf(ps)
		if len(measured) < MinRemovePieces {
			return false, ""
		}
		var lines []string
		for _, a := range s.Avoid {
			users := using(measured, []string{a})
			if len(users) < atLeast(BreakShare, len(measured)) {
				return false, ""
			}
			lines = append(lines, fmt.Sprintf("%s is used in %d of the %d recent pieces: %s.", quote(a), len(users), len(measured), pieceList(users, nil)))
		}
		return true, strings.Join(lines, "\n")
	})
	preferOnly := func(s profile.Sourced) bool { return len(s.Prefer) > 0 && len(s.Avoid) == 0 && s.Metric == nil }
	r.removals(preferOnly, func(s profile.Sourced, ps []*piece) (bool, string) {
		measured := eligibleOf(ps)
		if len(measured) < MinRemovePieces {
			return false, ""
		}
		users := using(measured, s.Prefer)
		if len(measured)-len(users) < atLeast(BreakShare, len(measured)) {
			return false, ""
		}
		without := filter(measured, func(p *piece) bool { return !slices.Contains(users, p) })
		return true, fmt.Sprintf("%d of the %d recent pieces use none of its phrases: %s.", len(without), len(measured), pieceList(without, nil))
	})
}

// using lists the pieces that use at least one of phrases.
func using(ps []*piece, phrases []string) []*piece {
	return filter(ps, func(p *piece) bool {
		return slices.ContainsFunc(phrases, func(ph string) bool { return len(p.doc.FindPhrase(ph)) > 0 })
	})
}

func eligibleOf(ps []*piece) []*piece { return filter(ps, func(p *piece) bool { return p.eligible }) }
