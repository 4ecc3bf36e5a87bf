package hooks

import (
	"errors"
	"fmt"
	"os"
	"os/exec"

	"sw/hooks/agent"
	"sw/hooks/review"
	"sw/profile"
	"sw/profile/collection"
)

// The git hooks sw installs call these. Each counts, reconciles and, every
// batch_size pieces, starts an analysis; none ever fails git.

// PostCommit is `sw hook post-commit`: the count, and memory.md caught up
// with the commit's pieces when the pre-commit hook did not see them.
func PostCommit(io IO) int {
	_, byAgent := agent.In(io.Getenv, io.Dir)
	return gitHook(io, func(l *review.Loop) (review.Status, error) {
		l.AgentCommitted = byAgent
		l.Index = io.Getenv("GIT_INDEX_FILE")
		st, err := l.Committed()
		factsAfterCommit(io, l)
		return st, err
	})
}

// PostMerge is `sw hook post-merge <squash>`: a merge or pull finished,
// perhaps bringing pieces, perhaps merging a suggestion. A squash merge
// stages what it brings and moves no ref: in an agent's environment, what
// it staged of the profile is taken back out, so that no later commit (the
// person's, unaware) takes a suggestion in.
func PostMerge(io IO) int {
	if _, byAgent := agent.In(io.Getenv, io.Dir); byAgent && io.firstArg() == "1" {
		if repo, ok := agentRepo(io); ok {
			putBackProfile(io, repo)
		}
	}
	return gitHook(io, (*review.Loop).Merged)
}

// PostRewrite is `sw hook post-rewrite`: an amend or a rebase replaced
// commits; stdin maps old to new.
func PostRewrite(io IO) int {
	return gitHook(io, func(l *review.Loop) (review.Status, error) { return l.Rewritten(io.firstArg(), io.Stdin) })
}

// ReferenceTransaction is `sw hook reference-transaction <state>`. In an
// agent's environment, see agentTransaction. For the person who asked for
// it at install, a suggestion branch deleted or moved is decided at once,
// when the transaction is committed.
func ReferenceTransaction(io IO) int {
	state := io.firstArg()
	if found, byAgent := agent.In(io.Getenv, io.Dir); byAgent && (state == "prepared" || state == "aborted") {
		return agentTransaction(io, found, state)
	}
	if state != "committed" {
		return 0
	}
	return gitHook(io, func(l *review.Loop) (review.Status, error) { return review.Status{}, l.RefsMoved() })
}

// AnalyzeInBackground is `sw hook analyze`, the process a hook starts when
// an analysis is due. Its failures go to .git/sw/log and are reported by
// the next hook.
func AnalyzeInBackground(io IO) int {
	return inBackground(io, func(l *review.Loop) error {
		_, err := l.RunAnalysis()
		return err
	})
}

// inBackground runs the work of a process a hook started, which no one
// waits for: its failure is said, and its exit status is 1.
func inBackground(io IO, work func(*review.Loop) error) int {
	l, err := review.Open(io.Dir)
	if err == nil {
		err = work(l)
	}
	if err != nil {
		fmt.Fprintf(io.Stderr, "sw: %v\n", err)
		return 1
	}
	return 0
}

func gitHook(io IO, event func(*review.Loop) (review.Status, error)) int {
	l, ok := openLoop(io)
	if !ok {
		return 0
	}
	seeToInterrupted(l.Coll, l, io)
	st, err := event(l)
	if err != nil {
		fmt.Fprintf(io.Stderr, "sw: %s\n", profile.OneLine(err))
	}
	for _, s := range st.Unreadable {
		fmt.Fprintf(io.Stderr, "sw: %s\n", profile.OneLine(errors.New(s.String())))
	}
	if st.RecordProblem != "" {
		fmt.Fprintf(io.Stderr, "sw: rejections not yet recorded in profile_feedback.json: %s (details in .git/sw/log)\n", profile.OneLine(errors.New(st.RecordProblem)))
	}
	inline := io.Getenv("SW_ANALYZE") == "inline"
	if st.AnalysisFailure != "" && !(st.Due && inline) {
		// An inline analysis about to run says how it went itself.
		fmt.Fprintf(io.Stderr, "sw: the last analysis failed, and runs again at the next commit: %s (details in .git/sw/log)\n", profile.OneLine(errors.New(st.AnalysisFailure)))
	}
	if st.Due {
		if err := l.CheckTrust(); err != nil {
			fmt.Fprintf(io.Stderr, "sw: %s finished, but no analysis runs: %s\n", pieces(l.Coll.Settings.BatchSize), profile.OneLine(err))
		} else {
			startAnalysis(io, l)
		}
	}
	return 0
}

// openLoop opens the review loop for a git hook; ok is false when the hook
// has nothing to do: in sw's own git commands (see standAside), outside a
// collection, or in one that cannot be read, which it says.
func openLoop(io IO) (l *review.Loop, ok bool) {
	if standAside(io) {
		return nil, false
	}
	l, err := review.Open(io.Dir)
	if errors.Is(err, collection.ErrNotCollection) {
		return nil, false
	}
	if err != nil {
		fmt.Fprintf(io.Stderr, "sw: %s\n", profile.OneLine(err))
		return nil, false
	}
	return l, true
}

// startAnalysis runs the due analysis in a detached sw process, so the
// commit returns at once; SW_ANALYZE=inline runs it here, for scripts and
// tests that want its outcome before going on.
func startAnalysis(io IO, l *review.Loop) {
	if io.Getenv("SW_ANALYZE") == "inline" {
		out, err := l.RunAnalysis()
		switch {
		case err != nil:
			fmt.Fprintf(io.Stderr, "sw: analysis failed, and runs again at the next commit: %s\n", profile.OneLine(err))
		case out != nil:
			fmt.Fprintf(io.Stderr, "sw: %s\n", outcomeLine(out))
		}
		return
	}
	if l.AnalysisRunning() {
		return // the running one reads these pieces, or the next commit starts another
	}
	if err := startInBackground(l.Repo.Root, "analyze"); err != nil {
		fmt.Fprintf(io.Stderr, "sw: cannot start the analysis: %v\n", err)
		return
	}
	fmt.Fprintf(io.Stderr, "sw: %s finished; analysing %s in the background (sw review shows what comes of it)\n",
		pieces(l.Coll.Settings.BatchSize), them(l.Coll.Settings.BatchSize))
}

// startInBackground starts `sw hook <entry> <args>` in root, detached, so
// the hook returns to git at once. Its output goes nowhere; what it does
// goes to .git/sw/log.
func startInBackground(root, entry string, args ...string) error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := &exec.Cmd{Path: self, Args: append([]string{"sw", "hook", entry}, args...), Dir: root,
		SysProcAttr: detached()}
	if err := cmd.Start(); err != nil {
		return err
	}
	cmd.Process.Release() // it runs on either way
	return nil
}

// outcomeLine says in one line what an analysis left for the person.
func outcomeLine(out *review.Outcome) string {
	line := outcomeSummary(out)
	if n := len(out.LeftOut); n > 0 {
		line += fmt.Sprintf("; %s left out, as sw cannot read %s: sw review says why", pieces(n), them(n))
	}
	return line
}

// outcomeSummary says what an analysis wrote: in the collection, or in
// the voice it follows and perhaps in the collection too.
func outcomeSummary(out *review.Outcome) string {
	dropped := droppedBoth(out)
	n, where := len(out.Written), "in batch "+out.Batch
	switch v := out.Voice; {
	case v != nil && len(v.Written) > 0:
		n, where = len(v.Written), fmt.Sprintf("in the voice %s, batch %s", v.Repo, v.Batch)
		if len(out.Written) > 0 {
			where += fmt.Sprintf(", and %d in this series' own batch %s", len(out.Written), out.Batch)
		}
	case n == 0 && dropped != "":
		return fmt.Sprintf("analysed %s; nothing new to suggest (%s)", pieces(len(out.Pieces)), dropped)
	case n == 0:
		return fmt.Sprintf("analysed %s; nothing to suggest", pieces(len(out.Pieces)))
	}
	if dropped != "" {
		dropped = " (not written: " + dropped + ")"
	}
	if n == 1 {
		return fmt.Sprintf("1 suggestion from %s waits as a branch %s%s: sw review", pieces(len(out.Pieces)), where, dropped)
	}
	return fmt.Sprintf("%d suggestions from %s wait as branches %s%s: sw review", n, pieces(len(out.Pieces)), where, dropped)
}

// droppedBoth is what an analysis did not write, in the collection and,
// where it follows a voice, in the voice.
func droppedBoth(out *review.Outcome) string {
	dropped := out.Dropped()
	if v := out.Voice; v != nil && v.Dropped() != "" {
		if dropped != "" {
			dropped += "; "
		}
		dropped += v.Dropped() + " in the voice " + v.Repo
	}
	return dropped
}

// pieces counts pieces: batch_size may be 1.
func pieces(n int) string {
	if n == 1 {
		return "1 piece"
	}
	return fmt.Sprintf("%d pieces", n)
}

// them is the pronoun for n pieces.
func them(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}
