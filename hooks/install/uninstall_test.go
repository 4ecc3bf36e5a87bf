package install

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestUninstallPutsBackExactlyWhatWasThere(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	hooksDir := filepath.Join(repo.GitDir, "hooks")
	// Odd bytes and modes on purpose: CRLF without a final newline, 0700, a
	// hook git ignores for want of an x bit, and a symbolic link.
	writeFile(t, filepath.Join(hooksDir, PostCommit), "#!/bin/sh\r\necho mine >>\""+s.log+"\"\r\nexit 0", 0o700)
	writeFile(t, filepath.Join(hooksDir, PostMerge), s.loggingHook("#!/bin/sh", "ignored", 0), 0o644)
	writeFile(t, filepath.Join(repo.Root, "scripts", "rewrite.sh"), s.loggingHook("#!/bin/sh", "linked", 0), 0o755)
	if err := os.Symlink("../../scripts/rewrite.sh", filepath.Join(hooksDir, PostRewrite)); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, hooksDir)

	report := mustInstall(t, repo, Options{ReferenceTransaction: true})
	wantText(t, "install", actions(report),
		"post-commit: chained\npost-merge: chained\npost-rewrite: chained\npre-push: installed\ncommit-msg: installed\npre-commit: installed\nreference-transaction: installed\n")
	if d := report.Hooks[1].Detail; !strings.Contains(d, "not executable") {
		t.Errorf("post-merge detail %q does not say the hook is not executable", d)
	}

	// The hook git ignored stays ignored: only sw runs on a merge.
	s.git(repo.Root, "checkout", "-q", "-b", "side")
	s.git(repo.Root, "commit", "-q", "--allow-empty", "-m", "side")
	s.git(repo.Root, "checkout", "-q", "main")
	s.git(repo.Root, "commit", "-q", "--allow-empty", "-m", "main")
	s.takeLog()
	s.git(repo.Root, "merge", "-q", "--no-edit", "side")
	wantText(t, "merge", s.takeLog(), "sw hook post-merge 0\n")

	report = mustUninstall(t, repo)
	wantText(t, "uninstall", actions(report),
		"post-commit: restored\npost-merge: restored\npost-rewrite: restored\npre-push: removed\ncommit-msg: removed\npre-commit: removed\nreference-transaction: removed\n")
	after := snapshot(t, hooksDir)
	for name, body := range before {
		if after[name] != body {
			t.Errorf("%s after uninstall:\n got %q\nwant %q", name, after[name], body)
		}
	}
	for name := range after {
		if _, ok := before[name]; !ok {
			t.Errorf("%s left behind", name)
		}
	}

	report = mustUninstall(t, repo)
	if report.Changed() {
		t.Errorf("a second uninstall changed something:\n%s", report)
	}
}

func TestUninstallWithNothingInstalledChangesNothing(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	hooksDir := filepath.Join(repo.GitDir, "hooks")
	writeFile(t, filepath.Join(hooksDir, PostCommit), "#!/bin/sh\nexit 0\n", 0o755)
	before := snapshot(t, hooksDir)

	report := mustUninstall(t, repo)
	wantText(t, "report", report.String(),
		"post-commit: not installed (the hook there is not sw's; left alone)\n"+
			"post-merge: not installed\npost-rewrite: not installed\npre-push: not installed\ncommit-msg: not installed\npre-commit: not installed\nreference-transaction: not installed\n"+
			"info/attributes: not installed\n.claude/settings.json: not installed\n")
	if report.Changed() {
		t.Error("Changed() is true")
	}
	after := snapshot(t, hooksDir)
	if len(after) != len(before) || after[PostCommit] != before[PostCommit] {
		t.Error("uninstall changed the hooks folder")
	}
}

func TestSomethingReplacedTheShimSoNothingChanges(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	hooksDir := filepath.Join(repo.GitDir, "hooks")
	writeFile(t, filepath.Join(hooksDir, PostCommit), "#!/bin/sh\necho first\n", 0o755)
	mustInstall(t, repo, Options{})
	writeFile(t, filepath.Join(hooksDir, PostCommit), "#!/bin/sh\necho second\n", 0o755)
	before := snapshot(t, hooksDir)

	for name, act := range map[string]func() (Report, error){
		"install":   func() (Report, error) { return Install(repo, Options{ReferenceTransaction: true}) },
		"uninstall": func() (Report, error) { return Uninstall(repo) },
	} {
		_, err := act()
		var conflict *ConflictError
		if !errors.As(err, &conflict) {
			t.Fatalf("%s: want a ConflictError, got %v", name, err)
		}
		hook, kept := filepath.Join(hooksDir, PostCommit), filepath.Join(hooksDir, PostCommit+ChainedSuffix)
		if msg := err.Error(); !strings.Contains(msg, hook+" is not sw's shim") || !strings.Contains(msg, "delete "+kept) {
			t.Errorf("%s: the message names neither file or what to do: %s", name, msg)
		}
		after := snapshot(t, hooksDir)
		if len(after) != len(before) {
			t.Errorf("%s: files before %d, after %d", name, len(before), len(after))
		}
		for file, body := range before {
			if after[file] != body {
				t.Errorf("%s changed %s", name, file)
			}
		}
	}
}

func TestWithoutSwOnPathTheShimSaysSoOnceAndGitGoesOn(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	// An earlier hook that fails: git ignores a post-commit's status, with or
	// without sw.
	writeFile(t, filepath.Join(repo.GitDir, "hooks", PostCommit), s.loggingHook("#!/bin/sh", "mine", 1), 0o755)
	mustInstall(t, repo, Options{ReferenceTransaction: true})
	t.Setenv("PATH", s.pathNoSW)

	for _, args := range [][]string{
		{"commit", "-q", "--allow-empty", "-m", "one"},
		{"branch", "sw/b1/x"},
	} {
		_, stderr, err := s.tryGit(repo.Root, args...)
		if err != nil {
			t.Fatalf("git %s failed without sw: %v\n%s", args[0], err, stderr)
		}
		want := "sw: 'sw' is not on PATH, so its " + map[string]string{"commit": PostCommit, "branch": ReferenceTransaction}[args[0]] +
			" hook did nothing (git carries on)\n"
		wantText(t, "git "+args[0]+" stderr", stderr, want)
	}

	_, stderr, err := s.tryGit(repo.Root, "commit", "-q", "--amend", "--allow-empty", "-m", "one, amended")
	if err != nil {
		t.Fatalf("amend failed without sw: %v", err)
	}
	wantText(t, "amend stderr", stderr, "sw: 'sw' is not on PATH, so its post-commit hook did nothing (git carries on)\n"+
		"sw: 'sw' is not on PATH, so its post-rewrite hook did nothing (git carries on)\n")
	if log := s.takeLog(); strings.Count(log, "mine $0=") != 2 {
		t.Errorf("the earlier hook should have run once per commit:\n%s", log)
	}
}
