// Command sw gives an AI writing agent a memory that gets better the more a
// person writes, kept in three drawers in the collection's git repository:
// the style profile (profile/), the rules (CLAUDE.md) and the facts
// (memory.md). This file only wires commands to the packages that do the work.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"

	"sw/hooks"
	"sw/hooks/git"
	"sw/hooks/install"
	"sw/hooks/review"
	"sw/profile/atomicfile"
	"sw/profile/baseline"
	"sw/profile/termsafe"
)

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// run is main with its world passed in, so tests can drive it.
//
// What sw writes for people quotes a collection's files and an analyzer's
// answers, someone else's input in a cloned collection, so it passes
// through termsafe on its way out: a control character in a rule file
// shows as \x1b, and never reaches the terminal as one. JSON, and what
// the hooks write on stdout for an agent, go out exact (termsafe.Raw).
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// A writer's marker goes when it ends well (see atomicfile.Begin).
	defer atomicfile.Done()
	out, errs := termsafe.NewWriter(stdout), termsafe.NewWriter(stderr)
	defer errs.Flush()
	defer out.Flush()
	// The hooks run inside people's commits and sessions, and building the
	// app and handling its flags is a tenth of a hook's time: an exact hook
	// call skips it. Anything else, help included, goes through the app,
	// which offers the same entries as commands (hookCommands).
	if e, ok := hooks.Called(args); ok {
		return e.Run(hookIO(stdin, stdout, errs, args[3:]))
	}
	// `sw check` runs in agents' Stop hooks and in pre-commit hooks, so its
	// plain forms skip the app too.
	if o, ok := checkCalled(args); ok {
		return exitStatus(checkPieces(o, out), errs)
	}
	return runApp(args, stdin, out, errs)
}

// runApp runs args through the app: every command, with help and errors.
func runApp(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(stdin, stdout, stderr)
	notFound := ready(app)
	args, err := flagsFirst(app.Commands, args)
	if err == nil {
		err = app.Run(args)
	}
	if err == nil {
		err = *notFound
	}
	return exitStatus(err, stderr)
}

// newApp builds the app: every command sw has.
func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	return &cli.App{
		Name:      "sw",
		Usage:     "a writing agent's memory, kept in git: style profile, rules and facts",
		Version:   version(),
		Reader:    stdin,
		Writer:    stdout,
		ErrWriter: stderr,
		// sw prints its own errors, once, in one format.
		ExitErrHandler: func(*cli.Context, error) {},
		Commands: []*cli.Command{
			{
				Name:      "init",
				Usage:     "make a folder a collection (git repository, settings, profile, CLAUDE.md, memory.md)",
				ArgsUsage: "[DIR]",
				Flags:     []cli.Flag{voiceFlag},
				Action:    initCollection,
			},
			{
				Name:  "voice",
				Usage: "your style in a repository of its own, shared by all your series",
				Subcommands: []*cli.Command{
					{
						Name:      "init",
						Usage:     "make a folder a voice (git repository, profile, profile_feedback.json)",
						ArgsUsage: "DIR",
						Action:    initVoice,
					},
					{
						Name:      "use",
						Usage:     "follow a voice in this collection (the one .sw.yaml names, or DIR, which it names from now on)",
						ArgsUsage: "[DIR]",
						Action:    useVoice,
					},
					{
						Name:      "adopt",
						Usage:     "move this collection's rules and rejections into a voice (made at DIR if new), and follow it: one commit on each side",
						ArgsUsage: "[DIR]",
						Action:    adoptVoice,
					},
				},
			},
			{
				Name:  "profile",
				Usage: "show the resolved style profile or write it into CLAUDE.md",
				Subcommands: []*cli.Command{
					{
						Name:   "show",
						Usage:  "print the profile resolved for a genre",
						Flags:  []cli.Flag{genreFlag, jsonFlag},
						Action: profileShow,
					},
					{
						Name:   "write",
						Usage:  "render the resolved profile into sw's block of CLAUDE.md",
						Flags:  []cli.Flag{genreFlag},
						Action: profileWrite,
					},
				},
			},
			{
				Name:      "review",
				Usage:     "the pending suggestions, a line each (or one, or --long all, with evidence and diff), and recent decisions",
				ArgsUsage: "[ID]",
				Flags:     []cli.Flag{&cli.BoolFlag{Name: "long", Usage: "show every suggestion with its evidence and diff"}, jsonFlag},
				Action:    reviewDashboard,
			},
			{
				Name:      "check",
				Usage:     "hold pieces against the resolved profile: hard limits broken are errors (exit 1), drift from preferences warnings",
				ArgsUsage: "PIECE...",
				Flags:     []cli.Flag{&cli.StringFlag{Name: "genre", Usage: "the genre to check against (default: each piece's own)"}, jsonFlag},
				Action: func(c *cli.Context) error {
					genre, err := genreGiven(c)
					if err != nil {
						return err
					}
					return checkPieces(checkOptions{paths: c.Args().Slice(), genre: genre, json: c.Bool("json")}, c.App.Writer)
				},
			},
			{
				Name:      "analyze",
				Usage:     "run the analyzer now, on the pending pieces or the named ones, and write its suggestions as branches",
				ArgsUsage: "[PIECE...]",
				Flags:     []cli.Flag{&cli.BoolFlag{Name: "dry-run", Usage: "print the suggestions; write no branch"}, jsonFlag},
				Action:    analyzeNow,
			},
			{
				Name:      "accept",
				Usage:     "merge a suggestion's branch into the default branch (git merge --no-ff) and delete it",
				ArgsUsage: "ID",
				Action:    decide((*review.Loop).Accept, "accepted"),
			},
			{
				Name:      "reject",
				Usage:     "delete a suggestion's branch and remember the rejection in profile_feedback.json",
				ArgsUsage: "ID",
				Action:    decide((*review.Loop).Reject, "rejected"),
			},
			{
				Name:   "trust",
				Usage:  "let .sw.yaml's analyzer.command run in this repository: sw runs an external analyzer only once you have trusted that exact command, with every file it could run (all but the writing)",
				Flags:  []cli.Flag{&cli.BoolFlag{Name: "list", Usage: "list the analyzers trusted, in every repository"}},
				Action: trustAnalyzer,
			},
			{
				Name:   "untrust",
				Usage:  "forget the analyzers trusted in this repository",
				Action: untrustAnalyzer,
			},
			{
				Name:  "facts",
				Usage: "the collection's facts (memory.md): add, replace by key, remove and list them",
				Subcommands: []*cli.Command{
					{
						Name:      "add",
						Usage:     "add a fact to a section of memory.md; one with the same key is replaced, one already there is not added twice",
						ArgsUsage: "TEXT",
						Flags: []cli.Flag{
							factsSectionFlag,
							&cli.StringFlag{Name: "key", Usage: "a name for the fact (lowercase, digits, dashes), so a later add with it replaces it"},
							&cli.StringFlag{Name: "source", Value: "person", Usage: "where the fact comes from: person, agent, sw, a piece's path or a name"},
							&cli.StringFlag{Name: "date", Usage: "the fact's date, YYYY-MM-DD (default: today, UTC)"},
						},
						Action: factsAdd,
					},
					{
						Name:      "rm",
						Usage:     "remove the fact with a key from memory.md",
						ArgsUsage: "KEY",
						Action:    factsRemove,
					},
					{
						Name:   "list",
						Usage:  "list memory.md's facts, section by section",
						Flags:  []cli.Flag{factsSectionFlag, jsonFlag},
						Action: factsList,
					},
					{
						Name:   "check",
						Usage:  "report memory.md over its size budget, duplicate entries and entries that restate a piece, each at its line (exit 1 when there are any)",
						Flags:  []cli.Flag{jsonFlag},
						Action: factsCheck,
					},
					{
						Name:   "rebuild",
						Usage:  "make sw's own entries in memory.md (Pieces written, and the stances pieces state) again from the pieces and git's history; yours stay as they are",
						Action: factsRebuild,
					},
				},
			},
			{
				Name:  "memory",
				Usage: "the agent's own notes on this repository (Claude Code's auto memory)",
				Subcommands: []*cli.Command{
					{
						Name:  "audit",
						Usage: "list the auto-memory entries that file a writing-style judgment (style belongs in profile/), each with file:line and why",
						Flags: []cli.Flag{jsonFlag, &cli.BoolFlag{Name: "to-suggestions",
							Usage: "propose the judgments as a suggestion batch of the review loop (sw review), never straight into profile/, and list the lines to remove"}},
						Action: memoryAudit,
					},
				},
			},
			{
				Name:  "version",
				Usage: "print sw's version",
				Action: func(c *cli.Context) error {
					cli.VersionPrinter(c)
					return nil
				},
			},
			{
				Name:  "licenses",
				Usage: "the licences of the word rates built into sw",
				Action: func(c *cli.Context) error {
					_, err := io.WriteString(c.App.Writer, "sw's general-English baseline is derived from the CMU Sphinx US English\nlanguage model, under this licence:\n\n"+baseline.License()+
						"\nsw's LLM-prose baseline is derived from the LLM-written texts of\nFast-DetectGPT (Bao et al.), under this licence:\n\n"+baseline.LLMLicense())
					return err
				},
			},
			{
				Name:  "hook",
				Usage: "entry points for git and agent hooks",
				Subcommands: append([]*cli.Command{
					{
						Name:  "install",
						Usage: "install sw's git hooks, keeping any hook already there (chained), and its Claude Code hooks and deny rules (.claude/settings.json)",
						Flags: []cli.Flag{
							&cli.BoolFlag{Name: "reference-transaction", Usage: "make the reference-transaction hook also notice deleted suggestion branches at once (starts sw for each change to one)"},
							&cli.BoolFlag{Name: "no-agent", Usage: "leave .claude/settings.json alone: git hooks only"},
							&cli.BoolFlag{Name: "no-sandbox", Usage: "leave Claude Code's sandbox off (and take out sw's sandbox settings): only the guard then keeps the agent's shell out of profile/"},
							jsonFlag,
						},
						Action: hookInstall,
					},
					{
						Name:   "uninstall",
						Usage:  "remove sw's git hooks and put back what was there; take sw's entries out of .claude/settings.json",
						Flags:  []cli.Flag{jsonFlag},
						Action: hookUninstall,
					},
				}, hookCommands()...),
			},
		},
	}
}

// exitStatus prints a command's error, once, and turns it into the
// process's exit status.
func exitStatus(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var usage *usageError
	if errors.As(err, &usage) {
		fmt.Fprintln(stderr, usage.Error())
		return usage.ExitCode()
	}
	// Only an exit status sw chose itself: an error that merely wraps one
	// (an analyzer's *exec.ExitError, which has an ExitCode too) must not
	// pass the analyzer's status, or its signal, off as sw's.
	if code, ok := err.(cli.ExitCoder); ok {
		if msg := err.Error(); msg != "" {
			fmt.Fprintf(stderr, "sw: %s\n", msg)
		}
		return code.ExitCode()
	}
	fmt.Fprintf(stderr, "sw: %s\n", strings.ReplaceAll(err.Error(), "\n", "\nsw: "))
	return 1
}

var (
	genreFlag = &cli.StringFlag{Name: "genre", Usage: "the genre to resolve (default: the collection's genre)"}
	jsonFlag  = &cli.BoolFlag{Name: "json", Usage: "print JSON instead of text"}
)

// hookCommands are the hook entry points as commands of the app.
func hookCommands() []*cli.Command {
	cmds := make([]*cli.Command, len(hooks.Entries))
	for i, e := range hooks.Entries {
		cmds[i] = &cli.Command{
			Name:            e.Name,
			Usage:           e.Usage,
			SkipFlagParsing: e.GitArgs,
			// git's arguments pass through untouched, --help included.
			HideHelp: e.GitArgs,
			Action: func(c *cli.Context) error {
				if code := e.Run(hookIO(c.App.Reader, termsafe.Raw(c.App.Writer), c.App.ErrWriter, c.Args().Slice())); code != 0 {
					return cli.Exit("", code)
				}
				return nil
			},
		}
	}
	return cmds
}

func hookInstall(c *cli.Context) error {
	if c.Bool("no-sandbox") {
		if err := hooks.AgentMayNotRun(os.Getenv, "hook install --no-sandbox"); err != nil {
			return err
		}
	}
	return changeHooks(c, true, func(repo *git.Repo) (install.Report, error) {
		return install.Install(repo, install.Options{
			ReferenceTransaction: c.Bool("reference-transaction"),
			Agent:                !c.Bool("no-agent"),
			Sandbox:              !c.Bool("no-sandbox"),
			Binary:               install.Binary(),
		})
	})
}

func hookUninstall(c *cli.Context) error {
	if err := hooks.AgentMayNotRun(os.Getenv, "hook uninstall"); err != nil {
		return err
	}
	return changeHooks(c, false, install.Uninstall)
}

// changeHooks makes change to the hooks of the repository here (a
// collection's, if inCollection), and reports it.
func changeHooks(c *cli.Context, inCollection bool, change func(*git.Repo) (install.Report, error)) error {
	repo, err := git.Find(".")
	if err != nil {
		return err
	}
	if inCollection {
		if err := install.RequireCollection(repo); err != nil {
			return err
		}
	}
	var report install.Report
	err = keepTrust(func() (err error) {
		report, err = change(repo)
		return err
	})
	if err != nil {
		return err
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, report)
	}
	// Apart from the report: what the machine lacks differs from one to
	// the next, and a warning should not read as one line of a list.
	for _, w := range report.Warnings() {
		fmt.Fprintln(c.App.ErrWriter, "sw: warning: "+w)
	}
	_, err = io.WriteString(c.App.Writer, report.String())
	return err
}

// keepTrust runs change, sw's own edit of .claude/settings.json, keeping
// the analyzer trusted if it was (review.Loop.KeepTrust). Outside a
// collection there is nothing to keep.
func keepTrust(change func() error) error {
	loop, err := review.Open(".")
	if err != nil {
		return change()
	}
	return loop.KeepTrust(change)
}

// printAs prints v as JSON with --json, else as its text.
func printAs(c *cli.Context, v interface{ WriteText(io.Writer) error }) error {
	if c.Bool("json") {
		return writeJSON(c.App.Writer, v)
	}
	return v.WriteText(c.App.Writer)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(termsafe.Raw(w))
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func hookIO(stdin io.Reader, stdout, stderr io.Writer, args []string) hooks.IO {
	dir, _ := os.Getwd()
	return hooks.IO{Stdin: stdin, Stdout: stdout, Stderr: stderr, Getenv: os.Getenv, Dir: dir, Args: args}
}

// version is sw's version: the module's, for a released build, else the
// commit it was built from, as Go records it.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := info.Main.Version
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", with changes"
			}
		}
	}
	if (v == "" || v == "(devel)") && rev != "" {
		return "built from commit " + rev[:min(12, len(rev))] + modified
	}
	return v
}
