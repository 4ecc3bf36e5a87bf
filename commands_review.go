// The review loop's commands: sw review, analyze, accept, reject, trust,
// untrust and memory audit, each a thin call into hooks/review or
// hooks/trust.

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sw/facts"
	"sw/hooks"
	"sw/hooks/automemory"
	"sw/hooks/git"
	"sw/hooks/install"
	"sw/hooks/review"
	"sw/hooks/trust"
	"sw/profile/collection"
	"time"

	"github.com/urfave/cli/v2"
)

func analyzeNow(c *cli.Context) error {
	loop, err := review.Open(".")
	if err != nil {
		return err
	}
	var paths []string
	for _, p := range c.Args().Slice() {
		rel, err := loop.Coll.Rel(p)
		if err != nil {
			return err
		}
		paths = append(paths, rel)
	}
	proposal, err := loop.Propose(c.Context, paths)
	if err != nil {
		return err
	}
	var outcome *review.Outcome
	if !c.Bool("dry-run") {
		if outcome, err = loop.Apply(proposal); err != nil {
			return err
		}
	}
	return printAs(c, review.Report(proposal, outcome))
}

// trustAnalyzer is `sw trust`, and `sw trust --list`.
func trustAnalyzer(c *cli.Context) error {
	if c.Bool("list") {
		return listTrusted(c.App.Writer)
	}
	loop, err := review.Open(".")
	if err != nil {
		return err
	}
	a, already, err := loop.Trust()
	switch {
	case err != nil:
		return err
	case a == nil:
		_, err = fmt.Fprintf(c.App.Writer, "%s names no analyzer.command; sw's own analyzer needs no trust\n", collection.SettingsFile)
	case already:
		_, err = fmt.Fprintf(c.App.Writer, "the analyzer `%s` is trusted in %s already\n", a.CommandLine(), loop.Repo.Root)
	default:
		_, err = fmt.Fprintf(c.App.Writer, "trusted the analyzer `%s` in %s, with every file it could run as it is now (all but %s); if the command or any of them changes, sw asks again\n",
			a.CommandLine(), loop.Repo.Root, trust.LeftOut(loop.Coll.Settings))
	}
	return err
}

// listTrusted is `sw trust --list`: each analyzer trusted, with its
// repository's git folder.
func listTrusted(w io.Writer) error {
	store, err := trust.Open()
	if err != nil {
		return err
	}
	all, err := store.List() // nil with an error
	if err == nil && len(all) == 0 {
		_, err = io.WriteString(w, "no analyzer is trusted anywhere\n")
	}
	for _, a := range all {
		fmt.Fprintf(w, "%s: %s (%s)\n", a.Repository, a.CommandLine(), a.AsOf())
	}
	return err
}

// untrustAnalyzer is `sw untrust`.
func untrustAnalyzer(c *cli.Context) error {
	loop, err := review.Open(".")
	if err != nil {
		return err
	}
	n, err := loop.Untrust()
	if err != nil {
		return err
	}
	if n == 0 {
		_, err = io.WriteString(c.App.Writer, "this repository trusted no analyzer\n")
		return err
	}
	_, err = fmt.Fprintf(c.App.Writer, "this repository trusts no analyzer now (%d forgotten)\n", n)
	return err
}

func reviewDashboard(c *cli.Context) error {
	if c.NArg() > 1 {
		return usagef(c, "takes one suggestion's id at most, got %d arguments", c.NArg())
	}
	loop, err := review.OpenAny(".")
	if err != nil {
		return err
	}
	d, err := loop.Review()
	if err != nil {
		return err
	}
	if id := c.Args().First(); id != "" {
		if c.Bool("json") {
			return fmt.Errorf("sw review --json lists every suggestion; leave out the id")
		}
		return d.WriteOne(c.App.Writer, time.Now(), id)
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, d)
	}
	// Missing hooks first: below a long list, a warning goes unread. A
	// voice runs no hooks of its own.
	if !loop.IsVoice() {
		if gone, unnoticed, err := install.NotInPlace(loop.Repo); err == nil && len(gone) > 0 {
			fmt.Fprintf(c.App.Writer, "sw's git hooks are not in place (%s), so %s: sw hook install\n\n", strings.Join(gone, ", "), unnoticed)
		}
		if off := install.HooksOff(loop.Repo.Root); len(off) > 0 {
			fmt.Fprintf(c.App.Writer, "Claude Code's hooks are off: %s\n\n", install.HooksOffNote(off))
		}
	}
	return d.WriteText(c.App.Writer, time.Now(), c.Bool("long"))
}

// memoryAudit is `sw memory audit`. Claude Code keeps one auto memory for
// a repository and all its worktrees, named after the main worktree's top
// folder; outside git, after the folder it runs in.
func memoryAudit(c *cli.Context) error {
	root, err := os.Getwd()
	if err != nil {
		return err
	}
	if repo, err := git.Find(root); err == nil {
		root = repo.Root
		if repo.CommonDir != repo.GitDir && filepath.Base(repo.CommonDir) == ".git" {
			root = filepath.Dir(repo.CommonDir)
		}
	} else if !errors.Is(err, git.ErrNotRepo) {
		return err
	}
	home, _ := os.UserHomeDir()
	a, err := facts.AuditProject(root, facts.AutoMemoryEnv{Getenv: os.Getenv, Home: home, ManagedSettings: facts.ManagedSettingsFile()})
	if err != nil {
		return err
	}
	if c.Bool("to-suggestions") {
		batch, err := automemory.ToSuggestions(".", a)
		if err != nil {
			return err
		}
		return printAs(c, batch)
	}
	return printAs(c, a)
}

func decide(act func(*review.Loop, string) (*review.Suggestion, error), done string) cli.ActionFunc {
	return func(c *cli.Context) error {
		if c.Args().Len() != 1 {
			return usagef(c, "give one suggestion id (sw review lists them)")
		}
		if err := hooks.AgentMayNotRun(os.Getenv, c.Command.Name); err != nil {
			return err
		}
		loop, err := review.OpenAny(".")
		if err != nil {
			return err
		}
		// The suggestion may wait in the voice the collection follows.
		if loop, err = loop.Deciding(c.Args().First()); err != nil {
			return err
		}
		where := ""
		if loop.Shown != "" {
			where = " in the voice " + loop.Shown
		}
		s, err := act(loop, c.Args().First())
		if err != nil && where != "" {
			return fmt.Errorf("%s%s: %w", strings.TrimSpace(c.Command.Name), where, err)
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(c.App.Writer, "%s %s%s: %s\n", done, s.ID, where, s.Summary)
		if done == "rejected" {
			// As git branch -D says: the way back, should it be wanted.
			fmt.Fprintf(c.App.Writer, "its commit was %.7s (%s branch %s %.7s brings it back)\n", s.Tip, loop.GitCommand(), s.Branch, s.Tip)
		}
		for _, r := range s.Remotes {
			fmt.Fprintf(c.App.Writer, "the branch is still at %s; delete it there too when you are done\n", strings.TrimPrefix(r, "refs/remotes/"))
		}
		return nil
	}
}
