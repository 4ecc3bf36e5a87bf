package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"sw/templates"
)

// The help topics: sw's reference, one Markdown page each, embedded from
// templates/files/help. `sw help` lists them after the commands, `sw help
// TOPIC` prints one, and a name that is both (review, check, facts...)
// prints the command's help and then the page, so that command help reads
// as it always has and the page follows it.

// appHelpTemplate is urfave/cli's help for the app with the topics listed
// after the commands. The list goes in as a quoted string, so nothing in
// a title is read as a template.
func appHelpTemplate() string {
	const commands = `COMMANDS:{{template "visibleCommandCategoryTemplate" .}}{{end}}`
	var b strings.Builder
	b.WriteString("\n\nHELP TOPICS (sw help TOPIC):")
	for _, t := range templates.Topics() {
		fmt.Fprintf(&b, "\n   %-12s %s", t.Name, topicAbout(t))
	}
	return strings.Replace(cli.AppHelpTemplate, commands, commands+fmt.Sprintf("{{%q}}", b.String()), 1)
}

// topicAbout is what a topic covers: its title after "Name: ".
func topicAbout(t templates.Topic) string {
	_, about, ok := strings.Cut(t.Title, ": ")
	if !ok {
		return t.Title
	}
	return about
}

// showTopic answers `sw help NAME...` when NAME is a help topic: it
// prints the page, after the help of the command of that name when there
// is one. ok is false when it leaves the names to the commands: NAME is no
// topic, or a command's subcommand follows it (sw help facts add).
func showTopic(c *cli.Context, names []string) (ok bool, err error) {
	page, ok := templates.Help(names[0])
	cmd := c.App.Command(names[0])
	switch {
	case !ok || cmd != nil && len(names) > 1:
		return false, nil
	case len(names) > 1:
		return true, &usageError{cmd: c.App.HelpName, msg: fmt.Sprintf("the help topic %q is one page; got %q after it", names[0], names[1])}
	case cmd != nil:
		printCommandHelp(c.App.Writer, cmd)
		fmt.Fprintln(c.App.Writer)
	}
	_, err = io.WriteString(c.App.Writer, page)
	return true, err
}

// printCommandHelp prints a command's help as --help does.
func printCommandHelp(w io.Writer, cmd *cli.Command) {
	templ := cmd.CustomHelpTemplate
	if templ == "" {
		templ = cli.CommandHelpTemplate
	}
	cli.HelpPrinter(w, templ, cmd)
}

// unknownHelp is the usage error for `sw help NAME` when NAME is neither
// a command nor a topic: it names the closest of either, and lists the
// topics, since those are not in the command list it points to.
func unknownHelp(c *cli.Context, name string) error {
	var topics []string
	for _, t := range templates.Topics() {
		topics = append(topics, t.Name)
	}
	msg := unknown("command or help topic", append(commandNames(c.App.Commands), topics...), name)
	return &usageError{cmd: c.App.HelpName, msg: msg + "; the topics are " + strings.Join(topics, ", ")}
}
