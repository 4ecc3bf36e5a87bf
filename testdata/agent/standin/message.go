package standin

import (
	"encoding/json"
	"fmt"
	"io"
)

// Turn is one scripted answer of the model: a tool call (Tool and Input)
// or, with no Tool, a final text.
type Turn struct {
	Tool  string
	Input map[string]any
	Text  string
}

// Call is a turn that calls tool with input.
func Call(tool string, input map[string]any) Turn { return Turn{Tool: tool, Input: input} }

// Say is a turn that ends the agent's work with text.
func Say(text string) Turn { return Turn{Text: text} }

// message is an assistant message as the Messages API returns it, with
// one content block: the shape both the plain JSON answer and the stream
// are made from.
type message struct {
	ID           string  `json:"id"`
	Type         string  `json:"type"`
	Role         string  `json:"role"`
	Model        string  `json:"model"`
	Content      []block `json:"content"`
	StopReason   *string `json:"stop_reason"`
	StopSequence *string `json:"stop_sequence"`
	Usage        usage   `json:"usage"`
}

type block struct {
	Type string  `json:"type"`
	Text *string `json:"text,omitempty"`
	ID   string  `json:"id,omitempty"`
	Name string  `json:"name,omitempty"`
	// Input is raw so that an empty input ({}, as a streamed tool call
	// opens) is still written.
	Input json.RawMessage `json:"input,omitempty"`
}

type usage struct {
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
}

// reply is the message that answers with turn; n numbers the answer, so
// that each message and tool call has an id of its own.
func reply(turn Turn, model string, n int) (message, error) {
	stop := "end_turn"
	b := block{Type: "text", Text: &turn.Text}
	if turn.Tool != "" {
		stop = "tool_use"
		input, err := json.Marshal(turn.Input)
		if err != nil {
			return message{}, err
		}
		if turn.Input == nil {
			input = []byte("{}")
		}
		b = block{Type: "tool_use", ID: fmt.Sprintf("toolu_standin_%04d", n), Name: turn.Tool, Input: input}
	}
	return message{ID: fmt.Sprintf("msg_standin_%04d", n), Type: "message", Role: "assistant", Model: model,
		Content: []block{b}, StopReason: &stop, Usage: usage{InputTokens: 1, OutputTokens: 1}}, nil
}

// writeStream writes m as the Messages API streams it (server-sent events):
// message_start with no content and no stop reason, the block opened
// empty, its text or its input's JSON in two deltas (so that a client has
// to join them), the block closed, message_delta with the stop reason,
// message_stop.
func writeStream(w io.Writer, m message) error {
	start := m
	start.Content, start.StopReason = []block{}, nil
	opened, deltas := openBlock(m.Content[0])
	events := []map[string]any{
		{"type": "message_start", "message": start},
		{"type": "content_block_start", "index": 0, "content_block": opened},
	}
	for _, d := range deltas {
		events = append(events, map[string]any{"type": "content_block_delta", "index": 0, "delta": d})
	}
	events = append(events,
		map[string]any{"type": "content_block_stop", "index": 0},
		map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": *m.StopReason, "stop_sequence": nil},
			"usage": map[string]any{"output_tokens": m.Usage.OutputTokens}},
		map[string]any{"type": "message_stop"},
	)
	for _, e := range events {
		if err := writeEvent(w, e); err != nil {
			return err
		}
	}
	return nil
}

// openBlock is b as content_block_start opens it (empty) and the deltas
// that fill it: a text's text_delta, a tool call's input as JSON in
// input_json_delta pieces.
func openBlock(b block) (block, []map[string]any) {
	if b.Type != "tool_use" {
		empty := ""
		opened := b
		opened.Text = &empty
		var deltas []map[string]any
		for _, part := range halves(*b.Text) {
			deltas = append(deltas, map[string]any{"type": "text_delta", "text": part})
		}
		return opened, deltas
	}
	opened := b
	opened.Input = json.RawMessage("{}")
	var deltas []map[string]any
	for _, part := range halves(string(b.Input)) {
		deltas = append(deltas, map[string]any{"type": "input_json_delta", "partial_json": part})
	}
	return opened, deltas
}

// writeEvent writes one server-sent event, named for its type.
func writeEvent(w io.Writer, e map[string]any) error {
	data, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e["type"], data)
	return err
}

// halves splits s in two at a rune boundary near its middle; a string too
// short to split is one part.
func halves(s string) []string {
	mid := len(s) / 2
	for mid > 0 && mid < len(s) && s[mid]&0xC0 == 0x80 {
		mid--
	}
	if mid == 0 {
		return []string{s}
	}
	return []string{s[:mid], s[mid:]}
}
