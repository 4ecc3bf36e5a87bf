package main

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"sw/profile"
	"sw/templates"
)

// The README is a newcomer's page: what sw is, how to set it up and a
// tour. The reference is in the help topics (templates/files/help), which
// sw prints with `sw help TOPIC`; where the README quotes one, the quote
// is marked, and these tests keep the page short and the quotes in step.

var update = flag.Bool("update", false, "rewrite generated parts of the help topics")

// readmeMax is the most the README may grow to, in bytes: past it, the
// reference is creeping back in, and belongs in a topic.
const readmeMax = 12 * 1024

func readme(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestREADMESize(t *testing.T) {
	if n := len(readme(t)); n > readmeMax {
		t.Errorf("README.md is %d bytes, more than %d: move reference into a help topic (templates/files/help) and point to it", n, readmeMax)
	}
}

// A quote of a topic in the README stands between <!-- help:TOPIC --> and
// <!-- /help -->, and must be in the topic's page word for word.
var (
	excerpt     = regexp.MustCompile(`(?s)<!-- help:([a-z-]+) -->\n(.*?)<!-- /help -->`)
	excerptOpen = regexp.MustCompile(`<!-- help:`)
)

func TestREADMEExcerpts(t *testing.T) {
	text := readme(t)
	found := excerpt.FindAllStringSubmatch(text, -1)
	if len(found) == 0 || len(found) != len(excerptOpen.FindAllString(text, -1)) {
		t.Fatalf("README.md has %d <!-- help:TOPIC --> markers, %d of them closed by <!-- /help -->", len(excerptOpen.FindAllString(text, -1)), len(found))
	}
	for _, m := range found {
		page, ok := templates.Help(m[1])
		if !ok {
			t.Errorf("README.md quotes the help topic %q, which does not exist", m[1])
			continue
		}
		if !strings.Contains(page, m[2]) {
			t.Errorf("README.md's quote of sw help %s is not in the topic (templates/files/help/%s.md); change both:\n%s", m[1], m[1], m[2])
		}
	}
}

// TestREADMETopics holds the README's list of topics to the topics there
// are, and each `sw help NAME` it names to a topic or a command.
func TestREADMETopics(t *testing.T) {
	text := readme(t)
	for _, topic := range templates.Topics() {
		if !strings.Contains(text, "| `"+topic.Name+"` |") {
			t.Errorf("README.md's table of help topics lacks %s", topic.Name)
		}
	}
	checkHelpNames(t, "README.md", text)
}

// The rules topic's metric table is the documentation of the rule
// schema's metric names; this keeps it in step with the code. go test
// -run TestRulesTopicMetrics -update rewrites it.
func TestRulesTopicMetrics(t *testing.T) {
	const file = "templates/files/help/rules.md"
	var b strings.Builder
	b.WriteString("| name | unit | what is counted |\n|---|---|---|\n")
	for _, name := range profile.MetricNames() {
		m, _ := profile.LookupMetric(name)
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", m.Name, m.Unit, m.Definition)
	}
	page, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	const begin, end = "<!-- metrics:begin (kept in step with the code by a test) -->\n", "<!-- metrics:end -->"
	head, rest, ok1 := strings.Cut(string(page), begin)
	table, tail, ok2 := strings.Cut(rest, end)
	if !ok1 || !ok2 {
		t.Fatal(file + " lacks the metrics markers")
	}
	if table == b.String() {
		return
	}
	if *update {
		if err := os.WriteFile(file, []byte(head+begin+b.String()+end+tail), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s's metric table is out of date (go test -run TestRulesTopicMetrics -update); want:\n%s", file, b.String())
}
