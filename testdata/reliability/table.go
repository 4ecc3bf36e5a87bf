package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"
)

// row is one line of the table: what was tried, how often, how often it
// held, and why it did not when it did not.
type row struct {
	section, what string
	tried, held   int
	// awaiting counts the tries that did not hold and need work this
	// build does not have yet (see world.trust): reported, not failed.
	awaiting int
	notes    map[string]int // why tries did not hold, and how often
	extra    string         // what else a reader should know (e.g. how many kills landed mid-run)
	// gits marks a row that counts what git itself does, not sw: shown,
	// never failed.
	gits bool
	mu   sync.Mutex
}

// tally records one try: held, or not and why.
func (r *row) tally(held bool, why string) {
	r.tallyAwaiting(held, why, false)
}

// tallyAwaiting is tally for a try that may need work this build lacks.
func (r *row) tallyAwaiting(held bool, why string, awaiting bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.tried++
	if r.tried%100 == 0 {
		fmt.Fprintf(os.Stderr, "%s: %s: %d tried\n", r.section, r.what, r.tried)
	}
	if held {
		r.held++
		return
	}
	if awaiting {
		r.awaiting++
		why = "[awaits the trust work] " + why
	}
	if r.notes == nil {
		r.notes = map[string]int{}
	}
	r.notes[why]++
}

// ok reports whether the row met its goal: every try held, but those that
// await work this build does not have.
func (r *row) ok() bool { return r.gits || r.tried > 0 && r.held+r.awaiting == r.tried }

// table is the rows, in the order they were made.
type table struct {
	mu   sync.Mutex
	rows []*row
}

func (t *table) row(section, what string) *row {
	r := &row{section: section, what: what}
	t.add(r)
	return r
}

// add puts a row made apart at the end of the table.
func (t *table) add(r *row) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.rows = append(t.rows, r)
}

// write prints the table, then each row's reasons for what did not hold.
func (t *table) write(w io.Writer) {
	width := 0
	for _, r := range t.rows {
		width = max(width, len(r.section)+2+len(r.what))
	}
	fmt.Fprintf(w, "%-*s %7s %7s  %s\n", width, "", "tried", "held", "")
	for _, r := range t.rows {
		mark := "ok"
		switch {
		case r.tried == 0:
			mark = "NOT RUN"
		case !r.ok():
			mark = "FAILED"
		case r.awaiting > 0:
			mark = fmt.Sprintf("%d await the trust work", r.awaiting)
		case r.gits:
			mark = "git's own, shown, never failed"
		}
		if r.extra != "" {
			mark += "  (" + r.extra + ")"
		}
		fmt.Fprintf(w, "%-*s %7d %7d  %s\n", width, r.section+": "+r.what, r.tried, r.held, mark)
	}
	for _, r := range t.rows {
		if len(r.notes) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s: %s did not hold:\n", r.section, r.what)
		whys := make([]string, 0, len(r.notes))
		for why := range r.notes {
			whys = append(whys, why)
		}
		sort.Strings(whys)
		for _, why := range whys {
			fmt.Fprintf(w, "  %4d× %s\n", r.notes[why], oneLine(why, 400))
		}
	}
}

// failed reports whether any row missed its goal.
func (t *table) failed() bool {
	for _, r := range t.rows {
		if !r.ok() {
			return true
		}
	}
	return false
}

func oneLine(s string, limit int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > limit {
		s = s[:limit] + "…"
	}
	return s
}
