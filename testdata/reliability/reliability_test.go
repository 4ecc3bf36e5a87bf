package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestTempNameIsSwsOnly(t *testing.T) {
	for name, want := range map[string]bool{
		".CLAUDE.md.sw-12-345":      true,
		".CLAUDE.md.sw-12-345.lock": true,
		".state.json.sw-815":        true,
		".CLAUDE.md.swp":            false,
		"CLAUDE.md.sw-12-345":       false,
		".notes.sw-draft":           false,
	} {
		if got := tempName.MatchString(name); got != want {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}
}

func TestInOrder(t *testing.T) {
	text := "# Memory\n\n- a\r\n- x\n- b\n"
	if !inOrder(text, []string{"- a", "- b"}) {
		t.Error("a then b not found")
	}
	if inOrder(text, []string{"- b", "- a"}) {
		t.Error("b then a found")
	}
}

func TestProblemLinesKeepOnlyProblems(t *testing.T) {
	stderr := "sw: finished sw accept x, which was interrupted after its merge\n" +
		"sw: 2 suggestions from 3 pieces wait as branches in batch 1: sw review\n" +
		"sw: writing profile not loaded: CLAUDE.md:3: a begin marker without an end\n" +
		"git said something\n"
	if got := problemLines(stderr); got != "sw: writing profile not loaded: CLAUDE.md:3: a begin marker without an end" {
		t.Errorf("problemLines = %q", got)
	}
}

func TestSnapshotSeesChangesOutside(t *testing.T) {
	dir := t.TempDir()
	writeFile(filepath.Join(dir, "a.md"), "a\n")
	os.Symlink("/dev/zero", filepath.Join(dir, "z.md"))
	before := snapshot(dir)
	writeFile(filepath.Join(dir, "a.md"), "b\n")
	after := snapshot(dir)
	if before[filepath.Join(dir, "a.md")] == after[filepath.Join(dir, "a.md")] {
		t.Error("a change went unseen")
	}
	if after[filepath.Join(dir, "z.md")] != "link to /dev/zero" {
		t.Errorf("the link reads as %q", after[filepath.Join(dir, "z.md")])
	}
}

func TestRowHoldsWhenOnlyAwaitedTriesFail(t *testing.T) {
	var r row
	r.tally(true, "")
	r.tallyAwaiting(false, "needs sw trust", true)
	if !r.ok() {
		t.Error("a try awaiting the trust work failed the row")
	}
	r.tally(false, "lost")
	if r.ok() {
		t.Error("a try that did not hold passed")
	}
}
