package review

import (
	"reflect"
	"testing"
	"time"
)

func TestStateCodec(t *testing.T) {
	at := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	states := []*State{
		{Version: stateVersion},
		{Version: stateVersion, Head: "abc", Analyzed: "def", Seq: 7, Decisions: 2,
			Pending: []PendingPiece{{"pieces/a.md", 6}, {"pieces/b.md", 7}},
			Suggestions: []*Suggestion{
				{ID: "x", Batch: "3", Branch: "sw/3/x", Layer: "preferences", Path: "profile/preferences/x.yaml",
					Signature: "prefer:phrase:x", Summary: "s", Evidence: "e\nf", Created: at, Tip: "1", Seen: "2", Blob: "3",
					Remotes: []string{"refs/remotes/origin/sw/3/x"}, Upstream: "refs/remotes/origin/sw/3/x"},
				{ID: "y", Decision: decisionRejected, DecidedAt: at.Add(time.Minute), Order: 2, How: "deleted", Recorded: true},
			},
			Refs:        map[string]string{"refs/heads/sw/3/x": "2", "refs/heads/main": "9"},
			ConfigStamp: "1 2", LastError: "boom", RecordError: "wait"},
		{Version: stateVersion, Refs: map[string]string{}},
	}
	for i, st := range states {
		back, ok := decodeState(st.encode())
		if !ok || !reflect.DeepEqual(back, st) {
			t.Errorf("state %d round trip:\n%#v\n%#v", i, st, back)
		}
	}
	data := states[1].encode()
	for n := range data {
		if _, ok := decodeState(data[:n]); ok {
			t.Fatalf("a state cut at byte %d was read", n)
		}
	}
}

func FuzzStateDecode(f *testing.F) {
	f.Add((&State{Version: stateVersion, Head: "h", Refs: map[string]string{"a": "b"}}).encode())
	f.Fuzz(func(t *testing.T, data []byte) {
		st, ok := decodeState(data)
		if !ok {
			return
		}
		again, ok := decodeState(st.encode())
		if !ok || !reflect.DeepEqual(again, st) {
			t.Fatal("re-encoding changed the state")
		}
	})
}
