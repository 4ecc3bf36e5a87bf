// Command reliability is what `make reliability` runs: sw tried as a crash,
// a crowd and an attacker would try it, with real git, printing one table
// of what was tried and how often it held.
//
//   - kill -9: each of sw's writers (the post-commit hook with the
//     analysis it starts, the background analysis, the pre-session hook,
//     sw accept, sw reject, sw facts add, sw hook install) is stopped at a
//     random moment of its first 400 ms (of the time it takes, for one
//     done sooner): kill -9 of its sw processes, or Ctrl-C of its whole
//     process group, at random.
//     Every file sw owns must still parse, every byte the person wrote be
//     as it was, git fsck --strict be clean; after the next run, no
//     temporary file and no merge in progress may be left, and the next
//     commit and the next analysis must work.
//   - an editor saving CLAUDE.md in place (empty it, write it) as a
//     session starts: the person's save must survive.
//   - concurrency: eight processes at once (session hooks, commits in two
//     linked worktrees, sw review, sw facts add, an editor saving
//     CLAUDE.md): no update lost, never two batches pending.
//   - odd repositories: linked worktrees, extensions.worktreeConfig,
//     SHA-256, core.hooksPath (local and global), husky, detached HEAD,
//     mid-rebase, shallow, sparse, split index, bare (refused), no commits.
//   - hostile inputs: each a clear message naming its file (and line), a
//     documented exit status, nothing changed outside what sw owns, memory
//     bounded.
//   - fuzzing: each parser's fuzz target, briefly.
//
// Tries that need the trust work of issue 16 (sw trust) are reported, and
// fail the run only in a build that has it. With -short it runs a few
// dozen trials in a few seconds, as make test does. It takes sw as a
// binary (-sw), so it holds any build to the same table.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"
)

func main() {
	sw := flag.String("sw", "", "the sw binary to try (make gives the one it built)")
	short := flag.Bool("short", false, "a short run, as make test makes: a few dozen trials")
	jobs := flag.Int("jobs", 2, "trials run at once")
	keep := flag.Bool("keep", false, "keep the collections, and say where")
	only := flag.String("only", "kill,editor,concurrency,odd,hostile,fuzz", "which sections to run")
	writer := flag.String("writer", "", "with kill: only the writers whose name holds this")
	fuzzTargets := flag.String("fuzz", "", "fuzz targets as package:Target, space-separated (make passes its list)")
	// A count, not a duration: go1.26's fuzzing can fail a target that a
	// duration's deadline stops on a busy machine ("context deadline
	// exceeded", go.dev/issue/75804, fixed in go1.27), which a count never
	// meets.
	fuzzTime := flag.String("fuzztime", "10000x", "how many inputs each fuzz target tries (or how long: 3s)")
	corpusDir := flag.String("corpus", filepath.Join("testdata", "corpus", "federalist"), "the Federalist papers of the test corpus")
	flag.Parse()
	if *sw == "" {
		fmt.Fprintln(os.Stderr, "reliability: give the sw binary to try with -sw (make reliability does)")
		os.Exit(2)
	}
	if signal.Ignored(os.Interrupt) {
		// Started in the background, with Ctrl-C ignored, which every
		// command would inherit: the Ctrl-C trials need it heard. A
		// handled signal is reset for the commands started.
		signal.Notify(make(chan os.Signal, 1), os.Interrupt)
	}
	failed, err := run(config{sw: *sw, short: *short, jobs: *jobs, keep: *keep, only: *only, writer: *writer,
		fuzz: strings.Fields(*fuzzTargets), fuzzTime: *fuzzTime, corpus: *corpusDir})
	if err != nil {
		fmt.Fprintln(os.Stderr, "reliability:", err)
		os.Exit(1)
	}
	if failed {
		os.Exit(1)
	}
}

type config struct {
	sw, only, fuzzTime, corpus string
	writer                     string
	short, keep                bool
	jobs                       int
	fuzz                       []string
}

// sizes are how many trials each section runs.
type sizes struct {
	killPerWriter, editorRounds, concurrencyRounds int
	hostileEvery                                   int // every how many hostile inputs are tried
}

func run(cfg config) (failed bool, err error) {
	start := time.Now()
	size := sizes{killPerWriter: 143, editorRounds: 1000, concurrencyRounds: 200, hostileEvery: 1}
	if cfg.short {
		size = sizes{killPerWriter: 3, editorRounds: 20, concurrencyRounds: 3, hostileEvery: 4}
	}
	work, err := os.MkdirTemp("", "sw-reliability-")
	if err != nil {
		return false, err
	}
	if cfg.keep {
		fmt.Println("collections in", work)
	} else {
		defer os.RemoveAll(work)
	}
	w, err := newWorld(work, cfg.sw)
	if err != nil {
		return false, err
	}
	c, err := loadCorpus(cfg.corpus)
	if err != nil {
		return false, err
	}
	base := filepath.Join(work, "base")
	if err := w.newBase(base, c); err != nil {
		return false, fmt.Errorf("making the base collection: %w", err)
	}
	t := &table{}
	on := func(section string) bool { return strings.Contains(","+cfg.only+",", ","+section+",") }
	if on("kill") {
		w.killTrials(t, base, c, size.killPerWriter, cfg.jobs, cfg.writer)
	}
	if on("editor") {
		w.editorRounds(t, base, size.editorRounds, 4*cfg.jobs)
	}
	if on("concurrency") {
		w.concurrencyRounds(t, base, c, size.concurrencyRounds, cfg.jobs)
	}
	if on("odd") {
		w.oddRepos(t, base, c, cfg.short)
	}
	if on("hostile") {
		w.hostileInputs(t, base, size.hostileEvery)
	}
	if on("fuzz") && !cfg.short {
		fuzzTargets(t, cfg.fuzz, cfg.fuzzTime)
	}
	trustNote := "this build has sw trust: every row must hold"
	if !w.trust {
		trustNote = "this build has no sw trust (issue 16's trust work): tries that need it are reported, and do not fail the run"
	}
	fmt.Printf("sw reliability (%s; %s)\n\n", map[bool]string{true: "short run", false: "full run"}[cfg.short], trustNote)
	t.write(os.Stdout)
	fmt.Printf("\n%s in all; the commands took %s of processor time\n", time.Since(start).Round(time.Second), time.Duration(cpu.Load()).Round(time.Second))
	return t.failed(), nil
}
