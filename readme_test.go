package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"sw/profile/prose"
)

var update = flag.Bool("update", false, "rewrite generated parts of README.md")

// The README's metric table is the documentation of the rule schema's
// metric names; this keeps it in step with the code. go test -run
// TestREADMEMetrics -update rewrites it.
func TestREADMEMetrics(t *testing.T) {
	var b strings.Builder
	b.WriteString("| name | unit | what is counted |\n|---|---|---|\n")
	for _, m := range prose.Metrics() {
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", m.Name, m.Unit, m.Definition)
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	const begin, end = "<!-- metrics:begin (kept in step with the code by a test) -->\n", "<!-- metrics:end -->"
	head, rest, ok1 := strings.Cut(string(readme), begin)
	table, tail, ok2 := strings.Cut(rest, end)
	if !ok1 || !ok2 {
		t.Fatal("README.md lacks the metrics markers")
	}
	if table == b.String() {
		return
	}
	if *update {
		if err := os.WriteFile("README.md", []byte(head+begin+b.String()+end+tail), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's metric table is out of date (go test -run TestREADMEMetrics -update); want:\n%s", b.String())
}
