package main

import (
	"path/filepath"
	"strings"
)

// guard times `sw hook guard`, which Claude Code runs before every tool
// call the agent makes, against a Go program doing nothing: the three calls
// it sees most (a piece written, a shell command, a profile write denied),
// in a collection of 1,000 pieces. The target is the worst of the three.
func (b *bench) guard(runs int) {
	dir := filepath.Join(b.work, "guard")
	b.makeCollection(dir, 1000, 1, 30)
	calls := []struct{ what, input string }{
		{"a piece written", `{"hook_event_name":"PreToolUse","cwd":"DIR","tool_name":"Write","tool_input":{"file_path":"DIR/pieces/new.md","content":"A new piece.\n"}}`},
		{"a shell command", `{"hook_event_name":"PreToolUse","cwd":"DIR","tool_name":"Bash","tool_input":{"command":"grep -rn leverage pieces/ | head -20 && git status"}}`},
		{"a rule written (denied)", `{"hook_event_name":"PreToolUse","cwd":"DIR","tool_name":"Edit","tool_input":{"file_path":"DIR/profile/preferences/x.yaml","old_string":"a","new_string":"b"}}`},
	}
	worst := 0.0
	var worstFloor row
	for _, c := range calls {
		input := []byte(strings.ReplaceAll(c.input, "DIR", dir))
		var sw, floor []sample
		for i := 0; i < runs; i++ {
			floor = append(floor, b.timed(dir, input, b.floor))
			sw = append(sw, b.timed(dir, input, b.sw, "hook", "guard"))
		}
		r := b.add("sw hook guard, "+c.what, sw, floor, "a Go program doing nothing", "≤ 2×")
		if r.ratio() > worst {
			worst, worstFloor = r.ratio(), r
		}
	}
	b.goal("sw hook guard, the slowest of three calls / a Go program doing nothing", worst, 2, row{base: "itself", wall: worstFloor.baseWall, baseWall: worstFloor.baseWall})
}
