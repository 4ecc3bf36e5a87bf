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

// preSession times `sw hook pre-session` against `git rev-parse HEAD`:
// when nothing changed (the block is already right) and when a rule
// changed (the block is rewritten), in a small collection and a large one,
// with the session genre found from the pieces (the default) or set. With
// the genre from the pieces, the target is against `git status
// --porcelain` in the same collection: finding the genre asks which pieces
// git shows as changed, the work git status does, and the target leaves
// room for a Go start and one git process.
func (b *bench) preSession(runs int) {
	for _, c := range []struct {
		name           string
		pieces, rules  int
		genreInSetting bool
	}{
		{"50 pieces, 30 rules, genre from the pieces", 50, 30, false},
		{"50 pieces, 30 rules, genre set in .sw.yaml", 50, 30, true},
		{"1,000 pieces, 200 rules, genre from the pieces", 1000, 200, false},
	} {
		dir := filepath.Join(b.work, fmt.Sprintf("session-%d-%d-%v", c.pieces, c.rules, c.genreInSetting))
		b.makeCollection(dir, c.pieces, 2, c.rules)
		if c.genreInSetting {
			settings := filepath.Join(dir, ".sw.yaml")
			data, err := os.ReadFile(settings)
			check(err)
			check(os.WriteFile(settings, []byte(strings.Replace(string(data), `genre: ""`, "genre: essay", 1)), 0o644))
		}
		b.run(dir, nil, b.sw, "hook", "pre-session")
		var sw, git, status, floor []sample
		for i := 0; i < runs; i++ {
			git = append(git, b.timed(dir, nil, "git", "rev-parse", "HEAD"))
			sw = append(sw, b.timed(dir, nil, b.sw, "hook", "pre-session"))
			floor = append(floor, b.timed(dir, nil, b.floor))
			if !c.genreInSetting {
				status = append(status, b.timed(dir, nil, "git", "status", "--porcelain"))
			}
		}
		if !c.genreInSetting {
			r := b.add("pre-session, unchanged: "+c.name, sw, status, "git status --porcelain", "≤ 2.5×")
			f := b.add("  floor: a Go program that does nothing", floor, status, "git status --porcelain", "")
			b.goal("sw hook pre-session, unchanged: "+c.name+" / git status --porcelain", r.ratio(), 2.5, f)
		}
		b.add("pre-session, unchanged: "+c.name, sw, git, "git rev-parse HEAD", "")
		b.add("  floor: a Go program that does nothing", floor, git, "git rev-parse HEAD", "")

		rule := filepath.Join(dir, "profile/preferences/rule-002.yaml")
		original, err := os.ReadFile(rule)
		check(err)
		changed := []byte(strings.Replace(string(original), "a sentence", "one sentence", 1))
		sw, git = sw[:0], git[:0]
		for i := 0; i < runs/2; i++ {
			if i%2 == 0 {
				check(os.WriteFile(rule, changed, 0o644))
			} else {
				check(os.WriteFile(rule, original, 0o644))
			}
			git = append(git, b.timed(dir, nil, "git", "rev-parse", "HEAD"))
			sw = append(sw, b.timed(dir, nil, b.sw, "hook", "pre-session"))
		}
		b.add("pre-session, block rewritten: "+c.name, sw, git, "git rev-parse HEAD", "")
	}
}

// check times `sw check` of a 5,000-word piece against 100 rules, against
// `wc -w` of the same file.
func (b *bench) check(runs int) {
	dir := filepath.Join(b.work, "check")
	b.makeCollection(dir, 3, 1, 100)
	piece := filepath.Join(dir, "long.md")
	check(os.WriteFile(piece, []byte(pieceText(7, 5000, 0)), 0o644))
	if out, err := b.try(dir, nil, b.sw, "check", "--genre", "essay", piece); err != nil && !strings.Contains(string(out), "error") {
		fmt.Printf("  sw check not available: %s\n", strings.TrimSpace(string(out)))
		return
	}
	var sw, wc, floor []sample
	for i := 0; i < runs; i++ {
		wc = append(wc, b.timed(dir, nil, "wc", "-w", piece))
		sw = append(sw, b.measure(true, dir, nil, b.sw, "check", "--genre", "essay", piece))
		floor = append(floor, b.timed(dir, nil, b.floor))
	}
	r := b.add("sw check, 5,000 words, 100 rules", sw, wc, "wc -w", "≤ 3×")
	f := b.add("  floor: a Go program that does nothing", floor, wc, "wc -w", "")
	b.goal("sw check, 5,000 words, 100 rules / wc -w", r.ratio(), 3, f)
}

// commit times `git commit` of a changed piece in four clones of one
// collection: with sw's hooks, with a no-op shell post-commit hook (the
// floor any hook tool pays: git starts a process), with a shell hook that
// starts a Go program doing nothing (the floor of a hook written in Go),
// and with no hooks.
// No analysis runs in the timed commits: the clones alternate between two
// pieces, so fewer than batch_size pieces are ever pending.
// The target is sw's hooks against the Go hook that does nothing; commit
// returns that ratio, so that histories of different lengths can be
// compared.
func (b *bench) commit(pieces, commits, runs int) float64 {
	src := filepath.Join(b.work, fmt.Sprintf("history-%d", commits))
	start := time.Now()
	b.makeCollection(src, pieces, commits, 30)
	fmt.Printf("  (made %d pieces and %d commits in %v)\n", pieces, commits, time.Since(start).Round(time.Millisecond))
	kinds := []string{"sw hooks", "no-op hook", "Go no-op hook", "no hooks"}
	dirs := map[string]string{}
	for _, k := range kinds {
		d := filepath.Join(b.work, fmt.Sprintf("history-%d-%s", commits, strings.ReplaceAll(k, " ", "-")))
		b.run(b.work, nil, "git", "clone", "--quiet", src, d)
		dirs[k] = d
	}
	b.run(dirs["sw hooks"], nil, b.sw, "hook", "install")
	noop := filepath.Join(dirs["no-op hook"], ".git/hooks/post-commit")
	check(os.WriteFile(noop, []byte("#!/bin/sh\nexit 0\n"), 0o755))
	// The floor of a hook written in Go: a shell shim, as sw's is, that
	// starts a Go program that does nothing.
	goNoop := filepath.Join(dirs["Go no-op hook"], ".git/hooks/post-commit")
	check(os.WriteFile(goNoop, []byte("#!/bin/sh\nexec '"+b.floor+"'\n"), 0o755))

	// A first commit with sw counts the history and runs the analysis it
	// finds due, as a first commit after `sw hook install` would.
	swEnv := b.env
	b.env = append(b.env, "SW_ANALYZE=inline", "PATH="+filepath.Dir(b.sw)+string(os.PathListSeparator)+os.Getenv("PATH"))
	edit := func(dir string, round int) {
		p := filepath.Join(dir, fmt.Sprintf("pieces/p%04d.md", round%2))
		check(os.WriteFile(p, []byte(pieceText(round%2, 250, 100000+round)), 0o644))
	}
	for _, k := range kinds {
		edit(dirs[k], 0)
		b.run(dirs[k], nil, "git", "commit", "--quiet", "-am", "warm up")
	}
	times := map[string][]sample{}
	for round := 1; round <= runs; round++ {
		for _, k := range kinds {
			edit(dirs[k], round)
			times[k] = append(times[k], b.timed(dirs[k], nil, "git", "commit", "--quiet", "-am", fmt.Sprintf("Revise %d", round)))
		}
	}
	b.env = swEnv
	label := fmt.Sprintf("git commit, %d pieces, %d commits", pieces, commits)
	r := b.add(label+", sw's hooks", times["sw hooks"], times["Go no-op hook"], "Go no-op hook", "≤ 1.3×")
	f := b.add("  floor: a Go post-commit hook that does nothing", times["Go no-op hook"], times["no hooks"], "no hooks", "")
	b.goal(label+": sw's hooks / Go no-op hook", r.ratio(), 1.3, f)
	b.add(label+", sw's hooks", times["sw hooks"], times["no-op hook"], "no-op hook", "")
	b.add(label+", sw's hooks", times["sw hooks"], times["no hooks"], "no hooks", "")
	b.add(label+", no-op sh post-commit", times["no-op hook"], times["no hooks"], "no hooks", "")
	b.add("  floor: a Go post-commit hook that does nothing", times["Go no-op hook"], times["no-op hook"], "no-op hook", "")
	return r.ratio()
}

// analyze times `sw analyze --dry-run` on pending pieces at the end of a
// long history, in two clones of one collection: one with .sw.yaml's
// default agent_commits, so the analysis reads each piece's agent draft
// from history, and one with `agent_commits: []`, so it reads none. The
// ratio is what finding the drafts costs on top of the analysis itself.
func (b *bench) analyze(pieces, commits, pending, runs int, budget time.Duration) {
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
	var with, without, floor []sample
	begin := time.Now()
	for i := 0; i < runs && (i == 0 || time.Since(begin) < budget); i++ {
		without = append(without, b.timed(none, nil, b.sw, "analyze", "--dry-run"))
		with = append(with, b.timed(drafts, nil, b.sw, "analyze", "--dry-run"))
		floor = append(floor, b.timed(drafts, nil, b.floor))
	}
	if len(with) < runs {
		fmt.Printf("  (timed %d of %d rounds: they took more than %v)\n", len(with), runs, budget)
	}
	label := fmt.Sprintf("sw analyze --dry-run, %d pieces pending, %d commits", len(seen[0].Pieces), commits)
	r := b.add(label+", drafts read", with, without, "the same, agent_commits: []", "≤ 1.5×")
	f := b.add("  floor: a Go program that does nothing", floor, without, "the same, agent_commits: []", "")
	b.goal(label+": drafts read / agent_commits: []", r.ratio(), 1.5, f)
	if !read {
		t := &b.targets[len(b.targets)-1]
		t.measured += " (drafts not read)"
		t.met = false
	}
}
