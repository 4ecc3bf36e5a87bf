package analyze

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"sw/profile/termsafe"
)

const (
	// DefaultTimeout is how long an external analyzer may run when the
	// settings give no timeout.
	DefaultTimeout = 120 * time.Second
	// MaxOutput caps an analyzer's stdout. An answer is a list of at most
	// MaxSuggestions short suggestions, far below this; more is a runaway.
	MaxOutput = 16 << 20
	// stderrKept is how much of the end of stderr is kept for messages.
	stderrKept = 8 << 10
	// waitDelay is how long sw waits, once the analyzer has exited (or been
	// stopped), for its output pipes to close: a child it left in the
	// background can hold them open forever.
	waitDelay = time.Second
)

// The causes of a run stopped at the analyzer's timeout, or for writing
// more than MaxOutput bytes on stdout.
var (
	ErrTimeout  = errors.New("analyzer timed out")
	ErrTooLarge = errors.New("analyzer output too large")
)

// External runs a command as the analyzer: the request JSON on its stdin,
// the answer JSON on its stdout, messages for people on its stderr.
type External struct {
	Command []string      // argv, run without a shell
	Timeout time.Duration // 0 means DefaultTimeout
	Dir     string        // working folder; "" means sw's own
}

// RunError is why an analyzer run gave no usable answer. Its message names
// the analyzer as the person wrote it in .sw.yaml and says what to do.
type RunError struct {
	Analyzer string // the command, as shown in messages
	Stderr   string // the end of what it wrote on stderr, for the log
	Err      error  // ErrTimeout, ErrTooLarge, *exec.ExitError, *InvalidError, a start error or the context's
	msg      string
}

func (e *RunError) Error() string {
	if e.Analyzer == "" {
		return "analyzer " + e.msg
	}
	return "analyzer `" + e.Analyzer + "` " + e.msg
}
func (e *RunError) Unwrap() error { return e.Err }

// Analyze runs the command once. Every failure (it cannot start, exits
// non-zero, overruns its timeout or MaxOutput, answers something invalid)
// is a *RunError, and no answer is returned with it: the review loop then
// writes no branch and keeps its count, so the next commit tries again.
func (e *External) Analyze(ctx context.Context, req *Request) (*Response, error) {
	name := clip(termsafe.Command(e.Command), 80) // as messages show it
	if len(e.Command) == 0 || e.Command[0] == "" {
		return nil, &RunError{Analyzer: name, Err: errors.New("no command"),
			msg: "has no program to run; set analyzer.command in .sw.yaml to a list such as [my-analyzer, --flag]"}
	}
	if err := ctx.Err(); err != nil {
		return nil, &RunError{Analyzer: name, Err: context.Cause(ctx), msg: fmt.Sprintf("was not started: %v", context.Cause(ctx))}
	}
	input, err := EncodeRequest(req)
	if err != nil {
		return nil, err
	}
	timeout := e.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	runCtx, cancelTimeout := context.WithTimeoutCause(ctx, timeout, ErrTimeout)
	defer cancelTimeout()
	runCtx, stop := context.WithCancelCause(runCtx)
	defer stop(nil)

	stdout := &capped{max: MaxOutput, over: func() { stop(ErrTooLarge) }}
	stderr := &tail{max: stderrKept}
	cmd := exec.CommandContext(runCtx, e.Command[0], e.Command[1:]...)
	cmd.Dir = e.Dir
	cmd.Stdin = bytes.NewReader(input)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.WaitDelay = waitDelay
	inGroup(cmd)

	fail := func(err error, format string, args ...any) error {
		return &RunError{Analyzer: name, Stderr: stderr.String(), Err: err, msg: fmt.Sprintf(format, args...)}
	}
	if err := cmd.Start(); err != nil {
		return nil, fail(err, "could not start: %v; check analyzer.command in .sw.yaml", err)
	}
	waitErr := cmd.Wait()
	killGroup(cmd)

	// The cause counts only if the run failed: an analyzer that answered
	// just as its time ran out has still answered.
	var cause error
	if waitErr != nil {
		cause = context.Cause(runCtx)
	}
	switch {
	case errors.Is(cause, ErrTooLarge):
		return nil, fail(ErrTooLarge, "wrote more than %d MiB on stdout and was stopped; an answer is a short JSON list of suggestions", MaxOutput>>20)
	case errors.Is(cause, ErrTimeout):
		return nil, fail(ErrTimeout, "did not answer within %s and was stopped; make it faster or raise analyzer.timeout in .sw.yaml", seconds(timeout))
	case cause != nil:
		return nil, fail(cause, "was stopped before it answered: %v", cause)
	}
	var exit *exec.ExitError
	switch {
	case errors.As(waitErr, &exit):
		how := "ended with " + exit.ProcessState.String()
		if code := exit.ExitCode(); code >= 0 {
			how = "exited with status " + strconv.Itoa(code)
		}
		if last := stderr.lastLine(); last != "" {
			return nil, fail(exit, "%s: %s", how, last)
		}
		return nil, fail(exit, "%s and wrote nothing on stderr", how)
	case errors.Is(waitErr, exec.ErrWaitDelay):
		// It exited cleanly but left a child holding stdout open. Its
		// answer is what it wrote by then; the child has been killed.
	case waitErr != nil:
		return nil, fail(waitErr, "failed: %v", waitErr)
	}
	resp, err := DecodeResponse(stdout.buf.Bytes())
	if err != nil {
		return nil, fail(err, "answered invalid output: %v", err)
	}
	return resp, nil
}

// seconds writes a timeout the way .sw.yaml spells it: 120s, not 2m0s.
func seconds(d time.Duration) string {
	if d%time.Second == 0 {
		return strconv.FormatInt(int64(d/time.Second), 10) + "s"
	}
	return d.String()
}

// capped keeps an analyzer's stdout up to max bytes. Past that it calls
// over (which stops the analyzer) and refuses the write, so a runaway
// analyzer costs sw at most max bytes of memory.
type capped struct {
	buf      bytes.Buffer
	max      int
	over     func()
	exceeded bool
}

func (c *capped) Write(p []byte) (int, error) {
	if c.exceeded || c.buf.Len()+len(p) > c.max {
		if !c.exceeded {
			c.exceeded = true
			c.over()
		}
		return 0, ErrTooLarge
	}
	return c.buf.Write(p)
}

// tail keeps the last max bytes of an analyzer's stderr: the end is where
// a failing program says why.
type tail struct {
	buf []byte
	max int
}

func (t *tail) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

// String is the kept text, valid UTF-8 even where the cut split a character.
func (t *tail) String() string {
	return strings.ToValidUTF8(string(t.buf), "")
}

// lastLine is the last non-blank line, shortened and stripped of control
// characters so it fits on the one line of an error message.
func (t *tail) lastLine() string {
	lines := strings.Split(strings.TrimSpace(t.String()), "\n")
	last := strings.TrimSpace(lines[len(lines)-1])
	last = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, last)
	return clip(last, 300)
}
