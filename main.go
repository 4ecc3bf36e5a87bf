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
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"
	"github.com/xrash/smetrics"

	"sw/facts"
	"sw/hooks"
	"sw/hooks/git"
	"sw/hooks/install"
	"sw/hooks/review"
	"sw/hooks/trust"
	"sw/profile/atomicfile"
	"sw/profile/baseline"
	"sw/profile/check"
	"sw/profile/collection"
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
		hio := newHookIO(stdin, stdout, errs)
		hio.Args = args[3:]
		return e.Run(hio)
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
				Action:    initCollection,
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
						Action: noArguments(factsRebuild),
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
				Action: noArguments(func(c *cli.Context) error {
					cli.VersionPrinter(c)
					return nil
				}),
			},
			{
				Name:  "licenses",
				Usage: "the licence of the general-English word rates built into sw",
				Action: func(c *cli.Context) error {
					_, err := io.WriteString(c.App.Writer, "sw's general-English baseline is derived from the CMU Sphinx US English\nlanguage model, under this licence:\n\n"+baseline.License())
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

func initCollection(c *cli.Context) error {
	if c.Args().Len() > 1 {
		return usagef(c, "takes at most one folder, got %d", c.Args().Len())
	}
	dir := c.Args().First()
	if dir == "" {
		dir = "."
	}
	steps, err := hooks.InitCollection(dir)
	for _, s := range steps {
		switch {
		case s.Created && s.Note != "":
			fmt.Fprintf(c.App.Writer, "created  %s (%s)\n", s.Path, s.Note)
		case s.Created:
			fmt.Fprintf(c.App.Writer, "created  %s\n", s.Path)
		case s.Failed:
			fmt.Fprintf(c.App.Writer, "not made %s (%s)\n", s.Path, s.Note)
		default:
			fmt.Fprintf(c.App.Writer, "kept     %s (%s)\n", s.Path, s.Note)
		}
	}
	return err
}

func profileShow(c *cli.Context) error {
	genre, err := genreGiven(c)
	if err != nil {
		return err
	}
	coll, err := collection.Find(".")
	if err != nil {
		return err
	}
	r, err := coll.Resolve(genre)
	if err != nil {
		return err
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, r)
	}
	return r.WriteText(c.App.Writer)
}

func profileWrite(c *cli.Context) error {
	genre, err := genreGiven(c)
	if err != nil {
		return err
	}
	coll, err := collection.Find(".")
	if err != nil {
		return err
	}
	_, changed, err := coll.WriteBlock(genre)
	if err != nil {
		return err
	}
	if changed {
		fmt.Fprintf(c.App.Writer, "wrote the profile into %s\n", collection.ClaudeFile)
	} else {
		fmt.Fprintf(c.App.Writer, "%s already holds this profile\n", collection.ClaudeFile)
	}
	return nil
}

// factsSectionFlag names one of memory.md's seven sections, by its
// heading or its alias.
var factsSectionFlag = &cli.StringFlag{Name: "section", Usage: "the section: " + strings.Join(facts.Aliases[:], ", ") + ", or its heading"}

// factsSection is the --section given, as an index of facts.Sections; -1
// when none was given.
func factsSection(c *cli.Context) (int, error) {
	if !c.IsSet("section") {
		return -1, nil
	}
	i, err := facts.SectionIndex(c.String("section"))
	if err != nil {
		return -1, usagef(c, "%v", err)
	}
	return i, nil
}

func factsAdd(c *cli.Context) error {
	sec, err := factsSection(c)
	if err != nil {
		return err
	}
	if sec < 0 {
		return usagef(c, "say which section with --section (%s)", strings.Join(facts.Aliases[:], ", "))
	}
	if !c.Args().Present() {
		return usagef(c, "give the fact's text")
	}
	date := c.String("date")
	if !c.IsSet("date") {
		date = time.Now().UTC().Format(time.DateOnly)
	}
	e, err := facts.NewEntry(facts.Sections[sec], c.String("key"), strings.Join(c.Args().Slice(), " "), c.String("source"), date)
	if err != nil {
		return usagef(c, "%v", err)
	}
	coll, err := collection.Find(".")
	if err != nil {
		return err
	}
	memory, err := coll.File(collection.MemoryFile)
	if err != nil {
		return err
	}
	ch, err := facts.AddFile(memory, collection.MemoryFile, e)
	if err != nil {
		return err
	}
	_, err = io.WriteString(c.App.Writer, ch.Report(collection.MemoryFile))
	return err
}

func factsRemove(c *cli.Context) error {
	if c.Args().Len() != 1 {
		return usagef(c, "give one key (sw facts list shows them)")
	}
	coll, err := collection.Find(".")
	if err != nil {
		return err
	}
	memory, err := coll.File(collection.MemoryFile)
	if err != nil {
		return err
	}
	removed, err := facts.RemoveFile(memory, collection.MemoryFile, c.Args().First())
	if err != nil {
		return err
	}
	for _, e := range removed {
		fmt.Fprintf(c.App.Writer, "removed %s:%d (%s): %s\n", collection.MemoryFile, e.Line, e.Section, e)
	}
	return nil
}

func factsList(c *cli.Context) error {
	sec, err := factsSection(c)
	if err != nil {
		return err
	}
	coll, err := collection.Find(".")
	if err != nil {
		return err
	}
	memory, err := coll.File(collection.MemoryFile)
	if err != nil {
		return err
	}
	m, _, err := facts.Read(memory, collection.MemoryFile)
	if err != nil {
		return err
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, m.List(sec))
	}
	return m.List(sec).WriteText(c.App.Writer, collection.MemoryFile)
}

// factsCheck is `sw facts check`: memory.md held to its budget and to the
// pieces in the working tree, and exit status 1 when anything was found,
// as `sw check` exits 1 on a broken limit.
func factsCheck(c *cli.Context) error {
	coll, err := collection.Find(".")
	if err != nil {
		return err
	}
	mem, err := coll.ReadFile(collection.MemoryFile)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	var pieces []facts.Piece
	err = filepath.WalkDir(coll.Root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(coll.Root, path)
		if err != nil || rel == "." {
			return err
		}
		rel = filepath.ToSlash(rel)
		switch {
		case d.IsDir():
			if !coll.Settings.MayHoldPieces(rel) {
				return filepath.SkipDir
			}
		case d.Type().IsRegular() && coll.Settings.IsPiece(rel):
			text, err := collection.ReadPieceFile(path)
			var tooBig *collection.TooBigError
			if errors.As(err, &tooBig) {
				tooBig.Path = rel
				fmt.Fprintf(c.App.ErrWriter, "sw: %v; sw facts check leaves it out\n", err)
				return nil
			}
			if err != nil {
				return err
			}
			pieces = append(pieces, facts.Piece{Path: rel, Text: text})
		}
		return nil
	})
	if err != nil {
		return err
	}
	b := coll.Settings.FactsBudget
	checked, err := facts.CheckFile(mem, collection.MemoryFile, facts.Budget{Lines: b.Lines, Bytes: b.Bytes}, pieces)
	if err != nil {
		return err
	}
	if c.Bool("json") {
		err = writeJSON(c.App.Writer, checked)
	} else {
		err = checked.WriteText(c.App.Writer, collection.MemoryFile)
	}
	if err == nil && len(checked.Findings) > 0 {
		return cli.Exit("", 1)
	}
	return err
}

// factsRebuild is `sw facts rebuild`: sw's entries made again from every
// piece, and what changed said in a line or two.
func factsRebuild(c *cli.Context) error {
	r, err := hooks.RebuildFacts(".")
	if err != nil {
		return err
	}
	w := c.App.Writer
	if r.Created {
		fmt.Fprintf(w, "created %s from the starter\n", collection.MemoryFile)
	}
	if s := r.Report(collection.MemoryFile); s != "" {
		fmt.Fprintln(w, s)
	} else {
		noun := "pieces"
		if r.Pieces == 1 {
			noun = "piece"
		}
		fmt.Fprintf(w, "%s: sw's entries already stand for the %d %s; nothing to change\n", collection.MemoryFile, r.Pieces, noun)
	}
	if r.Over != "" {
		fmt.Fprintf(c.App.ErrWriter, "sw: %s is %s\n", collection.MemoryFile, r.Over)
	}
	return nil
}

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
				hio := newHookIO(c.App.Reader, termsafe.Raw(c.App.Writer), c.App.ErrWriter)
				hio.Args = c.Args().Slice()
				return exitCode(e.Run(hio))
			},
		}
	}
	return cmds
}

// genreGiven is the --genre the command line gave, "" when none. A blank
// one is a usage error, not a quiet "none": the person meant a genre.
func genreGiven(c *cli.Context) (string, error) {
	g := c.String("genre")
	if c.IsSet("genre") && strings.TrimSpace(g) == "" {
		return "", usagef(c, "--genre wants a genre's name, e.g. --genre essay")
	}
	return g, nil
}

// checkOptions are the arguments of `sw check`.
type checkOptions struct {
	paths []string
	genre string
	json  bool
}

// checkCalled reads `sw check` when it is in one of the forms the app
// would read the same way: --json, --genre G or --genre=G (one dash or
// two), each at most once, then the pieces, none starting with a dash.
// Anything else (help, a flag repeated or misspelt, no piece) is left to
// the app, which answers it.
func checkCalled(args []string) (o checkOptions, ok bool) {
	if len(args) < 3 || args[1] != "check" {
		return o, false
	}
	rest := args[2:]
	seen := map[string]bool{}
	for len(rest) > 0 && strings.HasPrefix(rest[0], "-") && rest[0] != "-" {
		name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(rest[0], "-"), "-"), "=")
		if seen[name] {
			return o, false
		}
		seen[name] = true
		rest = rest[1:]
		switch {
		case name == "json" && !hasValue:
			o.json = true
		case name == "genre" && hasValue && strings.TrimSpace(value) != "":
			o.genre = value
		case name == "genre" && !hasValue && len(rest) > 0 && strings.TrimSpace(rest[0]) != "":
			o.genre, rest = rest[0], rest[1:]
		default:
			return o, false
		}
	}
	for _, p := range rest {
		if strings.HasPrefix(p, "-") {
			return o, false
		}
	}
	o.paths = rest
	return o, len(rest) > 0
}

// checkPieces is `sw check`: the pieces held to the profile, a report, and
// exit status 1 when a hard limit is broken or a piece could not be checked.
func checkPieces(o checkOptions, stdout io.Writer) error {
	if len(o.paths) == 0 {
		return &usageError{cmd: "sw check", msg: "give one or more pieces to check"}
	}
	results, err := check.Pieces(".", o.paths, o.genre)
	if err != nil {
		return err
	}
	if o.json {
		err = check.WriteJSON(termsafe.Raw(stdout), results...)
	} else {
		err = check.WriteText(stdout, results...)
	}
	if err != nil {
		return err
	}
	for _, r := range results {
		if r.HasErrors() {
			return cli.Exit("", 1)
		}
	}
	return nil
}

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
	report := review.Report(proposal, outcome)
	if c.Bool("json") {
		return writeJSON(c.App.Writer, report)
	}
	return report.WriteText(c.App.Writer)
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
	all, err := store.List()
	if err != nil || len(all) == 0 {
		if err == nil {
			_, err = io.WriteString(w, "no analyzer is trusted anywhere\n")
		}
		return err
	}
	for _, a := range all {
		fmt.Fprintf(w, "%s: %s (%s)\n", a.Repository, a.CommandLine(), a.AsOf())
	}
	return nil
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
	loop, err := review.Open(".")
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
	// Missing hooks first: below a long list, a warning goes unread.
	if gone, unnoticed, err := install.NotInPlace(loop.Repo); err == nil && len(gone) > 0 {
		fmt.Fprintf(c.App.Writer, "sw's git hooks are not in place (%s), so %s: sw hook install\n\n", strings.Join(gone, ", "), unnoticed)
	}
	if off := install.HooksOff(loop.Repo.Root); len(off) > 0 {
		fmt.Fprintf(c.App.Writer, "Claude Code's hooks are off: %s\n\n", install.HooksOffNote(off))
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
		batch, err := hooks.MemoryToSuggestions(".", a)
		if err != nil {
			return err
		}
		if c.Bool("json") {
			return writeJSON(c.App.Writer, batch)
		}
		return batch.WriteText(c.App.Writer)
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, a)
	}
	return a.WriteText(c.App.Writer)
}

func decide(act func(*review.Loop, string) (*review.Suggestion, error), done string) cli.ActionFunc {
	return func(c *cli.Context) error {
		if c.Args().Len() != 1 {
			return usagef(c, "give one suggestion id (sw review lists them)")
		}
		if err := hooks.AgentMayNotRun(os.Getenv, c.Command.Name); err != nil {
			return err
		}
		loop, err := review.Open(".")
		if err != nil {
			return err
		}
		s, err := act(loop, c.Args().First())
		if err != nil {
			return err
		}
		fmt.Fprintf(c.App.Writer, "%s %s: %s\n", done, s.ID, s.Summary)
		if done == "rejected" {
			// As git branch -D says: the way back, should it be wanted.
			fmt.Fprintf(c.App.Writer, "its commit was %.7s (git branch %s %.7s brings it back)\n", s.Tip, s.Branch, s.Tip)
		}
		for _, r := range s.Remotes {
			fmt.Fprintf(c.App.Writer, "the branch is still at %s; delete it there too when you are done\n", strings.TrimPrefix(r, "refs/remotes/"))
		}
		return nil
	}
}

func hookInstall(c *cli.Context) error {
	if c.Bool("no-sandbox") {
		if err := hooks.AgentMayNotRun(os.Getenv, "hook install --no-sandbox"); err != nil {
			return err
		}
	}
	repo, err := git.Find(".")
	if err != nil {
		return err
	}
	if err := install.RequireCollection(repo); err != nil {
		return err
	}
	var report install.Report
	err = keepTrust(func() (err error) {
		report, err = install.Install(repo, install.Options{
			ReferenceTransaction: c.Bool("reference-transaction"),
			Agent:                !c.Bool("no-agent"),
			Sandbox:              !c.Bool("no-sandbox"),
			Binary:               install.Binary(),
		})
		return err
	})
	return printReport(c, report, err)
}

func hookUninstall(c *cli.Context) error {
	if err := hooks.AgentMayNotRun(os.Getenv, "hook uninstall"); err != nil {
		return err
	}
	repo, err := git.Find(".")
	if err != nil {
		return err
	}
	var report install.Report
	err = keepTrust(func() (err error) {
		report, err = install.Uninstall(repo)
		return err
	})
	return printReport(c, report, err)
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

func printReport(c *cli.Context, report install.Report, err error) error {
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

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(termsafe.Raw(w))
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func newHookIO(stdin io.Reader, stdout, stderr io.Writer) hooks.IO {
	dir, _ := os.Getwd()
	return hooks.IO{Stdin: stdin, Stdout: stdout, Stderr: stderr, Getenv: os.Getenv, Dir: dir}
}

// exitCode turns an entry point's status into the command's.
func exitCode(code int) error {
	if code == 0 {
		return nil
	}
	return cli.Exit("", code)
}

// usageError is a command line sw cannot read: an unknown command, an
// argument too many or too few, a flag the command does not have. It exits
// 2, as usage errors do in most Unix tools, so a script can tell it from a
// command that ran and failed (1), and it names the help that shows the
// right form.
type usageError struct {
	cmd string // the command as typed, e.g. "sw hook"
	msg string
}

func (e *usageError) Error() string {
	return fmt.Sprintf("%s: %s; see %s", e.cmd, e.msg, helpFor(e.cmd))
}

// ExitCode makes a usageError a cli.ExitCoder.
func (e *usageError) ExitCode() int { return 2 }

// usagef is a usage error of the command c runs.
func usagef(c *cli.Context, format string, args ...any) error {
	return &usageError{cmd: c.Command.HelpName, msg: fmt.Sprintf(format, args...)}
}

// helpFor is the help command for a command: "sw hook" -> "sw help hook".
func helpFor(cmd string) string {
	name, rest, _ := strings.Cut(cmd, " ")
	return strings.TrimSpace(name + " help " + rest)
}

// groupHelpTemplate is urfave/cli's help for a command with subcommands,
// listing them without categories: those are set up only when the group
// itself runs, and help asked of a group that has not run (sw help hook)
// would otherwise stop short of its subcommands.
var groupHelpTemplate = strings.Replace(cli.SubcommandHelpTemplate,
	`{{template "visibleCommandCategoryTemplate" .}}`, `{{template "visibleCommandTemplate" .}}`, 1)

// ready finishes the app's command tree before it runs. urfave/cli sets a
// command up (its full name, its help flag, its help subcommand) only when
// that command runs, and answers an unknown command with "No help topic"
// and exit 3; sw wants help to read the same whichever way it is asked, and
// every usage error to read as one.
func ready(app *cli.App) (notFound *error) {
	app.Commands = append(app.Commands, helpCommand())
	// With a help command of sw's own, the app no longer adds its help flag.
	app.Flags = append(app.Flags, cli.HelpFlag)
	app.Action = func(c *cli.Context) error {
		if c.Args().Present() {
			return usagef(c, "%s", unknownCommand(app.Commands, c.Args().First()))
		}
		return cli.ShowAppHelp(c)
	}
	app.OnUsageError = flagError
	// --help followed by a name (sw hook --help nosuch) is answered by
	// urfave/cli's help, which can only report the name it does not know.
	notFound = new(error)
	app.CommandNotFound = func(c *cli.Context, name string) {
		*notFound = usagef(c, "%s", unknownCommand(c.Command.Subcommands, name))
	}
	app.Setup()
	readyCommands(app.Commands)
	return notFound
}

// readyCommands readies each command of a level of the tree, and the
// levels below it.
func readyCommands(cmds []*cli.Command) {
	for _, cmd := range cmds {
		cmd.OnUsageError = flagError
		if !cmd.HideHelp && !hasFlag(cmd.Flags, cli.HelpFlag) {
			cmd.Flags = append(cmd.Flags, cli.HelpFlag)
		}
		if len(cmd.Subcommands) > 0 {
			readyGroup(cmd)
			continue
		}
		// A leaf's arguments are its own: `sw accept help` accepts the
		// suggestion help, and `sw review help` is an argument too many.
		cmd.HideHelpCommand = true
		if cmd.ArgsUsage == "" && !cmd.SkipFlagParsing && cmd.Action != nil {
			cmd.Action = noArguments(cmd.Action)
		}
	}
}

// readyGroup gives a command with subcommands its own help subcommand,
// help that lists the subcommands, and an action that refuses a
// subcommand it does not have.
func readyGroup(g *cli.Command) {
	g.Subcommands = append(g.Subcommands, helpCommand())
	g.CustomHelpTemplate = groupHelpTemplate
	if g.ArgsUsage == "" {
		g.ArgsUsage = "COMMAND"
	}
	g.Action = func(c *cli.Context) error {
		if c.Args().Present() {
			return usagef(c, "%s", unknownCommand(g.Subcommands, c.Args().First()))
		}
		return cli.ShowSubcommandHelp(c)
	}
	for _, sub := range g.Subcommands {
		if sub.HelpName == "" {
			sub.HelpName = g.HelpName + " " + sub.Name
		}
	}
	readyCommands(g.Subcommands)
}

// noArguments refuses arguments to a command that takes none (one whose
// help shows no ArgsUsage): an argument silently ignored, as in
// `sw review extra`, leaves the person thinking it meant something.
func noArguments(action cli.ActionFunc) cli.ActionFunc {
	return func(c *cli.Context) error {
		if c.Args().Present() {
			return usagef(c, "takes no arguments, got %q", c.Args().First())
		}
		return action(c)
	}
}

// flagError turns urfave/cli's flag errors, which it would print with the
// whole help on stdout, into one usage error.
func flagError(c *cli.Context, err error, _ bool) error {
	return usagef(c, "%v", err)
}

func hasFlag(flags []cli.Flag, f cli.Flag) bool {
	for _, x := range flags {
		if x == f {
			return true
		}
	}
	return false
}

// helpCommand answers `sw help [COMMAND [SUBCOMMAND]]`, and inside a
// group `sw hook help [SUBCOMMAND]`, with the help --help prints.
func helpCommand() *cli.Command {
	return &cli.Command{
		Name:      "help",
		Aliases:   []string{"h"},
		Usage:     "list the commands, or show one command's help",
		ArgsUsage: "[COMMAND...]",
		Action:    showHelp,
	}
}

// showHelp walks the names given from the command help belongs to and
// prints the help of the one they lead to.
func showHelp(c *cli.Context) error {
	cmd := c.Lineage()[1].Command
	for _, name := range c.Args().Slice() {
		sub := cmd.Command(name)
		if sub == nil {
			return &usageError{cmd: cmd.HelpName, msg: unknownCommand(cmd.Subcommands, name)}
		}
		cmd = sub
	}
	if cmd.HelpName == c.App.HelpName {
		return cli.ShowAppHelp(c)
	}
	templ := cmd.CustomHelpTemplate
	if templ == "" {
		templ = cli.CommandHelpTemplate
	}
	cli.HelpPrinter(c.App.Writer, templ, cmd)
	return nil
}

// unknownCommand says a name is no command of cmds, and names the one it
// was most likely meant to be, when one is close.
func unknownCommand(cmds []*cli.Command, name string) string {
	best, score := "", 0.0
	for _, c := range cmds {
		for _, n := range c.Names() {
			if s := smetrics.JaroWinkler(n, name, 0.7, 4); !c.Hidden && s > score {
				best, score = n, s
			}
		}
	}
	if score < 0.8 {
		return fmt.Sprintf("unknown command %q", name)
	}
	return fmt.Sprintf("unknown command %q (did you mean %q?)", name, best)
}

// flagsFirst moves a command's flags before its arguments, as git reads
// them (sw check piece.md --genre essay): urfave/cli stops reading flags
// at the first argument, and would take --genre for a file's name. A flag
// that takes a value takes the word after it; "--" ends the flags.
func flagsFirst(cmds []*cli.Command, args []string) ([]string, error) {
	i := 1
	var cmd *cli.Command
	for ; i < len(args); i++ {
		next := findCommand(cmds, args[i])
		if next == nil {
			break
		}
		cmd, cmds = next, next.Subcommands
	}
	if cmd == nil || cmd.SkipFlagParsing {
		return args, nil
	}
	var flags, rest []string
	for j := i; j < len(args); j++ {
		a := args[j]
		switch {
		case a == "--":
			rest = append(rest, args[j:]...)
			j = len(args)
		case len(a) > 1 && a[0] == '-':
			flags = append(flags, a)
			name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
			if f := findFlag(cmd.Flags, name); f != nil && takesValue(f) && !hasValue {
				if j+1 == len(args) {
					return nil, &usageError{cmd: cmd.HelpName, msg: "flag needs an argument: -" + name}
				}
				j++
				flags = append(flags, args[j])
			}
		default:
			rest = append(rest, a)
		}
	}
	return append(append(append([]string(nil), args[:i]...), flags...), rest...), nil
}

func findCommand(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}

func findFlag(flags []cli.Flag, name string) cli.Flag {
	for _, f := range flags {
		if slices.Contains(f.Names(), name) {
			return f
		}
	}
	return nil
}

func takesValue(f cli.Flag) bool {
	d, ok := f.(cli.DocGenerationFlag)
	return ok && d.TakesValue()
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
