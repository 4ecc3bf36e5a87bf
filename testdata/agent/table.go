package main

import (
	"fmt"
	"io"
	"time"
)

// outcomeRow is one line of the table: a scenario in a mode.
type outcomeRow struct {
	scenario, mode, what string
	how                  string // what came of the last tool call
	problems             []string
	took                 time.Duration
}

func (r outcomeRow) held() bool { return len(r.problems) == 0 }

// writeTable prints one line per scenario and mode (held or FAILED, what
// came of its last tool call, the time it took), then why each failed one
// did not hold.
func writeTable(w io.Writer, rows []outcomeRow) {
	width := len("scenario")
	for _, r := range rows {
		width = max(width, len(r.scenario))
	}
	fmt.Fprintf(w, "%-*s  %-17s  %-6s  %6s  %s\n", width, "scenario", "mode", "result", "time", "last tool call")
	for _, r := range rows {
		mark := "held"
		if !r.held() {
			mark = "FAILED"
		}
		how := r.how
		if how == "" {
			how = "-"
		}
		fmt.Fprintf(w, "%-*s  %-17s  %-6s  %5.1fs  %s\n", width, r.scenario, r.mode, mark, r.took.Seconds(), how)
	}
	for _, r := range rows {
		if r.held() {
			continue
		}
		fmt.Fprintf(w, "\n%s (%s): %s\n", r.scenario, r.mode, r.what)
		for _, p := range r.problems {
			fmt.Fprintf(w, "  - %s\n", oneLine(p, 400))
		}
	}
}
