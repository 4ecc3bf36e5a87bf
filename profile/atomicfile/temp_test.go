package atomicfile

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"
)

func TestTempName(t *testing.T) {
	for name, want := range map[string]struct {
		pid int
		ok  bool
	}{
		".CLAUDE.md.sw-123-456":           {123, true},
		".CLAUDE.md.sw-123-456.lock":      {123, true},
		".profile_feedback.json.sw-7-890": {7, true},
		".CLAUDE.md.sw-815":               {0, true}, // from an sw that did not name its writer
		".CLAUDE.md.swp":                  {},
		".CLAUDE.md.sw-":                  {},
		".CLAUDE.md.sw-12-x":              {},
		".CLAUDE.md.sw-1-2-3":             {},
		"CLAUDE.md.sw-12-3":               {},
		"..sw-12-3":                       {},
		".notes.sw-draft":                 {},
	} {
		pid, ok := tempName(name)
		if pid != want.pid || ok != want.ok {
			t.Errorf("tempName(%q) = %d, %v; want %d, %v", name, pid, ok, want.pid, want.ok)
		}
	}
}

// TestSweepRemovesOnlyWhatNobodyWrites: a temporary file held open by its
// writer stays, however old; one whose writer is gone goes at once; one
// whose writer may be alive but holds it no longer goes once it is old.
func TestSweepRemovesOnlyWhatNobodyWrites(t *testing.T) {
	dir := t.TempDir()
	put := func(name string, age time.Duration) {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("half"), 0o644); err != nil {
			t.Fatal(err)
		}
		then := time.Now().Add(-age)
		os.Chtimes(path, then, then)
	}
	held, err := CreateTemp(dir, "CLAUDE.md")
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	then := time.Now().Add(-time.Hour)
	os.Chtimes(held.Name(), then, then)
	put(".CLAUDE.md.sw-999999999-1", 0)    // its writer is gone
	put(".memory.md.sw-1-2", 0)            // pid 1 is alive, and this is fresh
	put(".memory.md.sw-1-3", time.Hour)    // alive, but this has stood an hour
	put(".CLAUDE.md.sw-42", 0)             // an old name, fresh
	put(".CLAUDE.md.sw-43", time.Hour)     // an old name, old
	put(".CLAUDE.md.swp", time.Hour)       // the person's editor's
	put("notes.sw-999999999-1", time.Hour) // not hidden: not sw's
	removed := Sweep(dir)
	slices.Sort(removed)
	want := []string{".CLAUDE.md.sw-43", ".CLAUDE.md.sw-999999999-1", ".memory.md.sw-1-3"}
	if !slices.Equal(removed, want) {
		t.Errorf("removed %v, want %v", removed, want)
	}
	for _, name := range []string{filepath.Base(held.Name()), ".memory.md.sw-1-2", ".CLAUDE.md.sw-42", ".CLAUDE.md.swp", "notes.sw-999999999-1"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestAliveIsFalseForAnEndedProcess: a process that has ended is not
// alive, reaped or not (an init that does not reap keeps zombies).
func TestAliveIsFalseForAnEndedProcess(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no process ids in temporary names' checks there")
	}
	if !alive(os.Getpid()) {
		t.Error("this process is not alive")
	}
	cmd := exec.Command("true")
	if err := cmd.Start(); err != nil {
		t.Skip(err)
	}
	pid := cmd.Process.Pid
	for deadline := time.Now().Add(5 * time.Second); alive(pid) && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond) // ended, not yet reaped: a zombie
	}
	if alive(pid) {
		t.Errorf("process %d ended, unreaped, is alive", pid)
	}
	cmd.Wait()
}
