package install

import (
	"path/filepath"
	"strings"
	"testing"

	"sw/hooks/git"
)

// pushSandbox is a sandbox repository with a bare remote, origin, and a
// suggestion branch to push.
func pushSandbox(t *testing.T) (s *sandbox, repo *git.Repo, remote string) {
	s = newSandbox(t)
	repo = s.repo("r")
	remote = filepath.Join(s.dir, "remote.git")
	s.git(s.dir, "init", "-q", "--bare", remote)
	s.git(repo.Root, "remote", "add", "origin", remote)
	s.git(repo.Root, "branch", "sw/b1/x")
	return s, repo, remote
}

func TestPrePushStartsSwOnlyForSuggestionBranchesAndNeverStopsThePush(t *testing.T) {
	s, repo, remote := pushSandbox(t)
	root := repo.Root
	mustInstall(t, repo, Options{})
	head := strings.TrimSpace(s.git(root, "rev-parse", "HEAD"))

	s.git(root, "push", "-q", "origin", "main")
	wantText(t, "a push of the default branch", s.takeLog(), "")

	// sw failing must not fail the push: only an earlier hook's status counts.
	t.Setenv("SW_FAKE_STATUS", "3")
	s.git(root, "push", "-q", "origin", "sw/b1/x")
	wantText(t, "a push of a suggestion branch", s.takeLog(),
		"sw hook pre-push origin "+remote+"\nsw stdin: refs/heads/sw/b1/x "+head+" refs/heads/sw/b1/x "+zeroID+"\n")
	if out := s.git(root, "ls-remote", "origin", "sw/b1/x"); !strings.Contains(out, head) {
		t.Errorf("the push did not happen: %q", out)
	}
}

func TestChainedPrePushStillStopsThePush(t *testing.T) {
	s, repo, remote := pushSandbox(t)
	root := repo.Root
	// Refuses to push any ref named "blocked" and logs its input.
	writeFile(t, filepath.Join(root, ".git", "hooks", PrePush), `#!/bin/sh
while read -r local sha ref old; do
	echo "mine $1 $ref" >>"`+s.log+`"
	case $local in */blocked) refuse=1 ;; esac
done
[ -z "$refuse" ]
`, 0o755)
	s.git(root, "branch", "sw/b1/blocked")
	_, stderrBefore, errBefore := s.tryGit(root, "push", "-q", "origin", "sw/b1/blocked")
	if errBefore == nil {
		t.Fatal("the hook alone did not stop the push")
	}
	logBefore := s.takeLog()

	mustInstall(t, repo, Options{})
	_, stderrAfter, errAfter := s.tryGit(root, "push", "-q", "origin", "sw/b1/blocked")
	if errAfter == nil {
		t.Fatal("with sw installed, the earlier hook no longer stops the push")
	}
	wantText(t, "git's message", stderrAfter, stderrBefore)
	wantText(t, "the earlier hook alone ran, sw not", s.takeLog(), logBefore)
	if out := s.git(root, "ls-remote", "origin"); out != "" {
		t.Errorf("the stopped push reached the remote: %q", out)
	}

	s.git(root, "push", "-q", "origin", "sw/b1/x")
	head := strings.TrimSpace(s.git(root, "rev-parse", "HEAD"))
	wantText(t, "a push it lets through, earlier hook first", s.takeLog(),
		"mine origin refs/heads/sw/b1/x\nsw hook pre-push origin "+remote+"\nsw stdin: refs/heads/sw/b1/x "+head+" refs/heads/sw/b1/x "+zeroID+"\n")
}
