package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
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
