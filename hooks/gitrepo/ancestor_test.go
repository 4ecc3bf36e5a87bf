package gitrepo

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

func osMkdirTemp() (string, error) { return os.MkdirTemp("", "gitrepo-big-") }

// TestIsAncestorExactUnderClockSkew checks every pair of a random history
// with merges and skewed clocks against reachability computed from git's
// own parent lists; in-process answers must be exact, and the hand-over to
// git must agree too.
func TestIsAncestorExactUnderClockSkew(t *testing.T) {
	for seed := int64(1); seed <= 3; seed++ {
		r, commits, parents := randomDAG(t, seed, 70)
		decided, handed := 0, 0
		for _, b := range commits {
			reach := reachable(parents, b)
			for _, a := range commits {
				found, ok, err := r.paintWalk(a, b)
				if err != nil {
					t.Fatal(err)
				}
				if a == b {
					continue
				}
				if quick, err := r.reachedFrom(a, b); err != nil || quick && !reach[a] {
					t.Fatalf("seed %d: reachedFrom(%s, %s) = %v %v, want %v", seed, a, b, quick, err, reach[a])
				}
				if ok {
					decided++
					if found != reach[a] {
						t.Fatalf("seed %d: in-process IsAncestor(%s, %s) = %v, want %v", seed, a, b, found, reach[a])
					}
				} else {
					handed++
				}
			}
		}
		t.Logf("seed %d: %d decided in process, %d handed to git", seed, decided, handed)
		// Spot-check the public call, including hand-overs, against git.
		for i := 0; i < 40; i++ {
			a, b := commits[(i*17)%len(commits)], commits[(i*29+5)%len(commits)]
			got, err := r.IsAncestor(a, b)
			if err != nil {
				t.Fatal(err)
			}
			_, gerr := gitInput(r.Root, "", "merge-base", "--is-ancestor", a.String(), b.String())
			if got != (gerr == nil) {
				t.Fatalf("IsAncestor(%s, %s) = %v, git says %v", a, b, got, gerr == nil)
			}
		}
	}
}

// TestIsAncestorSuggestionShapes covers the checks the review loop makes:
// a suggestion merged (an ancestor), pending (not one, though its base is),
// and built on a tip days older than itself.
func TestIsAncestorSuggestionShapes(t *testing.T) {
	r := newRepo(t)
	day := func(d int) []string {
		ts := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC).AddDate(0, 0, d).Format(time.RFC3339)
		return []string{"GIT_AUTHOR_DATE=" + ts, "GIT_COMMITTER_DATE=" + ts}
	}
	commitAt := func(d int, args ...string) Hash {
		t.Helper()
		cmdEnv(t, r.Root, day(d), append([]string{"commit", "--quiet", "--allow-empty"}, args...)...)
		return revParse(t, r.Root, "HEAD")
	}
	base := commitAt(0, "-m", "base")
	git(t, r.Root, "switch", "--quiet", "-c", "sw/b1/one")
	sugg := commitAt(10, "-m", "suggestion") // made ten days after its base
	git(t, r.Root, "switch", "--quiet", "main")
	tip := commitAt(11, "-m", "more writing")
	for _, c := range []struct {
		a, b Hash
		want bool
	}{{sugg, tip, false}, {base, tip, true}, {base, sugg, true}, {tip, sugg, false}} {
		found, decided, err := r.paintWalk(c.a, c.b)
		if err != nil || !decided || found != c.want {
			t.Errorf("paintWalk(%s, %s) = %v decided=%v %v, want %v in process", short(c.a), short(c.b), found, decided, err, c.want)
		}
	}
	cmdEnv(t, r.Root, day(12), "merge", "--quiet", "--no-ff", "-m", "accept", "sw/b1/one")
	merged := revParse(t, r.Root, "HEAD")
	if ok, err := r.IsAncestor(sugg, merged); err != nil || !ok {
		t.Errorf("merged suggestion: %v %v", ok, err)
	}
	if ok, _ := r.IsAncestor(merged, merged); !ok {
		t.Error("a commit is its own ancestor")
	}
}

func cmdEnv(t *testing.T, dir string, env []string, args ...string) {
	t.Helper()
	cmd := gitCmd(dir, args...)
	cmd.Env = append(cmd.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

func TestIsAncestorOnBigHistory(t *testing.T) {
	if testing.Short() {
		t.Skip("generates a 10,000-commit history")
	}
	h := sharedBigHistory(t)
	r, _ := At(h.repo.Root)
	tip := h.commits[len(h.commits)-1]
	for _, k := range []int{1, 2, 50, 500} {
		a := h.commits[len(h.commits)-1-k]
		found, decided, err := r.paintWalk(a, tip)
		if err != nil || !decided || !found {
			t.Errorf("tip~%d: %v decided=%v %v", k, found, decided, err)
		}
	}
}

// TestIsAncestorSinceMatchesReachability holds the incremental check to the
// full answer on random histories: for every tip b, every earlier tip prev
// a few first parents down its branch, and every a that b reaches and prev
// does not (with a few that neither reaches). Any other prev falls back to
// IsAncestor, tested above.
func TestIsAncestorSinceMatchesReachability(t *testing.T) {
	for seed := int64(4); seed <= 6; seed++ {
		r, commits, parents := randomDAG(t, seed, 60)
		checked, viaSides := 0, 0
		for _, b := range commits {
			reach := reachable(parents, b)
			prev := b
			for steps := 0; steps < 8 && len(parents[prev]) > 0; steps++ {
				if len(parents[prev]) > 1 {
					viaSides++
				}
				prev = parents[prev][0]
				prevReach := reachable(parents, prev)
				unreached := 0
				for _, a := range commits {
					if prevReach[a] {
						continue // the caller knows prev does not hold a
					}
					if !reach[a] {
						if unreached++; unreached > 4 {
							continue // a few commits b does not reach are enough
						}
					}
					got, err := r.IsAncestorSince(a, b, prev)
					if err != nil {
						t.Fatal(err)
					}
					if got != reach[a] {
						t.Fatalf("seed %d: IsAncestorSince(%s, %s, %s) = %v, want %v", seed, a, b, prev, got, reach[a])
					}
					checked++
				}
			}
		}
		if viaSides == 0 {
			t.Fatalf("seed %d: no merge between b and prev; the test misses merged sides", seed)
		}
		t.Logf("seed %d: %d checks, %d with merges in between", seed, checked, viaSides)
	}
}

// TestIsAncestorSinceReadsOnlyWhatIsNew: with 300 commits made within the
// hour since a suggestion branched off, asking after one more commit reads
// that commit alone, where the full check walks the whole hour.
func TestIsAncestorSinceReadsOnlyWhatIsNew(t *testing.T) {
	r := newRepo(t)
	now := time.Now().Unix()
	var b strings.Builder
	for i := 1; i <= 300; i++ {
		fmt.Fprintf(&b, "commit refs/heads/main\nmark :%d\ncommitter W <w@x> %d +0000\n%s", i, now-int64(300-i), data(fmt.Sprint("c", i)))
		if i > 1 {
			fmt.Fprintf(&b, "from :%d\n", i-1)
		}
		fmt.Fprintf(&b, "M 100644 inline f\n%s", data(fmt.Sprint(i)))
	}
	fmt.Fprintf(&b, "commit refs/heads/sw/1/a\nmark :1000\ncommitter W <w@x> %d +0000\n%sfrom :1\n", now-300, data("suggestion"))
	b.WriteString("done\n")
	fastImport(t, r, b.String())
	sugg, tip, prev := revParse(t, r.Root, "sw/1/a"), revParse(t, r.Root, "main"), revParse(t, r.Root, "main~1")

	if got, err := r.IsAncestorSince(sugg, tip, prev); err != nil || got {
		t.Fatalf("IsAncestorSince = %v, %v; want false", got, err)
	}
	if n := len(r.state().nodes); n > 2 {
		t.Errorf("the incremental check read %d commits; want the new one (and its parent)", n)
	}
	if got, err := r.IsAncestor(sugg, tip); err != nil || got {
		t.Fatalf("IsAncestor = %v, %v; want false", got, err)
	}
	if n := len(r.state().nodes); n < 250 {
		t.Errorf("the full check read %d commits; the history should have made it walk about 300", n)
	}
}

// TestAncestryReusesACommitReadWhole: after Commit(h), walking ancestry
// through h takes its parents from what was read, rather than inflating
// the object again (the post-commit hook reads HEAD both ways).
func TestAncestryReusesACommitReadWhole(t *testing.T) {
	r := newRepo(t)
	first := commitFiles(t, r.Root, "first", "a.md", "A")
	head := commitFiles(t, r.Root, "second", "a.md", "B")
	if _, err := r.Commit(head); err != nil {
		t.Fatal(err)
	}
	removeLoose(t, r, head)
	if ok, err := r.IsAncestor(first, head); err != nil || !ok {
		t.Fatalf("IsAncestor(first, head) = %v, %v; want true", ok, err)
	}
}
