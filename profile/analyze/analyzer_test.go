package analyze

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestNewPicksAnalyzer(t *testing.T) {
	if _, ok := New(nil, 120*time.Second, "/x").(Embedded); !ok {
		t.Fatal("no command should mean the embedded analyzer")
	}
	cmd := []string{"my-analyzer", "--strict"}
	a, ok := New(cmd, time.Minute, "/x").(*External)
	if !ok || a.Dir != "/x" || a.Timeout != time.Minute || strings.Join(a.Command, " ") != "my-analyzer --strict" {
		t.Fatalf("got %#v", a)
	}
	cmd[0] = "changed"
	if a.Command[0] != "my-analyzer" {
		t.Fatal("External shares the settings' slice")
	}
}

// The embedded analyzer goes through the same request checks as an
// external one, and honours cancellation.
func TestEmbeddedChecksItsRequest(t *testing.T) {
	resp, err := Embedded{}.Analyze(context.Background(), sampleRequest())
	if err != nil || resp.Suggestions == nil {
		t.Fatalf("got %#v, %v", resp, err)
	}
	if err := resp.Validate(); err != nil {
		t.Fatal(err)
	}
	empty, err := Embedded{}.Analyze(context.Background(), &Request{})
	if err != nil || string(mustJSON(t, empty)) != `{"suggestions":[]}` {
		t.Fatalf("an empty batch: %s, %v", mustJSON(t, empty), err)
	}
	bad := sampleRequest()
	bad.Version = 9
	if _, err := (Embedded{}).Analyze(context.Background(), bad); err == nil {
		t.Fatal("the embedded analyzer took a request the external one would refuse")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (Embedded{}).Analyze(ctx, sampleRequest()); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
}
