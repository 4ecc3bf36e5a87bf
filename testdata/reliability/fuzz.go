package main

import (
	"os"
	"os/exec"
	"strings"
)

// fuzzTargets runs each parser's fuzz target briefly (make fuzz runs them
// longer), each a row: held when the fuzzer found nothing.
func fuzzTargets(t *table, targets []string, fuzzTime string) {
	goCmd := os.Getenv("GO")
	if goCmd == "" {
		goCmd = "go"
	}
	for _, target := range targets {
		pkg, name, ok := strings.Cut(target, ":")
		r := t.row("fuzz", name+" ("+strings.TrimPrefix(pkg, "./")+")")
		if !ok {
			r.tally(false, "not package:Target: "+target)
			continue
		}
		cmd := exec.Command(goCmd, "test", "-run", "^$", "-fuzz", "^"+name+"$", "-fuzztime", fuzzTime, pkg)
		out, err := cmd.CombinedOutput()
		why := ""
		if err != nil {
			why = lastLines(string(out), 6)
		}
		r.tally(err == nil, why)
		r.extra = "for " + fuzzTime
		if n, ok := strings.CutSuffix(fuzzTime, "x"); ok {
			r.extra = n + " inputs"
		}
	}
}

// lastLines is the last n lines of s, on one line.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], " | ")
}
