package main

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"sw/templates"
)

// runArgs runs sw's app on a command line given as one string.
func runArgs(line string) (code int, stdout, stderr string) {
	var out, errs bytes.Buffer
	code = runApp(append([]string{"sw"}, strings.Fields(line)...), nil, &out, &errs)
	return code, out.String(), errs.String()
}

// TestHelpListsSubcommands holds help for a command group, asked any way,
// to the same text, listing every subcommand.
func TestHelpListsSubcommands(t *testing.T) {
	for group, subs := range map[string][]string{
		"hook":    {"install", "uninstall", "post-commit", "pre-session"},
		"profile": {"show", "write"},
	} {
		_, want, _ := runArgs(group + " --help")
		for _, sub := range subs {
			if !strings.Contains(want, "   "+sub+" ") {
				t.Errorf("sw %s --help does not list %s:\n%s", group, sub, want)
			}
		}
		for _, line := range []string{"help " + group, group, group + " help", group + " -h"} {
			code, out, errs := runArgs(line)
			if code != 0 || out != want || errs != "" {
				t.Errorf("sw %s: %d %q %q, want sw %s --help's\n%s", line, code, out, errs, group, want)
			}
		}
	}
}

// TestHelpMatchesFlag holds `sw help A B` to what `sw A B --help` prints,
// for every command; a hook entry that passes git's arguments on, --help
// included, has only the first.
func TestHelpMatchesFlag(t *testing.T) {
	n := 0
	var walk func(prefix string, cmds []*cli.Command)
	walk = func(prefix string, cmds []*cli.Command) {
		for _, c := range cmds {
			path := prefix + c.Name
			n++
			code, out, errs := runArgs("help " + path)
			if code != 0 || errs != "" || !strings.HasPrefix(out, "NAME:\n   sw "+path+" - ") {
				t.Errorf("sw help %s: %d %q %q", path, code, out, errs)
			}
			_, flagOut, _ := runArgs(path + " --help")
			if page, ok := templates.Help(path); ok {
				flagOut += "\n" + page // a command that is a help topic too
			}
			if !c.SkipFlagParsing && flagOut != out {
				t.Errorf("sw help %s printed\n%s\nsw %s --help printed\n%s", path, out, path, flagOut)
			}
			walk(path+" ", c.Subcommands)
		}
	}
	walk("", newApp(nil, io.Discard, io.Discard).Commands)
	if n < 15 {
		t.Errorf("walked only %d commands", n)
	}
}

// TestUsageErrors holds every command line sw cannot read to one line on
// stderr that names the help to read, and exit status 2.
func TestUsageErrors(t *testing.T) {
	t.Chdir(t.TempDir())
	for line, want := range map[string]string{
		"nosuch":                 `sw: unknown command "nosuch"; see sw help`,
		"hook nosuch":            `sw hook: unknown command "nosuch"; see sw help hook`,
		"profile nosuch":         `sw profile: unknown command "nosuch"; see sw help profile`,
		"help hook nosuch":       `sw hook: unknown command "nosuch"; see sw help hook`,
		"hook help nosuch":       `sw hook: unknown command "nosuch"; see sw help hook`,
		"hook --help nosuch":     `sw hook: unknown command "nosuch"; see sw help hook`,
		"--help nosuch":          `sw: unknown command "nosuch"; see sw help`,
		"help review extra":      `sw review: unknown command "extra"; see sw help review`,
		"review one two":         `sw review: takes one suggestion's id at most, got 2 arguments; see sw help review`,
		"licenses extra":         `sw licenses: takes no arguments, got "extra"; see sw help licenses`,
		"profile show extra":     `sw profile show: takes no arguments, got "extra"; see sw help profile show`,
		"hook install extra":     `sw hook install: takes no arguments, got "extra"; see sw help hook install`,
		"hook pre-session extra": `sw hook pre-session: takes no arguments, got "extra"; see sw help hook pre-session`,
		"init a b":               `sw init: takes at most one folder, got 2; see sw help init`,
		"accept":                 `sw accept: give one suggestion id (sw review lists them); see sw help accept`,
		"check":                  `sw check: give one or more pieces to check; see sw help check`,
		"--bogus":                `sw: flag provided but not defined: -bogus; see sw help`,
		"reveiw":                 `sw: unknown command "reveiw" (did you mean "review"?); see sw help`,
		"hook instal":            `sw hook: unknown command "instal" (did you mean "install"?); see sw help hook`,
		"check a.md --bogus":     `sw check: flag provided but not defined: -bogus; see sw help check`,
		"version extra":          `sw version: takes no arguments, got "extra"; see sw help version`,
		"review --bogus":         `sw review: flag provided but not defined: -bogus; see sw help review`,
		"check --genre":          `sw check: flag needs an argument: -genre; see sw help check`,
		"check --genre= a.md":    `sw check: --genre wants a genre's name, e.g. --genre essay; see sw help check`,
		"profile show --genre=":  `sw profile show: --genre wants a genre's name, e.g. --genre essay; see sw help profile show`,
		"profile write --genre=": `sw profile write: --genre wants a genre's name, e.g. --genre essay; see sw help profile write`,
	} {
		code, out, errs := runArgs(line)
		if code != 2 || out != "" || errs != want+"\n" {
			t.Errorf("sw %s: %d %q %q, want 2 \"\" %q", line, code, out, errs, want)
		}
	}
}
