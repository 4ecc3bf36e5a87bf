package main

import (
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// storyCommands are the small helpers stories use beyond sw and git.
var storyCommands = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	// mtime-save FILE NAME: remember FILE's modification time as NAME.
	// mtime-same FILE NAME: FILE still has the time remembered as NAME.
	"mtime-save": func(ts *testscript.TestScript, neg bool, args []string) {
		if len(args) != 2 {
			ts.Fatalf("usage: mtime-save FILE NAME")
		}
		fi, err := os.Stat(ts.MkAbs(args[0]))
		ts.Check(err)
		ts.Setenv("MTIME_"+args[1], fi.ModTime().Format(time.RFC3339Nano))
	},
	"mtime-same": func(ts *testscript.TestScript, neg bool, args []string) {
		if len(args) != 2 {
			ts.Fatalf("usage: mtime-same FILE NAME")
		}
		fi, err := os.Stat(ts.MkAbs(args[0]))
		ts.Check(err)
		same := fi.ModTime().Format(time.RFC3339Nano) == ts.Getenv("MTIME_"+args[1])
		if same == neg {
			ts.Fatalf("%s modification time changed: %v (want same: %v)", args[0], fi.ModTime(), !neg)
		}
	},
	// backdate FILE...: set modification times an hour back, so a rewrite
	// within the same second still shows in the mtime.
	"backdate": func(ts *testscript.TestScript, neg bool, args []string) {
		old := time.Now().Add(-time.Hour)
		for _, f := range args {
			ts.Check(os.Chtimes(ts.MkAbs(f), old, old))
		}
	},
	// grep-count N PATTERN FILE: FILE has exactly N lines containing PATTERN.
	"grep-count": func(ts *testscript.TestScript, neg bool, args []string) {
		if len(args) != 3 {
			ts.Fatalf("usage: grep-count N PATTERN FILE")
		}
		n := 0
		for _, line := range strings.Split(ts.ReadFile(args[2]), "\n") {
			if strings.Contains(line, args[1]) {
				n++
			}
		}
		if want := args[0]; want != strconv.Itoa(n) {
			ts.Fatalf("%s: %d lines contain %q, want %s", args[2], n, args[1], want)
		}
	},
}
