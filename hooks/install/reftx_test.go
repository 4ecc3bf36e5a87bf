package install

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestReferenceTransactionStartsSwOnlyForCommittedSuggestionBranches(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	mustInstall(t, repo, Options{ReferenceTransaction: true})

	s.git(repo.Root, "commit", "-q", "--allow-empty", "-m", "one")
	s.git(repo.Root, "branch", "feature")
	s.git(repo.Root, "branch", "-D", "feature")
	wantText(t, "commit and an ordinary branch", s.takeLog(), "sw hook pre-commit\nsw hook post-commit\n")

	s.git(repo.Root, "branch", "sw/b1/shorter-sentences")
	log := s.takeLog()
	if !strings.HasPrefix(log, "sw hook reference-transaction committed\nsw stdin: ") ||
		!strings.HasSuffix(log, " refs/heads/sw/b1/shorter-sentences\n") || strings.Contains(log, "prepared") {
		t.Errorf("creating a suggestion branch logged:\n%s", log)
	}

	// sw failing must not fail git: git ignores a committed hook's status.
	t.Setenv("SW_FAKE_STATUS", "3")
	s.git(repo.Root, "branch", "-D", "sw/b1/shorter-sentences")
	log = s.takeLog()
	if !strings.Contains(log, "sw hook reference-transaction committed\n") ||
		!strings.Contains(log, " "+zeroID+" refs/heads/sw/b1/shorter-sentences\n") {
		t.Errorf("deleting a suggestion branch logged:\n%s", log)
	}

	s.git(repo.Root, "update-ref", "refs/remotes/origin/sw/b1/x", "HEAD")
	if log := s.takeLog(); !strings.Contains(log, " refs/remotes/origin/sw/b1/x\n") {
		t.Errorf("a remote suggestion branch logged:\n%s", log)
	}
}

func TestChainedReferenceTransactionStillAbortsLikeWithoutSw(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	// Refuses, while the transaction is prepared, any ref named "blocked";
	// its input is logged for every state.
	writeFile(t, filepath.Join(repo.GitDir, "hooks", ReferenceTransaction), `#!/bin/sh
while read -r old new ref; do
	echo "mine $1 $ref" >>"`+s.log+`"
	[ "$1" = prepared ] && [ "$ref" = refs/heads/blocked ] && refuse=1
done
[ -z "$refuse" ]
`, 0o755)

	_, stderrBefore, errBefore := s.tryGit(repo.Root, "branch", "blocked")
	if errBefore == nil {
		t.Fatal("the hook alone did not abort the transaction")
	}
	logBefore := s.takeLog()

	mustInstall(t, repo, Options{ReferenceTransaction: true})
	_, stderrAfter, errAfter := s.tryGit(repo.Root, "branch", "blocked")
	if errAfter == nil {
		t.Fatal("with sw installed, the earlier hook no longer aborts the transaction")
	}
	wantText(t, "git's message", stderrAfter, stderrBefore)
	wantText(t, "the earlier hook's input", s.takeLog(), logBefore)
	if out := s.git(repo.Root, "branch", "--list", "blocked"); out != "" {
		t.Errorf("the aborted branch exists: %q", out)
	}

	s.git(repo.Root, "branch", "sw/b1/x")
	head := strings.TrimSpace(s.git(repo.Root, "rev-parse", "HEAD"))
	wantText(t, "a suggestion branch, earlier hook first", s.takeLog(),
		"mine prepared refs/heads/sw/b1/x\nmine committed refs/heads/sw/b1/x\n"+
			"sw hook reference-transaction committed\nsw stdin: "+zeroID+" "+head+" refs/heads/sw/b1/x\n")
}

const zeroID = "0000000000000000000000000000000000000000"
