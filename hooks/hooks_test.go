package hooks

import (
	"io"
	"strings"
	"testing"
)

// TestReadAgentInput: a hook call is JSON naming its event or its session;
// anything else (no input, not JSON, too big) is no hook call, and all of
// the input is read either way, so the writer never meets a closed pipe.
func TestReadAgentInput(t *testing.T) {
	big := `{"session_id":"a","cwd":"/c","pad":"` + strings.Repeat("x", maxAgentInput) + `"}`
	for _, tc := range []struct {
		name, input string
		ok          bool
		cwd         string
	}{
		{"Claude Code", `{"session_id":"a","hook_event_name":"SessionStart","source":"startup","cwd":"/c"}`, true, "/c"},
		{"no event name", `{"session_id":"a","cwd":"/c"}`, true, "/c"},
		{"neither", `{"cwd":"/c"}`, false, ""},
		{"not JSON", `startup`, false, ""},
		{"empty", ``, false, ""},
		{"too big", big, false, ""},
	} {
		r := strings.NewReader(tc.input)
		in, ok := readAgentInput(r)
		if ok != tc.ok || in.Cwd != tc.cwd {
			t.Errorf("%s: ok %v, cwd %q; want %v, %q", tc.name, ok, in.Cwd, tc.ok, tc.cwd)
		}
		if rest, _ := io.ReadAll(r); len(rest) != 0 {
			t.Errorf("%s: %d bytes left unread", tc.name, len(rest))
		}
	}
}
