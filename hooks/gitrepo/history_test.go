package gitrepo

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// fastImport feeds a stream to `git fast-import`: the quickest way to make
// long histories with chosen dates.
func fastImport(t testing.TB, r *Repo, stream string) {
	t.Helper()
	if out, err := gitInput(r.Root, stream, "fast-import", "--quiet", "--done"); err != nil {
		t.Fatalf("git fast-import: %v\n%s", err, out)
	}
}

func data(s string) string { return fmt.Sprintf("data %d\n%s\n", len(s), s) }

// bigHistory describes the benchmark repository: files pieces spread over
// folders, commits one hour apart, each changing one piece.
type bigHistory struct {
	repo    *Repo
	commits []Hash // oldest first
}

func piecePath(i int) string {
	return fmt.Sprintf("pieces/%02d/piece-%04d.md", i%40, i)
}

// makeBigHistory generates a repository of files files and commits commits
// with git fast-import, packs it as gc would, and checks out the tip.
func makeBigHistory(t testing.TB, files, commits int) *bigHistory {
	t.Helper()
	r := newRepo(t)
	var b strings.Builder
	start := int64(1600000000)
	for c := 0; c < commits; c++ {
		fmt.Fprintf(&b, "commit refs/heads/main\nmark :%d\n", c+1)
		fmt.Fprintf(&b, "author Writer <w@example.com> %d +0000\n", start+int64(c)*3600)
		fmt.Fprintf(&b, "committer Writer <w@example.com> %d +0000\n", start+int64(c)*3600)
		b.WriteString(data(fmt.Sprintf("commit %d", c)))
		if c > 0 {
			fmt.Fprintf(&b, "from :%d\n", c)
		}
		if c == 0 {
			for f := 0; f < files; f++ {
				fmt.Fprintf(&b, "M 100644 inline %s\n%s", piecePath(f), data(fmt.Sprintf("# Piece %d\n\nFirst draft.\n", f)))
			}
			fmt.Fprintf(&b, "M 100644 inline profile/preferences/length.yaml\n%s", data("id: length\n"))
		} else {
			f := (c * 7919) % files
			fmt.Fprintf(&b, "M 100644 inline %s\n%s", piecePath(f), data(fmt.Sprintf("# Piece %d\n\nRevision %d.\n", f, c)))
		}
	}
	b.WriteString("done\n")
	fastImport(t, r, b.String())
	git(t, r.Root, "repack", "-a", "-d", "-q", "--window=10", "--depth=50")
	git(t, r.Root, "pack-refs", "--all")
	git(t, r.Root, "reset", "--quiet", "--hard", "main")
	h := &bigHistory{repo: r}
	for _, line := range strings.Split(git(t, r.Root, "rev-list", "--reverse", "main"), "\n") {
		c, err := ParseHash(line)
		if err != nil {
			t.Fatal(err)
		}
		h.commits = append(h.commits, c)
	}
	return h
}

// The big histories take seconds to generate; tests and benchmarks share
// them.
var (
	bigOnce sync.Once
	bigRepo *bigHistory
	bigDir  string
)

func sharedBigHistory(t testing.TB) *bigHistory {
	bigOnce.Do(func() {
		// A temporary folder that outlives the first test using it.
		var err error
		if bigDir, err = osMkdirTemp(); err != nil {
			t.Fatal(err)
		}
		bigRepo = makeBigHistory(&tbInDir{TB: t, dir: bigDir}, 1000, 10000)
	})
	if bigRepo == nil {
		t.Fatal("generating the big history failed earlier")
	}
	return bigRepo
}

// tbInDir is a testing.TB whose TempDir survives the test, for shared
// fixtures.
type tbInDir struct {
	testing.TB
	dir string
	n   int
}

func (t *tbInDir) TempDir() string {
	t.n++
	dir := filepath.Join(t.dir, fmt.Sprint(t.n))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// randomDAG makes a history with merges and clocks that go backwards: a
// commit's date is its parent's plus or minus up to three days, so the
// date order of the walk and the true order often disagree.
func randomDAG(t *testing.T, seed int64, n int) (*Repo, []Hash, map[Hash][]Hash) {
	r := newRepo(t)
	rng := rand.New(rand.NewSource(seed))
	var b strings.Builder
	times := make([]int64, n)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "commit refs/heads/c%d\nmark :%d\n", i, i+1)
		var parents []int
		if i > 0 {
			parents = append(parents, rng.Intn(i))
			if i > 2 && rng.Intn(3) == 0 {
				if p := rng.Intn(i); p != parents[0] {
					parents = append(parents, p)
				}
			}
		}
		times[i] = 1700000000 + int64(i)*3600
		if len(parents) > 0 {
			times[i] = times[parents[0]] + int64(rng.Intn(6*86400)) - 3*86400
		}
		fmt.Fprintf(&b, "committer W <w@x> %d +0000\n%s", times[i], data(fmt.Sprint("c", i)))
		for k, p := range parents {
			if k == 0 {
				fmt.Fprintf(&b, "from :%d\n", p+1)
			} else {
				fmt.Fprintf(&b, "merge :%d\n", p+1)
			}
		}
		fmt.Fprintf(&b, "M 100644 inline f%d\n%s", i%5, data(fmt.Sprint(i)))
	}
	b.WriteString("done\n")
	fastImport(t, r, b.String())
	var commits []Hash
	parents := map[Hash][]Hash{}
	for i := 0; i < n; i++ {
		commits = append(commits, revParse(t, r.Root, fmt.Sprintf("c%d", i)))
	}
	for _, line := range strings.Split(git(t, r.Root, "rev-list", "--parents", "--all"), "\n") {
		f := strings.Fields(line)
		c, _ := ParseHash(f[0])
		for _, p := range f[1:] {
			ph, _ := ParseHash(p)
			parents[c] = append(parents[c], ph)
		}
	}
	return r, commits, parents
}

func reachable(parents map[Hash][]Hash, from Hash) map[Hash]bool {
	seen := map[Hash]bool{from: true}
	stack := []Hash{from}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, p := range parents[c] {
			if !seen[p] {
				seen[p] = true
				stack = append(stack, p)
			}
		}
	}
	return seen
}
