// Command timing measures sw as people meet it: whole processes, timed
// against git's own commands run in the same go, interleaved, and reported
// as medians and ratios. It is what `make bench` runs after the Go
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
	sw := flag.String("sw", "bin/sw", "the sw binary to time")
	runs := flag.Int("runs", 200, "timed runs of each command")
	commitRuns := flag.Int("commit-runs", 60, "timed commits of each kind")
	histories := flag.String("commits", "1000,10000", "history lengths for the commit timings")
	pieces := flag.Int("pieces", 1000, "pieces in the generated collections")
	keep := flag.Bool("keep", false, "keep the generated collections")
	only := flag.String("only", "pre-session,check,commit", "which timings to run")
	flag.Parse()

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

	fmt.Printf("sw whole-process timings (%s runs each, interleaved; medians)\n\n", fmt.Sprint(*runs))
	if strings.Contains(*only, "pre-session") {
		b.preSession(*runs)
	}
	if strings.Contains(*only, "check") {
		b.check(*runs)
	}
	if strings.Contains(*only, "commit") {
		for _, n := range strings.Split(*histories, ",") {
			var commits int
			fmt.Sscan(n, &commits)
			b.commit(*pieces, commits, *commitRuns)
		}
	}
	b.report()
}

type bench struct {
	sw, work string
	floor    string // a Go program that does nothing (buildFloor)
	env      []string
	rows     []row
}

type row struct {
	paired             float64 // pairedRatio of the wall times
	what, base, target string
	wall, baseWall     time.Duration
	cpu, baseCPU       time.Duration
}

// add records a comparison of samples against base samples taken in the
// same interleaved go.
func (b *bench) add(what string, samples, base []sample, baseName, target string) {
	r := row{what: what, base: baseName, target: target, paired: pairedRatio(samples, base)}
	r.wall, r.cpu = median(samples)
	r.baseWall, r.baseCPU = median(base)
	b.rows = append(b.rows, r)
	fmt.Printf("  %-64s %8s %5.2f×  (paired %5.2f×, cpu %s %5.2f×)  vs %s  %s\n", what, fmtDur(r.wall), ratio(r.wall, r.baseWall),
		r.paired, fmtDur(r.cpu), ratio(r.cpu, r.baseCPU), baseName, target)
}

func (b *bench) report() {
	fmt.Println()
	fmt.Println("| what | median | ratio | paired ratio | CPU median | CPU ratio | against | target |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for _, r := range b.rows {
		fmt.Printf("| %s | %s | %.2f× | %.2f× | %s | %.2f× | %s | %s |\n", r.what, fmtDur(r.wall), ratio(r.wall, r.baseWall),
			r.paired, fmtDur(r.cpu), ratio(r.cpu, r.baseCPU), r.base, r.target)
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
