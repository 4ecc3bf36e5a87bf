package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"sw/hooks/install"
)

// storyCommands are the small helpers stories use beyond sw and git.
var storyCommands = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	// corpus FILE... DIR: copy files of testdata/corpus (the real writing
	// sw is tried on) into DIR, so a story can commit real pieces without
	// carrying them.
	"corpus": func(ts *testscript.TestScript, neg bool, args []string) {
		if neg || len(args) < 2 {
			ts.Fatalf("usage: corpus FILE... DIR")
		}
		dir := ts.MkAbs(args[len(args)-1])
		ts.Check(os.MkdirAll(dir, 0o777))
		for _, name := range args[:len(args)-1] {
			data, err := os.ReadFile(filepath.Join(corpusDir, filepath.FromSlash(name)))
			ts.Check(err)
			ts.Check(os.WriteFile(filepath.Join(dir, path.Base(name)), data, 0o666))
		}
	},
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
	// controls FILE...: write the control characters FILE spells as \xNN
	// (\x1b, \x07) as the characters themselves, so a story's files carry
	// them legibly: a cloned collection's text with escape sequences in it.
	"controls": func(ts *testscript.TestScript, neg bool, args []string) {
		if neg || len(args) == 0 {
			ts.Fatalf("usage: controls FILE...")
		}
		spelt := regexp.MustCompile(`\\x[0-9a-fA-F]{2}`)
		for _, f := range args {
			text := spelt.ReplaceAllStringFunc(ts.ReadFile(f), func(x string) string {
				b, _ := strconv.ParseUint(x[2:], 16, 8)
				return string([]byte{byte(b)})
			})
			ts.Check(os.WriteFile(ts.MkAbs(f), []byte(text), 0o666))
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
	// poll SECONDS PATTERN COMMAND [ARGS...]: run COMMAND again and again
	// until its stdout matches PATTERN, for at most SECONDS; what it printed
	// last is then stdout and stderr, as after exec. It waits for work sw does
	// in the background.
	"poll": func(ts *testscript.TestScript, neg bool, args []string) {
		if neg || len(args) < 3 {
			ts.Fatalf("usage: poll SECONDS PATTERN COMMAND [ARGS...]")
		}
		secs, err := strconv.ParseFloat(args[0], 64)
		ts.Check(err)
		re, err := regexp.Compile(args[1])
		ts.Check(err)
		deadline := time.Now().Add(time.Duration(secs * float64(time.Second)))
		for {
			err := ts.Exec(args[2], args[3:]...)
			if err == nil && re.MatchString(ts.ReadFile("stdout")) {
				return
			}
			if time.Now().After(deadline) {
				ts.Fatalf("after %ss, %s still prints nothing matching %q (last error: %v)", args[0], args[2], args[1], err)
			}
			time.Sleep(50 * time.Millisecond)
		}
	},
	// copysw DIR: a copy of the sw the story runs, as DIR/sw, for a story
	// to install hooks from a binary it can move or delete.
	"copysw": func(ts *testscript.TestScript, neg bool, args []string) {
		if neg || len(args) != 1 {
			ts.Fatalf("usage: copysw DIR")
		}
		data, err := os.ReadFile(ts.Getenv("SWBIN"))
		ts.Check(err)
		dir := ts.MkAbs(args[0])
		ts.Check(os.MkdirAll(dir, 0o777))
		bin := filepath.Join(dir, "sw")
		ts.Check(os.WriteFile(bin, data, 0o755))
		waitExecutable(ts, bin)
	},
	// shorthooks FILE BINARY: in Claude Code's settings FILE, each hook
	// command sw writes to call BINARY reads "sw hook <sub>" instead, so
	// that a story compares the rest of the file byte for byte.
	"shorthooks": func(ts *testscript.TestScript, neg bool, args []string) {
		if neg || len(args) != 2 {
			ts.Fatalf("usage: shorthooks FILE BINARY")
		}
		text := ts.ReadFile(args[0])
		for _, sub := range []string{"pre-session", "guard"} {
			text = strings.ReplaceAll(text, jsonString(install.HookCommand(args[1], sub)), jsonString("sw hook "+sub))
		}
		ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(text), 0o666))
	},
	// claudehook EVENT MATCHER [STATUS]: run, as Claude Code does (sh -c,
	// the stdin the story set), the first hook command .claude/settings.json
	// holds for EVENT and MATCHER ("" for none), which must exit with
	// STATUS (0 unless given).
	"claudehook": func(ts *testscript.TestScript, neg bool, args []string) {
		if neg || len(args) < 2 || len(args) > 3 {
			ts.Fatalf("usage: claudehook EVENT MATCHER [STATUS]")
		}
		var settings struct {
			Hooks map[string][]struct {
				Matcher string
				Hooks   []struct{ Command string }
			}
		}
		ts.Check(json.Unmarshal([]byte(ts.ReadFile(".claude/settings.json")), &settings))
		command := ""
		for _, g := range settings.Hooks[args[0]] {
			if g.Matcher == args[1] && len(g.Hooks) > 0 && command == "" {
				command = g.Hooks[0].Command
			}
		}
		if command == "" {
			ts.Fatalf("no %s hook for %q", args[0], args[1])
		}
		want := "0"
		if len(args) == 3 {
			want = args[2]
		}
		err := ts.Exec("sh", "-c", command)
		got := "0"
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			got = strconv.Itoa(exit.ExitCode())
		} else if err != nil {
			ts.Fatalf("%v", err)
		}
		if got != want {
			ts.Fatalf("the hook exited %s, not %s", got, want)
		}
	},
	// cmpjson FILE WANT: FILE (or stdout) holds the same JSON as WANT, key
	// order and spacing aside. A "*" string in WANT stands for any value (a
	// time, a commit id) but the key must be there.
	"cmpjson": func(ts *testscript.TestScript, neg bool, args []string) {
		if neg || len(args) != 2 {
			ts.Fatalf("usage: cmpjson FILE WANT")
		}
		var got, want any
		if err := json.Unmarshal([]byte(ts.ReadFile(args[0])), &got); err != nil {
			ts.Fatalf("%s: %v", args[0], err)
		}
		if err := json.Unmarshal([]byte(ts.ReadFile(args[1])), &want); err != nil {
			ts.Fatalf("%s: %v", args[1], err)
		}
		if diff := jsonDiff("", got, want); diff != "" {
			ts.Fatalf("%s and %s differ: %s", args[0], args[1], diff)
		}
	},
}

// jsonString is s as a JSON string, written as sw writes one.
func jsonString(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// corpusDir is testdata/corpus, from the test's folder: the module's top.
var corpusDir = filepath.Join("testdata", "corpus")

// jsonDiff says where got first differs from want, or "" when they agree.
func jsonDiff(at string, got, want any) string {
	if want == "*" {
		if got == nil {
			return at + ": missing or null, want a value"
		}
		return ""
	}
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: got %v, want an object", at, got)
		}
		for k := range g {
			if _, ok := w[k]; !ok {
				return fmt.Sprintf("%s.%s: not expected (got %v)", at, k, g[k])
			}
		}
		for k, wv := range w {
			gv, ok := g[k]
			if !ok {
				return fmt.Sprintf("%s.%s: missing", at, k)
			}
			if d := jsonDiff(at+"."+k, gv, wv); d != "" {
				return d
			}
		}
		return ""
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return fmt.Sprintf("%s: got %v, want %d items", at, got, len(w))
		}
		for i := range w {
			if d := jsonDiff(fmt.Sprintf("%s[%d]", at, i), g[i], w[i]); d != "" {
				return d
			}
		}
		return ""
	}
	if !reflect.DeepEqual(got, want) {
		return fmt.Sprintf("%s: got %v, want %v", at, got, want)
	}
	return ""
}

// waitExecutable returns once the binary just written at bin can be run.
// A process that another parallel test forks while the file is still open
// for writing holds that descriptor until it runs its own program, and
// until then Linux refuses to run the file ("text file busy").
func waitExecutable(ts *testscript.TestScript, bin string) {
	deadline := time.Now().Add(5 * time.Second)
	for {
		err := exec.Command(bin, "--version").Run()
		if !errors.Is(err, syscall.ETXTBSY) || time.Now().After(deadline) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}
