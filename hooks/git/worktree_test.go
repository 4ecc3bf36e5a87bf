package git

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestWorkingTreeDiff: what changed between a working tree read once and
// one read later, whether by commits (a pull), by edits not committed, or
// both; what the filter leaves out never counts, and what went back to
// what it was is no change.
func TestWorkingTreeDiff(t *testing.T) {
	code := Filter{
		File: func(p string) bool { return !strings.HasSuffix(p, ".md") },
		Dir:  func(d string) bool { return d != "profile" },
	}
	cases := []struct {
		name   string
		change func(t *testing.T, root string)
		want   []string
	}{
		{"nothing", func(t *testing.T, root string) {}, nil},
		{"a commit to a file", func(t *testing.T, root string) {
			commitFiles(t, root, "pull", "tools/lib.sh", "echo two\n")
		}, []string{"tools/lib.sh"}},
		{"a commit adding and deleting", func(t *testing.T, root string) {
			os.Remove(filepath.Join(root, "Makefile"))
			commitFiles(t, root, "pull", "tools/new.sh", "echo new\n")
		}, []string{"Makefile", "tools/new.sh"}},
		{"a commit to what the filter leaves out", func(t *testing.T, root string) {
			commitFiles(t, root, "piece", "pieces/a.md", "more words\n", "profile/rule.yaml", "id: x\n")
		}, nil},
		{"an edit not committed", func(t *testing.T, root string) {
			writeFile(t, root, "tools/lib.sh", "echo local\n")
		}, []string{"tools/lib.sh"}},
		{"an edit then committed as it was", func(t *testing.T, root string) {
			writeFile(t, root, "tools/lib.sh", "echo local\n")
		}, nil}, // read again after the commit below
		{"an untracked file", func(t *testing.T, root string) {
			writeFile(t, root, "tools/extra.sh", "echo extra\n")
			writeFile(t, root, "draft.md", "a piece in the making\n")
		}, []string{"tools/extra.sh"}},
		{"an ignored file", func(t *testing.T, root string) {
			writeFile(t, root, "build/out.sh", "echo built\n")
		}, nil},
		{"a file deleted, not committed", func(t *testing.T, root string) {
			os.Remove(filepath.Join(root, "tools", "lib.sh"))
		}, []string{"tools/lib.sh"}},
		{"a commit undone", func(t *testing.T, root string) {
			commitFiles(t, root, "pull", "tools/lib.sh", "echo two\n")
			commitFiles(t, root, "back", "tools/lib.sh", "echo one\n")
		}, nil},
		{"only the mode", func(t *testing.T, root string) {
			git(t, root, "update-index", "--chmod=+x", "tools/lib.sh")
			git(t, root, "commit", "-q", "-m", "x")
		}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newRepo(t)
			commitFiles(t, r.Root, "start", "tools/lib.sh", "echo one\n", "Makefile", "all:\n", "pieces/a.md", "words\n",
				"profile/rule.yaml", "id: y\n", ".gitignore", "build/\n")
			then, err := r.ReadWorkingTree(code, nil)
			if err != nil {
				t.Fatal(err)
			}
			c.change(t, r.Root)
			if c.name == "an edit then committed as it was" {
				if then, err = r.ReadWorkingTree(code, nil); err != nil {
					t.Fatal(err)
				}
				git(t, r.Root, "commit", "-q", "-am", "edit")
			}
			now, err := r.ReadWorkingTree(code, nil)
			if err != nil {
				t.Fatal(err)
			}
			got, err := r.WorkingTreeDiff(then, now, code)
			if err != nil || !slices.Equal(got, c.want) {
				t.Errorf("WorkingTreeDiff = %q %v, want %q", got, err, c.want)
			}
		})
	}
}

// TestReadWorkingTreeHashesAsGitAdds: a file changed in the working tree
// is named by the blob git add would store, so once committed as it is it
// reads the same; a path named always is read even when ignored; a link
// is its target.
func TestReadWorkingTreeHashesAsGitAdds(t *testing.T) {
	r := newRepo(t)
	commitFiles(t, r.Root, "start", ".gitignore", "local/\n", "a.sh", "one\n")
	writeFile(t, r.Root, "a.sh", "two\n")
	writeFile(t, r.Root, "local/mine.sh", "mine\n")
	w, err := r.ReadWorkingTree(Filter{}, []string{"local/mine.sh"})
	if err != nil {
		t.Fatal(err)
	}
	git(t, r.Root, "add", "a.sh")
	if want := "file " + git(t, r.Root, "rev-parse", ":a.sh"); w.Changed["a.sh"] != want {
		t.Errorf("a.sh = %q, want %q", w.Changed["a.sh"], want)
	}
	if want := "file " + git(t, r.Root, "hash-object", "local/mine.sh"); w.Changed["local/mine.sh"] != want {
		t.Errorf("an ignored file named always = %q, want %q", w.Changed["local/mine.sh"], want)
	}
	if runtime.GOOS == "windows" {
		return
	}
	if err := os.Symlink("a.sh", filepath.Join(r.Root, "l.sh")); err != nil {
		t.Fatal(err)
	}
	git(t, r.Root, "add", "l.sh")
	git(t, r.Root, "commit", "-q", "-m", "link")
	if w, err = r.ReadWorkingTree(Filter{}, []string{"l.sh"}); err != nil || w.Changed["l.sh"] != "link a.sh" {
		t.Errorf("a link = %q %v", w.Changed["l.sh"], err)
	}
	committed := WorkingTree{Head: w.Head}
	if got, err := r.WorkingTreeDiff(committed, w, Filter{}); err != nil || len(got) != 0 {
		t.Errorf("a link as committed differs from itself: %q %v", got, err)
	}
}
