package gitrepo

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func fsck(t *testing.T, r *Repo) {
	t.Helper()
	out, err := gitInput(r.Root, "", "fsck", "--strict", "--no-dangling", "--no-progress")
	var problems []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line != "" && !strings.HasPrefix(line, "notice:") {
			problems = append(problems, line)
		}
	}
	if err != nil || len(problems) > 0 {
		t.Fatalf("git fsck --strict: %v\n%s", err, out)
	}
}

func TestWriteBlobMatchesGit(t *testing.T) {
	r := newRepo(t)
	for _, content := range []string{"", "hello\n", strings.Repeat("x", 100000), "no newline"} {
		h, err := r.WriteBlob([]byte(content))
		if err != nil {
			t.Fatal(err)
		}
		out, err := gitInput(r.Root, content, "hash-object", "--stdin")
		if err != nil {
			t.Fatal(err)
		}
		if h.String() != strings.TrimSpace(out) {
			t.Errorf("WriteBlob(%d bytes) = %s, git says %s", len(content), h, out)
		}
		if got := git(t, r.Root, "cat-file", "-p", h.String()); got != strings.TrimRight(content, "\n") {
			t.Errorf("git cat-file disagrees for %d bytes", len(content))
		}
		// Writing again writes nothing new and returns the same name.
		if h2, err := r.WriteBlob([]byte(content)); err != nil || h2 != h {
			t.Errorf("second write = %s %v", h2, err)
		}
	}
	fsck(t, r)
}

// TestTreeWithSortsLikeGit builds trees with names that sort differently
// when a folder's name is read as ending in "/", and checks git agrees.
func TestTreeWithSortsLikeGit(t *testing.T) {
	r := newRepo(t)
	blob, err := r.WriteBlob([]byte("content\n"))
	if err != nil {
		t.Fatal(err)
	}
	tree := Hash{}
	paths := []string{"a0", "a/x", "a.b", "a-b", "a/b/c", "b", "a!", "ab/x", "a/a", "pieces/2026/z.md", "pieces/2026.md", "pieces/2026-old/y.md"}
	for _, p := range paths {
		if tree, err = r.TreeWith(tree, p, &blob); err != nil {
			t.Fatalf("TreeWith(%q): %v", p, err)
		}
	}
	got := git(t, r.Root, "ls-tree", "-r", "--name-only", tree.String())
	// Build the same tree with git's own index for comparison.
	for _, p := range paths {
		git(t, r.Root, "update-index", "--add", "--cacheinfo", "100644,"+blob.String()+","+p)
	}
	wantTree := git(t, r.Root, "write-tree")
	if tree.String() != wantTree {
		t.Errorf("TreeWith built %s, git write-tree %s\nours:\n%s", tree, wantTree, got)
	}
	ents, _ := r.Tree(tree)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name)
	}
	if strings.Join(names, " ") != "a! a-b a.b a a0 ab b pieces" {
		t.Errorf("root order = %v", names)
	}

	// Removing files removes folders left empty.
	for _, p := range []string{"a/b/c", "a/x", "a/a"} {
		if tree, err = r.TreeWith(tree, p, nil); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{"a/b/c", "a/x", "a/a"} {
		git(t, r.Root, "update-index", "--force-remove", p)
	}
	if want := git(t, r.Root, "write-tree"); tree.String() != want {
		t.Errorf("after removals: %s, git %s", tree, want)
	}
	if strings.Contains(git(t, r.Root, "ls-tree", tree.String()), "\ta\n") {
		t.Error("empty folder a kept")
	}
	// Removing an absent file changes nothing.
	if same, err := r.TreeWith(tree, "no/such/file", nil); err != nil || same != tree {
		t.Errorf("removing an absent file: %s %v", same, err)
	}
	// Setting the same blob again changes nothing.
	if same, err := r.TreeWith(tree, "b", &blob); err != nil || same != tree {
		t.Errorf("setting the same blob: %s %v", same, err)
	}
	c, err := r.WriteCommit(CommitSpec{Tree: tree, Message: "tricky names"})
	if err != nil {
		t.Fatal(err)
	}
	git(t, r.Root, "update-ref", "refs/heads/main", c.String())
	fsck(t, r)
}

func TestTreeWithRefusals(t *testing.T) {
	r := newRepo(t)
	blob, _ := r.WriteBlob([]byte("x"))
	tree, err := r.TreeWith(Hash{}, "a/b", &blob)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"", "/a", "a//b", "a/./b", "../a", ".git/config", "x/.GIT/y", "a/b/c", "a"} {
		if _, err := r.TreeWith(tree, p, &blob); err == nil {
			t.Errorf("TreeWith(%q) accepted", p)
		}
	}
}

func TestTreeWithRemovingLastFileGivesEmptyTree(t *testing.T) {
	r := newRepo(t)
	blob, _ := r.WriteBlob([]byte("x"))
	tree, _ := r.TreeWith(Hash{}, "profile/preferences/x.yaml", &blob)
	empty, err := r.TreeWith(tree, "profile/preferences/x.yaml", nil)
	if err != nil {
		t.Fatal(err)
	}
	if empty != emptyTree {
		t.Fatalf("got %s, want the empty tree", empty)
	}
	c, err := r.WriteCommit(CommitSpec{Tree: empty, Message: "empty"})
	if err != nil {
		t.Fatal(err)
	}
	git(t, r.Root, "update-ref", "refs/heads/main", c.String())
	fsck(t, r)
}

// TestWriteCommitOnPackedHistory writes a suggestion-shaped commit on top of
// a packed branch without touching the working tree, index or HEAD.
func TestWriteCommitOnPackedHistory(t *testing.T) {
	r := newRepo(t)
	commitFiles(t, r.Root, "base", "profile/preferences/a.yaml", "id: a\n", "pieces/p.md", "text\n")
	base := commitFiles(t, r.Root, "more", "pieces/q.md", "more\n")
	git(t, r.Root, "gc", "--quiet")
	status := git(t, r.Root, "status", "--porcelain")
	indexBefore := git(t, r.Root, "ls-files", "-s")

	baseCommit, err := r.Commit(base)
	if err != nil {
		t.Fatal(err)
	}
	blob, _ := r.WriteBlob([]byte("id: shorter\nrule: Keep sentences short.\n"))
	tree, err := r.TreeWith(baseCommit.Tree, "profile/preferences/shorter.yaml", &blob)
	if err != nil {
		t.Fatal(err)
	}
	msg := "Prefer shorter sentences\n\nEvidence: 3 pieces.\n\nSw-Batch: b1\nSw-Suggestion: shorter\nSw-Signature: metric:wps:down"
	t.Setenv("GIT_AUTHOR_DATE", "2026-02-03T04:05:06Z")
	t.Setenv("GIT_COMMITTER_DATE", "@1770000000 +0130")
	c, err := r.WriteCommit(CommitSpec{Tree: tree, Parents: []Hash{base}, Message: msg})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.UpdateRef("refs/heads/sw/b1/shorter", c, Hash{}); err != nil {
		t.Fatal(err)
	}
	fsck(t, r)
	if got := git(t, r.Root, "log", "-1", "--format=%an <%ae> %aI|%cI|%(trailers:key=Sw-Batch,valueonly)", "sw/b1/shorter"); got != "Test Writer <writer@example.com> 2026-02-03T04:05:06+00:00|2026-02-02T04:10:00+01:30|b1" {
		t.Errorf("git log says %q", got)
	}
	if got := git(t, r.Root, "diff", "--name-status", "main", "sw/b1/shorter"); got != "A\tprofile/preferences/shorter.yaml" {
		t.Errorf("diff = %q", got)
	}
	if got := git(t, r.Root, "cat-file", "-p", "sw/b1/shorter:profile/preferences/shorter.yaml"); !strings.HasPrefix(got, "id: shorter") {
		t.Errorf("cat-file = %q", got)
	}
	if git(t, r.Root, "status", "--porcelain") != status || git(t, r.Root, "ls-files", "-s") != indexBefore {
		t.Error("working tree or index changed")
	}
	if git(t, r.Root, "rev-parse", "HEAD") != base.String() {
		t.Error("HEAD moved")
	}
	back, err := r.Commit(c)
	if err != nil {
		t.Fatal(err)
	}
	if back.Message != msg+"\n" || back.Trailers("Sw-Suggestion")[0] != "shorter" {
		t.Errorf("read back %q", back.Message)
	}
}

func TestWriteCommitIdentity(t *testing.T) {
	r := newRepo(t)
	blob, _ := r.WriteBlob([]byte("x"))
	tree, _ := r.TreeWith(Hash{}, "x", &blob)
	t.Setenv("GIT_COMMITTER_NAME", "Robot")
	t.Setenv("GIT_COMMITTER_EMAIL", "robot@example.com")
	when := time.Date(2025, 5, 6, 7, 8, 9, 0, time.FixedZone("", -7*3600))
	c, err := r.WriteCommit(CommitSpec{
		Tree:    tree,
		Author:  Signature{Name: "Someone", Email: "s@example.com", When: when},
		Message: "m",
	})
	if err != nil {
		t.Fatal(err)
	}
	got := git(t, r.Root, "log", "-1", "--format=%an|%ae|%ad|%cn|%ce", "--date=raw", c.String())
	if want := fmt.Sprintf("Someone|s@example.com|%d -0700|Robot|robot@example.com", when.Unix()); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, err := r.WriteCommit(CommitSpec{Tree: tree, Author: Signature{Name: "Bad <name>", Email: "x@y"}}); err == nil {
		t.Error("a name holding '<' was accepted")
	}
	if _, err := r.WriteCommit(CommitSpec{Tree: Hash{9}}); err == nil {
		t.Error("a missing tree was accepted")
	}
	if _, err := r.WriteCommit(CommitSpec{Tree: tree, Parents: []Hash{blob}}); err == nil {
		t.Error("a blob as parent was accepted")
	}
	t.Setenv("GIT_AUTHOR_DATE", "yesterday-ish")
	if _, err := r.WriteCommit(CommitSpec{Tree: tree}); err == nil || !strings.Contains(err.Error(), "GIT_AUTHOR_DATE") {
		t.Errorf("a bad GIT_AUTHOR_DATE: %v", err)
	}
}

func TestParseGitDate(t *testing.T) {
	cases := map[string]string{
		"@1700000000 +0100":               "2023-11-14T23:13:20+01:00",
		"1700000000 -0230":                "2023-11-14T19:43:20-02:30",
		"@1700000000":                     "2023-11-14T22:13:20Z",
		"2026-03-01T10:00:00+02:00":       "2026-03-01T10:00:00+02:00",
		"2026-03-01T10:00:00Z":            "2026-03-01T10:00:00Z",
		"2026-03-01 10:00:00 +0200":       "2026-03-01T10:00:00+02:00",
		"2026-03-01T10:00:00.123+0200":    "2026-03-01T10:00:00+02:00",
		"Sun, 01 Mar 2026 10:00:00 +0200": "2026-03-01T10:00:00+02:00",
		"1 Mar 2026 10:00:00 -0000":       "2026-03-01T10:00:00Z",
	}
	for in, want := range cases {
		got, err := parseGitDate(in)
		if err != nil {
			t.Errorf("parseGitDate(%q): %v", in, err)
			continue
		}
		if s := got.Format(time.RFC3339); s != want {
			t.Errorf("parseGitDate(%q) = %s, want %s", in, s, want)
		}
	}
	for _, bad := range []string{"", "soon", "@x", "2026-13-01T00:00:00Z", "123 +99999"} {
		if _, err := parseGitDate(bad); err == nil {
			t.Errorf("parseGitDate(%q) accepted", bad)
		}
	}
}

// TestDatesAgreeWithGit hands the same environment dates to git and to
// WriteCommit and compares what each recorded.
func TestDatesAgreeWithGit(t *testing.T) {
	r := newRepo(t)
	blob, _ := r.WriteBlob([]byte("x"))
	tree, _ := r.TreeWith(Hash{}, "x", &blob)
	for _, d := range []string{"@1700000000 +0100", "2026-03-01T10:00:00+02:00", "2026-03-01 10:00:00 -0500", "Sun, 01 Mar 2026 10:00:00 +0200", "2026-03-01T10:00:00Z"} {
		t.Setenv("GIT_AUTHOR_DATE", d)
		t.Setenv("GIT_COMMITTER_DATE", d)
		ours, err := r.WriteCommit(CommitSpec{Tree: tree, Message: "m"})
		if err != nil {
			t.Fatal(err)
		}
		theirs := git(t, r.Root, "commit-tree", tree.String(), "-m", "m")
		if ours.String() != theirs {
			t.Errorf("date %q: ours %s\n%s\ngit's %s\n%s", d, ours,
				git(t, r.Root, "cat-file", "-p", ours.String()), theirs, git(t, r.Root, "cat-file", "-p", theirs))
		}
	}
}
