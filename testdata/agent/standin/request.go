package standin

import (
	"encoding/json"
	"sort"
	"strings"
)

// Request is one request the stand-in received.
type Request struct {
	Method, Path string
	Body         []byte
	// Compaction marks a model request that asked for a summary of the
	// conversation (the client compacting it).
	Compaction bool
	// Turn is the number (from 1) of the script's turn that answered it;
	// 0 for a request answered outside the script.
	Turn int
}

// Model reports whether the request went to the model (POST /v1/messages).
func (r Request) Model() bool { return r.Method == "POST" && r.Path == "/v1/messages" }

// compactionAsk is how Claude Code asks the model to summarise the
// conversation when it compacts it: words of the instruction it sends as
// the last user message.
const compactionAsk = "create a detailed summary of the conversation"

// Summary is the stand-in's summary of a conversation being compacted, in
// the shape Claude Code asks for. It holds nothing of the conversation, so
// whatever reaches the model after a compaction came from the client.
const Summary = "<analysis>The stand-in keeps no notes.</analysis>\n<summary>A scripted session.</summary>"

func (r Request) asksForSummary() bool {
	var body struct {
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if json.Unmarshal(r.Body, &body) != nil || len(body.Messages) == 0 {
		return false
	}
	last := body.Messages[len(body.Messages)-1]
	return last.Role == "user" && strings.Contains(contentText(last.Content), compactionAsk)
}

// Text is every text the request put in front of the model, in order: the
// system prompt, then each message's text, tool calls' inputs and tool
// results' contents, one per line.
func (r Request) Text() string {
	var body struct {
		System   json.RawMessage   `json:"system"`
		Messages []json.RawMessage `json:"messages"`
	}
	if json.Unmarshal(r.Body, &body) != nil {
		return ""
	}
	var b strings.Builder
	strs(body.System, &b)
	for _, m := range body.Messages {
		strs(m, &b)
	}
	return b.String()
}

// ToolResult is the content of the last tool result the request carries
// (what the client says came of the agent's last tool call), and whether
// the client marked it as an error; "" when it carries none.
func (r Request) ToolResult() (text string, isError bool) {
	var body struct {
		Messages []struct {
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if json.Unmarshal(r.Body, &body) != nil {
		return "", false
	}
	for i := len(body.Messages) - 1; i >= 0; i-- {
		var blocks []struct {
			Type    string          `json:"type"`
			Content json.RawMessage `json:"content"`
			IsError bool            `json:"is_error"`
		}
		json.Unmarshal(body.Messages[i].Content, &blocks)
		for j := len(blocks) - 1; j >= 0; j-- {
			if blocks[j].Type == "tool_result" {
				var b strings.Builder
				strs(blocks[j].Content, &b)
				return strings.TrimSpace(b.String()), blocks[j].IsError
			}
		}
	}
	return "", false
}

// contentText is a message's content as text: a string as it is, blocks'
// strings one per line.
func contentText(content json.RawMessage) string {
	var b strings.Builder
	strs(content, &b)
	return b.String()
}

// strs writes every string inside the JSON value raw to b, a line each,
// but those of keys that name rather than say (type, id, role and the
// like), so that a search of the text finds what the model was told.
func strs(raw json.RawMessage, b *strings.Builder) {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return
	}
	walk(v, b)
}

// naming are the keys whose values walk leaves out.
var naming = map[string]bool{"type": true, "id": true, "tool_use_id": true, "role": true, "name": true,
	"cache_control": true, "signature": true}

func walk(v any, b *strings.Builder) {
	switch v := v.(type) {
	case string:
		b.WriteString(v)
		b.WriteByte('\n')
	case []any:
		for _, e := range v {
			walk(e, b)
		}
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			if !naming[k] {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			walk(v[k], b)
		}
	}
}
