package hooks

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"

	"sw/profile/collection"
	"sw/profile/review"
)

// The git hooks sw installs call these. Each counts, reconciles and, every
// batch_size pieces, starts an analysis; none ever fails git.

// PostCommit is `sw hook post-commit`.
func PostCommit(io IO) int {
	return gitHook(io, (*review.Loop).Committed)
}

// PostMerge is `sw hook post-merge`: a merge or pull finished, perhaps
// bringing pieces, perhaps merging a suggestion.
func PostMerge(io IO) int {
	return gitHook(io, (*review.Loop).Committed)
}

// PostRewrite is `sw hook post-rewrite`: an amend or a rebase replaced
// commits; stdin maps old to new.
func PostRewrite(io IO) int {
	return gitHook(io, func(l *review.Loop) (bool, string, error) { return l.Rewritten(io.Stdin) })
}

// ReferenceTransaction is `sw hook reference-transaction`, installed on
// request: a suggestion branch was deleted or moved; decide at once.
func ReferenceTransaction(io IO, state string) int {
	if state != "committed" {
		return 0
	}
	return gitHook(io, func(l *review.Loop) (bool, string, error) { return false, "", l.Reconcile() })
}

// AnalyzeInBackground is `sw hook analyze`, the process a hook starts when
// an analysis is due. Its failures go to .git/sw/log and are reported by
// the next hook.
func AnalyzeInBackground(io IO) int {
	l, err := review.Open(io.Dir)
	if err == nil {
		_, err = l.RunAnalysis()
	}
	if err != nil {
		fmt.Fprintf(io.Stderr, "sw: %v\n", err)
		return 1
	}
	return 0
}

func gitHook(io IO, event func(*review.Loop) (due bool, problem string, err error)) int {
	if io.Getenv("SW_HOOKS") == "off" {
		return 0 // sw's own commits
	}
	l, err := review.Open(io.Dir)
	if errors.Is(err, collection.ErrNotCollection) {
		return 0 // hooks installed in a repository that is not (or no longer) a collection
	}
	if err != nil {
		fmt.Fprintf(io.Stderr, "sw: %s\n", oneLine(err))
		return 0
	}
	due, problem, err := event(l)
	switch {
	case err != nil:
		fmt.Fprintf(io.Stderr, "sw: %s\n", oneLine(err))
	case problem != "":
		fmt.Fprintf(io.Stderr, "sw: %s (details in .git/sw/log)\n", problem)
	}
	if due {
		startAnalysis(io, l)
	}
	return 0
}

// startAnalysis runs the due analysis out of band: a detached sw process,
// so the commit returns at once. SW_ANALYZE=inline runs it in this process
// instead, for scripts and tests that want its outcome before going on.
func startAnalysis(io IO, l *review.Loop) {
	if io.Getenv("SW_ANALYZE") == "inline" {
		out, err := l.RunAnalysis()
		switch {
		case err != nil:
			fmt.Fprintf(io.Stderr, "sw: analysis failed, and runs again at the next commit: %s\n", oneLine(err))
		case out != nil && len(out.Written) > 0:
			fmt.Fprintf(io.Stderr, "sw: %d suggestion%s from %d pieces wait as branches in batch %s: sw review\n",
				len(out.Written), plural(len(out.Written)), len(out.Pieces), out.Batch)
		case out != nil:
			fmt.Fprintf(io.Stderr, "sw: analysed %d pieces; nothing to suggest\n", len(out.Pieces))
		}
		return
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(io.Stderr, "sw: cannot start the analysis: %v\n", err)
		return
	}
	cmd := &exec.Cmd{Path: self, Args: []string{"sw", "hook", "analyze"}, Dir: l.Repo.Root,
		SysProcAttr: &syscall.SysProcAttr{Setsid: true}}
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(io.Stderr, "sw: cannot start the analysis: %v\n", err)
		return
	}
	cmd.Process.Release()
	fmt.Fprintf(io.Stderr, "sw: %d pieces finished; analysing them in the background (sw review shows what comes of it)\n", l.Coll.Settings.BatchSize)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
