package install

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestNoSandboxTakesOutOnlySwsSandboxSettings(t *testing.T) {
	in := "{\n  \"sandbox\": {\n    \"network\": {\n      \"allowLocalBinding\": true\n    }\n  }\n}\n"
	on, ch, err := mergeAgentSettings([]byte(in), testConfig)
	if err != nil || !slices.Contains(ch.added, "sandbox.enabled true") {
		t.Fatalf("%v %+v", err, ch)
	}
	off, ch, err := mergeAgentSettings(on, agentConfig{binary: testConfig.binary})
	if err != nil {
		t.Fatal(err)
	}
	if len(ch.added) > 0 || len(ch.removed) != len(sandboxEntries()) {
		t.Errorf("--no-sandbox: %+v", ch)
	}
	onWithout, _, _ := mergeAgentSettings([]byte(in), agentConfig{binary: testConfig.binary})
	wantText(t, "--no-sandbox after an install", string(off), string(onWithout))
}

func TestThePersonsSandboxSettingsStay(t *testing.T) {
	in := `{"sandbox": {"enabled": false, "allowUnsandboxedCommands": true}}`
	out, ch, err := mergeAgentSettings([]byte(in), testConfig)
	if err != nil {
		t.Fatal(err)
	}
	wantText(t, "theirs", strings.Join(ch.theirs, "; "), "sandbox.enabled false; sandbox.allowUnsandboxedCommands true")
	if !strings.HasPrefix(string(out), `{"sandbox": {"enabled": false, "allowUnsandboxedCommands": true, "filesystem": {"denyWrite": ["./profile",`) {
		t.Errorf("merged:\n%s", out)
	}
	back, _, _, _ := removeAgentSettings(out)
	if !strings.HasPrefix(string(back), in) {
		t.Errorf("uninstall took the person's settings:\n%s", back)
	}

	root := t.TempDir()
	writeFile(t, filepath.Join(root, ".claude", "settings.local.json"), `{"sandbox": {"enabled": false}}`, 0o644)
	step, err := planAgentInstall(root, testConfig)
	if err != nil {
		t.Fatal(err)
	}
	wantText(t, "the sandbox line", step.result.Sandbox,
		"Claude Code's sandbox: not as sw sets it, for your settings say otherwise (.claude/settings.local.json: sandbox.enabled false), which sw leaves as they are")
}

func TestInstallSaysWhenHooksAreOff(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, ".claude", "settings.local.json"), "{\"disableAllHooks\": true}\n", 0o644)
	step, err := planAgentInstall(root, testConfig)
	if err != nil {
		t.Fatal(err)
	}
	r := step.result
	if r.Detail != "not in force: .claude/settings.local.json turns every hook off" ||
		len(r.Warnings) != 1 || !strings.HasPrefix(r.Warnings[0], `.claude/settings.local.json says "disableAllHooks": true, so Claude Code runs none of sw's hooks`) {
		t.Errorf("%+v", r)
	}
	writeFile(t, filepath.Join(root, ".claude", "settings.json"), "{\"disableAllHooks\": true}", 0o644)
	wantText(t, "both", strings.Join(HooksOff(root), ", "), ".claude/settings.json, .claude/settings.local.json")
	writeFile(t, filepath.Join(root, ".claude", "settings.local.json"), "{\"disableAllHooks\": \"true\"}", 0o644)
	wantText(t, "a string is not true", strings.Join(HooksOff(root), ", "), ".claude/settings.json")
}

func TestInstallSaysWhereTheSandboxsToolsAreMissing(t *testing.T) {
	defer func(g string, l func(string) (string, error)) { goos, lookPath = g, l }(goos, lookPath)
	goos = "linux"
	lookPath = func(name string) (string, error) {
		if name == "socat" {
			return "", errors.New("not found")
		}
		return "/usr/bin/" + name, nil
	}
	want := "Claude Code's sandbox needs bwrap and socat, and socat is not on PATH: until you install them (Debian and Ubuntu: sudo apt-get install bubblewrap socat), Claude Code runs the agent's shell commands without it"
	wantText(t, "socat missing", sandboxToolsMissing(), want)
	step, err := planAgentInstall(t.TempDir(), agentConfig{})
	if err != nil || len(step.result.Warnings) > 0 {
		t.Errorf("--no-sandbox warned: %v %q", err, step.result.Warnings)
	}
	goos = "darwin"
	wantText(t, "macOS", sandboxToolsMissing(), "")
}

func TestSandboxLoosening(t *testing.T) {
	for in, want := range map[string]string{
		`{}`: "",
		`{"sandbox": {"enabled": true, "allowUnsandboxedCommands": false}}`:                       "",
		`{"sandbox": {"enabled": false}}`:                                                         "sandbox.enabled false",
		`{"sandbox": {"allowUnsandboxedCommands": true, "excludedCommands": ["python3 *"]}}`:      "sandbox.allowUnsandboxedCommands true; sandbox.excludedCommands \"python3 *\"",
		`{"sandbox": {"filesystem": {"disabled": true, "allowWriteWithinDeny": ["/x/profile"]}}}`: "sandbox.filesystem.disabled true; sandbox.filesystem.allowWriteWithinDeny \"/x/profile\"",
		`{"sandbox": {"allowNestedUserNamespaces": true}}`:                                        "sandbox.allowNestedUserNamespaces true",
		`not json`: "",
	} {
		wantText(t, in, strings.Join(SandboxLoosening([]byte(in)), "; "), want)
	}
}

func TestAgentEntriesNameTheBinary(t *testing.T) {
	out, _, _ := mergeAgentSettings([]byte("{}"), testConfig)
	entries := AgentEntries(out)
	if len(entries) != len(allAdded) || entries[2] != `PreToolUse hook "sw hook guard" for Bash, calling `+testConfig.binary {
		t.Errorf("%q", entries)
	}
}
