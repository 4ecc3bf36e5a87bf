package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCarefulReviewer runs the careful reviewer (see careful.go) through
// the real loop, with sw built from this tree and real git, and holds the
// loop to what it owes such a person.
func TestCarefulReviewer(t *testing.T) {
	if testing.Short() {
		t.Skip("commits sixteen papers through sw's hooks")
	}
	work := t.TempDir()
	sw := filepath.Join(work, "sw-build", "sw")
	build := exec.Command("go", "build", "-tags", "urfave_cli_no_docs,osusergo", "-o", sw, "sw")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	s, err := newSession(filepath.Join(work, "box"), sw)
	if err != nil {
		t.Fatal(err)
	}
	run, err := s.reviewCarefully(filepath.Join(work, "essays"), filepath.Join("..", "corpus", "federalist"))
	if err != nil {
		t.Fatal(err)
	}
	var report strings.Builder
	run.report(&report)
	t.Log(report.String())
	if len(run.batches) < 4 {
		t.Errorf("only %d batches in sixteen pieces: the run says too little", len(run.batches))
	}
	for _, p := range run.problems(5) {
		t.Error(p)
	}
}
