package review

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkReconcile50 is a reconcile with work to do: 50 suggestions
// pending, and the default branch moved since sw last looked (as after
// every commit on it), so each suggestion is checked against it. Target:
// well under 20 ms.
func BenchmarkReconcile50(b *testing.B) {
	l := newCollection(b)
	propose(b, l, suggestions(50))
	write(b, filepath.Join(l.Coll.Root, "pieces", "a.md"), "I walk.\n")
	runGit(b, l.Coll.Root, "add", "-A")
	runGit(b, l.Coll.Root, "commit", "-q", "-m", "On walking")
	st, _ := l.loadState()
	b.ResetTimer()
	for b.Loop() {
		// A fresh Loop, as each hook is a fresh process: nothing read by
		// the run before is remembered.
		b.StopTimer()
		fresh, err := Open(l.Coll.Root)
		if err != nil {
			b.Fatal(err)
		}
		st.Refs = nil
		b.StartTimer()
		if err := fresh.reconcile(st); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	for _, s := range st.Suggestions {
		if !s.Pending() {
			b.Fatalf("%s was decided: %s", s.ID, s.How)
		}
	}
}

// BenchmarkReconcile50AfterCommit is the post-commit hook's reconcile on a
// writing day: 50 suggestions pending, 60 commits made since they were
// proposed and reconciled along the way, and one more just now. Each run
// opens the collection afresh, as a hook process does, so no walk is
// remembered from the run before.
func BenchmarkReconcile50AfterCommit(b *testing.B) {
	l := newCollection(b)
	root := l.Coll.Root
	propose(b, l, suggestions(50))
	for i := range 60 {
		runGit(b, root, "commit", "-q", "--allow-empty", "-m", fmt.Sprint("Draft ", i))
	}
	if err := l.Reconcile(); err != nil {
		b.Fatal(err)
	}
	runGit(b, root, "commit", "-q", "--allow-empty", "-m", "One more")
	st, _ := l.loadState()
	if err := l.saveState(st); err != nil {
		b.Fatal(err)
	}
	before, err := os.ReadFile(l.statePath())
	if err != nil {
		b.Fatal(err)
	}
	if _, ok := l.loadState(); !ok {
		b.Fatal("the state written back does not load: the benchmark would time a rebuild")
	}
	for b.Loop() {
		b.StopTimer()
		if err := os.WriteFile(l.statePath(), before, 0o666); err != nil {
			b.Fatal(err)
		}
		fresh, err := Open(root)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if err := fresh.Reconcile(); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	st, _ = l.loadState()
	if st.pendingBatch() == "" {
		b.Fatal("a commit decided the suggestions")
	}
}
