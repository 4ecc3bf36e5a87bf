package install

import (
	"bufio"
	"strconv"
	"strings"

	"sw/hooks/agent"
	"sw/templates"
)

// ShimVersion is written into every shim's marker line. Raise it whenever the
// shim text changes: install then rewrites older shims, and leaves newer ones
// (from a newer sw) alone. A test pins the text to the version.
const ShimVersion = 11

// markerPrefix starts the line that marks a hook file as sw's shim:
// "# sw-hook-shim <version> <hook>".
const markerPrefix = "# sw-hook-shim "

// shimTextFor is the whole shim for hook, calling binary (see helpers.sh):
// the marked header, the shell functions every shim shares, then the body
// for that hook. The reference-transaction shim tests, before anything
// else, whether it has anything to do (see Options.ReferenceTransaction
// for notice).
func shimTextFor(hook string, notice bool, binary string) string {
	body := "hooks/shim.sh"
	if hook == ReferenceTransaction || hook == PrePush || hook == CommitMsg || hook == PreCommit {
		body = "hooks/" + hook + ".sh" // filtered in the shell: most calls start no sw
	}
	text := templates.Text("hooks/header.sh")
	if hook == ReferenceTransaction {
		text += templates.Text("hooks/reference-transaction-gate.sh")
	}
	text += templates.Text("hooks/helpers.sh") + templates.Text(body)
	flag := ""
	if notice {
		flag = "1"
	}
	return strings.NewReplacer("{{version}}", strconv.Itoa(ShimVersion), "{{hook}}", hook,
		"{{agent}}", agent.ShellTest(), "{{notice}}", flag, "{{binary}}", shellQuote(binary)).Replace(text)
}

// binaryLine starts the line of a shim that names the binary it calls.
const binaryLine = "\nsw_bin="

// shimBinary is the binary a shim of this version calls, read back from
// its text ("" when it names none).
func shimBinary(content []byte) string {
	_, line, found := strings.Cut(string(content), binaryLine)
	if !found {
		return ""
	}
	binary, _, _ := shellUnquote(line)
	return binary
}

// noticeMarker is the line of a reference-transaction shim installed with
// --reference-transaction.
const noticeMarker = "\nsw_notice=1\n"

// shimVersion reports whether content is one of sw's shims, and which
// version wrote it. The marker sits near the top; only the first lines are
// read, so a hook that merely mentions sw is not mistaken for a shim.
func shimVersion(content []byte) (version int, ok bool) {
	lines := bufio.NewScanner(strings.NewReader(string(content)))
	for i := 0; i < 3 && lines.Scan(); i++ {
		rest, found := strings.CutPrefix(lines.Text(), markerPrefix)
		if !found {
			continue
		}
		field, _, _ := strings.Cut(rest, " ")
		v, err := strconv.Atoi(field)
		if err != nil || v < 1 {
			return 0, true // marked, but unreadably: treat as the oldest shim
		}
		return v, true
	}
	return 0, false
}
