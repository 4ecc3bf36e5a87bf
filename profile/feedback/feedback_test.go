package feedback

import (
	"strings"
	"testing"
	"time"
)

var at = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

func TestAddKeepsTheWindow(t *testing.T) {
	f := New(1)
	f.Add("1", Rejection{ID: "a", Signature: "s:a"}, 1, at)
	f.Add("2", Rejection{ID: "b", Signature: "s:b"}, 1, at)
	f.Add("2", Rejection{ID: "c", Signature: "s:c"}, 1, at)
	f.Add("2", Rejection{ID: "c", Signature: "s:c"}, 1, at) // once only
	if len(f.Batches) != 1 || f.Batches[0].Batch != "2" || len(f.Batches[0].Rejected) != 2 {
		t.Fatalf("window 1 kept %+v", f.Batches)
	}
	// A late rejection from an older batch is older than the window.
	f.Add("1", Rejection{ID: "d", Signature: "s:d"}, 1, at)
	if len(f.Batches) != 1 || f.Batches[0].Batch != "2" {
		t.Fatalf("older batch displaced the newest: %+v", f.Batches)
	}
	f.Add("10", Rejection{ID: "e", Signature: "s:e"}, 2, at)
	if got := []string{f.Batches[0].Batch, f.Batches[1].Batch}; got[0] != "2" || got[1] != "10" {
		t.Errorf("batches ordered %v, want numeric order", got)
	}
	rem := f.Remembered()
	if _, ok := rem["s:b"]; !ok || len(rem) != 3 {
		t.Errorf("remembered %v", rem)
	}
	if f.Batches[1].Rejected[0].RejectedAt != "2026-11-30T09:00:00Z" {
		t.Errorf("rejected_at %q", f.Batches[1].Rejected[0].RejectedAt)
	}
	if f.MaxBatch() != 10 {
		t.Errorf("MaxBatch %d", f.MaxBatch())
	}
}

func TestRoundTrip(t *testing.T) {
	f := New(2)
	f.Add("3", Rejection{ID: "a", Signature: "metric:words_per_sentence:down", Summary: "Shorter sentences", Layer: "preferences"}, 2, at)
	back, err := Parse("profile_feedback.json", f.Encode())
	if err != nil {
		t.Fatal(err)
	}
	if string(back.Encode()) != string(f.Encode()) {
		t.Errorf("round trip changed the file:\n%s\n%s", f.Encode(), back.Encode())
	}
	if !strings.Contains(string(f.Encode()), `"rejected_at": "2026-11-30T09:00:00Z"`) {
		t.Errorf("encoded:\n%s", f.Encode())
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"", "profile_feedback.json: not valid: the file is empty"},
		{"{\"version\": 1,\n", "profile_feedback.json:2:1: not valid: the file ends before the JSON does"},
		{"{\"version\": 1,\n \"window\": 1,\n \"batches\": [}", "profile_feedback.json:3:14: not valid: invalid character '}'"},
		{`{"version": 1, "window": 1, "batches": [], "extra": 1}`, `profile_feedback.json:1:44: not valid: unknown field "extra"`},
		{"{\"version\": 1, \"window\": 1, \"batches\": [\n {\"batch\": \"1\", \"rejected\": [\n  {\"id\": \"a\", \"signature\": \"s\", \"why\": \"\"}]}]}", `profile_feedback.json:3:33: not valid: unknown field "why"`},
		{"{\"version\": 1, \"window\": 1, \"batches\": [\n {\"batch\": \"1\", \"note\": \"x\", \"rejected\": []}]}", `profile_feedback.json:2:17: not valid: unknown field "note"`},
		{"{\"version\": 1, \"window\": 1, \"batches\": [\n {\"batch\": \"1\", \"rejected\": [],}]}", `profile_feedback.json:2:32: not valid: invalid character '}' looking for beginning of object key string`},
		{`{"version": "1", "window": 1, "batches": []}`, "profile_feedback.json:1:16: not valid: cannot unmarshal string"},
		{`{"version": 2, "window": 1, "batches": []}`, "profile_feedback.json:1:2: version 2 is not one this sw reads"},
		{`{"version": 1, "window": 0, "batches": []}`, "profile_feedback.json:1:16: window must be 1 or more"},
		{"{\"version\": 1, \"window\": 1, \"batches\": []}\n\n  x", "profile_feedback.json:3:3: unexpected text after the JSON object"},
		{`{"version": 1, "window": 1, "batches": [{"batch": "0", "rejected": [{"id": "z", "signature": "s"}]}, {"batch": "1", "rejected": [{"id": "a"}]}]}`, `profile_feedback.json:1:130: batch 1: rejection "a" has no signature`},
	}
	for _, tt := range tests {
		_, err := Parse("profile_feedback.json", []byte(tt.src))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: got %v, want %q", tt.src, err, tt.want)
		}
	}
	if f, err := Parse("x", []byte(`{"version": 1, "window": 1, "batches": []}`)); err != nil || f.Batches == nil {
		t.Errorf("the starter file: %v", err)
	}
}
