package hooks

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/template"

	"sw/hooks/agent"
	"sw/hooks/git"
	"sw/hooks/review"
	"sw/profile"
	"sw/profile/collection"
	"sw/templates"
)

// Git's hooks refuse an agent's decisions. When git runs in an agent's
// environment (agent.Detect), the reference-transaction hook refuses,
// while the transaction is prepared, the ref updates review.AgentRefusals
// names, and once git has aborted it, puts back what the refused command
// had already checked out; pre-push refuses the same on a remote;
// commit-msg refuses a commit that changes the profile and marks every
// other as a draft. None of it looks at how git was asked: a script does
// what a shell would.

// standAside reports whether sw's hooks keep out of a git command: sw's
// own commands set SW_HOOKS=off, and run without an agent's markers. In an
// agent's environment the variable lifts nothing: the agent could set it.
func standAside(io IO) bool {
	if io.Getenv("SW_HOOKS") != "off" {
		return false
	}
	_, byAgent := agent.In(io.Getenv, io.Dir)
	return !byAgent
}

// agentTransaction is the reference-transaction hook in an agent's
// environment: git's state is "prepared" (the refs are locked, and a
// failing hook aborts the transaction) or "aborted".
func agentTransaction(io IO, found agent.Marker, state string) int {
	updates := readRefUpdates(io.Stdin)
	repo, ok := agentRepo(io)
	if !ok || len(updates) == 0 {
		return 0
	}
	refusals, err := review.AgentRefusals(repo, updates, io.Getenv("GIT_REFLOG_ACTION"))
	if err != nil {
		if state == "prepared" {
			say(io.Stderr, "not-checked", struct{ Why string }{profile.OneLine(err)})
		}
		return 0
	}
	if state == "aborted" {
		tidyAfterRefusal(io, repo, refusals)
	} else if refuse(io, found, refusals...) {
		return 1
	}
	return 0
}

// agentRepo opens the repository a hook runs in, if it is a collection.
// A collection whose .sw.yaml sw cannot read is still guarded.
func agentRepo(io IO) (*git.Repo, bool) {
	if _, err := collection.Find(io.Dir); errors.Is(err, collection.ErrNotCollection) {
		return nil, false
	}
	repo, err := git.Find(io.Dir)
	return repo, err == nil
}

// tidyAfterRefusal puts back, after git aborted a refused move of the
// branch checked out, what the command had already done to the index and
// working tree. A merge, a cherry-pick or a checkout of an existing commit
// (a fast-forward, a reset) left the index at the commit refused: all of
// it goes, as `git merge --abort` would take it out, keeping changes not
// staged. A commit made of what was staged (a squash, the agent's own
// edit) leaves the rest staged and takes the profile's files out.
func tidyAfterRefusal(io IO, repo *git.Repo, refusals []review.Refusal) {
	branch, _, err := repo.Head()
	if err != nil || branch == "" {
		return
	}
	i := slices.IndexFunc(refusals, func(r review.Refusal) bool { return r.Ref == branch })
	if i < 0 {
		return
	}
	refused := refusals[i]
	if repo.IndexLocked() {
		if len(refused.Profile) > 0 {
			say(io.Stderr, "still-staged", nil)
		}
		return
	}
	if checkedOut(repo, refused.New) {
		if err := repo.AbortCheckout(); err != nil {
			fmt.Fprintf(io.Stderr, "sw: %s\n", profile.OneLine(err))
			return
		}
		say(io.Stderr, "undone", struct{ Branch string }{strings.TrimPrefix(branch, "refs/heads/")})
		return
	}
	putBackProfile(io, repo)
}

// checkedOut reports whether the index holds commit as a checkout left it:
// in a merge or cherry-pick git began, or for a commit that existed before.
func checkedOut(repo *git.Repo, commit git.Hash) bool {
	if match, err := repo.IndexMatches(commit); err != nil || !match {
		return false
	}
	if op, busy := repo.InProgress(); busy && (op == "merge" || op == "cherry-pick") {
		return true
	}
	referenced, err := repo.Referenced(commit)
	return err == nil && referenced
}

// putBackProfile takes what is staged for the profile back out.
func putBackProfile(io IO, repo *git.Repo) {
	restored, unstaged, err := review.PutBackProfile(repo)
	if err != nil {
		fmt.Fprintf(io.Stderr, "sw: %s\n", profile.OneLine(err))
		return
	}
	for i, files := range [][]string{restored, unstaged} {
		if len(files) > 0 {
			say(io.Stderr, "put-back", struct {
				Files    string
				Worktree bool // restored in the working tree too, not only unstaged
			}{strings.Join(files, ", "), i == 0})
		}
	}
}

// readRefUpdates reads a reference-transaction hook's input: one
// "<old> <new> <ref>" line per ref; lines of any other shape are skipped.
func readRefUpdates(stdin io.Reader) []review.RefUpdate {
	var out []review.RefUpdate
	for _, f := range readFields(stdin, 3) {
		old, err1 := git.ParseHash(f[0])
		new, err2 := git.ParseHash(f[1])
		if err1 == nil && err2 == nil {
			out = append(out, review.RefUpdate{Ref: f[2], Old: old, New: new})
		}
	}
	return out
}

// readFields reads a hook's input, a line per ref, as the lines of n
// fields. All of it is read, so that git never writes into a closed pipe.
func readFields(stdin io.Reader, n int) [][]string {
	if stdin == nil {
		return nil
	}
	var out [][]string
	lines := bufio.NewScanner(stdin)
	lines.Buffer(nil, 1<<20)
	for lines.Scan() {
		if f := strings.Fields(lines.Text()); len(f) == n {
			out = append(out, f)
		}
	}
	io.Copy(io.Discard, stdin) // after a line too long to scan
	return out
}

// refuse prints the line that refuses each update, and reports whether
// there was any.
func refuse(io IO, found agent.Marker, refusals ...review.Refusal) bool {
	for _, r := range refusals {
		say(io.Stderr, "refused", struct{ What, Why, Files, Agent string }{r.What, r.Why, r.Files(), found.String()})
	}
	return len(refusals) > 0
}

// AgentMayNotRun is the error for a command of sw's that decides for the
// person (sw accept, sw hook uninstall...), run in an agent's environment
// or its sandbox (from the folder sw runs in).
func AgentMayNotRun(getenv func(string) string, command string) error {
	found, ok := agent.In(getenv, ".")
	if !ok {
		return nil
	}
	var b strings.Builder
	say(&b, "command", struct{ Command, Agent string }{command, found.String()})
	return errors.New(b.String())
}

var gitRefused = template.Must(template.New("git-refused").Parse(templates.Text("agent/git-refused.txt")))

// say writes one of git-refused.txt's texts.
func say(w io.Writer, name string, data any) {
	gitRefused.ExecuteTemplate(w, name, data)
}
