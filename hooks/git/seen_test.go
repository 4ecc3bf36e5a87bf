package git

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestSeenChanges holds the note the pre-commit hook leaves to the commit
// it was left for: the post-commit hook takes it only on top of the commit
// it names, for the index it names (or that index's lock, by any name),
// and only while the index has not been written since; then it reads back
// what the index changed, the files the filter keeps.
func TestSeenChanges(t *testing.T) {
	r := newRepo(t)
	parent := commitFiles(t, r.Root, "one", "a.md", "a\n")
	other := commitFiles(t, r.Root, "two", "b.md", "b\n")
	staged := []StagedChange{
		{Path: "a.md", Status: "M", Blob: "1111111111111111111111111111111111111111", From: "2222222222222222222222222222222222222222"},
		{Path: "new \"one\"\n.md", Status: "A", Blob: "3333333333333333333333333333333333333333"},
		{Path: "gone.md", Status: "D", From: "4444444444444444444444444444444444444444"},
		{Path: "mode.md", Status: "M", Blob: "5555555555555555555555555555555555555555", From: "5555555555555555555555555555555555555555"},
		{Path: "notes.txt", Status: "A", Blob: "6666666666666666666666666666666666666666"},
	}
	want := []Change{
		{Path: "a.md", From: "2222222222222222222222222222222222222222", To: "1111111111111111111111111111111111111111"},
		{Path: "new \"one\"\n.md", To: "3333333333333333333333333333333333333333"},
		{Path: "gone.md", From: "4444444444444444444444444444444444444444"},
	}
	markdown := Filter{File: func(p string) bool { return strings.HasSuffix(p, ".md") }}
	lock := filepath.ToSlash(filepath.Join(r.Root, ".git", "index.lock"))
	then := time.Now().Add(-time.Hour)
	for _, tc := range []struct {
		name         string
		noted, given string // the index the pre-commit hook was given, and the post-commit hook
		on           Hash   // the commit the note names
		indexNewer   bool   // the index written after the note
		want         bool
	}{
		{"the same index, on the parent", ".git/index", ".git/index", parent, false, true},
		{"its lock, by an absolute name", lock, ".git/index", parent, false, true},
		{"on another commit", ".git/index", ".git/index", other, false, false},
		{"the index written since", ".git/index", ".git/index", parent, true, false},
		{"a temporary index", ".git/next-index-1.lock", ".git/index", parent, false, false},
		{"no index named", ".git/index", "", parent, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r.NoteSeen(tc.noted, tc.on, staged)
			index, note := then, then.Add(time.Second)
			if tc.indexNewer {
				index, note = note, index
			}
			setMtime(t, r.Root, ".git/index", index)
			setMtime(t, r.Root, ".git/"+SeenFile, note)
			got, ok := r.SeenChanges(tc.given, parent, markdown)
			if ok != tc.want {
				t.Fatalf("taken = %v, want %v", ok, tc.want)
			}
			if ok && !slices.Equal(got, want) {
				t.Errorf("changes %q, want %q", got, want)
			}
		})
	}
	r.ForgetSeen(".git/index")
	if _, ok := r.SeenChanges(".git/index", parent, markdown); ok {
		t.Error("a note forgotten is still taken")
	}

	// A note cut short, as by a hook killed while it wrote, is no note.
	r.NoteSeen(".git/index", parent, staged)
	note := filepath.Join(r.Root, ".git", SeenFile)
	whole, err := os.ReadFile(note)
	if err != nil {
		t.Fatal(err)
	}
	for _, cut := range []int{len(whole) - 2, len(whole) - 10} {
		if err := os.WriteFile(note, whole[:cut], 0o644); err != nil {
			t.Fatal(err)
		}
		setMtime(t, r.Root, ".git/index", then)
		setMtime(t, r.Root, ".git/"+SeenFile, then.Add(time.Second))
		if got, ok := r.SeenChanges(".git/index", parent, markdown); ok {
			t.Errorf("a note cut to %d of %d bytes is taken: %q", cut, len(whole), got)
		}
	}
}
