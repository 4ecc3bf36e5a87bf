package main

import (
	"io"
	"regexp"
	"strings"
	"testing"

	"sw/templates"
)

// TestHelpTopics holds `sw help` to listing every topic, `sw help TOPIC`
// to printing its page (after the command's own help, for a name that is
// both), and an unknown name to a usage error that lists the topics.
func TestHelpTopics(t *testing.T) {
	topics := templates.Topics()
	if len(topics) < 9 {
		t.Fatalf("only %d help topics", len(topics))
	}
	_, list, _ := runArgs("help")
	for _, topic := range topics {
		if !strings.Contains(list, "\n   "+topic.Name+" ") {
			t.Errorf("sw help does not list the topic %s:\n%s", topic.Name, list)
		}
		page, _ := templates.Help(topic.Name)
		code, out, errs := runArgs("help " + topic.Name)
		want := page
		if _, flagOut, _ := runArgs(topic.Name + " --help"); findCommand(newApp(nil, nil, nil).Commands, topic.Name) != nil {
			want = flagOut + "\n" + page
		}
		if code != 0 || errs != "" || out != want {
			t.Errorf("sw help %s: %d %q, and printed\n%s\nwant\n%s", topic.Name, code, errs, out, want)
		}
	}
	names := make([]string, len(topics))
	for i, topic := range topics {
		names[i] = topic.Name
	}
	for line, want := range map[string]string{
		"help nosuch":     `sw: unknown command or help topic "nosuch"; the topics are `,
		"help rule":       `sw: unknown command or help topic "rule" (did you mean "rules"?); the topics are `,
		"help chekc":      `sw: unknown command or help topic "chekc" (did you mean "check"?); the topics are `,
		"help rules more": `sw: the help topic "rules" is one page; got "more" after it; see sw help`,
	} {
		if strings.HasSuffix(want, " ") {
			want += strings.Join(names, ", ") + "; see sw help"
		}
		code, out, errs := runArgs(line)
		if code != 2 || out != "" || errs != want+"\n" {
			t.Errorf("sw %s: %d %q %q, want 2 \"\" %q", line, code, out, errs, want)
		}
	}
}

// TestHelpTopicPages holds each page to a title that says what it covers,
// and each `sw help NAME` it names to a topic or a command.
func TestHelpTopicPages(t *testing.T) {
	for _, topic := range templates.Topics() {
		if name, about, ok := strings.Cut(topic.Title, ": "); !ok || !strings.EqualFold(strings.ReplaceAll(name, " ", "-"), topic.Name) || about == "" {
			t.Errorf("help topic %s's first line is %q, want \"# %s: what it covers\"", topic.Name, topic.Title, topic.Name)
		}
		page, _ := templates.Help(topic.Name)
		checkHelpNames(t, topic.Name+".md", page)
	}
}

// helpName is `sw help NAME` as a page writes it, perhaps across a line.
var helpName = regexp.MustCompile("sw\\s+help\\s+([a-z][a-z-]*)")

// checkHelpNames holds each `sw help NAME` in text to a help topic or a
// command.
func checkHelpNames(t *testing.T, file, text string) {
	t.Helper()
	for _, m := range helpName.FindAllStringSubmatch(text, -1) {
		if _, ok := templates.Help(m[1]); !ok && findCommand(newApp(nil, io.Discard, io.Discard).Commands, m[1]) == nil {
			t.Errorf("%s names sw help %s, which is neither a help topic nor a command", file, m[1])
		}
	}
}
