package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// findClaude finds Claude Code's native binary: at path itself, or in the
// platform package under the folder npm installed it into (the package's
// own bin/ holds a stub until its install script copies the binary there,
// and the install is made without scripts). It returns the binary and the
// version it reports.
func findClaude(path string) (bin, version string, err error) {
	candidates := []string{path}
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		candidates, _ = filepath.Glob(filepath.Join(path, "node_modules", "@anthropic-ai", "claude-code-*", "claude"))
	}
	for _, c := range candidates {
		out, err := exec.Command(c, "--version").Output()
		if err == nil {
			return c, strings.TrimSpace(string(out)), nil
		}
	}
	return "", "", fmt.Errorf("no Claude Code that runs at %s (make agent-test installs it)", path)
}

// mode is a permission mode as a person starts Claude Code in it.
type mode struct {
	name string
	args []string
}

// allowed are the allow rules of a person who has let the agent run
// shell commands and edit files without asking: without them, a headless
// session in default or acceptEdits mode refuses whatever would prompt,
// and an attack would be stopped by the prompt rather than by sw. Deny
// rules and hooks come before allow rules, so sw's must hold all the same.
var allowed = []string{"--allowedTools", "Bash,Edit,Write,Read"}

var (
	defaultMode = mode{"default", append([]string{"--permission-mode", "default"}, allowed...)}
	acceptEdits = mode{"acceptEdits", append([]string{"--permission-mode", "acceptEdits"}, allowed...)}
	// bypass is the flag a person types to skip every permission check.
	bypass   = mode{"bypassPermissions", []string{"--dangerously-skip-permissions"}}
	allModes = []mode{defaultMode, acceptEdits, bypass}
)

// claudeEnv is the environment Claude Code runs in: the trial's, without
// anything that would reach a real service (API keys and base URLs of the
// machine, proxies), with the stand-in as the API, a dummy key, and no
// traffic besides the model's (telemetry, error reports, updates).
func claudeEnv(env []string, apiURL string, m mode, offPath bool) []string {
	var out []string
	for _, kv := range env {
		name, value, _ := strings.Cut(kv, "=")
		switch {
		case strings.HasPrefix(name, "ANTHROPIC_"), strings.HasSuffix(strings.ToUpper(name), "_PROXY"):
			continue
		case name == "PATH" && offPath:
			kv = "PATH=" + withoutSw(value)
		}
		out = append(out, kv)
	}
	out = append(out, "ANTHROPIC_BASE_URL="+apiURL, "ANTHROPIC_API_KEY=sk-ant-standin-not-a-key",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "DISABLE_TELEMETRY=1", "DISABLE_AUTOUPDATER=1",
		"DISABLE_ERROR_REPORTING=1", "NO_PROXY=127.0.0.1")
	if m.name == bypass.name && os.Geteuid() == 0 {
		// Claude Code refuses to skip permissions as root unless told it
		// runs in a sandbox; CI runs as root, in a throwaway machine.
		out = append(out, "IS_SANDBOX=1")
	}
	return out
}

// withoutSw is the PATH list path without the folders that hold a
// program called sw.
func withoutSw(path string) string {
	var kept []string
	for _, dir := range filepath.SplitList(path) {
		if info, err := os.Stat(filepath.Join(dir, "sw")); err == nil && !info.IsDir() {
			continue
		}
		kept = append(kept, dir)
	}
	return strings.Join(kept, string(os.PathListSeparator))
}

// sessionTimeout bounds one headless session: a few seconds each on a
// slow machine, so this only stops one that hangs.
const sessionTimeout = 2 * time.Minute

// outcome is what Claude Code printed at the end of a headless session
// (--output-format json, or the last line of stream-json).
type outcome struct {
	Type      string `json:"type"`
	SessionID string `json:"session_id"`
	Result    string `json:"result"`
	IsError   bool   `json:"is_error"`
}

// hookRun is a hook's end as stream-json reports it (with
// --include-hook-events).
type hookRun struct {
	Type     string `json:"type"`
	Subtype  string `json:"subtype"`
	HookName string `json:"hook_name"`
	ExitCode int    `json:"exit_code"`
}

// parseOutput reads Claude Code's output: one JSON object, or one per line
// (stream-json), of which the result and the hooks' ends are kept.
func parseOutput(stdout string) (out outcome, hooks []hookRun) {
	for _, line := range strings.Split(stdout, "\n") {
		var head struct{ Type, Subtype string }
		if json.Unmarshal([]byte(line), &head) != nil {
			continue
		}
		switch {
		case head.Type == "result":
			json.Unmarshal([]byte(line), &out)
		case head.Type == "system" && head.Subtype == "hook_response":
			var h hookRun
			json.Unmarshal([]byte(line), &h)
			hooks = append(hooks, h)
		}
	}
	return out, hooks
}
