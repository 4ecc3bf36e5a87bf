package analyze

import (
	"fmt"
	"strings"

	"sw/profile"
)

// hasPhrase says whether list holds phrase, compared normalised.
func hasPhrase(list []string, phrase string) bool {
	for _, p := range list {
		if profile.NormalizePhrase(p) == phrase {
			return true
		}
	}
	return false
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

// phraseFree says whether a phrase may be proposed (to prefer, or to
// avoid) in a layer: the profile does not already say it, and saying it
// contradicts no rule. Preferring a phrase that contains an avoided one
// would be dropped at resolution if a hard limit avoids it; against a soft
// rule it is a contradiction the person settles (by a removal, if the
// pieces contradict that rule), never by a second rule.
func (r *run) phraseFree(genre, phrase string, prefer bool) bool {
	genres := r.genres
	if genre != "" {
		genres = []string{genre}
	}
	for _, g := range genres {
		for _, s := range r.req.Profile[g].Rules {
			switch {
			case hasPhrase(s.Prefer, phrase), hasPhrase(s.Avoid, phrase):
				return false
			}
			for _, a := range s.Avoid {
				if profile.ContainsWords(phrase, profile.NormalizePhrase(a)) {
					return false // forbidden, or already avoided as part of it
				}
			}
			if !prefer {
				for _, w := range s.Prefer {
					if profile.ContainsWords(profile.NormalizePhrase(w), phrase) {
						return false // avoiding it would break a preferred phrase
					}
				}
			}
		}
	}
	return true
}

// phraseRuleRemovals proposes removing phrase rules the pieces clearly
// contradict. Only rules with nothing but a phrase list are judged: a rule
// that also sets a metric says more than the phrases.
//   - An avoid rule whose every phrase the person's own finished pieces
//     use, each in at least VocabShare of them (and MinRemovePieces pieces
//     measured): the person writes it, so the rule is wrong.
//   - A prefer rule none of whose phrases any of at least MinRemovePieces
//     pieces uses.
func (r *run) phraseRuleRemovals() {
	avoidOnly := func(s profile.Sourced) bool { return len(s.Avoid) > 0 && len(s.Prefer) == 0 && s.Metric == nil }
	r.removals(avoidOnly, func(s profile.Sourced, ps []*piece) (bool, string) {
		measured := eligibleOf(ps)
		if len(measured) < MinRemovePieces {
			return false, ""
		}
		var lines []string
		for _, a := range s.Avoid {
			var users []*piece
			for _, p := range measured {
				if len(p.doc.FindPhrase(a)) > 0 {
					users = append(users, p)
				}
			}
			if len(users) < atLeast(VocabShare, len(measured)) {
				return false, ""
			}
			lines = append(lines, fmt.Sprintf("%s is used in %d of %d pieces: %s.", quote(a), len(users), len(measured), pieceList(users, nil)))
		}
		return true, strings.Join(lines, "\n")
	})
	preferOnly := func(s profile.Sourced) bool { return len(s.Prefer) > 0 && len(s.Avoid) == 0 && s.Metric == nil }
	r.removals(preferOnly, func(s profile.Sourced, ps []*piece) (bool, string) {
		measured := eligibleOf(ps)
		if len(measured) < MinRemovePieces {
			return false, ""
		}
		for _, p := range measured {
			for _, want := range s.Prefer {
				if len(p.doc.FindPhrase(want)) > 0 {
					return false, ""
				}
			}
		}
		return true, fmt.Sprintf("None of the %d pieces uses any of its phrases: %s.", len(measured), pieceList(measured, nil))
	})
}

func eligibleOf(ps []*piece) []*piece {
	var out []*piece
	for _, p := range ps {
		if p.eligible {
			out = append(out, p)
		}
	}
	return out
}
