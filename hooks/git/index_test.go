package git

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestStagedChangesWithStatusAndReadStaged(t *testing.T) {
	r := newRepo(t)
	// On an unborn branch, everything staged is added.
	writeFile(t, r.Root, "a.md", "a\n")
	git(t, r.Root, "add", "a.md")
	a := revParse(t, r.Root, ":a.md")
	if got, err := r.StagedChangesWithStatus(""); err != nil || !slices.Equal(got, []StagedChange{{"a.md", "A", a, ""}}) {
		t.Fatalf("unborn: %v %v", got, err)
	}
	commitFiles(t, r.Root, "start", "a.md", "a\n", "b.md", "b\n", "line\nbreak.md", "odd\n")
	writeFile(t, r.Root, "a.md", "a, staged\n")
	writeFile(t, r.Root, "c.md", "c\n")
	git(t, r.Root, "add", "a.md", "c.md")
	git(t, r.Root, "rm", "-q", "b.md")
	writeFile(t, r.Root, "a.md", "a, not staged\n")
	got, err := r.StagedChangesWithStatus("")
	want := []StagedChange{{"a.md", "M", revParse(t, r.Root, ":a.md"), revParse(t, r.Root, "HEAD:a.md")}, {"b.md", "D", "", revParse(t, r.Root, "HEAD:b.md")}, {"c.md", "A", revParse(t, r.Root, ":c.md"), ""}}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("got %v %v, want %v", got, err, want)
	}
	if data, err := r.Blob(got[0].Blob); err != nil || string(data) != "a, staged\n" {
		t.Errorf("the staged blob reads %q %v", data, err)
	}
	blobs, err := r.ReadStaged("", []string{"a.md", "b.md", "c.md", "line\nbreak.md"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if string(blobs[0].Data) != "a, " || blobs[0].Size != 10 || blobs[1].Data != nil || string(blobs[2].Data) != "c\n" || string(blobs[3].Data) != "odd" || blobs[3].Size != 4 {
		t.Errorf("read %+v", blobs)
	}
	files, err := r.StagedFiles("", Filter{File: func(p string) bool { return strings.HasSuffix(p, ".md") && p != "c.md" }})
	if err != nil || !slices.Equal(files, []string{"a.md", "line\nbreak.md"}) {
		t.Errorf("staged files %q %v", files, err)
	}
	head := revParse(t, r.Root, "HEAD")
	if files, err := r.FilesIn(head, Filter{}); err != nil || !slices.Equal(files, []string{"a.md", "b.md", "line\nbreak.md"}) {
		t.Errorf("files in HEAD %q %v", files, err)
	}
}

func TestReadStagedFromAnotherIndex(t *testing.T) {
	r := newRepo(t)
	commitFiles(t, r.Root, "start", "a.md", "a\n")
	other := filepath.Join(r.GitDir, "other-index")
	cmd := gitCmd(r.Root, "read-tree", "HEAD")
	cmd.Env = append(os.Environ(), "GIT_INDEX_FILE="+other)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v %s", err, out)
	}
	writeFile(t, r.Root, "b.md", "b\n")
	if err := r.Stage(other, "b.md"); err != nil {
		t.Fatal(err)
	}
	if got, err := r.StagedChangesWithStatus(other); err != nil || len(got) != 1 || got[0].Path != "b.md" || got[0].Status != "A" {
		t.Errorf("other index: %v %v", got, err)
	}
	if got, _ := r.StagedChangesWithStatus(""); len(got) != 0 {
		t.Errorf("the worktree's index changed: %v", got)
	}
	if r.IsOwnIndex(other) || !r.IsOwnIndex("") || !r.IsOwnIndex(".git/index") || !r.IsOwnIndex(filepath.Join(r.GitDir, "index.lock")) {
		t.Error("IsOwnIndex")
	}
}

func TestAuthorDateAndAddedDates(t *testing.T) {
	r := newRepo(t)
	t.Setenv("GIT_AUTHOR_DATE", "2026-01-02T23:30:00-05:00")
	when, err := r.AuthorDate()
	if err != nil || when.Format(time.DateOnly) != "2026-01-02" {
		t.Fatalf("%v %v", when, err)
	}
	// The form git hands its hooks is read in place, and means what git
	// var says it means.
	t.Setenv("GIT_AUTHOR_DATE", "@1767414600 -0500")
	inHook, err := r.AuthorDate()
	if err != nil || inHook.Format(time.RFC3339) != "2026-01-02T23:30:00-05:00" {
		t.Fatalf("in a hook: %v %v", inHook, err)
	}
	out, err := r.git("var", "GIT_AUTHOR_IDENT")
	if asked, err2 := identTime(string(out)); err != nil || err2 != nil || !asked.Equal(inHook) || asked.Format("-0700") != "-0500" {
		t.Errorf("git var says %q", out)
	}
	commitFiles(t, r.Root, "one", "p/a.md", "a\n", "p/b.md", "b\n")
	t.Setenv("GIT_AUTHOR_DATE", "2026-02-03T10:00:00Z")
	git(t, r.Root, "rm", "-q", "p/b.md")
	commitFiles(t, r.Root, "two", "p/c.md", "c\n")
	t.Setenv("GIT_AUTHOR_DATE", "2026-03-04T10:00:00Z")
	commitFiles(t, r.Root, "three", "p/b.md", "b again\n", "p/a.md", "a changed\n")
	head := revParse(t, r.Root, "HEAD")
	dates, err := r.AddedDates(head, func(p string) bool { return p != "p/c.md" })
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for p, d := range dates {
		got[p] = d.Format(time.DateOnly)
	}
	want := map[string]string{"p/a.md": "2026-01-02", "p/b.md": "2026-03-04"}
	if len(got) != len(want) || got["p/a.md"] != want["p/a.md"] || got["p/b.md"] != want["p/b.md"] {
		t.Errorf("got %v, want %v", got, want)
	}
	if one, err := r.AddedDates(head, nil, "p/c.md"); err != nil || len(one) != 1 || one["p/c.md"].Format(time.DateOnly) != "2026-02-03" {
		t.Errorf("one path: %v %v", one, err)
	}
}
