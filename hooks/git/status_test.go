package git

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestRecentlyChanged(t *testing.T) {
	r := newRepo(t)
	commitFiles(t, r.Root, "pieces", "pieces/a.md", "a\n", "pieces/b.md", "b\n", "pieces/c.md", "c\n", "notes/n.md", "n\n", ".gitignore", "drafts/\n")
	pieces := Filter{
		File: func(p string) bool { return strings.HasSuffix(p, ".md") },
		Dir:  func(d string) bool { return d != "notes" },
	}
	newest := func(want string) {
		t.Helper()
		if got, err := r.RecentlyChangedIn(pieces); err != nil || got != want {
			t.Errorf("RecentlyChangedIn = %q %v, want %q", got, err, want)
		}
	}
	newest("") // a clean tree
	now := time.Now().Add(-time.Hour)
	at := func(rel string, content string, ago time.Duration) {
		writeFile(t, r.Root, rel, content)
		setMtime(t, r.Root, rel, now.Add(-ago))
	}
	at("pieces/a.md", "a, edited\n", 3*time.Minute) // modified
	newest("pieces/a.md")
	at("pieces/b.md", "b, staged\n", 2*time.Minute) // staged
	git(t, r.Root, "add", "pieces/b.md")
	newest("pieces/b.md")
	at("pieces/new.md", "untracked\n", time.Minute) // untracked
	newest("pieces/new.md")
	at("drafts/ignored.md", "ignored\n", 0) // ignored: never the answer
	at("notes/n.md", "a folder Dir rejects\n", 0)
	at("pieces/c.txt", "not a piece\n", 0)
	newest("pieces/new.md")
	os.Remove(filepath.Join(r.Root, "pieces", "new.md"))
	os.Remove(filepath.Join(r.Root, "pieces", "c.md")) // deleted: nothing to write in
	newest("pieces/b.md")
	at("pieces/with space é.md", "x\n", 0) // names as written, not quoted
	newest("pieces/with space é.md")
	// A folder git does not track yet: git names the folder, and sw looks
	// inside, at its pieces and not at what is ignored or filtered out.
	at("series two/deep/one.md", "in a folder git does not track\n", -time.Minute)
	at("series two/deep/one.txt", "not a piece\n", -2*time.Minute)
	at("series two/drafts/ignored.md", "ignored\n", -2*time.Minute)
	at("notes/more/n.md", "a folder Dir rejects\n", -2*time.Minute)
	newest("series two/deep/one.md")
}

// TestRecentlyChangedBeforeTheFirstCommit: in a repository with no commit
// yet, every piece is new.
func TestRecentlyChangedBeforeTheFirstCommit(t *testing.T) {
	r := newRepo(t)
	if got, err := r.RecentlyChangedIn(Filter{}); err != nil || got != "" {
		t.Errorf("empty: %q %v", got, err)
	}
	writeFile(t, r.Root, "a.md", "a\n")
	setMtime(t, r.Root, "a.md", time.Now().Add(-time.Hour))
	writeFile(t, r.Root, "b.md", "b\n")
	git(t, r.Root, "add", "b.md")
	if got, err := r.RecentlyChangedIn(Filter{}); err != nil || got != "b.md" {
		t.Errorf("unborn: %q %v", got, err)
	}
}

// TestRecentlyChangedInAConflict: a piece left conflicted by a merge is
// one being written.
func TestRecentlyChangedInAConflict(t *testing.T) {
	r := newRepo(t)
	commitFiles(t, r.Root, "one", "a.md", "a\n", "b.md", "b\n")
	git(t, r.Root, "checkout", "-q", "-b", "side")
	commitFiles(t, r.Root, "side", "a.md", "side\n")
	git(t, r.Root, "checkout", "-q", "main")
	commitFiles(t, r.Root, "main", "a.md", "main\n")
	gitFails(t, r.Root, "merge", "-q", "side")
	if got, err := r.RecentlyChangedIn(Filter{}); err != nil || got != "a.md" {
		t.Errorf("conflict: %q %v", got, err)
	}
}

func TestStagedChanges(t *testing.T) {
	r := newRepo(t)
	commitFiles(t, r.Root, "one", "a.md", "a\n", "profile/x.yaml", "x\n")
	writeFile(t, r.Root, "profile/x.yaml", "x2\n")
	writeFile(t, r.Root, "b.md", "b\n")
	git(t, r.Root, "add", "b.md")
	if got, err := r.StagedChanges(""); err != nil || strings.Join(got, " ") != "b.md" {
		t.Errorf("staged: %q %v", got, err)
	}
	// A temporary index, as git commit -a hands a hook.
	tmp := filepath.Join(r.GitDir, "test-index")
	cmd := gitCmd(r.Root, "read-tree", "HEAD")
	cmd.Env = append(os.Environ(), "GIT_INDEX_FILE="+tmp)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatal(err, string(out))
	}
	cmd = gitCmd(r.Root, "add", "profile/x.yaml")
	cmd.Env = append(os.Environ(), "GIT_INDEX_FILE="+tmp)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatal(err, string(out))
	}
	if got, err := r.StagedChanges(tmp); err != nil || strings.Join(got, " ") != "profile/x.yaml" {
		t.Errorf("temporary index: %q %v", got, err)
	}
}

// StatusOf answers for the paths named only, read literally: staged,
// modified and untracked count as changed, and untracked ones are named.
func TestStatusOf(t *testing.T) {
	r := newRepo(t)
	commitFiles(t, r.Root, "one", "a.md", "a\n", "b.md", "b\n", "c*.md", "c\n")
	writeFile(t, r.Root, "a.md", "a2\n")
	writeFile(t, r.Root, "b.md", "b2\n")
	git(t, r.Root, "add", "b.md")
	writeFile(t, r.Root, "new.md", "n\n")
	writeFile(t, r.Root, "cat.md", "not asked about\n")
	trace := filepath.Join(t.TempDir(), "trace")
	t.Setenv("GIT_TRACE2", trace)
	changed, untracked, err := r.StatusOf([]string{"a.md", "b.md", "new.md", "c*.md"})
	if err != nil || strings.Join(changed, " ") != "a.md b.md new.md" || strings.Join(untracked, " ") != "new.md" {
		t.Errorf("StatusOf = %q, %q, %v; want a.md b.md new.md changed, new.md untracked", changed, untracked, err)
	}
	// Its optional locks are off: it never takes the index from the
	// person's own git command to refresh it.
	if b, err := os.ReadFile(trace); err != nil || !strings.Contains(string(b), "git --no-optional-locks status") {
		t.Errorf("git status ran with its optional locks (%v):\n%s", err, b)
	}
}
