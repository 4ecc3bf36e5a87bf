// How sw reads a command line around urfave/cli: usage errors that exit
// 2 and name the right help, flags after arguments, and help for groups
// and unknown commands.

package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
	"github.com/xrash/smetrics"
)

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
	app.CustomAppHelpTemplate = appHelpTemplate()
	// With a help command of sw's own, the app no longer adds its help flag.
	app.Flags = append(app.Flags, cli.HelpFlag)
	app.Action = helpOrUnknown(&app.Commands, cli.ShowAppHelp)
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
		if !cmd.HideHelp && !slices.Contains(cmd.Flags, cli.HelpFlag) {
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
	g.Action = helpOrUnknown(&g.Subcommands, cli.ShowSubcommandHelp)
	for _, sub := range g.Subcommands {
		if sub.HelpName == "" {
			sub.HelpName = g.HelpName + " " + sub.Name
		}
	}
	readyCommands(g.Subcommands)
}

// helpOrUnknown is the action of the app or a group: its help, or a
// usage error for a command it does not have.
func helpOrUnknown(cmds *[]*cli.Command, help cli.ActionFunc) cli.ActionFunc {
	return func(c *cli.Context) error {
		if c.Args().Present() {
			return usagef(c, "%s", unknownCommand(*cmds, c.Args().First()))
		}
		return help(c)
	}
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

// helpCommand answers `sw help [COMMAND [SUBCOMMAND]]`, and inside a
// group `sw hook help [SUBCOMMAND]`, with the help --help prints.
func helpCommand() *cli.Command {
	return &cli.Command{
		Name:      "help",
		Aliases:   []string{"h"},
		Usage:     "list the commands and help topics, or show one command's help or a topic's page",
		ArgsUsage: "[COMMAND...|TOPIC]",
		Action:    showHelp,
	}
}

// showHelp walks the names given from the command help belongs to and
// prints the help of the one they lead to; `sw help TOPIC` prints a help
// topic (see help.go).
func showHelp(c *cli.Context) error {
	cmd := c.Lineage()[1].Command
	top := cmd.HelpName == c.App.HelpName
	if top && c.Args().Present() {
		if ok, err := showTopic(c, c.Args().Slice()); ok {
			return err
		}
	}
	for _, name := range c.Args().Slice() {
		sub := cmd.Command(name)
		if sub == nil && top {
			return unknownHelp(c, name)
		}
		if sub == nil {
			return &usageError{cmd: cmd.HelpName, msg: unknownCommand(cmd.Subcommands, name)}
		}
		cmd, top = sub, false
	}
	if cmd.HelpName == c.App.HelpName {
		return cli.ShowAppHelp(c)
	}
	printCommandHelp(c.App.Writer, cmd)
	return nil
}

// unknownCommand says a name is no command of cmds, and names the one it
// was most likely meant to be, when one is close.
func unknownCommand(cmds []*cli.Command, name string) string {
	return unknown("command", commandNames(cmds), name)
}

// unknown says name is no what, and names the one of names it was most
// likely meant to be, when one is close enough.
func unknown(what string, names []string, name string) string {
	msg := fmt.Sprintf("unknown %s %q", what, name)
	best, score := "", 0.0
	for _, n := range names {
		if s := smetrics.JaroWinkler(n, name, 0.7, 4); s > score {
			best, score = n, s
		}
	}
	if score >= 0.8 {
		msg += fmt.Sprintf(" (did you mean %q?)", best)
	}
	return msg
}

// commandNames are the names and aliases of the commands help lists.
func commandNames(cmds []*cli.Command) []string {
	var names []string
	for _, c := range cmds {
		if !c.Hidden {
			names = append(names, c.Names()...)
		}
	}
	return names
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
