package review

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFinishAcceptKeepsWorkOnFilesMainChangedSince: a suggestion waits
// while the person goes on writing, so by the time it is accepted the
// default branch has moved past the commit it was written on. Undoing an
// interrupted accept must take back only the files the suggestion
// changes, never the person's work on the files the default branch
// changed since: staged, it keeps the merge from being undone; not
// staged, it stays as the person left it, though it reads like a file git
// half wrote (the start of the suggestion's older copy).
func TestFinishAcceptKeepsWorkOnFilesMainChangedSince(t *testing.T) {
	cases := []struct {
		name           string
		stage          bool
		tidied         bool
		note           string
		staged         string // what is staged afterwards
		pieceAfterward string
	}{
		{"staged", true, false, "changes of yours are staged with it (pieces/a.md)",
			"pieces/a.md\nprofile/preferences/rule-00.yaml", "A third draft.\n"},
		{"not staged", false, true, "sw undid the merge",
			"", "A first draft.\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l := newCollection(t)
			root := l.Coll.Root
			piece := filepath.Join(root, "pieces", "a.md")
			write(t, piece, "A first draft.\nIts second line.\n")
			runGit(t, root, "add", "pieces")
			runGit(t, root, "commit", "-q", "-m", "On walking")
			s := propose(t, l, suggestions(1)).Written[0]
			// The person goes on writing before accepting.
			write(t, piece, "A second draft.\n")
			runGit(t, root, "commit", "-q", "-a", "-m", "On walking, revised")
			head := runGit(t, root, "rev-parse", "HEAD")
			held, done, err := l.beginAccept(acceptIntent{ID: s.ID, Branch: s.Branch, Tip: s.Tip, Head: head, Local: true})
			if err != nil {
				t.Fatal(err)
			}
			defer done()
			runGit(t, root, "checkout", s.Tip, "--", s.Path) // git's start on the merge
			write(t, piece, tc.pieceAfterward)
			if tc.stage {
				runGit(t, root, "add", "pieces")
			}
			held.Close() // the accept is gone

			note, tidied, err := l.FinishAccept(true)
			if err != nil || tidied != tc.tidied || !strings.Contains(note, tc.note) {
				t.Fatalf("FinishAccept = %q, %v, %v; want a note with %q, tidied %v", note, tidied, err, tc.note, tc.tidied)
			}
			if got, err := os.ReadFile(piece); err != nil || string(got) != tc.pieceAfterward {
				t.Errorf("the person's piece afterwards: %q, %v; want %q", got, err, tc.pieceAfterward)
			}
			if got := runGit(t, root, "diff", "--cached", "--name-only"); got != tc.staged {
				t.Errorf("staged afterwards:\n%s\nwant:\n%s", got, tc.staged)
			}
			if tc.stage {
				followAdvice(t, root, note, s.Path)
				if got, err := os.ReadFile(piece); err != nil || string(got) != tc.pieceAfterward {
					t.Errorf("the person's piece after sw's advice: %q, %v; want %q", got, err, tc.pieceAfterward)
				}
			}
		})
	}
}

// followAdvice runs the command the note gives for taking the
// suggestion's files back out while keeping the person's, and checks that
// it does: the suggestion's file (path) gone from the index and the
// working tree, the person's changes still staged.
func followAdvice(t *testing.T, root, note, path string) {
	t.Helper()
	_, advice, ok := strings.Cut(note, "keep yours: ")
	if !ok {
		t.Fatalf("the note gives no command to keep the person's changes: %s", note)
	}
	cmd := exec.Command("sh", "-c", strings.ReplaceAll(advice, ", then ", " && "))
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", advice, err, out)
	}
	if got := runGit(t, root, "diff", "--cached", "--name-only"); got != "pieces/a.md" {
		t.Errorf("staged after the advice:\n%s\nwant only the person's pieces/a.md", got)
	}
	if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(path))); !os.IsNotExist(err) {
		t.Errorf("the suggestion's %s is still there after the advice: %v", path, err)
	}
}
