package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// analyze times `sw analyze --dry-run` on pending pieces at the end of a
// long history, in two clones of one collection: one with .sw.yaml's
// default agent_commits, so the analysis reads each piece's agent draft
// from history, and one with `agent_commits: []`, so it reads none. What
// the drafts add (the difference of the two medians) is held against one
// walk of that history by git, `git log --no-renames --name-status`,
// timed in the same rounds: finding the drafts should cost about what
// reading which files each commit changed costs git.
func (b *bench) analyze(o *options) {
	pieces, commits, pending, runs := o.pieces, o.analyzeCommits, o.analyzePending, o.analyzeRuns
	src := filepath.Join(b.work, fmt.Sprintf("analyze-%d", commits))
	start := time.Now()
	b.makeAnalyzeCollection(src, pieces, commits, pending, 30)
	fmt.Printf("  (made %d pieces and %d commits, %d pieces pending analysis, in %v)\n", pieces, commits, pending, time.Since(start).Round(time.Millisecond))
	drafts := filepath.Join(b.work, fmt.Sprintf("analyze-%d-drafts", commits))
	none := filepath.Join(b.work, fmt.Sprintf("analyze-%d-no-drafts", commits))
	for _, d := range []string{drafts, none} {
		b.run(b.work, nil, "git", "clone", "--quiet", src, d)
	}
	settings := filepath.Join(none, ".sw.yaml")
	data, err := os.ReadFile(settings)
	check(err)
	off := regexp.MustCompile(`(?m)^agent_commits:\n(?:[ \t]+- .*\n)*`).ReplaceAll(data, []byte("agent_commits: []\n"))
	if bytes.Equal(off, data) {
		check(fmt.Errorf("no agent_commits list in %s to turn off", settings))
	}
	check(os.WriteFile(settings, off, 0o644))
	settle()

	// A first run in each counts the pending pieces, and shows whether the
	// drafts were read: the filler the person deleted from them comes back
	// as avoid suggestions, which only the drafts can give.
	var seen [2]struct {
		Pieces      []string
		Suggestions []struct{ Signature string }
	}
	var avoids [2]int
	for i, d := range []string{drafts, none} {
		check(json.Unmarshal(b.run(d, nil, b.sw, "analyze", "--dry-run", "--json"), &seen[i]))
		for _, s := range seen[i].Suggestions {
			if strings.HasPrefix(s.Signature, "avoid:phrase:") {
				avoids[i]++
			}
		}
	}
	if len(seen[0].Pieces) != len(seen[1].Pieces) {
		check(fmt.Errorf("sw analyze read %d pieces with drafts, %d without", len(seen[0].Pieces), len(seen[1].Pieces)))
	}
	fmt.Printf("  (sw analyze --dry-run reads %d pieces; %d suggestions with drafts, %d of them avoid phrases; %d without, %d avoid phrases)\n",
		len(seen[0].Pieces), len(seen[0].Suggestions), avoids[0], len(seen[1].Suggestions), avoids[1])
	read := avoids[0] > avoids[1]
	if !read {
		fmt.Println("  (the drafts made no avoid suggestion: sw did not read them, so the ratio below says nothing of their cost)")
	}

	// Rounds stop early once they have taken budget: an analysis that
	// takes a minute is far from its target after one round.
	var with, without, walk []sample
	begin := time.Now()
	for i := 0; i < runs && (i == 0 || time.Since(begin) < o.analyzeBudget); i++ {
		without = append(without, b.timed(none, nil, b.sw, "analyze", "--dry-run"))
		with = append(with, b.timed(drafts, nil, b.sw, "analyze", "--dry-run"))
		walk = append(walk, b.timed(drafts, nil, "git", "log", "--no-renames", "--name-status"))
	}
	if len(with) < runs {
		fmt.Printf("  (timed %d of %d rounds: they took more than %v)\n", len(with), runs, o.analyzeBudget)
	}
	label := fmt.Sprintf("sw analyze --dry-run, %d pieces pending, %d commits", len(seen[0].Pieces), commits)
	b.add(label+", drafts read", with, without, "the same, agent_commits: []", "")
	b.add("  git log --no-renames --name-status", walk, without, "the same, agent_commits: []", "")
	w, _ := median(with)
	n, _ := median(without)
	g, _ := median(walk)
	r := ratio(w-n, g)
	fmt.Printf("  %-64s %8s  %5.2f×  vs one git log walk  ≤ 1.5×\n", "what reading the drafts adds", fmtDur(w-n), r)
	t := target{
		what:     fmt.Sprintf("%s: what the drafts add / git log --no-renames --name-status", label),
		measured: fmt.Sprintf("%s / %s = %.2f×", fmtDur(w-n), fmtDur(g), r),
		goal:     "≤ 1.5×",
		met:      r <= 1.5,
	}
	if !read {
		t.measured += " (drafts not read)"
		t.met = false
	}
	b.held(t)
}
