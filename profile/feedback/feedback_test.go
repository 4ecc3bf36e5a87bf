package feedback

import (
	"strings"
	"testing"
	"time"

	"sw/profile"
)

var at = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

func TestAddKeepsEveryBatch(t *testing.T) {
	f := New()
	f.Add("1", Rejection{ID: "a", Signature: "s:a"}, at)
	f.Add("2", Rejection{ID: "b", Signature: "s:b"}, at)
	f.Add("2", Rejection{ID: "c", Signature: "s:c"}, at)
	f.Add("2", Rejection{ID: "c", Signature: "s:c"}, at) // once only
	// A late rejection from an older batch erases nothing.
	f.Add("1", Rejection{ID: "d", Signature: "s:d"}, at)
	f.Add("10", Rejection{ID: "e", Signature: "s:e"}, at)
	var got []string
	for _, b := range f.Batches {
		for _, r := range b.Rejected {
			got = append(got, b.Batch+":"+r.ID)
		}
	}
	if strings.Join(got, " ") != "1:a 1:d 2:b 2:c 10:e" {
		t.Errorf("kept %v, want every rejection, batches in numeric order", got)
	}
	if n := len(f.Rejections()); n != 5 {
		t.Errorf("Rejections() has %d, want 5", n)
	}
	if f.Batches[2].Rejected[0].RejectedAt != "2026-11-30T09:00:00Z" {
		t.Errorf("rejected_at %q", f.Batches[2].Rejected[0].RejectedAt)
	}
	if f.MaxBatch() != 10 {
		t.Errorf("MaxBatch %d", f.MaxBatch())
	}
}

func TestAddKeepsOneRejectionPerThing(t *testing.T) {
	f := New()
	upon := []string{"phrase:upon"}
	f.Add("1", Rejection{ID: "prefer-upon", Signature: "prefer:phrase:upon", Layer: "preferences", Measures: upon,
		Measured: &profile.Measured{Pieces: 3, Value: 2, Low: 1, High: 4}}, at)
	f.Add("1", Rejection{ID: "semicolons", Signature: "metric:semicolons_per_1k_words:up", Layer: "preferences"}, at)
	f.Add("2", Rejection{ID: "upon-in-essays", Signature: "prefer:phrase:upon@essay", Layer: "genres/essay", Measures: upon}, at)
	// Came back on new evidence and rejected again: it takes the first
	// one's place, and is final.
	f.Add("4", Rejection{ID: "rate-of-upon", Signature: "metric:upon_per_1k_words:up", Layer: "preferences", Measures: upon, Back: true,
		Measured: &profile.Measured{Pieces: 9, Value: 6, Low: 4, High: 8}}, at)
	var got []string
	for _, r := range f.Rejections() {
		got = append(got, r.ID)
	}
	if strings.Join(got, " ") != "semicolons upon-in-essays rate-of-upon" {
		t.Errorf("kept %v: want the newer rejection of upon in the preferences in place of the older, the genre's kept", got)
	}
	if len(f.Batches) != 3 || f.Batches[0].Batch != "1" {
		t.Errorf("batches %+v", f.Batches)
	}
	// A came-back rejection stays final when it gives way to a newer one.
	f.Add("5", Rejection{ID: "prefer-upon", Signature: "prefer:phrase:upon", Layer: "preferences", Measures: upon}, at)
	if rs := f.Rejections(); !rs[len(rs)-1].Back {
		t.Errorf("the rejection that took a came-back one's place is not final: %+v", rs[len(rs)-1])
	}
}

func TestAgainst(t *testing.T) {
	rejected := Rejection{ID: "prefer-upon", Signature: "prefer:phrase:upon", Layer: "preferences",
		Measures: []string{"phrase:upon"}, Measured: &profile.Measured{Pieces: 3, Value: 2, Low: 1, High: 4}}
	measured := func(pieces int, value float64) *profile.Measured {
		return &profile.Measured{Pieces: pieces, Value: value, Low: value - 1, High: value + 1}
	}
	for _, c := range []struct {
		name string
		r    Rejection
		p    Proposal
		want Verdict
	}{
		{"the same id", rejected, Proposal{ID: "prefer-upon", Layer: "preferences", Signature: "other"}, Held},
		{"the same signature, for a genre", rejected, Proposal{ID: "x", Layer: "genres/essay", Signature: "prefer:phrase:upon@essay"}, Held},
		{"the same measure under another name", rejected, Proposal{ID: "rate-of-upon", Layer: "preferences", Signature: "metric:upon_per_1k_words:up",
			Measures: []string{"phrase:upon"}, Measured: measured(5, 3)}, Held},
		{"another thing", rejected, Proposal{ID: "rate-of-by", Layer: "preferences", Signature: "metric:by_per_1k_words:up",
			Measures: []string{"phrase:by"}}, Free},
		{"many more pieces, the same value", rejected, Proposal{ID: "prefer-upon", Layer: "preferences", Measured: measured(12, 3.5)}, Held},
		{"a new value on twice as many pieces since", rejected, Proposal{ID: "prefer-upon", Layer: "preferences", Measured: measured(9, 9)}, Held},
		{"a new value on more than twice as many since", rejected, Proposal{ID: "prefer-upon", Layer: "preferences", Measured: measured(10, 9)}, Back},
		{"no numbers to compare", rejected, Proposal{ID: "prefer-upon", Layer: "preferences"}, Held},
		{"back once already", Rejection{ID: "a", Signature: "s", Layer: "preferences", Back: true, Measured: measured(3, 2)},
			Proposal{ID: "a", Layer: "preferences", Measured: measured(30, 20)}, Held},
		{"a genre's rejection, another genre", Rejection{ID: "a", Signature: "s@essay", Layer: "genres/essay"},
			Proposal{ID: "a", Layer: "genres/review", Signature: "s@review"}, Free},
		{"a genre's rejection, a global proposal", Rejection{ID: "a", Signature: "s@essay", Layer: "genres/essay"},
			Proposal{ID: "a", Layer: "preferences", Signature: "s"}, Held},
	} {
		if got := c.r.Against(c.p); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	f := New()
	f.Add("3", Rejection{ID: "a", Signature: "metric:words_per_sentence:down", Summary: "Shorter sentences", Layer: "preferences",
		Measures: []string{"metric:words_per_sentence"}, Measured: &profile.Measured{Pieces: 3, Value: 30, Low: 22.5, High: 37.5}}, at)
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
		{`{"version": 3, "batches": []}`, "profile_feedback.json:1:2: version 3 is not one this sw reads (1 or 2)"},
		{`{"version": 2, "window": 1, "batches": []}`, "profile_feedback.json:1:16: window is not part of version 2"},
		{"{\"version\": 2, \"batches\": [\n {\"batch\": \"1\", \"rejected\": [\n  {\"id\": \"a\", \"signature\": \"s\", \"measured\": {\"pieces\": 3, \"value\": 1, \"low\": 2, \"high\": 3}}]}]}", `profile_feedback.json:3:3: batch 1: rejection "a": measured needs pieces of 1 or more and low <= value <= high`},
		{"{\"version\": 2, \"batches\": [\n {\"batch\": \"1\", \"rejected\": [\n  {\"id\": \"a\", \"signature\": \"s\", \"measured\": {\"pieces\": 3, \"mean\": 1}}]}]}", `profile_feedback.json:3:59: not valid: unknown field "mean"`},
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
		t.Errorf("a version 1 file: %v", err)
	} else if got := string(f.Encode()); got != "{\n  \"version\": 2,\n  \"batches\": []\n}\n" {
		t.Errorf("a version 1 file is written back as %q", got)
	}
}
