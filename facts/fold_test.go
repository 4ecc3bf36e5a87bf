package facts

import (
	"slices"
	"testing"
)

// TestFoldCountFollowsTheChange: the fold line's count moves with the
// change alone while the file tells whether it counts the change yet
// (its own entries read as Before's: not yet; as After's: already), and
// the pieces are asked for only when it cannot tell: a change that adds
// or removes a folded piece, applied again to a file no commit has taken.
func TestFoldCountFollowsTheChange(t *testing.T) {
	ps, paths := manyPieces(300)
	budget := Budget{Lines: 200, Bytes: 25 * 1024}
	head, _ := update(t, string(Starter()), Update{Pieces: ps, All: func() ([]string, error) { return paths, nil }, Budget: budget, Full: true})
	folded := mustAuto(t, head).folded

	undated := piece("pieces/p000.md", "", "Piece number 0, revised.") // folded, dated by the commit
	old := piece("pieces/old.md", "2024-01-01", "Old.")
	old.Added = true
	for _, tc := range []struct {
		name   string
		u      Update
		after  []string // the pieces there are after the change
		want   int
		moving bool // it adds or removes a folded piece
	}{
		{"a folded piece listed again, the oldest listed folded",
			Update{Pieces: []PieceFacts{undated}}, paths, folded, false},
		{"a folded piece deleted",
			Update{Removed: []string{"pieces/p001.md"}}, slices.Delete(slices.Clone(paths), 1, 2), folded - 1, true},
		{"an old piece added straight into the fold",
			Update{Pieces: []PieceFacts{old}}, append(slices.Clone(paths), old.Path), folded + 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			asked := false
			u := tc.u
			u.Budget, u.DateOf, u.Before = budget, func(string) string { return "2026-06-01" }, []byte(head)
			u.All = func() ([]string, error) { asked = true; return tc.after, nil }

			out, _ := update(t, head, u)
			if got := mustAuto(t, out).folded; got != tc.want || asked {
				t.Errorf("folded %d, want %d; the pieces asked for: %v", got, tc.want, asked)
			}
			// Again, as the post-commit hook applies it once the commit
			// brought it in: nothing moves, nothing is asked.
			u.After = []byte(out)
			if again, res := update(t, out, u); res.Wrote || asked {
				t.Errorf("applied again after the commit (pieces asked for: %v), the file changed:\n%s", asked, again)
			}
			// Again with no commit made (one that was stopped, then made
			// again): where it moves the fold, the count is made afresh.
			u.After = nil
			again, _ := update(t, out, u)
			if got := mustAuto(t, again).folded; got != tc.want || asked != tc.moving {
				t.Errorf("applied again before a commit: folded %d, want %d; the pieces asked for: %v", got, tc.want, asked)
			}
		})
	}
}
