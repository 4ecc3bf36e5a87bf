package review

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"sw/profile"
	"sw/profile/check"
)

// Two writers, end to end: three Federalist papers of Jay's and three of
// Hamilton's are each committed to a collection of their own, analysed,
// and every suggestion accepted with sw accept (a real git merge). Each
// held-out paper must then score higher against its own author's profile
// than against the other's in at least 80% of cases. (The analyzer's own
// test runs every split of the papers; this one runs the first through the
// whole loop.)
func TestTwoWritersThroughTheLoop(t *testing.T) {
	if testing.Short() {
		t.Skip("analyses two collections and merges every suggestion")
	}
	paper := func(n string) []byte {
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "corpus", "federalist", n+".md"))
		if err != nil {
			t.Skip("corpus:", err)
		}
		return b
	}
	learn := func(papers ...string) *profile.Resolved {
		l := newCollection(t)
		var paths []string
		for _, n := range papers {
			path := "pieces/" + n + ".md"
			write(t, filepath.Join(l.Repo.Root, path), string(paper(n)))
			runGit(t, l.Repo.Root, "add", path)
			runGit(t, l.Repo.Root, "commit", "-q", "-m", "Federalist "+n)
			paths = append(paths, path)
		}
		p, err := l.Propose(context.Background(), paths)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := l.Apply(p); err != nil {
			t.Fatal(err)
		}
		d, err := l.Review()
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Pending) == 0 {
			t.Fatalf("%v: nothing to accept", papers)
		}
		for _, s := range d.Pending {
			if _, err := l.Accept(s.Branch); err != nil {
				t.Fatalf("accepting %s: %v", s.Branch, err)
			}
		}
		if d, _ := l.Review(); len(d.Pending) != 0 {
			t.Fatalf("%d suggestions left pending after accepting all", len(d.Pending))
		}
		r, err := l.Coll.Resolve("")
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	jay, hamilton := learn("002", "003", "004"), learn("001", "006", "007")
	score := func(n string, r *profile.Resolved) float64 {
		return check.Piece(n+".md", paper(n), r.Genre, r).Score
	}
	right, cases := 0, 0
	for own, papers := range map[*profile.Resolved][]string{
		jay:      {"005", "064"},
		hamilton: {"008", "009", "011", "012", "013", "015", "016", "017"},
	} {
		other := jay
		if own == jay {
			other = hamilton
		}
		for _, n := range papers {
			cases++
			mine, theirs := score(n, own), score(n, other)
			if mine > theirs {
				right++
			}
			t.Logf("Federalist %s: %.3f against its author, %.3f against the other", n, mine, theirs)
		}
	}
	t.Logf("%d of %d held-out papers closer to their own author", right, cases)
	if right*10 < cases*8 {
		t.Errorf("only %d of %d held-out papers score higher against their own author (want 80%%)", right, cases)
	}
}
