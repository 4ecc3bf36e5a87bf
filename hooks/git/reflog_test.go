package git

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLastHeadMove(t *testing.T) {
	r := newRepo(t)
	if got := r.LastHeadMove(); got != "" {
		t.Errorf("new repository: %q", got)
	}
	commitFiles(t, r.Root, "first piece", "a.md", "a\n")
	if got := r.LastHeadMove(); got != "commit (initial): first piece" {
		t.Errorf("initial: %q", got)
	}
	commitFiles(t, r.Root, "second", "a.md", "b\n")
	if got := r.LastHeadMove(); got != "commit: second" {
		t.Errorf("commit: %q", got)
	}
	git(t, r.Root, "commit", "--quiet", "--amend", "-m", "second, amended")
	if got := r.LastHeadMove(); !strings.HasPrefix(got, "commit (amend): second, amended") {
		t.Errorf("amend: %q", got)
	}
	// A long reflog is read from its end.
	long := strings.Repeat("0000000000000000000000000000000000000000 1111111111111111111111111111111111111111 W <w@x> 1 +0000\tcommit: filler\n", 2000)
	path := filepath.Join(r.GitDir, "logs", "HEAD")
	old, _ := os.ReadFile(path)
	os.WriteFile(path, []byte(long+string(old)), 0o644)
	if got := r.LastHeadMove(); !strings.HasPrefix(got, "commit (amend)") {
		t.Errorf("long reflog: %q", got)
	}
	// An entry longer than the first tail read (a reflog message of a few
	// kilobytes) is still read whole.
	subject := strings.Repeat("a long subject ", 400)
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("0000000000000000000000000000000000000000 1111111111111111111111111111111111111111 W <w@x> 1 +0000\tcommit: " + subject + "\n")
	f.Close()
	if got := r.LastHeadMove(); got != "commit: "+subject {
		t.Errorf("a long entry: %.40q…", got)
	}
}

func TestHasCommitAndGitEnv(t *testing.T) {
	r := newRepo(t)
	c := commitFiles(t, r.Root, "one", "a.md", "a\n")
	if !r.HasCommit(c) || r.HasCommit(ZeroHash) || r.HasCommit(Hash(strings.Repeat("7", 40))) {
		t.Error("HasCommit")
	}
	if r.HasCommit(revParse(t, r.Root, "HEAD:a.md")) {
		t.Error("a blob counted as a commit")
	}
	out, err := r.gitWithEnv([]string{"GIT_AUTHOR_NAME=Env Writer"}, "var", "GIT_AUTHOR_IDENT")
	if err != nil || !strings.HasPrefix(string(out), "Env Writer <") {
		t.Errorf("gitWithEnv: %q %v", out, err)
	}
}
