package guard

import "strings"

// Commands that run shell text later or elsewhere: at and batch (the
// script they read), crontab (a schedule), tmux (a command its server
// runs), ssh (a command for the other end, which may be this machine),
// and docker or podman run (a container writing into the folders it
// mounts). What runs there runs outside the call the guard answers and
// outside Claude Code's sandbox, so the guard reads what it can and
// refuses what it cannot.

// later reads one such command.
func (a *shellAnalysis) later(name string, args []shWord, in input) {
	switch name {
	case "at", "batch":
		if hasWord(args, "-l", "-r", "-d", "-c") {
			return // list, remove or show jobs
		}
		switch _, file := optionValue(args, 'f', "--file"); {
		case file:
			a.unknownScript(name + " runs a script file later, outside this session")
		case in.text != "":
			a.inlineShell(in.text, "the script "+name+" runs later holds a part the guard cannot know")
		default:
			a.unknownScript(name + " runs later a script it reads from " + inputName(in))
		}
	case "crontab":
		if !hasWord(args, "-l") {
			a.unknownScript("crontab schedules commands that run later, outside this session")
		}
	case "tmux":
		ops := operands(args, "LSfc", nil)
		if len(ops) > 0 && tmuxRuns[ops[0].text] && (len(ops) > 1 || ops[0].text == "send-keys" || ops[0].text == "send") {
			a.unknownScript("tmux runs a command in its own server, outside this session")
		}
	case "ssh":
		if ops := operands(args, "BbcDEeFIiJLlmOoPpQRSWw", nil); len(ops) > 1 {
			a.inlineShell(joinWords(ops[1:]), "ssh runs a command the guard cannot know")
		}
	case "docker", "podman":
		a.container(args)
	}
}

// tmuxRuns are tmux's commands that run a shell command, or type one.
var tmuxRuns = map[string]bool{"new": true, "new-session": true, "new-window": true, "neww": true,
	"split-window": true, "splitw": true, "respawn-pane": true, "respawnp": true, "respawn-window": true,
	"respawnw": true, "run-shell": true, "run": true, "if-shell": true, "if": true, "send-keys": true,
	"send": true, "pipe-pane": true, "pipep": true}

// container reads docker or podman run and create: the container may
// write anything below each host folder it mounts (-v HOST:PATH, --mount
// source=HOST).
func (a *shellAnalysis) container(args []shWord) {
	ops := operands(args, "", nil)
	if len(ops) == 0 || ops[0].text != "run" && ops[0].text != "create" {
		return
	}
	for i, w := range args {
		t := w.text
		var spec string
		switch {
		case (t == "-v" || t == "--volume" || t == "--mount") && i+1 < len(args):
			spec = args[i+1].text
		case strings.HasPrefix(t, "--volume=") || strings.HasPrefix(t, "--mount="):
			_, spec, _ = strings.Cut(t, "=")
		case strings.HasPrefix(t, "-v") && len(t) > 2:
			spec = t[2:]
		default:
			continue
		}
		host, _, _ := strings.Cut(spec, ":")
		for _, field := range strings.Split(spec, ",") {
			if k, v, ok := strings.Cut(field, "="); ok && (k == "source" || k == "src") {
				host = v
			}
		}
		if strings.HasPrefix(host, "/") || strings.HasPrefix(host, ".") || strings.HasPrefix(host, "~") || strings.Contains(host, unknownText) {
			a.write(below(shWord{text: host}), false) // a named volume is docker's own
		}
	}
}
