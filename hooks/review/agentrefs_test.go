package review

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sw/hooks/git"
)

// commitOn writes a commit on top of parents that sets path to text (nil:
// removes it), and moves no ref.
func commitOn(tb testing.TB, r *git.Repo, path string, text *string, msg string, parents ...git.Hash) git.Hash {
	tb.Helper()
	c, err := r.Commit(parents[0])
	if err != nil {
		tb.Fatal(err)
	}
	var blob *git.Hash
	if text != nil {
		b, err := r.WriteBlob([]byte(*text))
		if err != nil {
			tb.Fatal(err)
		}
		blob = &b
	}
	tree, err := r.TreeWith(c.Tree, path, blob)
	if err != nil {
		tb.Fatal(err)
	}
	who := git.Signature{Name: "Ada", Email: "ada@example.com", When: time.Unix(1_700_000_000, 0)}
	h, err := r.WriteCommit(git.CommitSpec{Tree: tree, Parents: parents, Author: who, Committer: who, Message: msg})
	if err != nil {
		tb.Fatal(err)
	}
	return h
}

func ptr(s string) *string { return &s }

// changeOf reads the one file a suggestion's commit changes, and its text
// there.
func changeOf(tb testing.TB, r *git.Repo, commit git.Hash) (string, string) {
	tb.Helper()
	c, err := r.Commit(commit)
	if err != nil {
		tb.Fatal(err)
	}
	changes, err := r.ChangedFiles(c.Parents[0], commit, nil)
	if err != nil || len(changes) != 1 {
		tb.Fatalf("the suggestion changes %v (%v)", changes, err)
	}
	text, err := r.Blob(changes[0].To)
	if err != nil {
		tb.Fatal(err)
	}
	return changes[0].Path, string(text)
}

// TestAgentRefusals: what an agent may not do to refs, as the
// reference-transaction hook sees a command's updates, one case a row.
func TestAgentRefusals(t *testing.T) {
	l := newCollection(t)
	repo := l.Repo
	propose(t, l, suggestions(2))
	main := git.Hash(runGit(t, repo.Root, "rev-parse", "main"))
	tip := git.Hash(runGit(t, repo.Root, "rev-parse", "sw/1/rule-00"))
	other := git.Hash(runGit(t, repo.Root, "rev-parse", "sw/1/rule-01"))

	// The agent's draft, marked; the same unmarked; a rule of its own.
	draft := commitOn(t, repo, "pieces/a.md", ptr("A draft.\n"), "Draft\n\nSw-Agent: Claude Code\n", main)
	unmarked := commitOn(t, repo, "pieces/a.md", ptr("A draft.\n"), "Draft\n", main)
	rule := commitOn(t, repo, "profile/preferences/mine.yaml", ptr("id: mine\n"), "Mine\n\nSw-Agent: Claude Code\n", main)
	record := commitOn(t, repo, "profile_feedback.json", ptr("{}\n"), "Forget\n\nSw-Agent: Claude Code\n", main)
	// A copy of the suggestion's change (a cherry-pick or squash).
	path, text := changeOf(t, repo, tip)
	picked := commitOn(t, repo, path, &text, "Pick\n\nSw-Agent: Claude Code\n", main)
	mergeOurs := commitOn(t, repo, "pieces/b.md", ptr("B.\n"), "Merge\n\nSw-Agent: Claude Code\n", main, tip)

	// A branch of drafts started before the person took a suggestion in:
	// its profile is older than main's, and stays its own.
	runGit(t, repo.Root, "branch", "drafts", "main")
	otherPath, otherText := changeOf(t, repo, other)
	accepted := commitOn(t, repo, otherPath, &otherText, "Take it\n", main, other)
	runGit(t, repo.Root, "update-ref", "refs/heads/main", accepted.String())
	onDrafts := commitOn(t, repo, "pieces/c.md", ptr("C.\n"), "More\n\nSw-Agent: Claude Code\n", main)
	runGit(t, repo.Root, "update-ref", "refs/remotes/origin/sw/1/rule-00", tip.String())
	runGit(t, repo.Root, "update-ref", "refs/remotes/origin/main", accepted.String())
	runGit(t, repo.Root, "remote", "add", "origin", "../nowhere")
	runGit(t, repo.Root, "config", "branch.main.remote", "origin")
	runGit(t, repo.Root, "config", "branch.main.merge", "refs/heads/main")
	newer := commitOn(t, repo, "x", ptr("x\n"), "Newer\n", tip)

	for _, tc := range []struct {
		name    string
		update  RefUpdate
		action  string
		refused string // the start of What; "" when allowed
	}{
		{"deleting a suggestion branch", RefUpdate{"refs/heads/sw/1/rule-00", tip, ""}, "", "delete sw/1/rule-00"},
		{"deleting one, its old value not given", RefUpdate{"refs/heads/sw/1/rule-00", "", ""}, "branch -D", "delete sw/1/rule-00"},
		{"making a suggestion branch", RefUpdate{"refs/heads/sw/9/made-up", "", main}, "", "make sw/9/made-up"},
		{"moving one", RefUpdate{"refs/heads/sw/1/rule-00", tip, newer}, "", "move sw/1/rule-00"},
		{"setting one where it is", RefUpdate{"refs/heads/sw/1/rule-00", "", tip}, "", ""},
		{"a fetch pruning a suggestion branch", RefUpdate{"refs/remotes/origin/sw/1/rule-00", tip, ""}, "fetch origin", "delete origin/sw/1/rule-00"},
		{"a fetch moving one", RefUpdate{"refs/remotes/origin/sw/1/rule-00", tip, newer}, "fetch origin", ""},
		{"deleting the default branch", RefUpdate{"refs/heads/main", "", ""}, "", "delete main"},
		{"deleting another branch", RefUpdate{"refs/heads/drafts", "", ""}, "", ""},
		{"main onto a suggestion", RefUpdate{"refs/heads/main", "", tip}, "reset: moving to sw/1/rule-00", "move main onto sw/1/rule-00"},
		{"a branch made at a suggestion", RefUpdate{"refs/heads/copy", "", tip}, "branch: Created", "move copy onto sw/1/rule-00"},
		{"a branch made at one already merged", RefUpdate{"refs/heads/copy", "", other}, "branch: Created", ""},
		{"a merge -s ours of a suggestion", RefUpdate{"refs/heads/drafts", main, mergeOurs}, "merge sw/1/rule-00", "move drafts onto sw/1/rule-00"},
		{"a marked draft on drafts", RefUpdate{"refs/heads/drafts", main, draft}, "", ""},
		{"an unmarked commit", RefUpdate{"refs/heads/drafts", main, unmarked}, "", "move drafts to a commit without an Sw-Agent line"},
		{"an unmarked commit a merge brings", RefUpdate{"refs/heads/drafts", main, unmarked}, "merge topic", ""},
		{"a rule of the agent's own", RefUpdate{"refs/heads/drafts", main, rule}, "", "move drafts to a commit that changes the profile"},
		{"a rejection forged", RefUpdate{"refs/heads/drafts", main, record}, "", "move drafts to a commit that changes the profile"},
		{"a suggestion picked", RefUpdate{"refs/heads/drafts", main, picked}, "", "move drafts to a commit that changes the profile"},
		{"drafts catching up with main's profile", RefUpdate{"refs/heads/drafts", main, accepted}, "", ""},
		{"drafts going on with its older profile", RefUpdate{"refs/heads/drafts", main, onDrafts}, "", ""},
		{"a new branch with drafts' older profile", RefUpdate{"refs/heads/more", "", onDrafts}, "", ""},
		{"main back before the person's accept", RefUpdate{"refs/heads/main", accepted, main}, "reset: moving to HEAD~1", "move main to a commit that changes the profile"},
		{"a fetch moving main's upstream onto a suggestion", RefUpdate{"refs/remotes/origin/main", accepted, mergeOurs}, "", "move origin/main onto sw/1/rule-00"},
		{"a fetch moving main's upstream to another profile", RefUpdate{"refs/remotes/origin/main", accepted, rule}, "", "move origin/main to a commit that changes the profile"},
		{"a fetch moving main's upstream on", RefUpdate{"refs/remotes/origin/main", main, accepted}, "", "move origin/main to a commit that changes the profile"},
		{"a fetch of a remote branch sw does not read", RefUpdate{"refs/remotes/origin/topic", "", rule}, "", ""},
		{"HEAD, detached", RefUpdate{"HEAD", main, tip}, "", ""},
		{"a tag", RefUpdate{"refs/tags/t", "", tip}, "", ""},
		{"a merge of a suggestion as it starts", RefUpdate{"ORIG_HEAD", "", accepted}, "merge sw/1/rule-00", "merge sw/1/rule-00 into main"},
		{"a merge of another branch as it starts", RefUpdate{"ORIG_HEAD", "", accepted}, "merge drafts", ""},
	} {
		got, err := AgentRefusals(repo, []RefUpdate{tc.update}, tc.action)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		switch {
		case tc.refused == "" && len(got) > 0:
			t.Errorf("%s: refused: %s. %s", tc.name, got[0].What, got[0].Why)
		case tc.refused != "" && len(got) == 0:
			t.Errorf("%s: let through; want %q", tc.name, tc.refused)
		case tc.refused != "" && !strings.HasPrefix(got[0].What, tc.refused):
			t.Errorf("%s: refused: %s; want %q", tc.name, got[0].What, tc.refused)
		}
	}
}

// TestPutBackProfile: what a refused command staged of the profile goes
// back out of the index; only a file staged as a suggestion has it (which
// its branch keeps) leaves the working tree too. The person's own edit,
// or a suggestion's text edited since, stays in the working tree.
func TestPutBackProfile(t *testing.T) {
	l := newCollection(t)
	repo, root := l.Repo, l.Repo.Root
	propose(t, l, suggestions(2))
	path, text := changeOf(t, repo, git.Hash(runGit(t, root, "rev-parse", "sw/1/rule-00")))
	otherPath, otherText := changeOf(t, repo, git.Hash(runGit(t, root, "rev-parse", "sw/1/rule-01")))
	write(t, filepath.Join(root, path), text)
	write(t, filepath.Join(root, otherPath), otherText)
	write(t, filepath.Join(root, "profile/preferences/mine.yaml"), "id: mine\n")
	write(t, filepath.Join(root, "pieces/a.md"), "A piece.\n")
	runGit(t, root, "add", "-A")
	write(t, filepath.Join(root, otherPath), otherText+"# edited\n")

	restored, unstaged, err := PutBackProfile(repo)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(restored, " ") != path {
		t.Errorf("put back in both places: %q, want %q", restored, path)
	}
	if want := "profile/preferences/mine.yaml " + otherPath; strings.Join(unstaged, " ") != want {
		t.Errorf("only unstaged: %q, want %q", unstaged, want)
	}
	if _, err := os.Stat(filepath.Join(root, path)); !os.IsNotExist(err) {
		t.Errorf("%s is still in the working tree (%v)", path, err)
	}
	for _, p := range []string{otherPath, "profile/preferences/mine.yaml"} {
		if _, err := os.Stat(filepath.Join(root, p)); err != nil {
			t.Errorf("%s left the working tree: %v", p, err)
		}
	}
	if got := runGit(t, root, "diff", "--cached", "--name-only"); got != "pieces/a.md" {
		t.Errorf("staged after: %q, want the piece alone", got)
	}
}

// TestAgentPushRefusals: the same rules for a remote's branches, as git's
// pre-push hook lists a push; a suggestion branch goes there only as sw
// wrote it, under its own name.
func TestAgentPushRefusals(t *testing.T) {
	l := newCollection(t)
	repo := l.Repo
	propose(t, l, suggestions(1))
	main := runGit(t, repo.Root, "rev-parse", "main")
	tip := runGit(t, repo.Root, "rev-parse", "sw/1/rule-00")
	const zero = "0000000000000000000000000000000000000000"
	const unknown = "1234567890123456789012345678901234567890" // not fetched here
	for _, tc := range []struct {
		name    string
		push    PushUpdate
		refused string
	}{
		{"a suggestion branch as sw wrote it", PushUpdate{"refs/heads/sw/1/rule-00", tip, "refs/heads/sw/1/rule-00", zero}, ""},
		{"deleting one there", PushUpdate{"(delete)", zero, "refs/heads/sw/1/rule-00", tip}, "delete origin's sw/1/rule-00"},
		{"another branch under a suggestion's name", PushUpdate{"refs/heads/main", main, "refs/heads/sw/1/rule-00", tip}, "push main to origin's sw/1/rule-00"},
		{"a suggestion onto the remote's main", PushUpdate{"refs/heads/sw/1/rule-00", tip, "refs/heads/main", main}, "move origin's main onto sw/1/rule-00"},
		{"a suggestion onto a main not fetched here", PushUpdate{"refs/heads/sw/1/rule-00", tip, "refs/heads/main", unknown}, "move origin's main onto sw/1/rule-00"},
		{"main", PushUpdate{"refs/heads/main", main, "refs/heads/main", zero}, ""},
		{"deleting another branch there", PushUpdate{"(delete)", zero, "refs/heads/topic", main}, ""},
		{"a tag at a suggestion", PushUpdate{"refs/tags/t", tip, "refs/tags/t", zero}, ""},
	} {
		got, err := AgentPushRefusals(repo, "origin", []PushUpdate{tc.push})
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		switch {
		case tc.refused == "" && len(got) > 0:
			t.Errorf("%s: refused: %s", tc.name, got[0].What)
		case tc.refused != "" && (len(got) == 0 || got[0].What != tc.refused):
			t.Errorf("%s: got %v, want %q", tc.name, got, tc.refused)
		}
	}
}
