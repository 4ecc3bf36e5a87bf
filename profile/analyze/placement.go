package analyze

import (
	"maps"
	"slices"

	"sw/profile"
)

// run is one analysis: the batch, its profile, and the candidates so far.
type run struct {
	req     *Request
	pieces  []*piece            // sorted by path
	genres  []string            // the batch's genres, sorted
	byGenre map[string][]*piece // in path order
	cands   []*candidate
	bySig   map[string]*candidate // by scoped signature
	// templates are the boilerplate lines left out of measurement, for
	// the rules measured without them to carry (see leftOut).
	templates templateLines
}

// gate is what a signal's noise gate saw: the pieces the signal could be
// seen in (big enough, with drafts...), those it was seen in, and whether
// that is enough.
type gate struct {
	holds    bool
	measured []*piece
	support  []*piece
}

// outcome is a signal that holds, and where it goes: the global
// preferences (genre "") or one genre's layer.
type outcome[T any] struct {
	genre string
	res   T
	gate  gate
}

// place decides where a signal goes. eval runs the signal's noise gate
// over the pieces of one genre, or of the whole batch for genre "".
//
// A batch of one genre can only show what holds in that genre: learning a
// global rule from essays alone would impose it on reviews nobody has
// looked at. In a batch of several genres, a signal goes to the global
// preferences when it holds over the whole batch, in pieces of two genres
// or more, and in every genre with MinPieces measurable pieces (a genre
// with one piece cannot hold anything, and so cannot veto either).
// Otherwise each genre where it holds gets its own suggestion. A batch of
// the default genre alone is a collection that does not use genres: what
// holds there is a global preference.
func place[T any](r *run, eval func(genre string) (T, gate)) []outcome[T] {
	if len(r.genres) == 1 && r.genres[0] == profile.DefaultGenre {
		if res, g := eval(""); g.holds {
			return []outcome[T]{{"", res, g}}
		}
		return nil
	}
	if len(r.genres) >= 2 {
		res, g := eval("")
		failsAGenre := func(genre string) bool {
			_, g := eval(genre)
			return len(g.measured) >= MinPieces && !g.holds
		}
		if g.holds && genreCount(g.support) >= 2 && !slices.ContainsFunc(r.genres, failsAGenre) {
			return []outcome[T]{{"", res, g}}
		}
	}
	var out []outcome[T]
	for _, genre := range r.genres {
		if res, g := eval(genre); g.holds {
			out = append(out, outcome[T]{genre, res, g})
		}
	}
	return out
}

func genreCount(ps []*piece) int {
	seen := map[string]bool{}
	for _, p := range ps {
		seen[p.Genre] = true
	}
	return len(seen)
}

// current finds what the profile already says about a signal in a layer:
// the soft rule a genre resolves to (a genre rule before a preference,
// then by id), or for the global preferences the preference any genre
// resolves to; and every hard limit the signal must not contradict.
func (r *run) current(genre string, match func(profile.Sourced) bool) (soft *profile.Sourced, hard []profile.Sourced) {
	genres := r.genres
	if genre != "" {
		genres = []string{genre}
	}
	seenHard := map[string]bool{}
	for _, g := range genres {
		for i := range r.req.Profile[g].Rules {
			s := &r.req.Profile[g].Rules[i]
			if !match(*s) {
				continue
			}
			switch {
			case s.Layer == profile.HardLimit:
				if !seenHard[s.ID] {
					seenHard[s.ID] = true
					hard = append(hard, *s)
				}
			case genre == "" && s.Layer != profile.Preference:
			case soft == nil || betterSoft(s, soft):
				soft = s
			}
		}
	}
	return soft, hard
}

func betterSoft(a, b *profile.Sourced) bool {
	if (a.Layer == profile.GenreLayer) != (b.Layer == profile.GenreLayer) {
		return a.Layer == profile.GenreLayer
	}
	return a.ID < b.ID
}

// removals proposes removing the soft rules that match and that the pieces
// contradict (contradicted judges a set of pieces and gives the
// evidence). A genre rule is judged by its genre's pieces; a global
// preference by those of every genre that resolves to it, each of which
// must contradict it on its own: one genre's habits never remove a rule
// that serves the others.
func (r *run) removals(match func(profile.Sourced) bool, contradicted func(profile.Sourced, []*piece) (bool, string)) {
	type prefUse struct {
		rule   profile.Sourced
		genres []string
	}
	prefs := map[string]*prefUse{}
	for _, g := range r.genres {
		for _, s := range r.req.Profile[g].Rules {
			if !match(s) {
				continue
			}
			switch s.Layer {
			case profile.GenreLayer:
				if ok, ev := contradicted(s, r.byGenre[g]); ok {
					r.addRemoval(g, s, ev)
				}
			case profile.Preference:
				u := prefs[s.ID]
				if u == nil {
					u = &prefUse{rule: s}
					prefs[s.ID] = u
				}
				u.genres = append(u.genres, g)
			}
		}
	}
	for _, id := range sortedKeys(prefs) {
		u := prefs[id]
		if slices.ContainsFunc(u.genres, func(g string) bool {
			c, _ := contradicted(u.rule, r.byGenre[g])
			return !c
		}) {
			continue
		}
		all := filter(r.pieces, func(p *piece) bool { return slices.Contains(u.genres, p.Genre) })
		if c, ev := contradicted(u.rule, all); c {
			r.addRemoval("", u.rule, ev)
		}
	}
}

func (r *run) addRemoval(genre string, s profile.Sourced, evidence string) {
	r.add(&candidate{
		family:   familyRemove,
		genre:    genre,
		baseID:   s.ID,
		fixedID:  true,
		summary:  "Remove " + s.ID + ": the pieces contradict it",
		evidence: evidence + "\nRule " + s.ID + " (" + s.Source + "): " + s.Rule.Rule,
		sig:      "remove:" + s.ID,
		strength: 1,
		removes:  &s.Rule,
		// A rule the pieces contradict misleads the agent on every piece:
		// taking it away is a correction, weighed as a clear habit on as
		// few pieces as a removal needs.
		distance: 2,
		support:  MinRemovePieces,
	})
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// filter is the elements of s that keep keeps, in order; nil when none.
func filter[T any](s []T, keep func(T) bool) []T {
	var out []T
	for _, x := range s {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}
