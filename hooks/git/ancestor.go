package git

// IsAncestor reports whether commit a is reachable from commit b (a commit
// is its own ancestor). git answers it: its commit-graph makes the question
// cheap on any history, which a walk here could not promise.
func (r *Repo) IsAncestor(a, b Hash) (bool, error) {
	if a == b {
		return true, nil
	}
	_, err := r.git("merge-base", "--is-ancestor", a.String(), b.String())
	return yes(err)
}

// IsAncestorSince is IsAncestor(a, b) for an a known not to be an ancestor
// of prev, an earlier tip of b's branch. A hook asks this after every
// commit about each pending suggestion, and the branch has usually moved by
// a commit or a merge on top of prev: then only what those brought in can
// hold a, read in process without starting git. If prev is not a few first
// parents below b (a reset, a rebase, a long fetch), it is IsAncestor.
func (r *Repo) IsAncestorSince(a, b, prev Hash) (bool, error) {
	if prev.IsZero() {
		return r.IsAncestor(a, b)
	}
	var sides []Hash // parents of merges since prev, other than the first
	for h, steps := b, 0; h != prev; steps++ {
		if h == a {
			return true, nil
		}
		c, err := r.Commit(h)
		if err != nil {
			return false, err
		}
		if len(c.Parents) == 0 || steps == maxSince {
			return r.IsAncestor(a, b)
		}
		sides = append(sides, c.Parents[1:]...)
		h = c.Parents[0]
	}
	// A path from b to a cannot pass through prev's history, which does not
	// hold a: it runs through the first-parent line walked above (a was not
	// on it) or through a merged side.
	for _, p := range sides {
		if ok, err := r.IsAncestor(a, p); err != nil || ok {
			return ok, err
		}
	}
	return false, nil
}

// maxSince bounds the first-parent steps IsAncestorSince takes looking for
// the earlier tip.
const maxSince = 64

// MergeBase returns the best common ancestor of a and b, what a merge of
// the two starts from; ok is false when their histories share no commit.
func (r *Repo) MergeBase(a, b Hash) (base Hash, ok bool, err error) {
	return hashOut(r.git("merge-base", a.String(), b.String()))
}
