package review

import (
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
	git(b, l.Coll.Root, "add", "-A")
	git(b, l.Coll.Root, "commit", "-q", "-m", "On walking")
	st, _ := l.loadState()
	b.ResetTimer()
	for b.Loop() {
		st.Refs = nil
		if err := l.reconcile(st); err != nil {
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
