package main

import (
	"fmt"
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
		t.Skip("commits sixteen pieces of two writers through sw's hooks")
	}
	work := t.TempDir()
	sw := filepath.Join(work, "sw-build", "sw")
	build := exec.Command("go", "build", "-tags", "urfave_cli_no_docs,osusergo", "-o", sw, "sw")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for i, c := range carefulPieces {
		s, err := newSession(filepath.Join(work, fmt.Sprintf("box-%d", i)), sw)
		if err != nil {
			t.Fatal(err)
		}
		run, err := s.reviewCarefully(filepath.Join(work, fmt.Sprintf("careful-%d", i)), filepath.Join("..", "corpus"), c.what, c.folder, c.writers)
		if err != nil {
			t.Fatal(err)
		}
		var report strings.Builder
		run.report(&report)
		t.Log(report.String())
		// Three batches at least: the first batch's rejections are held
		// against the next two.
		if len(run.batches) < 3 {
			t.Errorf("%s: only %d batches in sixteen pieces: the run says too little", run.what, len(run.batches))
		}
		for _, p := range run.problems(5) {
			t.Errorf("%s: %s", run.what, p)
		}
	}
}
