// Command timing measures sw as people meet it: whole processes, timed
// against git's own commands run in the same go, interleaved, and reported
// as medians and ratios, ending with a table of the targets sw is held to
// and whether this run met them. It is what `make bench` runs, the Go
// benchmarks first. It asserts nothing: the figures are for people to read.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// timings are what make bench runs, in this order, each under the name
// that runs it alone: make bench ONLY=commit, or ONLY=pre-session,analyze.
var timings = []struct {
	name, what string
	run        func(*bench, *options)
}{
	{"go", "the Go benchmarks (go test -bench)", (*bench).goBenchmarks},
	{"pre-session", "sw hook pre-session, nothing changed, against git status --porcelain, at 50 and 1,000 pieces", func(b *bench, o *options) { b.preSession(o.runs) }},
	{"check", "sw check of a 5,000-word piece against wc -w", func(b *bench, o *options) { b.check(o.runs) }},
	{"guard", "sw hook guard against a Go program doing nothing", func(b *bench, o *options) { b.guard(o.runs) }},
	{"commit", "git commit of a piece with sw's hooks against Go no-op hooks, at 1,000 and 10,000 commits", (*bench).commitHistories},
	{"commit-100k", "the same commit at 100,000 pieces beside 1,000 (generated at run time)", (*bench).commitLarge},
	{"analyze", "what reading the drafts adds to sw analyze --dry-run, against one git log walk of the history", (*bench).analyze},
}

// options are the command line's settings for the timings.
type options struct {
	runs, commitRuns, pieces, largePieces       int
	histories                                   []int
	analyzeRuns, analyzeCommits, analyzePending int
	analyzeBudget                               time.Duration
}

func main() {
	var o options
	sw := flag.String("sw", "", "the sw binary to time (make bench gives the one it built)")
	flag.IntVar(&o.runs, "runs", 200, "timed runs of each command")
	flag.IntVar(&o.commitRuns, "commit-runs", 60, "timed commits of each kind")
	histories := flag.String("commits", "1000,10000", "history lengths for the commit timings")
	flag.IntVar(&o.pieces, "pieces", 1000, "pieces in the generated collections")
	flag.IntVar(&o.largePieces, "large-pieces", 100000, "pieces in the large collection of commit-100k")
	flag.IntVar(&o.analyzeRuns, "analyze-runs", 7, "timed sw analyze runs of each kind")
	flag.DurationVar(&o.analyzeBudget, "analyze-budget", time.Minute, "time after which no further sw analyze round starts (one always runs)")
	flag.IntVar(&o.analyzeCommits, "analyze-commits", 10000, "history length for the sw analyze timings")
	flag.IntVar(&o.analyzePending, "analyze-pending", 100, "pieces pending analysis in the sw analyze timings")
	keep := flag.Bool("keep", false, "keep the generated collections")
	only := flag.String("only", "", "the timings to run, by name, separated by commas (all when empty): "+timingNames())
	flag.Parse()
	if *sw == "" {
		fmt.Fprintln(os.Stderr, "timing: give the sw binary to time with -sw (make bench does)")
		os.Exit(2)
	}
	for _, n := range strings.Split(*histories, ",") {
		commits, err := strconv.Atoi(strings.TrimSpace(n))
		if err != nil || commits < 1 {
			fmt.Fprintf(os.Stderr, "timing: -commits takes history lengths separated by commas, not %q\n", *histories)
			os.Exit(2)
		}
		o.histories = append(o.histories, commits)
	}
	chosen, err := choose(*only)
	if err != nil {
		fmt.Fprintln(os.Stderr, "timing:", err)
		os.Exit(2)
	}

	bin, err := filepath.Abs(*sw)
	check(err)
	work, err := os.MkdirTemp("", "sw-bench-")
	check(err)
	if !*keep {
		defer os.RemoveAll(work)
	} else {
		fmt.Println("collections in", work)
	}
	b := &bench{sw: bin, work: work, env: gitEnv(work)}
	b.floor = b.buildFloor()

	fmt.Printf("sw whole-process timings (%d runs of each command, %d commits of each kind, up to %d sw analyze rounds; interleaved; medians)\n\n",
		o.runs, o.commitRuns, o.analyzeRuns)
	for _, t := range timings {
		if chosen[t.name] {
			fmt.Printf("%s: %s\n", t.name, t.what)
			t.run(b, &o)
			fmt.Println()
		}
	}
	b.report()
}

// choose reads -only: the names of the timings to run, all when empty.
func choose(only string) (map[string]bool, error) {
	chosen := map[string]bool{}
	for _, t := range timings {
		chosen[t.name] = only == ""
	}
	if only == "" {
		return chosen, nil
	}
	for _, name := range strings.Split(only, ",") {
		name = strings.TrimSpace(name)
		if _, known := chosen[name]; !known {
			return nil, fmt.Errorf("no timing is called %q; there are %s", name, timingNames())
		}
		chosen[name] = true
	}
	return chosen, nil
}

func timingNames() string {
	names := make([]string, len(timings))
	for i, t := range timings {
		names[i] = t.name
	}
	return strings.Join(names, ", ")
}

// goBenchmarks runs the Go benchmarks of every package, in this checkout,
// with the environment make was given.
func (b *bench) goBenchmarks(*options) {
	cmd := exec.Command("go", "test", "-run", "^$", "-bench", ".", "-benchmem", "./...")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	check(cmd.Run())
}

type bench struct {
	sw, work string
	floor    string // a Go program that does nothing (buildFloor)
	env      []string
	rows     []row
	targets  []target
}

// target is one of the targets sw is held to, as measured in this run.
type target struct {
	what, measured, goal string
	floor                string // how a Go program that does nothing fares beside it
	met                  bool
}

// goal records a target met when ratio, a ratio of medians, is at most
// limit; floor is the row of a Go program doing nothing, timed beside it.
func (b *bench) goal(what string, ratio, limit float64, floor row) {
	b.held(target{what: what, measured: fmt.Sprintf("%.2f×", ratio), goal: fmt.Sprintf("≤ %.1f×", limit),
		met: ratio <= limit, floor: fmt.Sprintf("%.2f× against %s", floor.ratio(), floor.base)})
}

// held records a target and says at once whether this run met it, so a
// timing run alone (make bench ONLY=commit) answers without the table.
func (b *bench) held(t target) {
	b.targets = append(b.targets, t)
	met := "met"
	if !t.met {
		met = "NOT met"
	}
	fmt.Printf("  → target %s: %s, goal %s: %s\n", t.what, t.measured, t.goal, met)
}

type row struct {
	paired             float64 // pairedRatio of the wall times
	what, base, target string
	wall, baseWall     time.Duration
	cpu, baseCPU       time.Duration
}

// ratio is the ratio of the two wall-time medians.
func (r row) ratio() float64 { return ratio(r.wall, r.baseWall) }

// add records a comparison of samples against base samples taken in the
// same interleaved go.
func (b *bench) add(what string, samples, base []sample, baseName, target string) row {
	r := row{what: what, base: baseName, target: target, paired: pairedRatio(samples, base)}
	r.wall, r.cpu = median(samples)
	r.baseWall, r.baseCPU = median(base)
	b.rows = append(b.rows, r)
	fmt.Printf("  %-64s %8s %5.2f×  (paired %5.2f×, cpu %s %5.2f×)  vs %s  %s\n", what, fmtDur(r.wall), ratio(r.wall, r.baseWall),
		r.paired, fmtDur(r.cpu), ratio(r.cpu, r.baseCPU), baseName, target)
	return r
}

func (b *bench) report() {
	fmt.Println()
	fmt.Println("| what | median | ratio | paired ratio | CPU median | CPU ratio | against | target |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for _, r := range b.rows {
		fmt.Printf("| %s | %s | %.2f× | %.2f× | %s | %.2f× | %s | %s |\n", r.what, fmtDur(r.wall), ratio(r.wall, r.baseWall),
			r.paired, fmtDur(r.cpu), ratio(r.cpu, r.baseCPU), r.base, r.target)
	}
	if len(b.targets) == 0 {
		return
	}
	fmt.Println()
	fmt.Println("Targets (ratios of wall-time medians; floor: a Go program that does nothing, timed beside them)")
	fmt.Println()
	fmt.Println("| target | measured | goal | met | floor |")
	fmt.Println("|---|---|---|---|---|")
	for _, t := range b.targets {
		met := "no"
		if t.met {
			met = "yes"
		}
		floor := t.floor
		if floor == "" {
			floor = "–"
		}
		fmt.Printf("| %s | %s | %s | %s | %s |\n", t.what, t.measured, t.goal, met, floor)
	}
}

// pairedRatio is the median, over rounds, of each round's ratio: every
// scenario times its commands back to back in each round, so a machine
// that speeds up or slows down between rounds moves both sides of a round
// together, where it moves the two medians of the plain ratio apart.
func pairedRatio(samples, base []sample) float64 {
	n := min(len(samples), len(base))
	if n == 0 {
		return 0
	}
	rs := make([]float64, 0, n)
	for i := range n {
		if base[i].wall > 0 {
			rs = append(rs, float64(samples[i].wall)/float64(base[i].wall))
		}
	}
	if len(rs) == 0 {
		return 0
	}
	sort.Float64s(rs)
	return rs[len(rs)/2]
}

func ratio(a, b time.Duration) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// median is the median wall time and the median CPU time of samples.
func median(samples []sample) (wall, cpu time.Duration) {
	if len(samples) == 0 {
		return 0, 0
	}
	w := make([]time.Duration, len(samples))
	c := make([]time.Duration, len(samples))
	for i, s := range samples {
		w[i], c[i] = s.wall, s.cpu
	}
	sort.Slice(w, func(i, j int) bool { return w[i] < w[j] })
	sort.Slice(c, func(i, j int) bool { return c[i] < c[j] })
	return w[len(w)/2], c[len(c)/2]
}

func fmtDur(d time.Duration) string {
	return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000)
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}
