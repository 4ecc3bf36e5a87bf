package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"
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
	// With a help command of sw's own, the app no longer adds its help flag.
	app.Flags = append(app.Flags, cli.HelpFlag)
	app.Action = func(c *cli.Context) error {
		if c.Args().Present() {
			return usagef(c, "unknown command %q", c.Args().First())
		}
		return cli.ShowAppHelp(c)
	}
	app.OnUsageError = flagError
	// --help followed by a name (sw hook --help nosuch) is answered by
	// urfave/cli's help, which can only report the name it does not know.
	notFound = new(error)
	app.CommandNotFound = func(c *cli.Context, name string) {
		*notFound = usagef(c, "unknown command %q", name)
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
			return usagef(c, "unknown command %q", c.Args().First())
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
			return &usageError{cmd: cmd.HelpName, msg: fmt.Sprintf("unknown command %q", name)}
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
