package standin

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"
)

// post sends a model request with one user message of text, as a stream
// or not, and returns the response's body.
func post(t *testing.T, s *Server, text string, stream bool) string {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"model": "claude-test", "stream": stream, "max_tokens": 10,
		"system":   []any{map[string]any{"type": "text", "text": "You are a test."}},
		"messages": []any{map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": text}}}}})
	resp, err := http.Post(s.URL()+"/v1/messages?beta=true", "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", resp.StatusCode, data)
	}
	return string(data)
}

// event is one server-sent event as a client reads it.
type event struct {
	name string
	data map[string]any
}

// readEvents reads a stream as a client does: "event:" and "data:" lines,
// an event ended by a blank line.
func readEvents(t *testing.T, stream string) []event {
	t.Helper()
	var events []event
	var cur event
	sc := bufio.NewScanner(strings.NewReader(stream))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			cur.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &cur.data); err != nil {
				t.Fatalf("data that is not JSON: %s", line)
			}
		case line == "":
			if cur.data["type"] != cur.name {
				t.Errorf("event %q carries type %v", cur.name, cur.data["type"])
			}
			events = append(events, cur)
			cur = event{}
		}
	}
	return events
}

// assemble builds the message a stream carries, as a client does: the
// block opened, its deltas joined, the stop reason from message_delta.
func assemble(t *testing.T, events []event) (blockType, text, tool string, input map[string]any, stop string) {
	t.Helper()
	var names []string
	var joined strings.Builder
	for _, e := range events {
		names = append(names, e.name)
		switch e.name {
		case "content_block_start":
			b := e.data["content_block"].(map[string]any)
			blockType, _ = b["type"].(string)
			tool, _ = b["name"].(string)
		case "content_block_delta":
			d := e.data["delta"].(map[string]any)
			if s, ok := d["partial_json"].(string); ok {
				joined.WriteString(s)
			}
			if s, ok := d["text"].(string); ok {
				joined.WriteString(s)
			}
		case "message_delta":
			stop, _ = e.data["delta"].(map[string]any)["stop_reason"].(string)
		}
	}
	want := []string{"message_start", "content_block_start", "content_block_delta", "content_block_delta",
		"content_block_stop", "message_delta", "message_stop"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("events %v, want %v", names, want)
	}
	if blockType == "tool_use" {
		if err := json.Unmarshal([]byte(joined.String()), &input); err != nil {
			t.Errorf("the input's pieces do not join into JSON: %q", joined.String())
		}
		return
	}
	return blockType, joined.String(), "", nil, stop
}

func start(t *testing.T) *Server {
	s, err := Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestStreamCarriesAToolCallThenText(t *testing.T) {
	s := start(t)
	input := map[string]any{"command": "git branch -D sw/1/x", "description": "Delete — “quoted” ünïcode"}
	s.Play(Call("Bash", input), Say("Fin — done."))
	kind, _, tool, got, stop := assemble(t, readEvents(t, post(t, s, "go", true)))
	if kind != "tool_use" || tool != "Bash" || stop != "tool_use" || !reflect.DeepEqual(got, input) {
		t.Errorf("got %s %s %v stop %s", kind, tool, got, stop)
	}
	kind, text, _, _, stop := assemble(t, readEvents(t, post(t, s, "tool result", true)))
	if kind != "text" || text != "Fin — done." || stop != "end_turn" {
		t.Errorf("got %s %q stop %s", kind, text, stop)
	}
}

func TestMessageStartHasNoContentYet(t *testing.T) {
	s := start(t)
	s.Play(Call("Write", map[string]any{"file_path": "/x", "content": "y"}))
	events := readEvents(t, post(t, s, "go", true))
	m := events[0].data["message"].(map[string]any)
	if c, _ := m["content"].([]any); c == nil || len(c) != 0 || m["stop_reason"] != nil {
		t.Errorf("message_start: %v", m)
	}
	if b := events[1].data["content_block"].(map[string]any); !reflect.DeepEqual(b["input"], map[string]any{}) {
		t.Errorf("the tool call opens with input %v, not {}", b["input"])
	}
}

func TestPlainJSONWhenNotStreaming(t *testing.T) {
	s := start(t)
	s.Play(Call("Read", map[string]any{"file_path": "/a"}))
	var m struct {
		Model      string `json:"model"`
		StopReason string `json:"stop_reason"`
		Content    []struct {
			Type, Name string
			Input      map[string]any
		}
	}
	if err := json.Unmarshal([]byte(post(t, s, "go", false)), &m); err != nil {
		t.Fatal(err)
	}
	if m.Model != "claude-test" || m.StopReason != "tool_use" || len(m.Content) != 1 || m.Content[0].Name != "Read" ||
		m.Content[0].Input["file_path"] != "/a" {
		t.Errorf("got %+v", m)
	}
}

func TestScriptStepsAndEnds(t *testing.T) {
	s := start(t)
	s.Play(Say("one"), Say("two"))
	for _, want := range []string{"one", "two", Done, Done} {
		_, text, _, _, _ := assemble(t, readEvents(t, post(t, s, "next", true)))
		if text != want {
			t.Errorf("got %q, want %q", text, want)
		}
	}
	var turns []int
	for _, r := range s.Requests() {
		turns = append(turns, r.Turn)
	}
	if !reflect.DeepEqual(turns, []int{1, 2, 0, 0}) {
		t.Errorf("turns %v", turns)
	}
	s.Play(Say("again"))
	if _, text, _, _, _ := assemble(t, readEvents(t, post(t, s, "next", true))); text != "again" {
		t.Errorf("a new script starts at %q", text)
	}
}

func TestCompactionIsAnsweredOutsideTheScript(t *testing.T) {
	s := start(t)
	s.Play(Say("after"))
	_, text, _, _, _ := assemble(t, readEvents(t, post(t, s, "Your task is to "+compactionAsk+" so far.", true)))
	if text != Summary {
		t.Errorf("a compaction got %q", text)
	}
	if _, text, _, _, _ = assemble(t, readEvents(t, post(t, s, "go on", true))); text != "after" {
		t.Errorf("the script's turn after a compaction is %q", text)
	}
	if r := s.Requests(); !r[0].Compaction || r[0].Turn != 0 || r[1].Compaction || r[1].Turn != 1 {
		t.Errorf("requests %+v", r)
	}
}

func TestOtherEndpoints(t *testing.T) {
	s := start(t)
	resp, err := http.Post(s.URL()+"/v1/messages/count_tokens", "application/json", strings.NewReader("{}"))
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Errorf("count_tokens: %v %v", resp, err)
	}
	resp, err = http.Get(s.URL() + "/api/hello")
	if err != nil || resp.StatusCode != http.StatusNotFound {
		t.Errorf("another endpoint: %v %v", resp, err)
	}
	if r := s.Requests(); len(r) != 2 || r[1].Path != "/api/hello" || r[0].Model() {
		t.Errorf("requests %+v", r)
	}
}

func TestTextAndToolResult(t *testing.T) {
	r := Request{Body: []byte(`{"system":[{"type":"text","text":"SYS"}],"messages":[
		{"role":"user","content":"hello"},
		{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"ls"}}]},
		{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","is_error":true,"content":[{"type":"text","text":"denied"}]}]}]}`)}
	if got := r.Text(); got != "SYS\nhello\nls\ndenied\n" {
		t.Errorf("Text() = %q", got)
	}
	if text, isError := r.ToolResult(); text != "denied" || !isError {
		t.Errorf("ToolResult() = %q, %v", text, isError)
	}
}

func TestHalvesKeepRunesWhole(t *testing.T) {
	for _, s := range []string{"", "a", "ab", "“”", "a“b”c"} {
		parts := halves(s)
		if strings.Join(parts, "") != s {
			t.Errorf("%q: %q", s, parts)
		}
		for _, p := range parts {
			if !json.Valid([]byte(`"`+p+`"`)) || strings.ContainsRune(p, '\uFFFD') {
				t.Errorf("%q: a part %q splits a rune", s, p)
			}
		}
	}
}
