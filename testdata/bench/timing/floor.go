package main

import (
	"os"
	"path/filepath"
)

// buildFloor builds a Go program that does nothing, with the toolchain the
// bench runs under. Timed beside sw and git, it is the floor of any hook
// written in Go on the machine at hand: what starting and ending a process
// of the Go runtime costs before sw's first line runs. Targets set as
// ratios to git's own commands move with how fast git is on the machine;
// this row shows how much of a ratio no Go program can avoid.
func (b *bench) buildFloor() string {
	src := filepath.Join(b.work, "floor")
	check(os.MkdirAll(src, 0o755))
	check(os.WriteFile(filepath.Join(src, "go.mod"), []byte("module floor\n\ngo 1.21\n"), 0o644))
	check(os.WriteFile(filepath.Join(src, "main.go"), []byte("// Command floor does nothing: the cost of a Go process.\npackage main\n\nfunc main() {}\n"), 0o644))
	bin := filepath.Join(src, "floor")
	b.run(src, nil, "go", "build", "-o", bin, ".")
	return bin
}
