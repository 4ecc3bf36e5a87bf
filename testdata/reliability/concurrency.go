package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// concurrencyRounds runs eight processes at once on one repository, round
// after round: three session hooks (two in the main worktree, one in a
// linked one), a commit in each worktree (each may start an analysis),
// sw review, sw facts add, and an editor saving CLAUDE.md in place. Each
// round no update may be lost (every fact added, the editor's save, both
// commits, every suggestion branch in the ledger) and no two batches may
// be pending.
func (w *world) concurrencyRounds(t *table, base string, c *corpus, rounds, jobs int) {
	lost := t.row("concurrency", "8 processes at once: no update lost")
	batches := t.row("concurrency", "8 processes at once: never two batches pending")
	var wg sync.WaitGroup
	var analyses atomic.Int64
	for lane := range jobs {
		main := filepath.Join(w.work, "crowd", fmt.Sprint(lane), "essays")
		drafts := filepath.Join(filepath.Dir(main), "drafts")
		if err := copyTree(base, main); err != nil {
			lost.tally(false, "copying: "+err.Error())
			continue
		}
		// Two pieces to a batch, so that analyses run often, in both
		// worktrees, and meet.
		writeFile(filepath.Join(main, ".sw.yaml"), "batch_size: 2\n")
		w.git(main, "commit", "-q", "-am", "Smaller batches")
		w.git(main, "worktree", "add", "-q", drafts, "-b", "drafts")
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := lane; round < rounds; round += jobs {
				l, b, n := w.crowdRound(main, drafts, c, round, jobs)
				analyses.Add(int64(n))
				lost.tally(len(l) == 0, strings.Join(l, "; "))
				batches.tally(len(b) == 0, strings.Join(b, "; "))
			}
		}()
	}
	wg.Wait()
	batches.extra = fmt.Sprintf("%d analyses ran inside the commits", analyses.Load())
}

// crowdRound is one round (of every jobs-th, in this collection); it
// returns what was lost and what broke the one-batch rule.
func (w *world) crowdRound(main, drafts string, c *corpus, round, jobs int) (lost, batches problems, analyses int) {
	for _, wt := range []struct{ dir, name string }{{main, "m"}, {drafts, "d"}} {
		name := fmt.Sprintf("%s%d", wt.name, round)
		writeFile(filepath.Join(wt.dir, "pieces", name+".md"), c.piece(2*round+len(wt.name)))
		w.git(wt.dir, "add", "pieces")
	}
	saved := editorText(1000+round) + blockOf(readFile(filepath.Join(main, "CLAUDE.md")))
	savedFile := filepath.Join(filepath.Dir(main), "saved.md")
	writeFile(savedFile, saved)
	session := opts{stdin: []byte(sessionStart)}
	procs := []struct {
		dir  string
		o    opts
		name string
		args []string
	}{
		{main, session, "sw", []string{"hook", "pre-session"}},
		{main, session, "sw", []string{"hook", "pre-session"}},
		{drafts, session, "sw", []string{"hook", "pre-session"}},
		{main, opts{}, "git", []string{"commit", "-q", "-m", fmt.Sprintf("Finish m%d", round)}},
		{drafts, opts{}, "git", []string{"commit", "-q", "-m", fmt.Sprintf("Finish d%d", round)}},
		{main, opts{}, "sw", []string{"review", "--json"}},
		{main, opts{}, "sw", []string{"facts", "add", "--section", "observations", "--key", fmt.Sprintf("round-%d", round), "--source", "agent", fmt.Sprintf("Round %d was run.", round)}},
		{main, opts{}, "sh", []string{"-c", `exec 3>CLAUDE.md; sleep 0.005; cat "$1" >&3`, "editor", savedFile}},
	}
	results := make([]result, len(procs))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, p := range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			results[i] = w.run(p.dir, p.o, p.name, p.args...)
		}()
	}
	close(start)
	wg.Wait()
	for i, r := range results {
		if procs[i].name == "git" && strings.Contains(r.stderr, "sw: analysed ") || strings.Contains(r.stderr, " wait as branches") || strings.Contains(r.stderr, " waits as a branch") {
			analyses++
		}
		if r.code != 0 || problemLines(r.stderr) != "" && procs[i].name != "git" {
			lost.add("%s %s: %s", procs[i].name, strings.Join(procs[i].args, " "), oneLine(r.String(), 200))
		}
	}
	memory := readFile(filepath.Join(main, "memory.md"))
	for k := round % jobs; k <= round; k += jobs {
		if !strings.Contains(memory, fmt.Sprintf("Round %d was run.", k)) {
			lost.add("the fact of round %d is gone from memory.md", k)
		}
	}
	if got := readFile(filepath.Join(main, "CLAUDE.md")); !strings.Contains(got, editorText(1000+round)) {
		lost.add("the editor's save of CLAUDE.md was lost")
	}
	for _, wt := range []struct{ dir, name string }{{main, "m"}, {drafts, "d"}} {
		if got := w.run(wt.dir, opts{}, "git", "log", "-1", "--format=%s").stdout; strings.TrimSpace(got) != fmt.Sprintf("Finish %s%d", wt.name, round) {
			lost.add("the commit in %s is not the last: %q", filepath.Base(wt.dir), strings.TrimSpace(got))
		}
	}
	d, r := w.review(main)
	if r.code != 0 {
		lost.add("sw review: %s", r)
		return lost, batches, analyses
	}
	ledger := map[string]bool{}
	pendingBatches := map[string]bool{}
	for _, p := range d.Pending {
		ledger[p.Branch] = true
		pendingBatches[p.Batch] = true
	}
	for _, b := range w.unmergedSuggestionBranches(main) {
		if !ledger[b] {
			lost.add("the suggestion branch %s is not in the ledger", b)
		}
	}
	if len(pendingBatches) > 1 {
		names := make([]string, 0, len(pendingBatches))
		for b := range pendingBatches {
			names = append(names, b)
		}
		slices.Sort(names)
		batches.add("batches %s pending at once", strings.Join(names, ", "))
	}
	return lost, batches, analyses
}

// blockOf is the block part of a CLAUDE.md, from its begin marker on.
func blockOf(claude string) string {
	if i := strings.Index(claude, "<!-- sw:begin"); i >= 0 {
		return claude[i:]
	}
	return ""
}

// unmergedSuggestionBranches lists the suggestion branches not merged into
// main.
func (w *world) unmergedSuggestionBranches(dir string) []string {
	out := w.run(dir, opts{}, "git", "branch", "--no-merged", "main", "--format=%(refname:short)", "--list", "sw/*").stdout
	return strings.Fields(out)
}
