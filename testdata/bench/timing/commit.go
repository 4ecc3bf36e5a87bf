package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// The clones a commit timing makes of a collection, one per kind of hooks:
// sw's; the floor of a Go tool that must stage memory.md before a commit
// and count after it, a pre-commit and a post-commit hook that each start
// a Go program doing nothing through a shell shim, as sw's shims do; and
// none at all.
const (
	swHooks = "sw's hooks"
	goHooks = "Go no-op hooks"
	noHooks = "no hooks"
)

// commitTarget is how much sw's hooks may cost over the floor of Go hooks.
const commitTarget = 1.3

// commitHistories times a commit of a changed piece at each history
// length, and holds the ratio to the floor at the longest history to the
// one at the shortest: the hooks' cost follows the change, not the
// history.
func (b *bench) commitHistories(o *options) {
	var first float64
	for i, commits := range o.histories {
		r := b.commit(o.pieces, commits, o.commitRuns)
		if i == 0 {
			first = r
			continue
		}
		drift := r/first - 1
		b.held(target{
			what:     fmt.Sprintf("git commit with sw's hooks: ratio at %d commits against at %d", commits, o.histories[0]),
			measured: fmt.Sprintf("%.2f× / %.2f× = %+.1f%%", r, first, 100*drift),
			goal:     "within 10%",
			met:      drift <= 0.10 && drift >= -0.10,
		})
	}
}

// commit times `git commit` of a changed piece in three clones of one
// collection of pieces pieces and commits commits: with sw's hooks, with
// the floor's and with none. It returns the ratio of sw's to the floor's,
// so that histories of different lengths can be compared.
func (b *bench) commit(pieces, commits, runs int) float64 {
	src := filepath.Join(b.work, fmt.Sprintf("history-%d", commits))
	start := time.Now()
	b.makeCollection(src, pieces, commits, 30)
	fmt.Printf("  (made %d pieces and %d commits in %v)\n", pieces, commits, time.Since(start).Round(time.Millisecond))
	kinds := []string{swHooks, goHooks, noHooks}
	times := b.timeCommits(b.clones(src, kinds), runs)
	label := fmt.Sprintf("git commit, %d pieces, %d commits", pieces, commits)
	r := b.add(label+", sw's hooks", times[0], times[1], goHooks, fmt.Sprintf("≤ %.1f×", commitTarget))
	f := b.add("  floor: Go no-op pre-commit and post-commit hooks", times[1], times[2], noHooks, "")
	b.goal(label+": sw's hooks / Go no-op hooks", r.ratio(), commitTarget, f)
	b.add(label+", sw's hooks", times[0], times[2], noHooks, "")
	return r.ratio()
}

// commitLarge times the same commit in a collection of largePieces pieces,
// all in one folder, beside one of the usual size, all five clones in the
// same rounds. The large collection is generated at run time, quickly:
// its pieces are short, and its history is the commit that adds them
// (each commit of a piece writes that folder's tree anew, a hundred
// thousand entries) and the one that adds sw's files. Two targets: sw's
// hooks against the floor at that size, and what sw's hooks add to a
// commit there (the commit with them less the one without) against what
// they add at the usual size.
func (b *bench) commitLarge(o *options) {
	const commits, words = 1, 60
	var dirs []string
	for _, n := range []int{o.pieces, o.largePieces} {
		src := filepath.Join(b.work, fmt.Sprintf("pieces-%d", n))
		start := time.Now()
		b.makeCollectionOf(src, spec{pieces: n, commits: commits, rules: 30, words: words})
		fmt.Printf("  (made %d pieces and %d commits in %v)\n", n, commits, time.Since(start).Round(time.Millisecond))
		kinds := []string{swHooks, noHooks}
		if n == o.largePieces {
			kinds = []string{swHooks, goHooks, noHooks}
		}
		dirs = append(dirs, b.clones(src, kinds)...)
	}
	times := b.timeCommits(dirs, o.commitRuns)
	small, smallNone := times[0], times[1]
	large, largeGo, largeNone := times[2], times[3], times[4]
	label := fmt.Sprintf("git commit, %d pieces", o.largePieces)
	r := b.add(label+", sw's hooks", large, largeGo, goHooks, fmt.Sprintf("≤ %.1f×", commitTarget))
	f := b.add("  floor: Go no-op pre-commit and post-commit hooks", largeGo, largeNone, noHooks, "")
	b.goal(label+": sw's hooks / Go no-op hooks", r.ratio(), commitTarget, f)
	b.add(fmt.Sprintf("git commit, %d pieces, no hooks", o.largePieces), largeNone, smallNone, fmt.Sprintf("%d pieces, no hooks", o.pieces), "")

	// What the hooks add: the difference of the medians with and without.
	added := func(with, without []sample) time.Duration {
		w, _ := median(with)
		n, _ := median(without)
		return w - n
	}
	atLarge, atSmall := added(large, largeNone), added(small, smallNone)
	growth := ratio(atLarge, atSmall)
	fmt.Printf("  %-64s %8s, at %d pieces %s\n", "what sw's hooks add to a commit", fmtDur(atLarge), o.pieces, fmtDur(atSmall))
	b.held(target{
		what:     fmt.Sprintf("what sw's hooks add to a commit at %d pieces / at %d", o.largePieces, o.pieces),
		measured: fmt.Sprintf("%s / %s = %.2f×", fmtDur(atLarge), fmtDur(atSmall), growth),
		goal:     "≤ 1.5×",
		met:      growth <= 1.5,
	})
}

// clones clones the collection src once for each kind of hooks, and
// returns the clones' folders in the order of kinds.
func (b *bench) clones(src string, kinds []string) []string {
	dirs := make([]string, len(kinds))
	for i, k := range kinds {
		d := src + "-" + strings.NewReplacer(" ", "-", "'", "").Replace(k)
		b.run(b.work, nil, "git", "clone", "--quiet", src, d)
		switch k {
		case swHooks:
			b.run(d, nil, b.sw, "hook", "install")
		case goHooks:
			for _, hook := range []string{"pre-commit", "post-commit"} {
				check(os.WriteFile(filepath.Join(d, ".git/hooks", hook), []byte("#!/bin/sh\nexec '"+b.floor+"'\n"), 0o755))
			}
		}
		dirs[i] = d
	}
	return dirs
}

// timeCommits commits a changed piece in each of dirs once to warm up
// (the first commit after sw hook install counts the history), then runs
// rounds in which each commits once more, in turn, and returns each one's
// times. The commits alternate between two pieces, so fewer than a batch
// of pieces is ever pending, and no analysis runs in a timed commit.
func (b *bench) timeCommits(dirs []string, runs int) [][]sample {
	env := b.env
	defer func() { b.env = env }()
	b.env = append(b.env, "SW_ANALYZE=inline", "PATH="+filepath.Dir(b.sw)+string(os.PathListSeparator)+os.Getenv("PATH"))
	edit := func(dir string, round int) {
		p := filepath.Join(dir, piecePath(round%2))
		check(os.WriteFile(p, []byte(pieceText(round%2, 250, 100000+round)), 0o644))
	}
	for _, d := range dirs {
		edit(d, 0)
		b.run(d, nil, "git", "commit", "--quiet", "-am", "warm up")
	}
	times := make([][]sample, len(dirs))
	for round := 1; round <= runs; round++ {
		for i, d := range dirs {
			edit(d, round)
			times[i] = append(times[i], b.timed(d, nil, "git", "commit", "--quiet", "-am", fmt.Sprintf("Revise %d", round)))
		}
	}
	return times
}
