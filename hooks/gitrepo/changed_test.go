package gitrepo

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func isMarkdown(p string) bool { return strings.HasSuffix(p, ".md") }

// agree checks RecentlyChanged against the expected answer and against the
// same question asked through `git status`.
func agree(t *testing.T, r *Repo, keep func(string) bool, want string) {
	t.Helper()
	fresh, _ := At(r.Root) // a new Repo, as each hook process has
	got, err := fresh.RecentlyChanged(keep)
	if err != nil {
		t.Fatal(err)
	}
	viaGit, err := fresh.recentlyChangedByGit(Filter{File: keep})
	if err != nil {
		t.Fatal(err)
	}
	if got != want || viaGit != want {
		t.Fatalf("RecentlyChanged = %q, via git status %q, want %q\n%s", got, viaGit, want,
			git(t, r.Root, "status", "--porcelain", "--untracked-files=all", "--ignored"))
	}
}

// clock hands out distinct, increasing modification times.
type clock struct{ t time.Time }

func newClock() *clock { return &clock{time.Now().Add(-time.Hour).Truncate(time.Second)} }

func (c *clock) touch(t *testing.T, root string, rels ...string) {
	t.Helper()
	for _, rel := range rels {
		c.t = c.t.Add(3 * time.Second)
		setMtime(t, root, rel, c.t)
	}
}

func TestRecentlyChangedCases(t *testing.T) {
	r := newRepo(t)
	ck := newClock()
	commitFiles(t, r.Root, "base",
		"pieces/a.md", "a\n", "pieces/b.md", "b\n", "pieces/deep/c.md", "c\n",
		"notes.txt", "n\n", "build/tracked.md", "t\n",
		".gitignore", "build/\n*.tmp.md\ndrafts/*.md\n!drafts/keep.md\n")
	git(t, r.Root, "add", "--force", "build/tracked.md")
	git(t, r.Root, "commit", "--quiet", "-m", "track a file in an ignored folder")
	ck.touch(t, r.Root, "pieces/a.md", "pieces/b.md", "pieces/deep/c.md", "build/tracked.md")
	agree(t, r, isMarkdown, "")

	writeFile(t, r.Root, "pieces/b.md", "b changed\n")
	ck.touch(t, r.Root, "pieces/b.md")
	agree(t, r, isMarkdown, "pieces/b.md")

	// A newer file that is only touched is not changed.
	ck.touch(t, r.Root, "pieces/a.md")
	agree(t, r, isMarkdown, "pieces/b.md")

	// Newer untracked files: ignored ones do not count.
	writeFile(t, r.Root, "pieces/x.tmp.md", "scratch\n")
	writeFile(t, r.Root, "build/out.md", "generated\n")
	writeFile(t, r.Root, "drafts/skip.md", "ignored draft\n")
	ck.touch(t, r.Root, "pieces/x.tmp.md", "build/out.md", "drafts/skip.md")
	agree(t, r, isMarkdown, "pieces/b.md")
	writeFile(t, r.Root, "drafts/keep.md", "re-included\n")
	ck.touch(t, r.Root, "drafts/keep.md")
	agree(t, r, isMarkdown, "drafts/keep.md")
	writeFile(t, r.Root, "pieces/new/deeper/n.md", "new piece\n")
	ck.touch(t, r.Root, "pieces/new/deeper/n.md")
	agree(t, r, isMarkdown, "pieces/new/deeper/n.md")

	// A tracked file inside an ignored folder still shows when modified.
	writeFile(t, r.Root, "build/tracked.md", "t changed\n")
	ck.touch(t, r.Root, "build/tracked.md")
	agree(t, r, isMarkdown, "build/tracked.md")

	// keep decides; files it rejects never count.
	writeFile(t, r.Root, "notes.txt", "changed\n")
	ck.touch(t, r.Root, "notes.txt")
	agree(t, r, isMarkdown, "build/tracked.md")
	agree(t, r, func(p string) bool { return true }, "notes.txt")

	// Staged, then older than the rest: still changed.
	git(t, r.Root, "add", "pieces/deep/c.md")
	writeFile(t, r.Root, "pieces/deep/c.md", "c staged\n")
	git(t, r.Root, "add", "pieces/deep/c.md")
	ck.touch(t, r.Root, "pieces/deep/c.md")
	agree(t, r, isMarkdown, "pieces/deep/c.md")
	git(t, r.Root, "commit", "--quiet", "-m", "commit c")
	agree(t, r, isMarkdown, "build/tracked.md")

	// Deleted files are not the answer.
	os.Remove(filepath.Join(r.Root, "build/tracked.md"))
	agree(t, r, isMarkdown, "pieces/new/deeper/n.md")
}

func TestRecentlyChangedStagedOnly(t *testing.T) {
	r := newRepo(t)
	ck := newClock()
	commitFiles(t, r.Root, "base", "a.md", "a\n", "b.md", "b\n")
	ck.touch(t, r.Root, "a.md", "b.md")
	// Stage a change to a.md, then put the old content back in the
	// working tree: the index differs from HEAD, the file from the index.
	writeFile(t, r.Root, "a.md", "staged\n")
	git(t, r.Root, "add", "a.md")
	ck.touch(t, r.Root, "a.md")
	agree(t, r, isMarkdown, "a.md")
	git(t, r.Root, "reset", "--quiet", "a.md")
	writeFile(t, r.Root, "a.md", "a\n")
	ck.touch(t, r.Root, "a.md")
	agree(t, r, isMarkdown, "")
	// Only staged: the working tree matches the index.
	writeFile(t, r.Root, "b.md", "b2\n")
	git(t, r.Root, "add", "b.md")
	ck.touch(t, r.Root, "b.md", "a.md")
	agree(t, r, isMarkdown, "b.md")
}

func TestRecentlyChangedModesLinksAndIntent(t *testing.T) {
	r := newRepo(t)
	ck := newClock()
	commitFiles(t, r.Root, "base", "a.md", "a\n", "b.md", "b\n", "c.md", "c\n")
	ck.touch(t, r.Root, "a.md", "b.md", "c.md")
	agree(t, r, isMarkdown, "")
	os.Chmod(filepath.Join(r.Root, "a.md"), 0o755)
	ck.touch(t, r.Root, "a.md")
	agree(t, r, isMarkdown, "a.md")
	git(t, r.Root, "add", "a.md")
	git(t, r.Root, "commit", "--quiet", "-m", "exec")

	writeFile(t, r.Root, "d.md", "intent\n")
	git(t, r.Root, "add", "-N", "d.md")
	ck.touch(t, r.Root, "d.md")
	agree(t, r, isMarkdown, "d.md")
	git(t, r.Root, "add", "d.md")
	git(t, r.Root, "commit", "--quiet", "-m", "d")
	agree(t, r, isMarkdown, "")

	if err := os.Symlink("b.md", filepath.Join(r.Root, "link.md")); err != nil {
		t.Skip("no symlinks here")
	}
	ck.touch(t, r.Root, "b.md") // the link's own time is its creation time, newer
	fresh, _ := At(r.Root)
	if got, err := fresh.RecentlyChanged(isMarkdown); err != nil || got != "link.md" {
		t.Errorf("untracked symlink: %q %v", got, err)
	}
	git(t, r.Root, "add", "link.md")
	git(t, r.Root, "commit", "--quiet", "-m", "link")
	fresh, _ = At(r.Root)
	if got, err := fresh.RecentlyChanged(isMarkdown); err != nil || got != "" {
		t.Errorf("committed symlink: %q %v", got, err)
	}
}

func TestRecentlyChangedConflict(t *testing.T) {
	r := newRepo(t)
	commitFiles(t, r.Root, "base", "a.md", "base\n")
	git(t, r.Root, "switch", "--quiet", "-c", "other")
	commitFiles(t, r.Root, "other", "a.md", "other\n")
	git(t, r.Root, "switch", "--quiet", "main")
	commitFiles(t, r.Root, "main", "a.md", "main\n")
	gitFails(t, r.Root, "merge", "--quiet", "other")
	agree(t, r, isMarkdown, "a.md")
	if op, ok := r.InProgress(); !ok || op != "merge" {
		t.Errorf("InProgress = %q %v", op, ok)
	}
}

func TestRecentlyChangedUnbornAndEmpty(t *testing.T) {
	r := newRepo(t)
	agree(t, r, isMarkdown, "")
	writeFile(t, r.Root, "first.md", "x\n")
	agree(t, r, isMarkdown, "first.md")
	git(t, r.Root, "add", "first.md")
	agree(t, r, isMarkdown, "first.md")
}

func TestRecentlyChangedIgnoreSources(t *testing.T) {
	r := newRepo(t)
	ck := newClock()
	commitFiles(t, r.Root, "base", "a.md", "a\n")
	ck.touch(t, r.Root, "a.md")
	writeFile(t, r.Root, "a.md", "changed\n")
	ck.touch(t, r.Root, "a.md")
	for _, f := range []string{"by-exclude.md", "by-global.md", "by-xdg.md", "sub/by-sub.md", "sub/inner/by-anchor.md", "deep/x/y/by-glob.md"} {
		writeFile(t, r.Root, f, "x\n")
		ck.touch(t, r.Root, f)
	}
	writeFile(t, r.Root, ".git/info/exclude", "by-exclude.md\n")
	writeFile(t, r.Root, "sub/.gitignore", "by-sub.md\n/inner/by-anchor.md\n")
	writeFile(t, r.Root, ".gitignore", "deep/**/by-*.md\n")
	global := filepath.Join(t.TempDir(), "global-ignore")
	os.WriteFile(global, []byte("by-global.md\n"), 0o644)
	git(t, r.Root, "config", "core.excludesFile", global)
	agree(t, r, isMarkdown, "by-xdg.md")
	xdg := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "git")
	os.MkdirAll(xdg, 0o755)
	os.WriteFile(filepath.Join(xdg, "ignore"), []byte("by-xdg.md\n"), 0o644)
	defer os.Remove(filepath.Join(xdg, "ignore"))
	// core.excludesFile is set, so the XDG file does not apply.
	agree(t, r, isMarkdown, "by-xdg.md")
	git(t, r.Root, "config", "--unset", "core.excludesFile")
	writeFile(t, r.Root, ".git/info/exclude", "by-exclude.md\nby-global.md\n")
	agree(t, r, isMarkdown, "a.md")
}

// TestRecentlyChangedSymlinkedGitignore: git (since 2.32) does not follow
// a .gitignore in the working tree that is a symbolic link.
func TestRecentlyChangedSymlinkedGitignore(t *testing.T) {
	r := newRepo(t)
	ck := newClock()
	commitFiles(t, r.Root, "base", "a.md", "a\n")
	writeFile(t, r.Root, "rules", "secret.md\n")
	writeFile(t, r.Root, "sub/secret.md", "x\n")
	if err := os.Symlink("../rules", filepath.Join(r.Root, "sub", ".gitignore")); err != nil {
		t.Fatal(err)
	}
	ck.touch(t, r.Root, "sub/secret.md")
	agree(t, r, isMarkdown, "sub/secret.md")
}

func TestRecentlyChangedNestedRepoAndWorktree(t *testing.T) {
	r := newRepo(t)
	ck := newClock()
	commitFiles(t, r.Root, "base", "a.md", "a\n")
	ck.touch(t, r.Root, "a.md")
	nested := filepath.Join(r.Root, "vendor", "other")
	git(t, r.Root, "init", "--quiet", nested)
	writeFile(t, nested, "inside.md", "not ours\n")
	writeFile(t, r.Root, "mine.md", "ours\n")
	ck.touch(t, r.Root, "mine.md", "vendor/other/inside.md")
	fresh, _ := At(r.Root)
	if got, _ := fresh.RecentlyChanged(isMarkdown); got != "mine.md" {
		t.Errorf("nested repository: got %q", got)
	}
	os.RemoveAll(filepath.Join(r.Root, "vendor"))
	os.Remove(filepath.Join(r.Root, "mine.md"))

	// A linked worktree inside the main one, as some people keep them.
	git(t, r.Root, "worktree", "add", "--quiet", "-b", "side", filepath.Join(r.Root, "wt"))
	wt, err := Find(filepath.Join(r.Root, "wt"))
	if err != nil {
		t.Fatal(err)
	}
	if wt.Root != filepath.Join(r.Root, "wt") || wt.CommonDir != r.CommonDir || wt.GitDir == r.GitDir {
		t.Fatalf("worktree = %+v", wt)
	}
	writeFile(t, wt.Root, "a.md", "changed in the worktree\n")
	writeFile(t, wt.Root, "b.md", "new in the worktree\n")
	ck.touch(t, wt.Root, "b.md", "a.md")
	agree(t, wt, isMarkdown, "a.md")
	writeFile(t, r.Root, "main-only.md", "x\n")
	ck.touch(t, r.Root, "main-only.md")
	agree(t, r, func(p string) bool { return isMarkdown(p) && !strings.HasPrefix(p, "wt/") }, "main-only.md")
	fresh, _ = At(r.Root)
	if got, _ := fresh.RecentlyChanged(isMarkdown); got != "main-only.md" {
		t.Errorf("the linked worktree's files leaked into the main one: %q", got)
	}
}

func TestRecentlyChangedRacyEntry(t *testing.T) {
	r := newRepo(t)
	git(t, r.Root, "config", "core.trustctime", "false")
	commitFiles(t, r.Root, "base", "a.md", "aaaa\n", "b.md", "b\n")
	// Give a.md a time in the future, stage it (the index records that
	// time, no earlier than the index itself: racy), then change the
	// content without changing size or mtime. Only the content can tell.
	future := time.Now().Add(time.Hour).Truncate(time.Second)
	setMtime(t, r.Root, "a.md", future)
	git(t, r.Root, "add", "a.md")
	writeFile(t, r.Root, "a.md", "bbbb\n")
	setMtime(t, r.Root, "a.md", future)
	agree(t, r, isMarkdown, "a.md")
}

func TestRecentlyChangedDirFilter(t *testing.T) {
	r := newRepo(t)
	ck := newClock()
	commitFiles(t, r.Root, "base", "pieces/a.md", "a\n", "archive/old.md", "o\n")
	writeFile(t, r.Root, "pieces/a.md", "a2\n")
	writeFile(t, r.Root, "archive/old.md", "o2\n")
	ck.touch(t, r.Root, "pieces/a.md", "archive/old.md")
	f := Filter{File: isMarkdown, Dir: func(d string) bool { return d != "archive" }}
	if got, err := r.RecentlyChangedIn(f); err != nil || got != "pieces/a.md" {
		t.Errorf("got %q %v", got, err)
	}
}

// TestRecentlyChangedRandom applies random edits and compares with git
// status after each.
func TestRecentlyChangedRandom(t *testing.T) {
	r := newRepo(t)
	ck := newClock()
	rng := rand.New(rand.NewSource(7))
	writeFile(t, r.Root, ".gitignore", "*.skip.md\nignored/\n")
	var files []string
	for i := 0; i < 30; i++ {
		f := fmt.Sprintf("d%d/e%d/f%02d.md", i%3, i%5, i)
		files = append(files, f)
		writeFile(t, r.Root, f, fmt.Sprint(i))
		ck.touch(t, r.Root, f)
	}
	git(t, r.Root, "add", "-A")
	git(t, r.Root, "commit", "--quiet", "-m", "base")
	want := func() string {
		out, _ := gitInput(r.Root, "", "status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames")
		best, bestT := "", time.Time{}
		for _, e := range strings.Split(out, "\x00") {
			if len(e) < 4 || !isMarkdown(e[3:]) {
				continue
			}
			fi, err := os.Lstat(filepath.Join(r.Root, e[3:]))
			if err == nil && fi.ModTime().After(bestT) {
				best, bestT = e[3:], fi.ModTime()
			}
		}
		return best
	}
	for step := 0; step < 60; step++ {
		f := files[rng.Intn(len(files))]
		switch rng.Intn(7) {
		case 0:
			writeFile(t, r.Root, f, fmt.Sprint("edit ", step))
			ck.touch(t, r.Root, f)
		case 1:
			if _, err := os.Stat(filepath.Join(r.Root, f)); err == nil {
				ck.touch(t, r.Root, f) // touched, same content
			}
		case 2:
			git(t, r.Root, "add", "-A")
		case 3:
			n := fmt.Sprintf("new/s%d.md", step)
			if rng.Intn(2) == 0 {
				n = fmt.Sprintf("new/s%d.skip.md", step)
			}
			writeFile(t, r.Root, n, "new")
			ck.touch(t, r.Root, n)
		case 4:
			n := fmt.Sprintf("ignored/i%d.md", step)
			writeFile(t, r.Root, n, "ignored")
			ck.touch(t, r.Root, n)
		case 5:
			os.Remove(filepath.Join(r.Root, f))
		case 6:
			git(t, r.Root, "add", "-A")
			git(t, r.Root, "commit", "--quiet", "--allow-empty", "-m", fmt.Sprint("step ", step))
		}
		agree(t, r, isMarkdown, want())
	}
}
