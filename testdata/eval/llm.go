package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The AI-voice check: does sw's voice measure tell a writer's own new
// pieces from LLM prose? The LLM texts are the held-out half of the
// sample in corpus/llm (heldout.jsonl): news articles and short stories
// GPT-3.5 and GPT-4 wrote, each on a prompt of its own. The other half,
// on the other prompts, is what sw's LLM-prose baseline was counted on,
// so no prompt, and no story or news item, reaches both.
//
// A text there is about 150 words, a writer's piece ten times that, and
// a short text lies nearer any measure (chance moves its rates more): so
// the texts of one model and one kind (news, stories) are joined, in the
// order of their prompts, into pieces of at least llmPieceWords words.
const llmPieceWords = 1000

// llmWriter names the LLM pieces' writer; no collection learns from them.
const llmWriter = "LLM"

// loadLLM reads the held-out LLM texts under root and joins them into
// pieces (see llmPieceWords), in the order of the file.
func loadLLM(root string) ([]*piece, error) {
	path := filepath.Join(root, "llm", "heldout.jsonl")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	type text struct {
		Domain string `json:"domain"`
		Model  string `json:"model"`
		Prompt int    `json:"prompt"`
		Text   string `json:"text"`
	}
	var (
		out   []*piece
		group string
		parts []string
		count int // words in parts
	)
	flush := func() {
		if count >= llmPieceWords {
			body := strings.Join(parts, "\n\n") + "\n"
			out = append(out, &piece{writer: llmWriter, rel: fmt.Sprintf("llm/%s-%02d.md", group, len(out)),
				title: group, text: []byte(body), body: body, tokens: words(body)})
		}
		parts, count = nil, 0
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for line := 1; sc.Scan(); line++ {
		var t text
		if err := json.Unmarshal(sc.Bytes(), &t); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		if g := t.Domain + "-" + t.Model; g != group {
			flush()
			group = g
		}
		parts = append(parts, strings.TrimSpace(t.Text))
		count += len(words(t.Text))
		if count >= llmPieceWords {
			flush()
		}
	}
	flush()
	return out, sc.Err()
}
