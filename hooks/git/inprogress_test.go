package git

import (
	"os"
	"path/filepath"
	"testing"
)

// conflicted makes a repository with branches main and other that conflict
// on a.md.
func conflicted(t *testing.T) *Repo {
	r := newRepo(t)
	commitFiles(t, r.Root, "base", "a.md", "base\n", "b.md", "b\n")
	git(t, r.Root, "switch", "--quiet", "-c", "other")
	commitFiles(t, r.Root, "other 1", "a.md", "other\n")
	commitFiles(t, r.Root, "other 2", "b.md", "other b\n")
	git(t, r.Root, "switch", "--quiet", "main")
	commitFiles(t, r.Root, "main", "a.md", "main\n")
	return r
}

func wantOp(t *testing.T, r *Repo, want string) {
	t.Helper()
	op, ok := r.InProgress()
	if op != want || ok != (want != "") {
		t.Fatalf("InProgress = %q %v, want %q", op, ok, want)
	}
}

func TestInProgress(t *testing.T) {
	t.Run("merge", func(t *testing.T) {
		r := conflicted(t)
		wantOp(t, r, "")
		gitFails(t, r.Root, "merge", "other")
		wantOp(t, r, "merge")
		git(t, r.Root, "merge", "--abort")
		wantOp(t, r, "")
	})
	t.Run("rebase", func(t *testing.T) {
		r := conflicted(t)
		gitFails(t, r.Root, "rebase", "other")
		wantOp(t, r, "rebase")
		git(t, r.Root, "rebase", "--abort")
		wantOp(t, r, "")
	})
	t.Run("apply rebase", func(t *testing.T) {
		r := conflicted(t)
		gitFails(t, r.Root, "rebase", "--apply", "other")
		wantOp(t, r, "rebase")
	})
	t.Run("cherry-pick", func(t *testing.T) {
		r := conflicted(t)
		gitFails(t, r.Root, "cherry-pick", "other~1")
		wantOp(t, r, "cherry-pick")
	})
	t.Run("cherry-pick sequence between picks", func(t *testing.T) {
		r := conflicted(t)
		gitFails(t, r.Root, "cherry-pick", "other~1", "other")
		git(t, r.Root, "checkout", "--quiet", "--theirs", "a.md")
		git(t, r.Root, "add", "a.md")
		git(t, r.Root, "-c", "core.editor=true", "cherry-pick", "--continue")
		wantOp(t, r, "")
		gitFails(t, r.Root, "cherry-pick", "other~1", "other") // conflicts again, a sequence stopped
		wantOp(t, r, "cherry-pick")
	})
	t.Run("revert", func(t *testing.T) {
		r := conflicted(t)
		commitFiles(t, r.Root, "main 2", "a.md", "main 2\n")
		gitFails(t, r.Root, "revert", "--no-edit", "HEAD~1")
		wantOp(t, r, "revert")
	})
	t.Run("am", func(t *testing.T) {
		r := conflicted(t)
		patch := git(t, r.Root, "format-patch", "-1", "--stdout", "other~1")
		if _, err := gitInput(r.Root, patch+"\n", "am"); err == nil {
			t.Fatal("git am applied a conflicting patch")
		}
		wantOp(t, r, "am")
	})
	t.Run("bisect", func(t *testing.T) {
		r := conflicted(t)
		git(t, r.Root, "bisect", "start")
		wantOp(t, r, "bisect")
	})
	t.Run("linked worktree has its own", func(t *testing.T) {
		r := conflicted(t)
		wtDir := filepath.Join(t.TempDir(), "wt")
		git(t, r.Root, "worktree", "add", "--quiet", "-b", "side", wtDir, "main")
		wt, err := At(wtDir)
		if err != nil {
			t.Fatal(err)
		}
		gitFails(t, wtDir, "merge", "other")
		wantOp(t, wt, "merge")
		wantOp(t, r, "")
	})
}

func TestSequenceEnding(t *testing.T) {
	const a, b = "1111111111111111111111111111111111111111", "2222222222222222222222222222222222222222"
	tests := []struct {
		name  string
		files map[string]string
		want  bool
	}{
		{"a single pick: no sequencer, CHERRY_PICK_HEAD still there",
			map[string]string{"CHERRY_PICK_HEAD": a + "\n"}, true},
		{"the first of two picks",
			map[string]string{"sequencer/todo": "pick 1111111 one\npick 2222222 two\n", "CHERRY_PICK_HEAD": a + "\n"}, false},
		{"the last pick",
			map[string]string{"sequencer/todo": "pick 2222222 two\n", "CHERRY_PICK_HEAD": b + "\n"}, true},
		{"the last revert",
			map[string]string{"sequencer/todo": "revert 2222222 two\n", "REVERT_HEAD": b + "\n"}, true},
		{"a commit made before git picks the one left",
			map[string]string{"sequencer/todo": "pick 2222222 two\n", "CHERRY_PICK_HEAD": a + "\n"}, false},
		{"the last pick's conflict, committed by hand or by --continue",
			map[string]string{"sequencer/todo": "pick 2222222 two\n"}, true},
		{"comments and blank lines are not instructions",
			map[string]string{"sequencer/todo": "# a comment\n\npick 2222222 two\n", "CHERRY_PICK_HEAD": b + "\n"}, true},
		{"an empty to-do list", map[string]string{"sequencer/todo": ""}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range tt.files {
				path := filepath.Join(dir, name)
				if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
					t.Fatal(err)
				}
			}
			r := &Repo{GitDir: dir}
			if got := r.SequenceEnding(); got != tt.want {
				t.Errorf("SequenceEnding() = %v, want %v", got, tt.want)
			}
		})
	}
}
