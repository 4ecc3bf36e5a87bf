package git

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestCommitsAgreeWithGit reads commits with both readers and compares them
// with what git log prints of them.
func TestCommitsAgreeWithGit(t *testing.T) {
	r := newRepo(t)
	first := commitFiles(t, r.Root, "first piece", "a.md", "a\n")
	git(t, r.Root, "checkout", "-q", "-b", "side")
	side := commitFiles(t, r.Root, "side\n\nA body, and a trailer.\n\nSw-Batch: 3\n", "b.md", "b\n")
	git(t, r.Root, "checkout", "-q", "main")
	commitFiles(t, r.Root, "on main", "c.md", "c\n")
	cmd := gitCmd(r.Root, "merge", "-q", "--no-ff", "-m", "merge side", "side")
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE=1700000000 +0530", "GIT_AUTHOR_NAME=Ann Other")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatal(err, string(out))
	}
	merge := revParse(t, r.Root, "HEAD")
	readers(t, r.Root, func(t *testing.T, r *Repo) {
		for _, h := range []Hash{first, side, merge} {
			c, err := r.Commit(h)
			if err != nil {
				t.Fatal(err)
			}
			f := strings.Split(git(t, r.Root, "log", "-1", "--format=%T%n%P%n%an%n%ae%n%aI%n%cn%n%ce%n%ct", h.String()), "\n")
			var parents []string
			for _, p := range c.Parents {
				parents = append(parents, p.String())
			}
			got := []string{c.Tree.String(), strings.Join(parents, " "), c.Author.Name, c.Author.Email,
				c.Author.When.Format("2006-01-02T15:04:05-07:00"), c.Committer.Name, c.Committer.Email,
				strconv.FormatInt(c.Committer.When.Unix(), 10)}
			if !reflect.DeepEqual(got, f) {
				t.Errorf("%s:\n got %q\n git %q", h.Short(), got, f)
			}
			if raw := git(t, r.Root, "cat-file", "commit", h.String()); !strings.HasSuffix(raw+"\n", "\n\n"+c.Message) {
				t.Errorf("%s: message %q is not the stored one", h.Short(), c.Message)
			}
			if c.Hash != h {
				t.Errorf("Hash = %s, want %s", c.Hash, h)
			}
		}
		c, _ := r.Commit(side)
		if got := c.Trailers("sw-batch"); !reflect.DeepEqual(got, []string{"3"}) {
			t.Errorf("trailers %q", got)
		}
	})
}

func TestRefsAndHead(t *testing.T) {
	r := newRepo(t)
	readers(t, r.Root, func(t *testing.T, r *Repo) {
		branch, h, err := r.Head()
		if err != nil || branch != "refs/heads/main" || !h.IsZero() {
			t.Errorf("unborn: %q %q %v", branch, h, err)
		}
	})
	one := commitFiles(t, r.Root, "one", "a.md", "a\n")
	git(t, r.Root, "branch", "sw/1/x")
	git(t, r.Root, "branch", "sw/2/y")
	git(t, r.Root, "pack-refs", "--all") // packed refs are read too
	two := commitFiles(t, r.Root, "two", "a.md", "b\n")
	git(t, r.Root, "update-ref", "refs/heads/sw/2/y", two.String())
	git(t, r.Root, "symbolic-ref", "refs/remotes/origin/HEAD", "refs/heads/main")
	readers(t, r.Root, func(t *testing.T, r *Repo) {
		if branch, h, err := r.Head(); err != nil || branch != "refs/heads/main" || h != two {
			t.Errorf("Head = %q %q %v", branch, h, err)
		}
		if h, ok, err := r.Ref("refs/heads/sw/1/x"); err != nil || !ok || h != one {
			t.Errorf("packed ref = %q %v %v", h, ok, err)
		}
		if _, ok, err := r.Ref("refs/heads/none"); err != nil || ok {
			t.Errorf("missing ref: %v %v", ok, err)
		}
		want := map[string]Hash{"refs/heads/sw/1/x": one, "refs/heads/sw/2/y": two}
		if got, err := r.Refs("refs/heads/sw/"); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("Refs = %v %v", got, err)
		}
		if got, _ := r.Refs("refs/remotes/"); len(got) != 0 {
			t.Errorf("a symbolic ref listed: %v", got)
		}
		if target, ok, err := r.SymbolicRef("refs/remotes/origin/HEAD"); err != nil || !ok || target != "refs/heads/main" {
			t.Errorf("SymbolicRef = %q %v %v", target, ok, err)
		}
		if _, ok, _ := r.SymbolicRef("refs/heads/main"); ok {
			t.Error("a plain ref read as symbolic")
		}
		if !r.HasCommit(one) || r.HasCommit(ZeroHash) || r.HasCommit(revParse(t, r.Root, "HEAD:a.md")) {
			t.Error("HasCommit")
		}
	})
	git(t, r.Root, "checkout", "-q", "--detach", one.String())
	readers(t, r.Root, func(t *testing.T, r *Repo) {
		if branch, h, err := r.Head(); err != nil || branch != "" || h != one {
			t.Errorf("detached: %q %q %v", branch, h, err)
		}
	})
}

func TestFilesAtACommit(t *testing.T) {
	r := newRepo(t)
	c := commitFiles(t, r.Root, "one", "pieces/a.md", "a\n", "pieces/deep/b.md", "b\n", "x", "file\n")
	os.Symlink("pieces/a.md", filepath.Join(r.Root, "link.md"))
	c2 := commitFiles(t, r.Root, "two", "pieces/deep/b.md", "b2\n")
	readers(t, r.Root, func(t *testing.T, r *Repo) {
		for _, p := range []string{"pieces/a.md", "pieces/deep/b.md", "x", "link.md"} {
			blob, ok, err := r.FileAt(c2, p)
			if err != nil || !ok || blob != revParse(t, r.Root, c2.String()+":"+p) {
				t.Errorf("FileAt(%s) = %s %v %v", p, blob, ok, err)
			}
		}
		for _, p := range []string{"pieces", "none.md", "x/y", "pieces/deep/none"} {
			if _, ok, err := r.FileAt(c2, p); err != nil || ok {
				t.Errorf("FileAt(%s) found something: %v %v", p, ok, err)
			}
		}
		blob, _, _ := r.FileAt(c2, "pieces/deep/b.md")
		if data, err := r.Blob(blob); err != nil || string(data) != "b2\n" {
			t.Errorf("Blob = %q %v", data, err)
		}
		for path, want := range map[string]bool{"pieces/a.md": true, "pieces/deep/b.md": false, "pieces/deep": false, "pieces": false, "none": true, "x": true} {
			if got, err := r.SameAt(c, c2, path); err != nil || got != want {
				t.Errorf("SameAt(%s) = %v %v, want %v", path, got, err, want)
			}
		}
		var missing *MissingError
		if _, err := r.Commit(Hash(strings.Repeat("ab", 20))); !errors.As(err, &missing) {
			t.Errorf("a missing commit: %v", err)
		}
	})
}

// nameStatus renders changes as `git diff --name-status --no-renames` does.
func nameStatus(changes []Change) string {
	var lines []string
	for _, c := range changes {
		s := "M"
		switch {
		case c.From.IsZero():
			s = "A"
		case c.To.IsZero():
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
	third := commitFiles(t, r.Root, "third", "keep/k.md", "k2\n")

	readers(t, r.Root, func(t *testing.T, r *Repo) {
		for _, c := range []struct{ from, to Hash }{{ZeroHash, root}, {root, second}, {second, third}, {root, third}, {third, root}} {
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
			var lines []string
			for _, l := range strings.Split(want, "\n") {
				modeOnly := l == "M\ta.md" && !c.from.IsZero() &&
					revParse(t, r.Root, c.from.String()+":a.md") == revParse(t, r.Root, c.to.String()+":a.md")
				if l != "" && !modeOnly { // git lists a mode-only change; ChangedFiles lists content
					lines = append(lines, l)
				}
			}
			if g := nameStatus(got); g != strings.Join(lines, "\n") {
				t.Errorf("%s..%s:\n%s\ngit:\n%s", c.from.Short(), c.to.Short(), g, strings.Join(lines, "\n"))
			}
		}
		// A folder Dir rejects is not entered; File decides files.
		got, _ := r.ChangedFilesIn(root, third, Filter{
			File: func(p string) bool { return strings.HasSuffix(p, ".md") },
			Dir:  func(d string) bool { return d != "new" },
		})
		if s := nameStatus(got); s != "M\tdir/b.md\nD\tdir/sub/c.md\nM\tkeep/k.md\nA\tlink.md\nA\tx/inside.md" {
			t.Errorf("filtered:\n%s", s)
		}
	})
}

func TestChangedFilesSkipsSubmodules(t *testing.T) {
	sub := newRepo(t)
	commitFiles(t, sub.Root, "sub", "s.md", "s\n")
	r := newRepo(t)
	base := commitFiles(t, r.Root, "base", "a.md", "a\n")
	git(t, r.Root, "-c", "protocol.file.allow=always", "submodule", "--quiet", "add", sub.Root, "vendor/sub")
	withSub := commitFiles(t, r.Root, "add submodule")
	readers(t, r.Root, func(t *testing.T, r *Repo) {
		got, err := r.ChangedFiles(base, withSub, nil)
		if err != nil {
			t.Fatal(err)
		}
		if s := nameStatus(got); s != "A\t.gitmodules" {
			t.Errorf("got %q", s)
		}
	})
}

// countingReader counts the trees read through it.
type countingReader struct {
	reader
	trees map[Hash]int
}

func (c *countingReader) tree(h Hash) ([]TreeEntry, error) {
	c.trees[h]++
	return c.reader.tree(h)
}

// TestChangedFilesReadsOnlyTheChangedPath checks what keeps the post-commit
// hook's cost with the change, not the collection: a one-file commit in a
// tree of many folders reads only the trees on that file's path.
func TestChangedFilesReadsOnlyTheChangedPath(t *testing.T) {
	r := newRepo(t)
	var pairs []string
	for i := range 40 {
		pairs = append(pairs, "pieces/"+strconv.Itoa(10+i)+"/p.md", "text\n")
	}
	base := commitFiles(t, r.Root, "many folders", pairs...)
	next := commitFiles(t, r.Root, "one piece", "pieces/23/p.md", "changed\n")
	rd, err := r.reader()
	if err != nil {
		t.Fatal(err)
	}
	counter := &countingReader{reader: rd, trees: map[Hash]int{}}
	useReader(r, counter)
	changes, err := r.ChangedFiles(base, next, nil)
	if err != nil || nameStatus(changes) != "M\tpieces/23/p.md" {
		t.Fatalf("%v %v", changes, err)
	}
	// Two root trees, two pieces/ trees, two pieces/23 trees.
	if n := len(counter.trees); n != 6 {
		t.Errorf("%d trees read, want 6", n)
	}
}

// TestRefsPassOverGitsLockFiles: git updates a ref through a lock file
// beside it, empty at first, then holding the new hash; a crashed git
// leaves one for good. Neither is a ref, and neither stops a read.
func TestRefsPassOverGitsLockFiles(t *testing.T) {
	r := newRepo(t)
	one := commitFiles(t, r.Root, "one", "a.md", "a\n")
	git(t, r.Root, "branch", "sw/1/x")
	writeFile(t, r.Root, ".git/refs/heads/main.lock", "")
	writeFile(t, r.Root, ".git/refs/heads/sw/1/y.lock", one.String()+"\n")
	readers(t, r.Root, func(t *testing.T, r *Repo) {
		want := map[string]Hash{"refs/heads/main": one, "refs/heads/sw/1/x": one}
		if got, err := r.Refs("refs/heads/"); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("Refs = %v %v", got, err)
		}
	})
}

// TestChangedFilesInALargeFolder: a folder too large to decode here is
// compared by git, with the same answers as a small one (a mode-only
// change left out, a symlink a file, Dir and File filters applied below
// it, a side with no folder at all), and its trees are never decoded.
func TestChangedFilesInALargeFolder(t *testing.T) {
	r := newRepo(t)
	for i := range 2500 {
		writeFile(t, r.Root, fmt.Sprintf("big/f%04d.md", i), "text\n")
	}
	base := commitFiles(t, r.Root, "many", "big/notes.txt", "n\n", "big/drafts/d.md", "d\n", "small.md", "s\n")
	os.Remove(filepath.Join(r.Root, "big/f0002.md"))
	os.Chmod(filepath.Join(r.Root, "big/f0003.md"), 0o755) // mode only: not listed
	os.Symlink("f0000.md", filepath.Join(r.Root, "big/link.md"))
	next := commitFiles(t, r.Root, "changes", "big/f0001.md", "changed\n", "big/new.md", "new\n",
		"big/notes.txt", "n2\n", "big/drafts/d.md", "d2\n")
	filter := Filter{File: func(p string) bool { return strings.HasSuffix(p, ".md") }, Dir: func(d string) bool { return d != "big/drafts" }}
	readers(t, r.Root, func(t *testing.T, r *Repo) {
		rd, err := r.reader()
		if err != nil {
			t.Fatal(err)
		}
		counter := &countingReader{reader: rd, trees: map[Hash]int{}}
		useReader(r, counter)
		got, err := r.ChangedFilesIn(base, next, filter)
		if s := nameStatus(got); err != nil || s != "M\tbig/f0001.md\nD\tbig/f0002.md\nA\tbig/link.md\nA\tbig/new.md" {
			t.Errorf("changes (%v):\n%s", err, s)
		}
		if _, ok := rd.(*goGitReader); ok && counter.trees[revParse(t, r.Root, base.String()+":big")] > 0 {
			t.Error("the large folder was decoded")
		}
		all, err := r.FilesIn(next, filter)
		if err != nil || len(all) != 2502 || all[0] != "big/f0000.md" || all[len(all)-1] != "small.md" {
			t.Errorf("FilesIn: %d files, %v", len(all), err)
		}
	})
}
