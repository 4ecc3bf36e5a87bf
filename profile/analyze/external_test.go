//go:build unix

package analyze

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// script writes a small shell analyzer into a fresh folder and returns the
// folder and the script's path.
func script(t *testing.T, body string) (dir, path string) {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	dir = t.TempDir()
	path = filepath.Join(dir, "analyze.sh")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, path
}

func TestExternalAnswers(t *testing.T) {
	answer := string(mustJSON(t, validResponse()))
	dir, _ := script(t, "cat > request.json\npwd > where\ncat <<'EOF'\n"+answer+"\nEOF\necho 'thinking...' >&2\n")
	// A relative command is found from Dir, as a person writes it in .sw.yaml.
	a := New([]string{"./analyze.sh"}, 10*time.Second, dir)
	resp, err := a.Analyze(context.Background(), sampleRequest())
	if err != nil {
		t.Fatal(err)
	}
	want := validResponse()
	if err := want.Validate(); err != nil {
		t.Fatal(err)
	}
	if string(mustJSON(t, resp)) != string(mustJSON(t, want)) {
		t.Fatalf("answer:\n%s\nwant:\n%s", mustJSON(t, resp), mustJSON(t, want))
	}
	got, _ := os.ReadFile(filepath.Join(dir, "request.json"))
	sent, _ := EncodeRequest(sampleRequest())
	if string(got) != string(sent) {
		t.Fatalf("stdin was not the request:\n%s", got)
	}
	where, _ := os.ReadFile(filepath.Join(dir, "where"))
	if real, _ := filepath.EvalSymlinks(dir); strings.TrimSpace(string(where)) != real && strings.TrimSpace(string(where)) != dir {
		t.Fatalf("ran in %s, want %s", where, dir)
	}
}

// failing runs an analyzer that must fail and returns its error, checking
// it is a *RunError whose message starts with the analyzer's name.
func failing(t *testing.T, e *External, ctx context.Context) (*RunError, time.Duration) {
	t.Helper()
	start := time.Now()
	resp, err := e.Analyze(ctx, sampleRequest())
	took := time.Since(start)
	var re *RunError
	if !errors.As(err, &re) || resp != nil {
		t.Fatalf("want a *RunError and no answer, got %v, %v", resp, err)
	}
	if !strings.HasPrefix(err.Error(), "analyzer ") {
		t.Fatalf("message does not name the analyzer: %v", err)
	}
	return re, took
}

func TestExternalExitStatus(t *testing.T) {
	_, path := script(t, "echo 'reading pieces' >&2\necho 'error: no API key set' >&2\necho >&2\nexit 2\n")
	re, _ := failing(t, &External{Command: []string{path, "--model", "big one"}}, context.Background())
	want := "analyzer `" + path + ` --model "big one"` + "` exited with status 2: error: no API key set"
	if re.Error() != want {
		t.Fatalf("got  %s\nwant %s", re, want)
	}
	var exit *exec.ExitError
	if !errors.As(re, &exit) || exit.ExitCode() != 2 {
		t.Fatalf("exit status not kept: %#v", re.Err)
	}
	if !strings.Contains(re.Stderr, "reading pieces\nerror: no API key set") {
		t.Fatalf("stderr not kept for the log: %q", re.Stderr)
	}

	_, path = script(t, "exit 3\n")
	re, _ = failing(t, &External{Command: []string{path}}, context.Background())
	if !strings.HasSuffix(re.Error(), "exited with status 3 and wrote nothing on stderr") {
		t.Fatalf("got %s", re)
	}

	_, path = script(t, "kill -TERM $$\n")
	re, _ = failing(t, &External{Command: []string{path}}, context.Background())
	if !strings.Contains(re.Error(), "ended with signal: terminated") {
		t.Fatalf("got %s", re)
	}
}

func TestExternalCannotStart(t *testing.T) {
	re, _ := failing(t, &External{Command: []string{"sw-no-such-analyzer"}, Dir: t.TempDir()}, context.Background())
	if !strings.Contains(re.Error(), "could not start") || !strings.Contains(re.Error(), "check analyzer.command in .sw.yaml") {
		t.Fatalf("got %s", re)
	}
	re, _ = failing(t, &External{}, context.Background())
	if !strings.Contains(re.Error(), "set analyzer.command in .sw.yaml") {
		t.Fatalf("got %s", re)
	}
}

func TestExternalTimeout(t *testing.T) {
	_, path := script(t, "sleep 30\necho '"+emptyAnswer+"'\n")
	re, took := failing(t, &External{Command: []string{path}, Timeout: 200 * time.Millisecond}, context.Background())
	if re.Error() != "analyzer `"+path+"` did not answer within 200ms and was stopped; make it faster or raise analyzer.timeout in .sw.yaml" {
		t.Fatalf("got %s", re)
	}
	if !errors.Is(re, ErrTimeout) {
		t.Fatal("not ErrTimeout")
	}
	if took > 5*time.Second {
		t.Fatalf("took %v to give up", took)
	}
	if seconds(120*time.Second) != "120s" || seconds(1500*time.Millisecond) != "1.5s" {
		t.Fatal("timeouts are not written as .sw.yaml spells them")
	}
}

// alive reports whether pid still runs, allowing a moment for the kill to
// land. A zombie has been killed and waits only for its new parent to reap
// it, which some init processes do late, so it counts as gone.
func alive(pid int) bool {
	for i := 0; i < 40; i++ {
		if syscall.Kill(pid, 0) != nil {
			return false
		}
		if stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat"); err == nil {
			if _, rest, ok := strings.Cut(string(stat), ") "); ok && strings.HasPrefix(rest, "Z") {
				return false
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return true
}

func readPid(t *testing.T, dir string) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "child"))
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

// A child left in the background holding stdout open must not make sw wait
// for it, whether the analyzer then answers or times out; and it is killed.
func TestExternalBackgroundChild(t *testing.T) {
	t.Run("answers", func(t *testing.T) {
		dir, path := script(t, "sleep 30 &\necho $! > child\necho '"+emptyAnswer+"'\n")
		start := time.Now()
		resp, err := (&External{Command: []string{path}, Dir: dir, Timeout: 20 * time.Second}).Analyze(context.Background(), sampleRequest())
		if err != nil || len(resp.Suggestions) != 0 {
			t.Fatalf("got %v, %v", resp, err)
		}
		if took := time.Since(start); took > 5*time.Second {
			t.Fatalf("waited %v for a background child", took)
		}
		if pid := readPid(t, dir); alive(pid) {
			t.Fatalf("background child %d still runs", pid)
		}
	})
	t.Run("times out", func(t *testing.T) {
		dir, path := script(t, "sleep 30 &\necho $! > child\nsleep 30\n")
		re, took := failing(t, &External{Command: []string{path}, Dir: dir, Timeout: 300 * time.Millisecond}, context.Background())
		if !errors.Is(re, ErrTimeout) || took > 5*time.Second {
			t.Fatalf("got %v after %v", re, took)
		}
		if pid := readPid(t, dir); alive(pid) {
			t.Fatalf("background child %d still runs", pid)
		}
	})
}

func TestExternalGarbage(t *testing.T) {
	_, path := script(t, "echo 'Sure! Here are my suggestions:'\n")
	re, _ := failing(t, &External{Command: []string{path}}, context.Background())
	want := "analyzer `" + path + "` answered invalid output: not valid JSON (invalid character 'S' looking for beginning of value); it begins \"Sure! Here are my suggestions:\""
	if re.Error() != want {
		t.Fatalf("got  %s\nwant %s", re, want)
	}
	var inv *InvalidError
	if !errors.As(re, &inv) {
		t.Fatal("not an *InvalidError underneath")
	}
}

func TestExternalInvalidAnswer(t *testing.T) {
	_, path := script(t, `echo '{"suggestions": [{"id": "x", "layer": "preferences", "rule": null, "summary": "s", "evidence": "e", "signature": "a"}, {"id": "hl", "layer": "hard-limits", "rule": null, "summary": "s", "evidence": "e", "signature": "b"}]}'`+"\n")
	re, _ := failing(t, &External{Command: []string{path}}, context.Background())
	want := "answered invalid output: suggestion 2 (id hl): analyzers never propose hard limits"
	if !strings.Contains(re.Error(), want) {
		t.Fatalf("got %s\nwant %s", re, want)
	}
}

func TestExternalHugeOutput(t *testing.T) {
	_, path := script(t, "while :; do echo '"+strings.Repeat("x", 1000)+"'; done\n")
	re, took := failing(t, &External{Command: []string{path}, Timeout: 30 * time.Second}, context.Background())
	if !errors.Is(re, ErrTooLarge) || !strings.Contains(re.Error(), "wrote more than 16 MiB on stdout and was stopped") {
		t.Fatalf("got %v", re)
	}
	if took > 10*time.Second {
		t.Fatalf("took %v", took)
	}
}

func TestExternalCancelled(t *testing.T) {
	_, path := script(t, "sleep 30\n")
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	re, took := failing(t, &External{Command: []string{path}}, ctx)
	if !errors.Is(re, context.Canceled) || !strings.Contains(re.Error(), "was stopped before it answered: context canceled") || took > 5*time.Second {
		t.Fatalf("got %v after %v", re, took)
	}
}

func TestExternalNotStartedWhenCancelled(t *testing.T) {
	dir, path := script(t, "touch ran\n")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	re, _ := failing(t, &External{Command: []string{path}, Dir: dir}, ctx)
	if !errors.Is(re, context.Canceled) || !strings.HasSuffix(re.Error(), "was not started: context canceled") {
		t.Fatalf("got %v", re)
	}
	if _, err := os.Stat(filepath.Join(dir, "ran")); err == nil {
		t.Fatal("it ran")
	}
}

func TestExternalDoesNotReadStdin(t *testing.T) {
	// An analyzer that ignores its input must still work, even when the
	// request is larger than a pipe holds.
	_, path := script(t, "echo '"+emptyAnswer+"'\n")
	req := sampleRequest()
	req.Pieces[0].Text = strings.Repeat("word ", 200000)
	if _, err := (&External{Command: []string{path}}).Analyze(context.Background(), req); err != nil {
		t.Fatal(err)
	}
}
