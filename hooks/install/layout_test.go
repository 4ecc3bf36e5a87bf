package install

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sw/hooks/git"
)

func TestCoreHooksPathIsHonoured(t *testing.T) {
	for _, tc := range []struct {
		name     string
		hooksDir func(root, scratch string) (config, want string)
	}{
		{"relative", func(root, _ string) (string, string) {
			return "tools/hooks", filepath.Join(root, "tools", "hooks")
		}},
		{"absolute", func(_, scratch string) (string, string) {
			dir := filepath.Join(scratch, "shared hooks") // a space, as in many home folders
			return dir, dir
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSandbox(t)
			repo := s.repo("r")
			config, want := tc.hooksDir(repo.Root, s.dir)
			s.git(repo.Root, "config", "core.hooksPath", config)

			report := mustInstall(t, repo, Options{})
			wantText(t, "hooks folder", report.Dir, want)
			wantText(t, "shared", report.Shared, "")
			if _, err := os.Stat(filepath.Join(want, PostCommit)); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(filepath.Join(repo.GitDir, "hooks", PostCommit)); !os.IsNotExist(err) {
				t.Errorf("a shim landed in .git/hooks too (err %v)", err)
			}
			s.git(repo.Root, "commit", "-q", "--allow-empty", "-m", "one")
			wantText(t, "log", s.takeLog(), "sw hook pre-commit\nsw hook post-commit\n")
		})
	}
}

// TestGlobalHooksPathIsSaid: a core.hooksPath set in the global config is
// honoured as git honours it, and the report says that every repository
// using it now runs these hooks.
func TestGlobalHooksPathIsSaid(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	shared := filepath.Join(s.dir, "shared-hooks")
	s.git(repo.Root, "config", "--global", "core.hooksPath", shared)
	report := mustInstall(t, repo, Options{})
	wantText(t, "hooks folder", report.Dir, shared)
	want := "the hooks folder " + shared + " is set by core.hooksPath in your global git config (" + filepath.Join(os.Getenv("HOME"), ".gitconfig") + "): every repository that uses it runs these hooks"
	wantText(t, "shared", report.Shared, want)
	if !strings.HasSuffix(report.String(), "\nnote: "+want+"\n") {
		t.Errorf("the report does not end with the note:\n%s", report.String())
	}
}

// huskyRunner is the shape of husky 9's .husky/_/h: it finds the person's
// script .husky/<hook> from the name it was run under, $0.
const huskyRunner = `#!/usr/bin/env sh
n=$(basename "$0")
s=$(dirname "$(dirname "$0")")/$n
[ ! -f "$s" ] && exit 0
sh -e "$s" "$@"
c=$?
[ $c != 0 ] && echo "husky - $n script failed (code $c)"
exit $c
`

// huskyHook is the shape of each hook husky 9 writes into .husky/_.
const huskyHook = "#!/usr/bin/env sh\n. \"${0%/*}/h\"\n"

func TestHusky9LayoutKeepsWorking(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	husky := filepath.Join(repo.Root, ".husky")
	writeFile(t, filepath.Join(husky, "_", "h"), huskyRunner, 0o644)
	for _, hook := range []string{PostCommit, PostMerge, PostRewrite, PrePush, "pre-commit"} {
		writeFile(t, filepath.Join(husky, "_", hook), huskyHook, 0o755)
	}
	writeFile(t, filepath.Join(husky, PostCommit), "echo \"husky post-commit $*\" >>\""+s.log+"\"\n", 0o644)
	writeFile(t, filepath.Join(husky, PostRewrite), "echo \"husky post-rewrite $*\" >>\""+s.log+"\"\ncat >>\""+s.log+"\"\n", 0o644)
	s.git(repo.Root, "config", "core.hooksPath", ".husky/_")

	report := mustInstall(t, repo, Options{})
	wantText(t, "hooks folder", report.Dir, filepath.Join(husky, "_"))
	wantText(t, "report", actions(report), "post-commit: chained\npost-merge: chained\npost-rewrite: chained\npre-push: chained\ncommit-msg: installed\npre-commit: chained\nreference-transaction: installed\n")

	s.git(repo.Root, "commit", "-q", "--allow-empty", "-m", "one")
	wantText(t, "commit", s.takeLog(), "sw hook pre-commit\nhusky post-commit \nsw hook post-commit\n")
	old := strings.TrimSpace(s.git(repo.Root, "rev-parse", "HEAD"))
	s.git(repo.Root, "commit", "-q", "--amend", "--allow-empty", "-m", "one, amended")
	rewrite := old + " " + strings.TrimSpace(s.git(repo.Root, "rev-parse", "HEAD"))
	wantText(t, "amend", s.takeLog(), "sw hook pre-commit\nhusky post-commit \nsw hook post-commit\n"+
		"husky post-rewrite amend\n"+rewrite+"\nsw hook post-rewrite amend\nsw stdin: "+rewrite+"\n")

	// Running husky again rewrites its hooks over sw's shims; installing
	// again puts the shims back without losing anything.
	for _, hook := range []string{PostCommit, PostMerge, PostRewrite, PrePush} {
		writeFile(t, filepath.Join(husky, "_", hook), huskyHook, 0o755)
	}
	report = mustInstall(t, repo, Options{})
	wantText(t, "after husky ran again", actions(report), "post-commit: chained\npost-merge: chained\npost-rewrite: chained\npre-push: chained\ncommit-msg: already installed\npre-commit: already installed\nreference-transaction: already installed\n")
	s.git(repo.Root, "commit", "-q", "--allow-empty", "-m", "two")
	wantText(t, "commit", s.takeLog(), "sw hook pre-commit\nhusky post-commit \nsw hook post-commit\n")

	mustUninstall(t, repo)
	for _, hook := range []string{PostCommit, PostMerge, PostRewrite, PrePush} {
		if b, _ := os.ReadFile(filepath.Join(husky, "_", hook)); string(b) != huskyHook {
			t.Errorf("%s after uninstall: %q", hook, b)
		}
	}
}

// husky8Helper is the shape of husky 5 to 8's .husky/_/husky.sh: sourced by
// each hook, it runs the hook again under sh -e, by its name "$0".
const husky8Helper = `#!/usr/bin/env sh
if [ -z "$husky_skip_init" ]; then
  readonly hook_name="$(basename -- "$0")"
  readonly husky_skip_init=1
  export husky_skip_init
  sh -e "$0" "$@"
  exitCode="$?"
  if [ $exitCode != 0 ]; then
    echo "husky - $hook_name hook exited with code $exitCode (error)"
  fi
  exit $exitCode
fi
`

func TestHusky8LayoutKeepsWorking(t *testing.T) {
	s := newSandbox(t)
	repo := s.repo("r")
	husky := filepath.Join(repo.Root, ".husky")
	writeFile(t, filepath.Join(husky, "_", "husky.sh"), husky8Helper, 0o644)
	// Under husky's sh -e, the script stops at its first failing command.
	writeFile(t, filepath.Join(husky, PostCommit), "#!/usr/bin/env sh\n. \"$(dirname -- \"$0\")/_/husky.sh\"\n\necho \"husky post-commit $*\" >>\""+s.log+"\"\nfalse\necho \"after false\" >>\""+s.log+"\"\n", 0o755)
	s.git(repo.Root, "config", "core.hooksPath", ".husky")
	s.git(repo.Root, "commit", "-q", "--allow-empty", "-m", "zero")
	wantText(t, "commit without sw", s.takeLog(), "husky post-commit \n")

	mustInstall(t, repo, Options{})
	s.git(repo.Root, "commit", "-q", "--allow-empty", "-m", "one")
	wantText(t, "commit", s.takeLog(), "sw hook pre-commit\nhusky post-commit \nsw hook post-commit\n")
}

func TestLinkedWorktreeUsesTheSharedHooks(t *testing.T) {
	s := newSandbox(t)
	main := s.repo("main")
	worktree := filepath.Join(s.dir, "wt")
	s.git(main.Root, "worktree", "add", "-q", "-b", "wt", worktree)
	repo, err := git.Find(worktree)
	if err != nil {
		t.Fatal(err)
	}
	report := mustInstall(t, repo, Options{})
	wantText(t, "hooks folder", report.Dir, filepath.Join(main.Root, ".git", "hooks"))

	s.git(worktree, "commit", "-q", "--allow-empty", "-m", "in the worktree")
	s.git(main.Root, "commit", "-q", "--allow-empty", "-m", "in the main one")
	// git hands a linked worktree's hooks the message file by its full path.
	wantText(t, "log", s.takeLog(), "sw hook pre-commit\nsw hook post-commit\n"+
		"sw hook pre-commit\nsw hook post-commit\n")

	report = mustUninstall(t, repo)
	wantText(t, "uninstall", actions(report),
		"post-commit: removed\npost-merge: removed\npost-rewrite: removed\npre-push: removed\ncommit-msg: removed\npre-commit: removed\nreference-transaction: removed\n")
}
