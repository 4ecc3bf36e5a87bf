package gitrepo

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// nameStatus renders changes as `git diff --name-status --no-renames` does.
func nameStatus(changes []Change) string {
	var lines []string
	for _, c := range changes {
		s := "M"
		switch {
		case c.Added():
			s = "A"
		case c.Deleted():
			s = "D"
		}
		lines = append(lines, s+"\t"+c.Path)
	}
	return strings.Join(lines, "\n")
}

func TestChangedFilesAgreesWithGitDiff(t *testing.T) {
	r := newRepo(t)
	root := commitFiles(t, r.Root, "root", "a.md", "a\n", "dir/b.md", "b\n", "dir/sub/c.md", "c\n", "x", "file\n", "keep/k.md", "k\n")
	os.Remove(filepath.Join(r.Root, "x"))
	writeFile(t, r.Root, "x/inside.md", "now a folder\n")
	os.RemoveAll(filepath.Join(r.Root, "dir/sub"))
	writeFile(t, r.Root, "dir/b.md", "b2\n")
	writeFile(t, r.Root, "new/deep/n.md", "n\n")
	writeFile(t, r.Root, "a-b", "sorts between a and a.md\n")
	os.Symlink("a.md", filepath.Join(r.Root, "link.md"))
	second := commitFiles(t, r.Root, "second")
	os.Chmod(filepath.Join(r.Root, "a.md"), 0o755) // mode only: not listed
	writeFile(t, r.Root, "a.md", "a\n")
	third := commitFiles(t, r.Root, "third", "keep/k.md", "k2\n")

	for _, c := range []struct{ from, to Hash }{{Hash{}, root}, {root, second}, {second, third}, {root, third}, {third, root}} {
		got, err := r.ChangedFiles(c.from, c.to, nil)
		if err != nil {
			t.Fatal(err)
		}
		var want string
		if c.from.IsZero() {
			want = git(t, r.Root, "diff-tree", "--root", "-r", "--name-status", "--no-renames", "--no-commit-id", c.to.String())
		} else {
			want = git(t, r.Root, "diff", "--name-status", "--no-renames", c.from.String(), c.to.String())
		}
		// git lists a mode-only change as M; ChangedFiles lists content.
		var lines []string
		for _, l := range strings.Split(want, "\n") {
			if l == "M\ta.md" && !c.from.IsZero() &&
				revParse(t, r.Root, c.from.String()+":a.md") == revParse(t, r.Root, c.to.String()+":a.md") {
				continue
			}
			if l != "" {
				lines = append(lines, l)
			}
		}
		if g := nameStatus(got); g != strings.Join(lines, "\n") {
			t.Errorf("%s..%s:\n%s\ngit:\n%s", short(c.from), short(c.to), g, strings.Join(lines, "\n"))
		}
	}

	// Filters: a folder Dir rejects is not entered; File decides files.
	got, _ := r.ChangedFilesIn(root, third, Filter{
		File: func(p string) bool { return strings.HasSuffix(p, ".md") },
		Dir:  func(d string) bool { return d != "new" },
	})
	for _, c := range got {
		if strings.HasPrefix(c.Path, "new/") || !strings.HasSuffix(c.Path, ".md") {
			t.Errorf("filtered out %s was listed", c.Path)
		}
	}
	if len(got) == 0 {
		t.Error("filter kept nothing")
	}
}

func TestChangedFilesSkipsSubmodules(t *testing.T) {
	sub := newRepo(t)
	commitFiles(t, sub.Root, "sub", "s.md", "s\n")
	r := newRepo(t)
	base := commitFiles(t, r.Root, "base", "a.md", "a\n")
	git(t, r.Root, "-c", "protocol.file.allow=always", "submodule", "--quiet", "add", sub.Root, "vendor/sub")
	withSub := commitFiles(t, r.Root, "add submodule")
	got, err := r.ChangedFiles(base, withSub, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s := nameStatus(got); s != "A\t.gitmodules" {
		t.Errorf("got %q", s)
	}
}

// TestChangedFilesReadsOnlyTheChangedPath checks the property the post-commit
// hook relies on: a one-file commit in a large tree reads only the trees on
// that file's path.
func TestChangedFilesReadsOnlyTheChangedPath(t *testing.T) {
	if testing.Short() {
		t.Skip("generates a 10,000-commit history")
	}
	h := sharedBigHistory(t)
	r, _ := At(h.repo.Root)
	last := h.commits[len(h.commits)-1]
	c, err := r.Commit(last)
	if err != nil {
		t.Fatal(err)
	}
	changes, err := r.ChangedFiles(c.Parents[0], last, nil)
	if err != nil || len(changes) != 1 {
		t.Fatalf("%v %v", changes, err)
	}
	// Two root trees, two pieces/ trees, two pieces/NN trees.
	if n := len(r.st.trees); n != 6 {
		t.Errorf("%d trees read, want 6", n)
	}
}
