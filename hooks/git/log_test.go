package git

import (
	"reflect"
	"testing"
)

func TestWalkHistory(t *testing.T) {
	r := newRepo(t)
	one := commitFiles(t, r.Root, "first\n\nwith a body", "pieces/a.md", "a\n", "pieces/b c.md", "b\n", "other.md", "o\n")
	two := commitFiles(t, r.Root, "only other", "other.md", "o2\n")
	three := commitFiles(t, r.Root, "edit a", "pieces/a.md", "a2\n")
	git(t, r.Root, "rm", "-q", "pieces/b c.md")
	git(t, r.Root, "commit", "-q", "-m", "remove b")
	four := revParse(t, r.Root, "HEAD")

	walk := func(stop Hash) []PathCommit {
		var got []PathCommit
		if err := r.WalkHistory(four, stop, func(c PathCommit) bool {
			got = append(got, c)
			return true
		}); err != nil {
			t.Fatal(err)
		}
		return got
	}
	all := []PathCommit{
		{four, "remove b\n", map[string]string{"pieces/b c.md": "D"}},
		{three, "edit a\n", map[string]string{"pieces/a.md": "M"}},
		{two, "only other\n", map[string]string{"other.md": "M"}},
		{one, "first\n\nwith a body\n", map[string]string{"pieces/a.md": "A", "pieces/b c.md": "A", "other.md": "A"}},
	}
	if got := walk(ZeroHash); !reflect.DeepEqual(got, all) {
		t.Errorf("walk:\n got %q\nwant %q", got, all)
	}
	if got := walk(two); !reflect.DeepEqual(got, all[:2]) {
		t.Errorf("walk since two:\n got %q\nwant %q", got, all[:2])
	}

	// A visitor that has what it needs stops the walk.
	n := 0
	err := r.WalkHistory(four, ZeroHash, func(c PathCommit) bool {
		n++
		return false
	})
	if err != nil || n != 1 {
		t.Errorf("stopped walk: %d visits, %v", n, err)
	}
	if err := r.WalkHistory(Hash("0123456789012345678901234567890123456789"), ZeroHash, func(PathCommit) bool { return true }); err == nil {
		t.Error("a missing head walked")
	}
}
