// The commands on a collection and its profile: sw init, sw profile show
// and write, and sw check (with the short way the hooks call it).

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sw/hooks"
	"sw/hooks/setup"
	"sw/profile/check"
	"sw/profile/collection"
	"sw/profile/termsafe"

	"github.com/urfave/cli/v2"
)

func initCollection(c *cli.Context) error {
	if c.Args().Len() > 1 {
		return usagef(c, "takes at most one folder, got %d", c.Args().Len())
	}
	dir := c.Args().First()
	if dir == "" {
		dir = "."
	}
	root, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	if c.String("voice") != "" {
		if err := hooks.AgentMayNotRun(os.Getenv, "init --voice"); err != nil {
			return err
		}
		if err := setup.CanFollow(root, c.String("voice")); err != nil {
			return err
		}
	}
	steps, err := setup.InitCollection(dir)
	printSteps(c, steps)
	if err != nil || c.String("voice") == "" {
		return err
	}
	coll, err := collection.Open(root)
	if err != nil {
		return err
	}
	_, made, err := setup.EnsureVoice(coll, c.String("voice"))
	if err != nil {
		return err
	}
	if made {
		fmt.Fprintf(c.App.Writer, "made the voice %s (sw voice init): commit its starter files there\n", c.String("voice"))
	}
	return followVoice(c, coll, c.String("voice"))
}

// printSteps reports what sw init (or sw voice init) made or left alone.
func printSteps(c *cli.Context, steps []setup.Step) {
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
}

// genreHere is the --genre given and the collection the command runs in.
func genreHere(c *cli.Context) (string, *collection.Collection, error) {
	genre, err := genreGiven(c)
	if err != nil {
		return "", nil, err
	}
	coll, err := collection.Find(".")
	return genre, coll, err
}

func profileShow(c *cli.Context) error {
	genre, coll, err := genreHere(c)
	if err != nil {
		return err
	}
	r, err := coll.Resolve(genre)
	if err != nil {
		return err
	}
	if link, _ := coll.Voice(); link.Note() != "" {
		fmt.Fprintf(c.App.ErrWriter, "sw: %s\n", link.Note())
	}
	return printAs(c, r)
}

func profileWrite(c *cli.Context) error {
	genre, coll, err := genreHere(c)
	if err != nil {
		return err
	}
	_, changed, err := hooks.WriteBlock(coll, genre)
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
	o.paths = rest
	return o, len(rest) > 0 && !slices.ContainsFunc(rest, func(p string) bool { return strings.HasPrefix(p, "-") })
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
	if err == nil && slices.ContainsFunc(results, check.Result.HasErrors) {
		return cli.Exit("", 1)
	}
	return err
}
