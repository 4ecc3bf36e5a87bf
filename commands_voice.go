// The voice's commands: sw voice init, use and adopt, and sw init's
// --voice, each a thin call into hooks.
package main

import (
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"sw/hooks"
	"sw/hooks/setup"
	"sw/profile/collection"
)

// voiceFlag is sw init's --voice.
var voiceFlag = &cli.StringFlag{Name: "voice", Usage: "follow the voice repository at `DIR` (a path from the collection, or from ~/): your style shared by all your series"}

// initVoice is `sw voice init DIR`.
func initVoice(c *cli.Context) error {
	if c.Args().Len() != 1 {
		return usagef(c, "give the voice's folder, e.g. sw voice init ../my-voice")
	}
	steps, err := setup.InitVoice(c.Args().First())
	printSteps(c, steps)
	return err
}

// useVoice is `sw voice use [DIR]`.
func useVoice(c *cli.Context) error {
	coll, err := personsVoiceCommand(c)
	if err != nil {
		return err
	}
	return followVoice(c, coll, c.Args().First())
}

// personsVoiceCommand checks a command that changes which voice the
// collection here follows, which is the person's to run, and opens the
// collection.
func personsVoiceCommand(c *cli.Context) (*collection.Collection, error) {
	if c.Args().Len() > 1 {
		return nil, usagef(c, "takes at most one folder, got %d", c.Args().Len())
	}
	if err := hooks.AgentMayNotRun(os.Getenv, "voice "+c.Command.Name); err != nil {
		return nil, err
	}
	return collection.Find(".")
}

// followVoice makes coll follow the voice named (or the one its
// .sw.yaml names) and says so.
func followVoice(c *cli.Context, coll *collection.Collection, named string) error {
	link, err := setup.UseVoice(coll, named)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(c.App.Writer, "this collection follows the voice %s (%s): its rules come from there, and %s/ holds what this series does differently\n",
		link.Named, link.Root, collection.ProfileDir)
	return err
}

// adoptVoice is `sw voice adopt [DIR]`.
func adoptVoice(c *cli.Context) error {
	coll, err := personsVoiceCommand(c)
	if err != nil {
		return err
	}
	done, err := setup.AdoptVoice(coll, c.Args().First())
	if err != nil {
		return err
	}
	w := c.App.Writer
	if done.Made {
		fmt.Fprintf(w, "made the voice %s\n", done.Voice.Root)
	}
	for _, f := range done.Moved {
		fmt.Fprintf(w, "moved    %s\n", f)
	}
	for _, f := range done.Same {
		fmt.Fprintf(w, "same     %s (the voice holds it already)\n", f)
	}
	for _, f := range done.Conflicts {
		fmt.Fprintf(w, "kept     %s (the voice's differs: this stays the series' own rule, over the voice's; sw profile show says which wins)\n", f)
	}
	for _, f := range done.Series {
		fmt.Fprintf(w, "kept     %s (boilerplate lines are this series' own)\n", f)
	}
	if done.Rejections > 0 {
		fmt.Fprintf(w, "moved    %d rejections into %s/%s\n", done.Rejections, done.Voice.Named, collection.FeedbackFile)
	}
	_, err = fmt.Fprintf(w, "this collection follows the voice %s, committed on both sides\n", done.Voice.Named)
	return err
}
