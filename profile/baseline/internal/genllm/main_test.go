package main

import (
	"bytes"
	"os"
	"testing"
)

// The embedded table is what the generator makes of the sample in the
// repository, byte for byte: same input, same output, and nobody edited
// the table by hand.
func TestTableIsTheSampleCounted(t *testing.T) {
	raw, err := os.ReadFile("../../../../testdata/corpus/llm/baseline.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../data/llm.tsv")
	if err != nil {
		t.Fatal(err)
	}
	got, err := build(raw, 3)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("go run ./profile/baseline/internal/genllm gives another table than data/llm.tsv")
	}
}

func TestBuildCountsUsesAndTheFewestTextsOfAKind(t *testing.T) {
	raw := []byte(`{"domain":"news","text":"A testament. A testament."}
{"domain":"news","text":"Truly a testament."}
{"domain":"story","text":"Testament, testament, testament."}
`)
	got, err := build(raw, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := "#words\t10\na\t3\t0\ntestament\t6\t1\n"
	if string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, err := build([]byte("not json\n"), 3); err == nil {
		t.Error("a line that is not JSON was read")
	}
}
