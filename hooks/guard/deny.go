package guard

import (
	"encoding/json"
	"io"
	"strings"
	"text/template"

	"sw/templates"
)

// denialKind is what a denied call would have done, and so which reason
// the agent gets.
type denialKind int

const (
	writesProfile  denialKind = iota // the profile, the feedback file or sw's block
	decides                          // accept, reject or change a suggestion branch
	hooksOff                         // turn off or go around sw's hooks
	writesSettings                   // Claude Code's settings, .sw.yaml or git's own files
	unknownWrite                     // a write the guard cannot place
	tooSlow                          // a command the guard could not read in time
)

// denial is why a call is denied, for the reason's template.
type denial struct {
	kind  denialKind
	Path  string // the protected path, relative to the collection's root
	Block bool   // sw's block in a target file, not the profile itself
	Holds bool   // a folder that holds the profile
	Shell bool   // a Bash command, not a file tool
	// AgentSettings and SwSettings say which settings file Path is (for
	// writesSettings; neither is git's own files).
	AgentSettings, SwSettings bool
	What                      string // the command, as the agent wrote it (decides, hooksOff)
	Own                       bool   // decides: a command of the person's own (sw trust, sw voice use), no suggestion
	Why                       string // what the guard could not tell (unknownWrite, tooSlow)
}

// reasonFiles are the templates of each kind's reason.
var reasonFiles = map[denialKind]string{
	writesProfile:  "agent/guard-deny.txt",
	decides:        "agent/guard-decide.txt",
	hooksOff:       "agent/guard-hooks.txt",
	writesSettings: "agent/guard-settings.txt",
	unknownWrite:   "agent/guard-unknown.txt",
	tooSlow:        "agent/guard-slow.txt",
}

func writeDenial(w io.Writer, d *denial) {
	type specific struct {
		HookEventName            string `json:"hookEventName"`
		PermissionDecision       string `json:"permissionDecision"`
		PermissionDecisionReason string `json:"permissionDecisionReason"`
	}
	out := struct {
		HookSpecificOutput specific `json:"hookSpecificOutput"`
	}{specific{"PreToolUse", "deny", denialReason(d)}}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(out)
}

func denialReason(d *denial) string {
	var b strings.Builder
	t := template.Must(template.New("guard").Parse(templates.Text(reasonFiles[d.kind])))
	if err := t.Execute(&b, d); err != nil {
		return "This tool call could change what only the person changes: the style profile, its suggestions or sw's hooks. Ask the person."
	}
	return strings.TrimSpace(b.String())
}

// unknownShown puts an ellipsis for each mark of what the guard cannot
// know.
var unknownShown = strings.NewReplacer(unknownText, "…", unknownName, "…", unknownBelow, "…")

// shown is a command's text as a reason quotes it: one line, not too
// long.
func shown(words []shWord) string {
	s := strings.Join(strings.Fields(unknownShown.Replace(joinWords(words))), " ")
	if r := []rune(s); len(r) > 120 {
		s = string(r[:117]) + "..."
	}
	return s
}
