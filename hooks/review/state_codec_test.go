package review

import (
	"os"
	"reflect"
	"testing"
	"time"

	"sw/profile/binenc"
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

// TestStateRewrittenInPlace: the state is written over the old one and cut
// to length; a file met half rewritten reads as no state.
func TestStateRewrittenInPlace(t *testing.T) {
	l := newCollection(t)
	long := &State{Version: stateVersion, Head: "h", Pending: []PendingPiece{{"pieces/a-long-name.md", 1}, {"pieces/b.md", 2}}}
	short := &State{Version: stateVersion, Head: "h2", Refs: map[string]string{}}
	if err := os.MkdirAll(l.Dir, 0o777); err != nil {
		t.Fatal(err)
	}
	for _, st := range []*State{long, short} {
		if err := l.saveState(st); err != nil {
			t.Fatal(err)
		}
		back, ok := l.loadState()
		if !ok || !reflect.DeepEqual(back, st) {
			t.Fatalf("saved %+v, loaded %+v (%v)", st, back, ok)
		}
	}
	if fi, err := os.Stat(l.statePath()); err != nil || fi.Size() != int64(len(binenc.Seal(short.encode()))) {
		t.Fatalf("the state file was not cut to length: %v %v", fi.Size(), err)
	}
	oldBytes, newBytes := binenc.Seal(long.encode()), binenc.Seal(short.encode())
	halfway := append(newBytes[:len(newBytes):len(newBytes)], oldBytes[len(newBytes):]...)
	if err := os.WriteFile(l.statePath(), halfway, 0o666); err != nil {
		t.Fatal(err)
	}
	if st, ok := l.loadState(); ok || !st.fresh {
		t.Fatalf("a half rewritten state was read: %+v", st)
	}
}
