package gitrepo

import (
	"os"
	"path/filepath"
	"testing"
)

func TestSameAt(t *testing.T) {
	r := newRepo(t)
	const rule = "profile/preferences/a.yaml"
	c1 := commitFiles(t, r.Root, "first", rule, "A", "pieces/x.md", "one")
	c2 := commitFiles(t, r.Root, "a piece", "pieces/x.md", "two")
	c3 := commitFiles(t, r.Root, "the rule changes", rule, "B")
	if err := os.Remove(filepath.Join(r.Root, filepath.FromSlash(rule))); err != nil {
		t.Fatal(err)
	}
	c4 := commitFiles(t, r.Root, "the rule goes")
	c5 := commitFiles(t, r.Root, "another piece", "pieces/x.md", "three")
	c6 := commitFiles(t, r.Root, "the rule comes back", rule, "A")
	for _, tc := range []struct {
		a, b Hash
		path string
		want bool
	}{
		{c1, c2, rule, true},           // only pieces moved
		{c2, c3, rule, false},          // changed
		{c3, c4, rule, false},          // removed
		{c4, c5, rule, true},           // absent in both
		{c1, c6, rule, true},           // changed and changed back
		{c1, c2, "profile", true},      // a folder
		{c2, c3, "profile", false},     // a folder with a change inside
		{c1, c1, "no/such/path", true}, // same commit
		{c1, c2, "no/such/path", true},
		{c1, c2, "pieces/x.md", false},
	} {
		got, err := r.SameAt(tc.a, tc.b, tc.path)
		if err != nil || got != tc.want {
			t.Errorf("SameAt(%.7s, %.7s, %q) = %v, %v; want %v", tc.a, tc.b, tc.path, got, err, tc.want)
		}
	}
}

// TestSameAtSameCommitReadsNothing: a branch that has not moved holds the
// same content everywhere, so its commit is not read, as a hook asks this
// of an unchanged upstream after every commit.
func TestSameAtSameCommitReadsNothing(t *testing.T) {
	r := newRepo(t)
	c := commitFiles(t, r.Root, "first", "a.md", "A")
	removeLoose(t, r, c)
	if same, err := r.SameAt(c, c, "a.md"); err != nil || !same {
		t.Fatalf("SameAt of one commit with itself = %v, %v", same, err)
	}
}

// removeLoose deletes h from git's object store, so that only what sw
// already holds of it can answer.
func removeLoose(t *testing.T, r *Repo, h Hash) {
	t.Helper()
	s := h.String()
	if err := os.Remove(filepath.Join(r.CommonDir, "objects", s[:2], s[2:])); err != nil {
		t.Fatal(err)
	}
}
