package guard

import (
	"bytes"
	"encoding/json"

	"sw/profile/block"
)

// What a file tool's call leaves in a file the guard keeps part of: sw's
// block in a target file (CLAUDE.md, AGENTS.md), or sw's entries in
// Claude Code's settings (settings.go).

// spanFunc finds the part of a file's content that edits must not reach
// into; found is false when there is none.
type spanFunc func(content []byte) (start, end int, found bool)

// noSpan is a spanFunc for a file whose every byte an edit may reach.
func noSpan([]byte) (int, int, bool) { return 0, 0, false }

// editResult is what a file tool's call leaves of a file that held
// before: the content after, or readable false when the call's fields
// cannot be read (NotebookEdit's included: the files the guard keeps part
// of are not notebooks), or intrudes true when an edit's old text reaches
// into the span kept.
func editResult(call guardCall, before []byte, kept spanFunc) (after []byte, readable, intrudes bool) {
	switch call.tool {
	case "Write":
		var content string
		if raw := call.input["content"]; raw != nil && json.Unmarshal(raw, &content) != nil {
			return nil, false, false
		}
		return []byte(content), true, false
	case "Edit", "MultiEdit":
		type edit struct {
			Old        *string `json:"old_string"`
			New        *string `json:"new_string"`
			ReplaceAll bool    `json:"replace_all"`
		}
		var edits []edit
		if call.tool == "Edit" {
			var e edit
			raw, _ := json.Marshal(call.input)
			if json.Unmarshal(raw, &e) != nil {
				return nil, false, false
			}
			edits = []edit{e}
		} else if json.Unmarshal(call.input["edits"], &edits) != nil {
			return nil, false, false
		}
		after = before
		for _, e := range edits {
			if e.Old == nil || e.New == nil {
				return nil, false, false
			}
			var ok bool
			if after, ok = applyEdit(after, *e.Old, *e.New, e.ReplaceAll, kept); !ok {
				return nil, true, true
			}
		}
		return after, true, false
	}
	return nil, false, false
}

// editKeepsBlock reports whether a file tool's call leaves sw's block in a
// target file as it is: an edit's old text must not reach into the block,
// and the file it leaves must hold the same block, byte for byte (or no
// block, if it had none). A call whose fields cannot be read is taken to
// change it, when there is a block.
func editKeepsBlock(call guardCall, before []byte) bool {
	_, _, had := blockSpan(before)
	after, readable, intrudes := editResult(call, before, blockSpan)
	switch {
	case intrudes:
		return false
	case !readable:
		return !had
	}
	return sameBlock(before, after)
}

// applyEdit applies one replacement as the Edit tool does, and reports
// false when the old text reaches into the span kept. Old text that is
// not in the file changes nothing (the tool will say so); empty old text
// is a new file's content.
func applyEdit(content []byte, old, new string, all bool, kept spanFunc) ([]byte, bool) {
	if old == "" {
		return []byte(new), true
	}
	start, end, found := kept(content)
	for i := 0; ; {
		k := bytes.Index(content[i:], []byte(old))
		if k < 0 {
			break
		}
		k += i
		if found && k < end && k+len(old) > start {
			return nil, false
		}
		i = k + len(old)
	}
	n := 1
	if all {
		n = -1
	}
	return bytes.Replace(content, []byte(old), []byte(new), n), true
}

// sameBlock reports whether before and after hold the same block, or both
// none.
func sameBlock(before, after []byte) bool {
	s1, e1, had := blockSpan(before)
	s2, e2, has := blockSpan(after)
	if !had || !has {
		return had == has
	}
	return bytes.Equal(before[s1:e1], after[s2:e2])
}

// blockSpan finds sw's block in a target file's content as the block
// package finds it (markers in code are text). A broken block (a marker
// without its partner, two blocks) spans from its first marker line to
// its last.
func blockSpan(content []byte) (start, end int, found bool) {
	if start, end, found, err := block.Span(content); err == nil {
		return start, end, found
	}
	start, i := -1, 0
	for line := range bytes.Lines(content) {
		t := bytes.TrimSpace(line)
		if bytes.HasPrefix(t, []byte("<!-- sw:begin")) || bytes.HasPrefix(t, []byte("<!-- sw:end")) {
			if start < 0 {
				start = i
			}
			end = i + len(bytes.TrimSuffix(line, []byte("\n")))
		}
		i += len(line)
	}
	return max(start, 0), end, start >= 0
}
