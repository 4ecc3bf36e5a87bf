package review

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// The state saved is the state loaded, every field of it, and saving
// leaves nothing else behind in .git/sw.
func TestStateSavedIsLoaded(t *testing.T) {
	l := newCollection(t)
	at := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	states := []*State{
		{Version: stateVersion},
		{Version: stateVersion, Decisions: 2,
			Count: Count{Head: "abc", Analyzed: "def", Seq: 7, AnalysesSeen: 3,
				Pending: []PendingPiece{{"pieces/a.md", 6}, {"pieces/b.md", 7}}},
			Analyses: []string{"abc0", "def"}, AnalysesMade: 3,
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
	if err := os.MkdirAll(l.Dir, 0o777); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadDir(l.Dir)
	for i, st := range states {
		if err := l.saveState(st); err != nil {
			t.Fatal(err)
		}
		back, ok := l.loadState()
		if !ok || !reflect.DeepEqual(back, st) {
			t.Errorf("state %d:\nsaved  %#v\nloaded %#v (%v)", i, st, back, ok)
		}
	}
	after, _ := os.ReadDir(l.Dir)
	if len(after) != len(before)+1 {
		t.Errorf("saving left %d files in %s, want %d (the state)", len(after), l.Dir, len(before)+1)
	}
}

// A state that cannot be read (cut short, not JSON, of another version,
// or not a file) reads as none, to be rebuilt from git.
func TestUnreadableStateIsRebuilt(t *testing.T) {
	l := newCollection(t)
	if err := os.MkdirAll(l.Dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := l.saveState(&State{Version: stateVersion, Count: Count{Head: "h", Pending: []PendingPiece{{"pieces/a.md", 1}}}}); err != nil {
		t.Fatal(err)
	}
	whole, err := os.ReadFile(l.statePath())
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"cut short":     whole[:len(whole)/2],
		"empty":         {},
		"not JSON":      []byte("\x02\x00garbage"),
		"older version": []byte(`{"version": 2, "head": "h"}`),
	} {
		if err := os.WriteFile(l.statePath(), data, 0o666); err != nil {
			t.Fatal(err)
		}
		if st, ok := l.loadState(); ok || !st.fresh || st.Head != "" {
			t.Errorf("%s: read as %+v", name, st)
		}
	}
	os.Remove(l.statePath())
	if err := os.Mkdir(filepath.Join(l.Dir, "state.json"), 0o777); err != nil {
		t.Fatal(err)
	}
	if st, ok := l.loadState(); ok || !st.fresh {
		t.Errorf("a folder in the state's place: read as %+v", st)
	}
}

// Each worktree loads and saves its own count in the one state file; the
// analyses read are shared; a removed worktree's count goes.
func TestStateKeepsEachWorktreesCount(t *testing.T) {
	main := newCollection(t)
	drafts := filepath.Join(filepath.Dir(main.Repo.Root), "drafts")
	runGit(t, main.Repo.Root, "worktree", "add", "-q", drafts, "-b", "drafts")
	linked, err := Open(drafts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := main.update(func(st *State) error {
		st.Count = Count{Head: "m", Pending: []PendingPiece{{"pieces/m.md", 1}}, Seq: 1}
		st.analysed("m")
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := linked.update(func(st *State) error {
		if st.Head != "" || !st.fresh || len(st.Pending) != 0 {
			t.Errorf("a new worktree's count is the main one's: %+v", st.Count)
		}
		st.Count = Count{Head: "d", Pending: []PendingPiece{{"pieces/d.md", 4}}, Seq: 4}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	m, _ := main.loadState()
	d, _ := linked.loadState()
	if m.Head != "m" || len(m.Pending) != 1 || m.Pending[0].Path != "pieces/m.md" {
		t.Errorf("the main worktree's count: %+v", m.Count)
	}
	if d.Head != "d" || len(d.Pending) != 1 || d.Pending[0].Path != "pieces/d.md" {
		t.Errorf("the linked worktree's count: %+v", d.Count)
	}
	if len(d.Analyses) != 1 || d.Analyses[0] != "m" || d.AnalysesMade != 1 {
		t.Errorf("the analyses are not shared: %v, %d", d.Analyses, d.AnalysesMade)
	}
	runGit(t, main.Repo.Root, "worktree", "remove", drafts)
	if _, err := main.update(func(*State) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if st, _ := main.loadState(); len(st.Worktrees) != 0 {
		t.Errorf("a removed worktree's count stays: %v", st.Worktrees)
	}
}
