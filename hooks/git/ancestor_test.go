package git

import "testing"

// TestAncestry checks IsAncestor, IsAncestorSince and MergeBase against
// git on the shapes the review loop meets: a commit on top of the last
// tip, a merge of a suggestion, a fast-forward, and a branch that went
// elsewhere.
func TestAncestry(t *testing.T) {
	r := newRepo(t)
	base := commitFiles(t, r.Root, "base", "a.md", "a\n")
	git(t, r.Root, "checkout", "-q", "-b", "sw/1/x")
	sug := commitFiles(t, r.Root, "suggestion", "profile/x.yaml", "x\n")
	git(t, r.Root, "checkout", "-q", "main")
	next := commitFiles(t, r.Root, "a piece", "b.md", "b\n")
	git(t, r.Root, "merge", "-q", "--no-ff", "-m", "accept", "sw/1/x")
	merged := revParse(t, r.Root, "HEAD")
	after := commitFiles(t, r.Root, "another piece", "c.md", "c\n")
	git(t, r.Root, "checkout", "-q", "-b", "elsewhere", base.String())
	other := commitFiles(t, r.Root, "elsewhere", "d.md", "d\n")

	cases := []struct {
		a, b, prev Hash
		want       bool
	}{
		{sug, next, base, false},  // a commit on top: the suggestion is not in
		{sug, merged, next, true}, // merged: found on the merge's side
		{sug, after, next, true},
		{base, after, ZeroHash, true},
		{sug, other, base, false},  // prev below b, a never merged
		{sug, other, after, false}, // prev not below b: git decides
		{after, after, next, true}, // a commit is its own ancestor
		{merged, sug, base, false}, // a descendant is no ancestor
		{other, after, merged, false},
	}
	// IsAncestorSince's promise holds for an a that is no ancestor of prev.
	for _, c := range cases {
		got, err := r.IsAncestorSince(c.a, c.b, c.prev)
		if err != nil || got != c.want {
			t.Errorf("IsAncestorSince(%s, %s, %s) = %v %v, want %v", c.a.Short(), c.b.Short(), c.prev.Short(), got, err, c.want)
		}
		_, gitErr := gitInput(r.Root, "", "merge-base", "--is-ancestor", c.a.String(), c.b.String())
		if got, err := r.IsAncestor(c.a, c.b); err != nil || got != (gitErr == nil) || got != c.want {
			t.Errorf("IsAncestor(%s, %s) = %v %v, git says %v", c.a.Short(), c.b.Short(), got, err, gitErr == nil)
		}
	}
	if _, err := r.IsAncestor(Hash("0123456789012345678901234567890123456789"), after); err == nil {
		t.Error("a commit the repository lacks gave an answer")
	}

	// MergeBase: where a suggestion parted from the branch it is merged
	// into, and no base at all for a history of its own.
	if got, ok, err := r.MergeBase(next, sug); err != nil || !ok || got != base {
		t.Errorf("MergeBase(next, suggestion) = %s, %v, %v; want %s", got.Short(), ok, err, base.Short())
	}
	git(t, r.Root, "checkout", "-q", "--orphan", "unrelated")
	unrelated := commitFiles(t, r.Root, "a history of its own", "e.md", "e\n")
	if _, ok, err := r.MergeBase(after, unrelated); err != nil || ok {
		t.Errorf("unrelated histories: ok %v, %v; want no base and no error", ok, err)
	}
}
