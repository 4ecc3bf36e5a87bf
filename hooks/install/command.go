package install

import (
	"cmp"
	"os"
	"path/filepath"
	"strings"
)

// Claude Code runs a hook's command with sh -c, with the PATH it was
// started with. Started from an editor or a desktop launcher, that PATH
// often lacks the folder sw was installed into (Go's bin, set only in a
// shell's rc file), and a command that is not found exits 127, which
// Claude Code takes as a hook that failed without a verdict: the tool
// call goes ahead. So the commands sw writes call the binary that ran
// `sw hook install` by its absolute path, fall back to sw on PATH where
// that binary is gone (an upgrade that moved it, a clone on another
// machine), and, where neither runs, the guard's command exits 2 with
// one line saying why: Claude Code then blocks the call. Git's hooks
// find sw the same way (see helpers.sh).

// Binary is the sw that is running, by its absolute path with links
// resolved, for the hooks to call; "" when the system cannot say, and the
// hooks then find sw on PATH alone.
func Binary() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	return exe
}

// shellQuote is s as one word for sh, in single quotes: each single
// quote of s closes them, is escaped and opens them again, as in
//
//	'Ada'\''s tools'
//
// Every byte but NUL stays as it is.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// shellUnquote reads, at the start of s, a word as shellQuote writes it,
// and returns it and what follows; ok is false when s does not start
// with one.
func shellUnquote(s string) (word, rest string, ok bool) {
	var b strings.Builder
	for {
		switch {
		case strings.HasPrefix(s, `\'`):
			b.WriteByte('\'')
			s = s[2:]
		case strings.HasPrefix(s, "'"):
			end := strings.IndexByte(s[1:], '\'')
			if end < 0 {
				return "", "", false
			}
			b.WriteString(s[1 : 1+end])
			s = s[2+end:]
			ok = true
		default:
			return b.String(), s, ok
		}
	}
}

// The sw commands that Claude Code's hooks run.
const (
	preSession = "pre-session"
	guard      = "guard"
)

// HookCommand is the command sw writes for Claude Code's hook that runs
// `sw hook <sub>`, calling binary (see above). The guard's command fails
// closed: whatever keeps it from answering (no sw, a crash; the guard
// itself always exits 0) exits 2, which blocks the call. A session that
// starts without sw is only told so.
func HookCommand(binary, sub string) string {
	find := "sw=" + shellQuote(binary) + `; [ -x "$sw" ] || sw=$(command -v sw) || { echo '`
	if sub == guard {
		return find + `sw hook guard: sw is neither where sw hook install found it nor on PATH, so this call is blocked; run sw hook install again' >&2; exit 2; }; ` +
			`"$sw" hook guard || { echo "sw hook guard: $sw failed (exit $?), so this call is blocked" >&2; exit 2; }`
	}
	return find + `sw hook ` + sub + `: sw is neither where sw hook install found it nor on PATH, so the profile is not loaded; run sw hook install again' >&2; exit 1; }; ` +
		`exec "$sw" hook ` + sub
}

// parseHookCommand reports whether command is one sw writes for its
// hook `sw hook <sub>`, and the binary it calls: the command as this sw
// writes it for some binary, or as an earlier sw wrote it, "sw hook
// <sub>" (binary "").
func parseHookCommand(command string) (sub, binary string, ok bool) {
	binary, _, _ = shellUnquote(strings.TrimPrefix(command, "sw="))
	for _, s := range []string{preSession, guard} {
		switch command {
		case "sw hook " + s:
			return s, "", true
		case HookCommand(binary, s):
			return s, binary, true
		}
	}
	return "", "", false
}

// calling names the binary a hook calls, for a person reading a report.
func calling(binary string) string {
	return cmp.Or(binary, "sw on PATH")
}
