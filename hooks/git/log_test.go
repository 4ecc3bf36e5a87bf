package git

import (
	"reflect"
	"testing"
)

func TestWalkPathHistory(t *testing.T) {
	r := newRepo(t)
	one := commitFiles(t, r.Root, "first\n\nwith a body", "pieces/a.md", "a\n", "pieces/b c.md", "b\n", "other.md", "o\n")
	commitFiles(t, r.Root, "only other", "other.md", "o2\n")
	three := commitFiles(t, r.Root, "edit a", "pieces/a.md", "a2\n")
	git(t, r.Root, "rm", "-q", "pieces/b c.md")
	git(t, r.Root, "commit", "-q", "-m", "remove b")
	four := revParse(t, r.Root, "HEAD")

	var got []PathCommit
	err := r.WalkPathHistory(four, []string{"pieces/a.md", "pieces/b c.md", "pieces/*"}, func(c PathCommit) bool {
		got = append(got, c)
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []PathCommit{
		{four, "remove b\n", map[string]string{"pieces/b c.md": "D"}},
		{three, "edit a\n", map[string]string{"pieces/a.md": "M"}},
		{one, "first\n\nwith a body\n", map[string]string{"pieces/a.md": "A", "pieces/b c.md": "A"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("walk:\n got %q\nwant %q", got, want)
	}

	// A visitor that has what it needs stops the walk.
	n := 0
	err = r.WalkPathHistory(four, []string{"pieces/a.md"}, func(c PathCommit) bool {
		n++
		return false
	})
	if err != nil || n != 1 {
		t.Errorf("stopped walk: %d visits, %v", n, err)
	}
	if err := r.WalkPathHistory(Hash("0123456789012345678901234567890123456789"), []string{"x"}, func(PathCommit) bool { return true }); err == nil {
		t.Error("a missing head walked")
	}
}
