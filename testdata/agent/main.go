// Command agent is what `make agent-test` runs: the real Claude Code,
// headless, in collections sw set up, against a scripted stand-in for the
// Messages API (package standin) on the loopback interface, so that what
// sw promises about an agent session is tried end to end with the client
// people use:
//
//   - the first model request holds the profile of the genre the session
//     writes in and memory.md; so do a resumed session's first request
//     and the first request after a compaction;
//   - in default, acceptEdits and bypassPermissions modes, the agent
//     cannot change profile/, profile_feedback.json, CLAUDE.md's block,
//     the sw/ branches, git's hooks, .claude/settings*.json or .sw.yaml,
//     by Claude Code's file tools, the shell, a script of its own or sw
//     itself;
//   - writes the guard cannot read (a script written, then run; find
//     -exec sed -i; awk's print >; base64 decoded into a script) fail in
//     Claude Code's sandbox, which sw hook install turns on;
//   - ordinary work goes through, in the sandbox: editing a piece,
//     committing it (a draft: sw counts no finished piece), sw facts
//     add, sw check;
//   - with no sw on PATH, the protection still holds; with the sw that
//     installed the hooks gone too, they block the agent's calls.
//
// Each scenario runs in a mode in a world of its own (a home folder, a copy
// of the base collection with sw's hooks installed, a stand-in); after
// each session the protected state is compared byte for byte with what
// the person left. It prints one table of scenario, mode, held or failed,
// and the time taken, and exits 1 if any failed.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
)

func main() {
	sw := flag.String("sw", "", "the sw binary to try (make gives the one it built)")
	claude := flag.String("claude", "", "Claude Code: its binary, or the folder npm installed it into (make gives it)")
	only := flag.String("run", "", "run only the scenarios whose name matches this regular expression")
	jobs := flag.Int("jobs", runtime.NumCPU(), "trials run at once")
	keep := flag.Bool("keep", false, "keep the collections, and what each stand-in was sent, and say where")
	corpusDir := flag.String("corpus", filepath.Join("testdata", "corpus", "federalist"), "the Federalist papers of the test corpus")
	flag.Parse()
	if *sw == "" || *claude == "" {
		fmt.Fprintln(os.Stderr, "agent: give sw with -sw and Claude Code with -claude (make agent-test does)")
		os.Exit(2)
	}
	failed, err := run(config{sw: *sw, claude: *claude, only: *only, jobs: *jobs, keep: *keep, corpus: *corpusDir})
	if err != nil {
		fmt.Fprintln(os.Stderr, "agent:", err)
		os.Exit(1)
	}
	if failed {
		os.Exit(1)
	}
}

type config struct {
	sw, claude, only, corpus string
	jobs                     int
	keep                     bool
}

// scenarios are every scenario, in the table's order.
func scenarios() []scenario {
	all := attacks()
	return slices.Concat(contexts(), all, sandboxed(), work(), offPath(all), gone(all), voiceScenarios())
}

func run(cfg config) (failed bool, err error) {
	start := time.Now()
	filter, err := regexp.Compile(cfg.only)
	if err != nil {
		return false, err
	}
	claude, version, err := findClaude(cfg.claude)
	if err != nil {
		return false, err
	}
	sw, err := filepath.Abs(cfg.sw)
	if err != nil {
		return false, err
	}
	work, err := os.MkdirTemp("", "sw-agent-")
	if err != nil {
		return false, err
	}
	if cfg.keep {
		fmt.Println("collections in", work)
	} else {
		defer os.RemoveAll(work)
	}
	base, err := makeBase(work, sw, cfg.corpus)
	if err != nil {
		return false, fmt.Errorf("making the base collection: %w", err)
	}
	rows := runJobs(plannedJobs(filter), cfg.jobs, func(j job) outcomeRow { return runTrial(work, sw, claude, base, cfg.keep, j) })
	fmt.Printf("sw with Claude Code %s, headless, against a scripted stand-in for its API\n\n", strings.TrimSuffix(version, " (Claude Code)"))
	writeTable(os.Stdout, rows)
	fmt.Printf("\n%d trials in %s; the commands took %s of processor time\n", len(rows),
		time.Since(start).Round(time.Second), time.Duration(cpu.Load()).Round(time.Second))
	for _, r := range rows {
		failed = failed || !r.held()
	}
	return failed, nil
}

// makeBase makes the base collection in a world of its own under work.
func makeBase(work, sw, corpusDir string) (string, error) {
	w, err := newWorld(filepath.Join(work, "base"), sw)
	if err != nil {
		return "", err
	}
	c, err := loadCorpus(corpusDir)
	if err != nil {
		return "", err
	}
	dir := filepath.Join(work, "base", "collection")
	return dir, w.newBase(dir, c)
}

// job is a scenario to run in a mode.
type job struct {
	sc scenario
	m  mode
}

// plannedJobs are the scenarios whose name filter matches, each in its modes.
func plannedJobs(filter *regexp.Regexp) []job {
	var todo []job
	for _, sc := range scenarios() {
		if filter.MatchString(sc.name) {
			for _, m := range sc.modes {
				todo = append(todo, job{sc, m})
			}
		}
	}
	return todo
}

// runTrial runs one job in its own trial and returns its row.
func runTrial(work, sw, claude, base string, keep bool, j job) outcomeRow {
	start := time.Now()
	row := outcomeRow{scenario: j.sc.label(), mode: j.m.name, what: j.sc.what}
	t, err := newTrial(work, sw, claude, base, j.sc, j.m)
	if err != nil {
		row.problems = []string{"setting up: " + err.Error()}
		return row
	}
	defer t.api.Close()
	j.sc.run(t)
	row.how, row.problems, row.took = t.how, t.problems, time.Since(start)
	if keep {
		t.keepRequests()
	}
	return row
}

// runJobs runs each job with do, n at a time, and returns their rows in
// the jobs' order.
func runJobs(jobs []job, n int, do func(job) outcomeRow) []outcomeRow {
	rows := make([]outcomeRow, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(n, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				rows[i] = do(jobs[i])
				fmt.Fprintf(os.Stderr, "%s (%s): %s\n", rows[i].scenario, rows[i].mode, map[bool]string{true: "held", false: "FAILED"}[rows[i].held()])
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	return rows
}
