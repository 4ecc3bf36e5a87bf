package install

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestFreshInstallRunsSwOnCommitAmendAndMerge(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	report := mustInstall(t, repo, Options{})

	hooksDir := filepath.Join(repo.Root, ".git", "hooks")
	wantText(t, "report dir", report.Dir, hooksDir)
	wantText(t, "report", actions(report), "post-commit: installed\npost-merge: installed\npost-rewrite: installed\npre-push: installed\ncommit-msg: installed\npre-commit: installed\nreference-transaction: installed\n")
	for _, hook := range []string{PostCommit, PostMerge, PostRewrite, CommitMsg, ReferenceTransaction} {
		info, err := os.Stat(filepath.Join(hooksDir, hook))
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode().Perm() != 0o755 {
			t.Errorf("%s: mode %v, want 0755", hook, info.Mode().Perm())
		}
	}

	// The reference-transaction hook runs on every commit, and starts no
	// sw for the person's.
	s.git(repo.Root, "commit", "-q", "--allow-empty", "-m", "one")
	wantText(t, "after commit", s.takeLog(), "sw hook pre-commit\nsw hook post-commit\n")

	old := strings.TrimSpace(s.git(repo.Root, "rev-parse", "HEAD"))
	s.git(repo.Root, "commit", "-q", "--amend", "--allow-empty", "-m", "one, amended")
	amended := strings.TrimSpace(s.git(repo.Root, "rev-parse", "HEAD"))
	wantText(t, "after amend", s.takeLog(),
		"sw hook pre-commit\nsw hook post-commit\nsw hook post-rewrite amend\nsw stdin: "+old+" "+amended+"\n")

	s.git(repo.Root, "checkout", "-q", "-b", "side")
	s.git(repo.Root, "commit", "-q", "--allow-empty", "-m", "side")
	s.git(repo.Root, "checkout", "-q", "main")
	s.git(repo.Root, "commit", "-q", "--allow-empty", "-m", "main")
	s.takeLog()
	s.git(repo.Root, "merge", "-q", "--no-edit", "side")
	wantText(t, "after merge", s.takeLog(), "sw hook post-merge 0\n")

	// sw's commit-msg hook starts sw only for a commit that changes the
	// profile: git tells that faster than sw starts. (sw's pre-commit hook
	// tells it when it leaves a note; this stand-in for sw leaves none.)
	if err := os.MkdirAll(filepath.Join(repo.Root, "profile"), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo.Root, "profile", "x.yaml"), []byte("id: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s.git(repo.Root, "add", "profile")
	s.git(repo.Root, "commit", "-q", "-m", "a rule")
	wantText(t, "a commit of the profile", s.takeLog(), "sw hook pre-commit\nsw hook commit-msg .git/COMMIT_EDITMSG\nsw hook post-commit\n")

	// Its pre-commit hook starts sw for every commit, whatever it stages:
	// sw asks git what that is, once for all the commit's hooks.
	for _, path := range []string{"memory.md", "CLAUDE.md", "profile/notes.md", "notes.txt", "pieces/walking.md"} {
		writeFile(t, filepath.Join(repo.Root, filepath.FromSlash(path)), "text\n", 0o644)
		s.git(repo.Root, "add", path)
		s.git(repo.Root, "commit", "-q", "-m", path)
		log := strings.ReplaceAll(s.takeLog(), "sw hook commit-msg .git/COMMIT_EDITMSG\n", "")
		wantText(t, "a commit of "+path, log, "sw hook pre-commit\nsw hook post-commit\n")
	}
}

func TestExistingHooksAreChainedAndRunFirstWithTheSameArgsAndInput(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	hooksDir := filepath.Join(repo.Root, ".git", "hooks")
	// A POSIX sh script is sourced, so it sees git's $0; any other is executed.
	writeFile(t, filepath.Join(hooksDir, PostRewrite), s.loggingHook("#!/bin/sh", "mine", 0), 0o755)
	writeFile(t, filepath.Join(hooksDir, PostCommit), s.loggingHook("#!/bin/sh -e", "mine", 3), 0o755)

	report := mustInstall(t, repo, Options{})
	wantText(t, "report", actions(report), "post-commit: chained\npost-merge: installed\npost-rewrite: chained\npre-push: installed\ncommit-msg: installed\npre-commit: installed\nreference-transaction: installed\n")

	s.git(repo.Root, "commit", "-q", "--allow-empty", "-m", "one")
	wantText(t, "after commit", s.takeLog(),
		"sw hook pre-commit\nmine $0=.git/hooks/post-commit.sw-chained \nsw hook post-commit\n")

	// A rebase rewrites several commits: several lines of input, fed to both.
	s.git(repo.Root, "checkout", "-q", "-b", "side")
	for _, m := range []string{"a", "b", "c"} {
		s.git(repo.Root, "commit", "-q", "--allow-empty", "-m", m)
	}
	s.git(repo.Root, "checkout", "-q", "main")
	s.git(repo.Root, "commit", "-q", "--allow-empty", "-m", "main moves on")
	s.git(repo.Root, "checkout", "-q", "side")
	s.takeLog()
	s.git(repo.Root, "rebase", "-q", "--keep-empty", "main")
	var lines []string
	for _, line := range strings.Split(s.takeLog(), "\n") {
		if strings.Contains(line, "post-rewrite") || strings.Contains(line, "stdin") {
			lines = append(lines, line)
		}
	}
	if len(lines) != 8 {
		t.Fatalf("want the earlier hook then sw, each with 3 lines of input; got\n%s", strings.Join(lines, "\n"))
	}
	wantText(t, "earlier hook's first line", lines[0], "mine $0=.git/hooks/post-rewrite rebase")
	wantText(t, "sw's first line", lines[4], "sw hook post-rewrite rebase")
	for i := 1; i < 4; i++ {
		mine, _ := strings.CutPrefix(lines[i], "mine stdin: ")
		sw, _ := strings.CutPrefix(lines[i+4], "sw stdin: ")
		if mine != sw || len(strings.Fields(mine)) != 2 {
			t.Errorf("input line %d: earlier hook read %q, sw read %q", i, mine, sw)
		}
	}
}

func TestLefthookStyleHookKeepsWorking(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	// The shape of the script lefthook writes: a function that runs the
	// manager with the hook's name written out.
	writeFile(t, filepath.Join(repo.GitDir, "hooks", PostCommit), `#!/bin/sh
if [ "$LEFTHOOK" = "0" ]; then
  exit 0
fi
call_lefthook()
{
  echo "lefthook $*" >>"`+s.log+`"
}
call_lefthook run "post-commit" "$@"
`, 0o755)
	mustInstall(t, repo, Options{})
	s.git(repo.Root, "commit", "-q", "--allow-empty", "-m", "one")
	wantText(t, "log", s.takeLog(), "sw hook pre-commit\nlefthook run post-commit\nsw hook post-commit\n")
}

func TestInstallTwiceIsInstallingOnce(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	hooksDir := filepath.Join(repo.GitDir, "hooks")
	writeFile(t, filepath.Join(hooksDir, PostMerge), s.loggingHook("#!/bin/sh", "mine", 0), 0o755)

	mustInstall(t, repo, Options{ReferenceTransaction: true})
	first := snapshot(t, hooksDir)
	report := mustInstall(t, repo, Options{ReferenceTransaction: true})
	if report.Changed() {
		t.Errorf("second install changed something:\n%s", report)
	}
	wantText(t, "second report", actions(report),
		"post-commit: already installed\npost-merge: already installed\npost-rewrite: already installed\npre-push: already installed\ncommit-msg: already installed\npre-commit: already installed\nreference-transaction: already installed\n")
	second := snapshot(t, hooksDir)
	if len(first) != len(second) {
		t.Errorf("files after first install %d, after second %d", len(first), len(second))
	}
	for name, body := range first {
		if second[name] != body {
			t.Errorf("%s changed on the second install", name)
		}
	}
	if _, err := os.Lstat(filepath.Join(hooksDir, PostMerge+ChainedSuffix+ChainedSuffix)); !os.IsNotExist(err) {
		t.Error("sw chained its own shim")
	}
}

func TestReferenceTransactionOptInStaysUntilUninstall(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	mustInstall(t, repo, Options{ReferenceTransaction: true})
	report := mustInstall(t, repo, Options{})
	last := report.Hooks[len(report.Hooks)-1]
	if last.Hook != ReferenceTransaction || last.Action != AlreadyInstalled || !strings.Contains(last.Detail, "as asked earlier") {
		t.Errorf("install without the opt-in: last line %q", last)
	}
	report = mustUninstall(t, repo)
	wantText(t, "uninstall", actions(report),
		"post-commit: removed\npost-merge: removed\npost-rewrite: removed\npre-push: removed\ncommit-msg: removed\npre-commit: removed\nreference-transaction: removed\n")
}

// TestReferenceTransactionOptInFromAnEarlierSw: an earlier sw installed
// the reference-transaction hook only when asked to notice deleted
// suggestion branches at once; updating its shim keeps that. Installed by
// default, the hook notices nothing more for the person.
func TestReferenceTransactionOptInFromAnEarlierSw(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	hooksDir := filepath.Join(repo.GitDir, "hooks")
	current := markerPrefix + strconv.Itoa(ShimVersion) + " "
	writeFile(t, filepath.Join(hooksDir, ReferenceTransaction), strings.Replace(shimText(ReferenceTransaction), current, markerPrefix+"6 ", 1), 0o755)
	report := mustInstall(t, repo, Options{})
	if last := report.Hooks[len(report.Hooks)-1]; last.Hook != ReferenceTransaction || last.Action != Updated {
		t.Errorf("the earlier shim: %q", last)
	}
	wantText(t, "updated shim", snapshot(t, hooksDir)[ReferenceTransaction], "-rwxr-xr-x\n"+shimTextFor(ReferenceTransaction, true, ""))

	other := s.repo("other")
	mustInstall(t, other, Options{})
	mustInstall(t, other, Options{})
	wantText(t, "a default install", snapshot(t, filepath.Join(other.GitDir, "hooks"))[ReferenceTransaction], "-rwxr-xr-x\n"+shimText(ReferenceTransaction))
	s.git(other.Root, "branch", "sw/b1/x")
	s.git(other.Root, "branch", "-D", "sw/b1/x")
	wantText(t, "a suggestion branch made and deleted", s.takeLog(), "")
}

func TestOlderShimIsUpdatedAndNewerLeftAlone(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	hooksDir := filepath.Join(repo.GitDir, "hooks")
	current := markerPrefix + strconv.Itoa(ShimVersion) + " "
	older := strings.Replace(shimText(PostCommit), current, markerPrefix+"0 ", 1)
	newer := strings.Replace(shimText(PostMerge), current, markerPrefix+"99 ", 1)
	writeFile(t, filepath.Join(hooksDir, PostCommit), older, 0o755)
	writeFile(t, filepath.Join(hooksDir, PostMerge), newer, 0o755)
	writeFile(t, filepath.Join(hooksDir, PostRewrite), shimText(PostRewrite), 0o644) // someone took the x bit

	report := mustInstall(t, repo, Options{})
	wantText(t, "report", actions(report), "post-commit: updated\npost-merge: already installed\npost-rewrite: updated\npre-push: installed\ncommit-msg: installed\npre-commit: installed\nreference-transaction: installed\n")
	after := snapshot(t, hooksDir)
	wantText(t, "post-commit", after[PostCommit], "-rwxr-xr-x\n"+shimText(PostCommit))
	wantText(t, "post-merge", after[PostMerge], "-rwxr-xr-x\n"+newer)
	wantText(t, "post-rewrite", after[PostRewrite], "-rwxr-xr-x\n"+shimText(PostRewrite))
}

func TestStrayCopyOfTheShimIsNeverChained(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	hooksDir := filepath.Join(repo.GitDir, "hooks")
	writeFile(t, filepath.Join(hooksDir, PostCommit+ChainedSuffix), shimText(PostCommit), 0o755)
	report := mustInstall(t, repo, Options{})
	if r := report.Hooks[0]; r.Action != Installed || !strings.Contains(r.Detail, "stray copy") {
		t.Errorf("report: %s", r)
	}
	if _, err := os.Lstat(filepath.Join(hooksDir, PostCommit+ChainedSuffix)); !os.IsNotExist(err) {
		t.Error("the stray copy is still there")
	}
	s.git(repo.Root, "commit", "-q", "--allow-empty", "-m", "one")
	wantText(t, "log", s.takeLog(), "sw hook pre-commit\nsw hook post-commit\n")
}

// The shims start sw on one processor (its hooks' work is sequential),
// whether it runs alone or after a chained hook.
func TestShimsStartSwOnOneProcessor(t *testing.T) {
	s := newSandbox(t)
	writeFile(t, filepath.Join(s.fakeBin, "sw"), "#!/bin/sh\necho \"sw $1 $2 GOMAXPROCS=$GOMAXPROCS\" >>\""+s.log+"\"\n", 0o755)
	repo := s.repo("r")
	hooksDir := filepath.Join(repo.Root, ".git", "hooks")
	writeFile(t, filepath.Join(hooksDir, PostRewrite), s.loggingHook("#!/bin/sh", "mine", 0), 0o755)
	mustInstall(t, repo, Options{})

	s.git(repo.Root, "commit", "-q", "--allow-empty", "-m", "one")
	wantText(t, "alone", s.takeLog(), "sw hook pre-commit GOMAXPROCS=1\nsw hook post-commit GOMAXPROCS=1\n")
	s.git(repo.Root, "commit", "-q", "--amend", "--allow-empty", "-m", "one, amended")
	var swLines []string
	for _, line := range strings.Split(s.takeLog(), "\n") {
		if strings.HasPrefix(line, "sw ") {
			swLines = append(swLines, line)
		}
	}
	wantText(t, "after a chained hook", strings.Join(swLines, "\n"),
		"sw hook pre-commit GOMAXPROCS=1\nsw hook post-commit GOMAXPROCS=1\nsw hook post-rewrite GOMAXPROCS=1")
}

// TestEditedShimIsKeptAside: a shim the person edited is copied to
// <hook>.sw-altered, mode and all, before install rewrites it or uninstall
// removes it; a shim whose mode alone changed is just set right.
func TestEditedShimIsKeptAside(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	hooksDir := filepath.Join(repo.GitDir, "hooks")
	mustInstall(t, repo, Options{})
	edited := shimText(PostCommit) + "echo my addition\n"
	writeFile(t, filepath.Join(hooksDir, PostCommit), edited, 0o700)
	os.Chmod(filepath.Join(hooksDir, PostMerge), 0o644)

	report := mustInstall(t, repo, Options{})
	wantText(t, "report", report.String(), "post-commit: updated (the shim had been altered; your version is kept as post-commit.sw-altered, and the shim rewritten)\n"+
		"post-merge: updated (the shim's mode had been changed; set again)\npost-rewrite: already installed\npre-push: already installed\ncommit-msg: already installed\npre-commit: already installed\nreference-transaction: already installed\ninfo/attributes: already installed\n")
	after := snapshot(t, hooksDir)
	wantText(t, "kept", after[PostCommit+AlteredSuffix], "-rwx------\n"+edited)
	wantText(t, "rewritten", after[PostCommit], "-rwxr-xr-x\n"+shimText(PostCommit))
	if _, ok := after[PostMerge+AlteredSuffix]; ok {
		t.Error("a copy was kept of a shim whose mode alone changed")
	}

	edited2 := shimText(PostRewrite) + "echo another\n"
	writeFile(t, filepath.Join(hooksDir, PostRewrite), edited2, 0o755)
	report = mustUninstall(t, repo)
	if !strings.Contains(report.String(), "post-rewrite: removed (the shim had been altered; your version is kept as post-rewrite.sw-altered)") {
		t.Errorf("uninstall report:\n%s", report.String())
	}
	wantText(t, "kept on uninstall", snapshot(t, hooksDir)[PostRewrite+AlteredSuffix], "-rwxr-xr-x\n"+edited2)
}

// TestMergeRuleForMemory: install adds memory.md's union merge rule to the
// repository's attributes file, after what the person has there, once;
// uninstall takes out exactly its lines, and the file when nothing else is
// left. Two branches that each add a line to memory.md then merge cleanly.
func TestMergeRuleForMemory(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	attrs := filepath.Join(repo.CommonDir, "info", "attributes")
	mine := "*.pdf binary"
	writeFile(t, attrs, mine, 0o644) // no final newline
	mustInstall(t, repo, Options{})
	report := mustInstall(t, repo, Options{})
	if got := report.Attributes.String(); got != "info/attributes: already installed" {
		t.Errorf("again: %s", got)
	}
	data, _ := os.ReadFile(attrs)
	wantText(t, "attributes", string(data), mine+"\n"+mergeNote+"\n"+mergeRule+"\n")

	writeFile(t, filepath.Join(repo.Root, "memory.md"), "## Pieces written\n\n- one\n\n## Observations\n", 0o644)
	s.git(repo.Root, "add", "memory.md")
	s.git(repo.Root, "commit", "-q", "-m", "memory")
	s.git(repo.Root, "checkout", "-q", "-b", "side")
	writeFile(t, filepath.Join(repo.Root, "memory.md"), "## Pieces written\n\n- one\n- side\n\n## Observations\n", 0o644)
	s.git(repo.Root, "commit", "-q", "-am", "side")
	s.git(repo.Root, "checkout", "-q", "main")
	writeFile(t, filepath.Join(repo.Root, "memory.md"), "## Pieces written\n\n- one\n- main\n\n## Observations\n", 0o644)
	s.git(repo.Root, "commit", "-q", "-am", "main")
	s.git(repo.Root, "merge", "-q", "--no-edit", "side")
	merged, _ := os.ReadFile(filepath.Join(repo.Root, "memory.md"))
	wantText(t, "merged", string(merged), "## Pieces written\n\n- one\n- main\n- side\n\n## Observations\n")

	report = mustUninstall(t, repo)
	if got := report.Attributes.String(); got != "info/attributes: removed" {
		t.Errorf("uninstall: %s", got)
	}
	data, _ = os.ReadFile(attrs)
	wantText(t, "after uninstall", string(data), mine+"\n")
	os.Remove(attrs)
	mustInstall(t, repo, Options{})
	mustUninstall(t, repo)
	if _, err := os.Stat(attrs); !os.IsNotExist(err) {
		t.Errorf("a file that held sw's rule alone stays: %v", err)
	}
}
