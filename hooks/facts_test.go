package hooks

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sw/facts"
	"sw/hooks/git"
	"sw/hooks/guard"
	"sw/hooks/review"
	"sw/profile/collection"
)

// collectionOf makes a collection with n pieces in ten folders, a
// memory.md rebuilt for them, all committed, and returns its root and a
// way to run git there.
func collectionOf(tb testing.TB, n int) (string, func(args ...string) string) {
	tb.Helper()
	root, git := gitFolder(tb)
	tb.Setenv("GIT_AUTHOR_DATE", "2026-01-01T10:00:00Z")
	tb.Setenv("GIT_COMMITTER_DATE", "2026-01-01T10:00:00Z")
	writeTestFile(tb, filepath.Join(root, ".sw.yaml"), "batch_size: 3\n")
	writeTestFile(tb, filepath.Join(root, collection.MemoryFile), string(facts.Starter()))
	for i := range n {
		writeTestFile(tb, filepath.Join(root, "pieces", fmt.Sprint(i%10), fmt.Sprintf("p%04d.md", i)),
			fmt.Sprintf("---\ntitle: Piece %d\ndate: 2025-%02d-%02d\ngenre: essay\n---\n\nThis is piece number %d. It says little.\n", i, 1+i/28%12, 1+i%28, i))
	}
	git("init", "-q")
	git("add", "-A")
	if _, err := RebuildFacts(root); err != nil {
		tb.Fatal(err)
	}
	git("add", "-A")
	git("commit", "-q", "-m", "The collection so far")
	return root, git
}

// commitThroughHooks commits what is staged as git would with sw's
// pre-commit hook, called in this process.
func commitThroughHooks(tb testing.TB, root string, git func(...string) string, msg string) string {
	tb.Helper()
	var stderr bytes.Buffer
	PreCommit(IO{Dir: root, Stderr: &stderr, Getenv: func(k string) string {
		if k == "GIT_INDEX_FILE" {
			return ".git/index" // as git gives it for a plain commit
		}
		return os.Getenv(k)
	}})
	git("commit", "-q", "-m", msg)
	return stderr.String()
}

// BenchmarkFactsAfterCommit1000 is the post-commit hook's facts part in a
// collection of 1,000 pieces, after a commit that the pre-commit hook
// already put in memory.md. "seen" is every commit but one made with
// --no-verify: the pre-commit hook's note says it saw the index through,
// and nothing more is read. Without the note the hook reads the commit's
// pieces and finds nothing to write. Each run opens
// the collection afresh, as a hook process does, and reads first, untimed,
// what the review loop's count reads before it (see countAsTheHookDoes):
// the facts part is what the hook costs on top. "cold" leaves that out,
// so the facts part opens git's storage and reads the trees itself. Goal: under 1 ms.
// Besides wall time it reports the processor time the process used
// (cpu-ns/op), which a busy machine inflates less.
func BenchmarkFactsAfterCommit1000(b *testing.B) {
	root, git := collectionOf(b, 1000)
	for _, bc := range []struct {
		name, path, text string
		cold, seen       bool
	}{
		{"new piece", "pieces/new.md", "---\ndate: 2026-02-01\n---\n\nA new piece, finished today.\n", false, false},
		{"changed piece", "pieces/9/p0999.md", "---\ntitle: Piece 999\ndate: 2025-12-20\ngenre: essay\n---\n\nPiece 999, rewritten.\n", false, false},
		{"changed piece, cold", "pieces/9/p0999.md", "---\ntitle: Piece 999\ndate: 2025-12-20\ngenre: essay\n---\n\nPiece 999, rewritten again.\n", true, false},
		{"changed piece, seen", "pieces/9/p0999.md", "---\ntitle: Piece 999\ndate: 2025-12-20\ngenre: essay\n---\n\nPiece 999, rewritten once more.\n", false, true},
	} {
		b.Run(bc.name, func(b *testing.B) {
			writeTestFile(b, filepath.Join(root, filepath.FromSlash(bc.path)), bc.text)
			git("add", bc.path)
			commitThroughHooks(b, root, git, bc.name)
			if bc.seen {
				dateNoteAsGitWould(b, root)
			}
			if !strings.Contains(git("show", "--stat", "HEAD"), "memory.md") {
				b.Fatal("the pre-commit hook did not stage memory.md")
			}
			var stderr bytes.Buffer
			io := IO{Stderr: &stderr, Getenv: postCommitEnv(bc.seen)}
			var cpu time.Duration
			for b.Loop() {
				b.StopTimer()
				l, err := review.Open(root)
				if err != nil {
					b.Fatal(err)
				}
				if !bc.cold {
					countAsTheHookDoes(b, l)
				}
				b.StartTimer()
				before := guard.CPUTime()
				factsAfterCommit(io, l)
				cpu += guard.CPUTime() - before
			}
			b.StopTimer()
			if cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
			if stderr.Len() > 0 || git("status", "--porcelain") != "" {
				b.Fatalf("the catch-up wrote: %s", stderr.String())
			}
		})
	}
}

// countAsTheHookDoes reads what the post-commit hook's count reads before
// the facts part runs: HEAD, its commit, and the pieces it changed. (The
// count itself reads nothing on a HEAD it has already counted, as each
// run of a benchmark's is.)
func countAsTheHookDoes(b *testing.B, l *review.Loop) {
	if _, err := l.Committed(); err != nil {
		b.Fatal(err)
	}
	_, head, err := l.Repo.Head()
	if err != nil {
		b.Fatal(err)
	}
	c, err := l.Repo.Commit(head)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := l.Repo.ChangedFilesIn(c.Parents[0], head, piecesIn(l.Coll)); err != nil {
		b.Fatal(err)
	}
}

// TestFactsFoldInABigCollection: 1,000 pieces rebuilt fit the budget,
// folded; a new piece committed through the hook is listed, the count
// kept true; the post-commit catch-up then finds nothing to do.
func TestFactsFoldInABigCollection(t *testing.T) {
	if testing.Short() {
		t.Skip("makes 1,000 pieces")
	}
	root, git := collectionOf(t, 1000)
	mem := filepath.Join(root, collection.MemoryFile)
	count := func() (listed int, fold string) {
		data, err := os.ReadFile(mem)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			switch {
			case strings.HasPrefix(l, "- **pieces/"):
				listed++
			case strings.HasPrefix(l, "- **earlier-pieces:**"):
				fold = l
			}
		}
		if n := strings.Count(string(data), "\n"); n > 200 {
			t.Errorf("%d lines", n)
		}
		return listed, fold
	}
	listed, fold := count()
	if want := fmt.Sprintf("…and %d earlier pieces", 1000-listed); !strings.Contains(fold, want) {
		t.Fatalf("fold line %q, want %q", fold, want)
	}
	writeTestFile(t, filepath.Join(root, "pieces", "new.md"), "A new piece.\n")
	git("add", "pieces/new.md")
	if out := commitThroughHooks(t, root, git, "new"); out != "" {
		t.Errorf("pre-commit said %q", out)
	}
	listed2, fold2 := count()
	if want := fmt.Sprintf("…and %d earlier pieces", 1001-listed2); listed2 != listed || !strings.Contains(fold2, want) {
		t.Errorf("listed %d (was %d), fold line %q, want %q", listed2, listed, fold2, want)
	}
	l, err := review.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	factsAfterCommit(IO{Stderr: &stderr, Getenv: postCommitEnv(false)}, l)
	if stderr.Len() > 0 || git("status", "--porcelain") != "" {
		t.Errorf("the catch-up wrote: %s", stderr.String())
	}
}

// postCommitEnv is the environment of a post-commit hook: git names the
// index, whose note the hook reads, or, with seen false, names none, so
// the hook reads the commit as it does after a commit made with
// --no-verify.
func postCommitEnv(seen bool) func(string) string {
	return func(k string) string {
		if k == "GIT_INDEX_FILE" && seen {
			return ".git/index" // as git gives it to post-commit
		}
		return os.Getenv(k)
	}
}

// dateNoteAsGitWould dates the pre-commit hook's note after the index.
// git writes the index before it runs the hook; commitThroughHooks
// commits after the hook, and git writes the index again then.
func dateNoteAsGitWould(tb testing.TB, root string) {
	tb.Helper()
	later := time.Now().Add(time.Second)
	if err := os.Chtimes(filepath.Join(root, ".git", git.SeenFile), later, later); err != nil {
		tb.Fatal(err)
	}
}

// TestPostCommitTakesTheNote: after a commit whose index the pre-commit
// hook saw through, the post-commit hook reads nothing of the commit's
// pieces; without the note it does, and catches memory.md up in the
// working tree. Here the working tree's memory.md lost the commit's line
// after the commit, which only a catch-up puts back.
func TestPostCommitTakesTheNote(t *testing.T) {
	root, runGit := collectionOf(t, 3)
	mem := filepath.Join(root, collection.MemoryFile)
	writeTestFile(t, filepath.Join(root, "pieces", "new.md"), "A new piece.\n")
	runGit("add", "pieces/new.md")
	if out := commitThroughHooks(t, root, runGit, "new"); out != "" {
		t.Errorf("pre-commit said %q", out)
	}
	dateNoteAsGitWould(t, root)
	committed, err := os.ReadFile(mem)
	if err != nil {
		t.Fatal(err)
	}
	lost := strings.Replace(string(committed), "- **pieces/new.md:** new: A new piece. (sw, 2026-01-01)\n", "", 1)
	if lost == string(committed) {
		t.Fatalf("memory.md lacks the new piece:\n%s", committed)
	}
	for _, seen := range []bool{true, false} {
		writeTestFile(t, mem, lost)
		l, err := review.Open(root)
		if err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		factsAfterCommit(IO{Stderr: &stderr, Getenv: postCommitEnv(seen)}, l)
		got, err := os.ReadFile(mem)
		if err != nil {
			t.Fatal(err)
		}
		if caughtUp := string(got) == string(committed); caughtUp == seen {
			t.Errorf("with the note taken %v, memory.md caught up %v: %s", seen, caughtUp, stderr.String())
		}
	}
}

func TestDateOnly(t *testing.T) {
	for in, want := range map[string]string{
		"2026-01-10": "2026-01-10", "2026-01-10T09:00:00Z": "2026-01-10", "2026-01-10 09:00": "2026-01-10",
		"2026-02-30": "", "January 10, 2026": "", "2026-01-100": "", "": "",
	} {
		if got := dateOnly(in); got != want {
			t.Errorf("dateOnly(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPieceFactsLeavesOutTheDefaultGenre(t *testing.T) {
	c := &collection.Collection{Settings: collection.DefaultSettings()}
	if pf := pieceFacts(c, "a.md", []byte("Text.\n")); pf.Genre != "" {
		t.Errorf("genre %q", pf.Genre)
	}
	if pf := pieceFacts(c, "a.md", []byte("---\ngenre: Op Ed\ntitle: T\n---\nText.\n")); pf.Genre != "op-ed" || pf.Title != "T" || string(pf.Body) != "Text.\n" {
		t.Errorf("%+v", pf)
	}
}

// TestPreCommitListsAnEmptyPiece: a piece with nothing in it yet is a
// piece all the same, listed by its name, and staged with the commit.
func TestPreCommitListsAnEmptyPiece(t *testing.T) {
	root, git := gitFolder(t)
	t.Setenv("GIT_AUTHOR_DATE", "2026-03-04T10:00:00Z")
	writeTestFile(t, filepath.Join(root, ".sw.yaml"), "batch_size: 3\n")
	writeTestFile(t, filepath.Join(root, collection.MemoryFile), string(facts.Starter()))
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "Start")
	writeTestFile(t, filepath.Join(root, "pieces", "empty.md"), "")
	git("add", "pieces/empty.md")
	if out := commitThroughHooks(t, root, git, "An empty piece"); out != "" {
		t.Errorf("pre-commit said %q", out)
	}
	if got := git("show", "HEAD:memory.md"); !strings.Contains(got, "\n- **pieces/empty.md:** empty (sw, 2026-03-04)\n") {
		t.Errorf("memory.md in HEAD:\n%s", got)
	}
}

// A memory.md that differs from the index only in sw's own lines (a
// pre-commit hook killed between its write and its git add) is sw's to
// stage; one the person changed is not.
func TestOnlyOwnDiffer(t *testing.T) {
	index := "## Series positioning\n\nA letter a month.\n\n## Pieces written\n\n- **pieces/a.md:** a: See a. (sw, 2026-01-01)\n"
	swAdded := index + "- **pieces/b.md:** b: See b. (sw, 2026-01-02)\n"
	personAdded := index + "- Started in a notebook (2025-12-01)\n"
	personEdited := strings.Replace(index, "A letter a month.", "A letter a week.", 1)
	for _, tc := range []struct {
		name, have string
		want       bool
	}{
		{"sw's line added", swAdded, true},
		{"sw's line changed", strings.Replace(index, "See a.", "See a, rewritten.", 1), true},
		{"sw's line removed", "## Series positioning\n\nA letter a month.\n\n## Pieces written\n", true},
		{"the person's line added", personAdded, false},
		{"the person's prose changed", personEdited, false},
		{"both", personAdded + "- **pieces/b.md:** b: See b. (sw, 2026-01-02)\n", false},
	} {
		if got := onlyOwnDiffer([]byte(tc.have), []byte(index)); got != tc.want {
			t.Errorf("%s: onlyOwnDiffer = %v, want %v", tc.name, got, tc.want)
		}
	}
}
