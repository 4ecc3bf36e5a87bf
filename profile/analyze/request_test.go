package analyze

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"sw/profile/feedback"
	"testing"

	"sw/profile"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func sampleRequest() *Request {
	essay := &profile.Resolved{Genre: "essay", Rules: []profile.Sourced{
		{Rule: profile.Rule{ID: "no-exclamations", Rule: "Never use exclamation marks.", Avoid: []string{"!"}},
			Layer: profile.HardLimit, Source: "profile/hard-limits/no-exclamations.yaml"},
		{Rule: profile.Rule{ID: "sentence-length", Rule: "Keep sentences around 22 words.",
			Metric: &profile.Metric{Name: "words_per_sentence", Target: num(22), Max: num(40)}},
			Layer: profile.GenreLayer, Source: "profile/genres/essay/sentence-length.yaml"},
	}}
	review := &profile.Resolved{Genre: "review"}
	return &Request{
		Pieces: []Piece{
			{Path: "pieces/b.md", Genre: "review", Text: "Four stars & <b>no</b> regrets.\n"},
			{Path: "pieces/a.md", Genre: "essay", Text: "Short. Then longer sentences follow.\n",
				Drafts: []string{"In conclusion, short.\n"}},
		},
		Profile:  map[string]*profile.Resolved{"review": review, "essay": essay},
		Rejected: []feedback.Rejection{{Signature: "prefer:phrase:so", Summary: "Prefer \"so\""}, {Signature: "metric:words_per_sentence:up", Summary: "Longer sentences"}},
	}
}

func TestRequestGolden(t *testing.T) {
	got, err := EncodeRequest(sampleRequest())
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "request.golden.json")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("request encoding changed (go test -run TestRequestGolden -update if meant):\n%s", got)
	}
}

// The shape an analyzer sees, read back the way a script in another
// language would: drafts always a list, the profile keyed by genre in the
// shape of `sw profile show --json`.
func TestRequestShape(t *testing.T) {
	data, err := EncodeRequest(sampleRequest())
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Version int `json:"version"`
		Pieces  []struct {
			Path   string `json:"path"`
			Drafts any    `json:"drafts"`
		} `json:"pieces"`
		Profile  map[string]map[string]any `json:"profile"`
		Rejected []map[string]string       `json:"rejected"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Version != 1 {
		t.Fatalf("version %d", doc.Version)
	}
	if doc.Pieces[0].Path != "pieces/a.md" || doc.Pieces[1].Path != "pieces/b.md" {
		t.Fatalf("pieces not sorted by path: %+v", doc.Pieces)
	}
	if d, ok := doc.Pieces[1].Drafts.([]any); !ok || len(d) != 0 {
		t.Fatalf("drafts of a piece without drafts: %#v, want []", doc.Pieces[1].Drafts)
	}
	review := doc.Profile["review"]
	if review["genre"] != "review" || review["rules"] == nil || review["dropped"] == nil {
		t.Fatalf("profile of review: %#v", review)
	}
	want, _ := json.Marshal(sampleRequest().Profile["essay"])
	got, _ := json.Marshal(doc.Profile["essay"])
	var a, b any
	json.Unmarshal(want, &a)
	json.Unmarshal(got, &b)
	if !jsonEqual(a, b) {
		t.Fatalf("profile of essay is not the profile show shape:\n%s\n%s", got, want)
	}
	if doc.Rejected[0]["signature"] != "metric:words_per_sentence:up" {
		t.Fatalf("rejected not sorted by signature: %v", doc.Rejected)
	}
	if !strings.Contains(string(data), "Four stars & <b>no</b>") {
		t.Fatal("Markdown is HTML-escaped in the request")
	}
	if !strings.HasSuffix(string(data), "}\n") || strings.Count(string(data), "\n") != 1 {
		t.Fatal("the request is not one line of JSON and a newline")
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

func TestEmptyRequestHasLists(t *testing.T) {
	data, err := EncodeRequest(&Request{})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(data); got != `{"version":1,"pieces":[],"profile":{},"rejected":[]}`+"\n" {
		t.Fatalf("got %s", got)
	}
}

func TestRequestDeterministic(t *testing.T) {
	first, err := EncodeRequest(sampleRequest())
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 50; i++ {
		req := sampleRequest()
		// Same batch, gathered in another order, and more genres so map
		// order would show.
		if i%2 == 1 {
			req.Pieces[0], req.Pieces[1] = req.Pieces[1], req.Pieces[0]
			req.Rejected[0], req.Rejected[1] = req.Rejected[1], req.Rejected[0]
		}
		got, err := EncodeRequest(req)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, first) {
			t.Fatalf("run %d gave other bytes:\n%s\n%s", i, got, first)
		}
	}
	req := sampleRequest()
	before := req.Pieces[0].Path
	EncodeRequest(req)
	if req.Pieces[0].Path != before || req.Pieces[0].Drafts != nil {
		t.Fatal("EncodeRequest changed the caller's request")
	}
}

func TestRequestRefused(t *testing.T) {
	cases := []struct {
		name string
		edit func(r *Request)
		want string
	}{
		{"version", func(r *Request) { r.Version = 2 }, "protocol version 2; sw speaks version 1"},
		{"no path", func(r *Request) { r.Pieces[0].Path = "" }, "piece 1 has no path"},
		{"twice", func(r *Request) { r.Pieces[1].Path = r.Pieces[0].Path }, "piece pieces/b.md is listed twice"},
		{"bad genre", func(r *Request) { r.Pieces[0].Genre = "Reviews" }, `genre "Reviews" is not a plain name`},
		{"no profile", func(r *Request) { delete(r.Profile, "review") }, "piece pieces/b.md is in genre review, but the request has no profile for it"},
		{"nil profile", func(r *Request) { r.Profile["review"] = nil }, `the profile of genre "review" is missing`},
		{"wrong key", func(r *Request) { r.Profile["review"] = r.Profile["essay"] }, `the profile under genre "review" is genre "essay"'s`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := sampleRequest()
			c.edit(req)
			_, err := EncodeRequest(req)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
		})
	}
}
