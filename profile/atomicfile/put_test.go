package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPutLeavesOnlyTheFile: Put replaces the file whole, and leaves no
// temporary file beside it, whether the rename goes through or not (here,
// a folder stands at the path).
func TestPutLeavesOnlyTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	for _, data := range []string{"{\"a\": 1}\n", "{}\n"} {
		if err := Put(path, []byte(data)); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(path); string(got) != data {
			t.Errorf("after Put: %q, want %q", got, data)
		}
	}
	blocked := filepath.Join(dir, "blocked")
	if err := os.MkdirAll(filepath.Join(blocked, "in"), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := Put(blocked, []byte("x")); err == nil {
		t.Error("Put over a folder that is not empty went through")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("Put left %d entries, want the file and the folder: %v", len(entries), entries)
	}
}
