// Command timing measures sw as people meet it: whole processes, timed
// against git's own commands run in the same go, interleaved, and reported
// as medians and ratios, ending with a table of the targets sw is held to
// and whether this run met them. It is what `make bench` runs after the Go
// benchmarks. It asserts nothing: the figures are for people to read.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

func main() {
	sw := flag.String("sw", "", "the sw binary to time (make bench gives the one it built)")
	runs := flag.Int("runs", 200, "timed runs of each command")
	commitRuns := flag.Int("commit-runs", 60, "timed commits of each kind")
	histories := flag.String("commits", "1000,10000", "history lengths for the commit timings")
	pieces := flag.Int("pieces", 1000, "pieces in the generated collections")
	analyzeRuns := flag.Int("analyze-runs", 7, "timed sw analyze runs of each kind")
	analyzeBudget := flag.Duration("analyze-budget", time.Minute, "time after which no further sw analyze round starts (one always runs)")
	analyzeCommits := flag.Int("analyze-commits", 10000, "history length for the sw analyze timings")
	analyzePending := flag.Int("analyze-pending", 100, "pieces pending analysis in the sw analyze timings")
	keep := flag.Bool("keep", false, "keep the generated collections")
	only := flag.String("only", "pre-session,check,guard,commit,analyze", "which timings to run")
	flag.Parse()
	if *sw == "" {
		fmt.Fprintln(os.Stderr, "timing: give the sw binary to time with -sw (make bench does)")
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
		*runs, *commitRuns, *analyzeRuns)
	if strings.Contains(*only, "pre-session") {
		b.preSession(*runs)
	}
	if strings.Contains(*only, "check") {
		b.check(*runs)
	}
	if strings.Contains(*only, "guard") {
		b.guard(*runs)
	}
	if strings.Contains(*only, "commit") {
		var first, firstRatio float64
		for i, n := range strings.Split(*histories, ",") {
			var commits int
			fmt.Sscan(n, &commits)
			r := b.commit(*pieces, commits, *commitRuns)
			if i == 0 {
				first, firstRatio = float64(commits), r
				continue
			}
			// The hooks' cost follows the change, not the history.
			drift := r/firstRatio - 1
			b.targets = append(b.targets, target{
				what:     fmt.Sprintf("git commit with sw's hooks: ratio at %d commits against at %.0f", commits, first),
				measured: fmt.Sprintf("%.2f× / %.2f× = %+.1f%%", r, firstRatio, 100*drift),
				goal:     "within 10%",
				met:      drift <= 0.10 && drift >= -0.10,
			})
		}
	}
	if strings.Contains(*only, "analyze") {
		b.analyze(*pieces, *analyzeCommits, *analyzePending, *analyzeRuns, *analyzeBudget)
	}
	b.report()
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
	b.targets = append(b.targets, target{what: what, measured: fmt.Sprintf("%.2f×", ratio), goal: fmt.Sprintf("≤ %.1f×", limit),
		met: ratio <= limit, floor: fmt.Sprintf("%.2f× against %s", floor.ratio(), floor.base)})
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
