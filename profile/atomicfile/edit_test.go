package atomicfile

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// Edits at once, from as many writers, each add their line: none is
// written over by another's read of the file before it.
func TestEditsAtOnceKeepEveryChange(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sw", "list")
	const writers = 8
	var wg sync.WaitGroup
	errs := make([]error, writers)
	for i := range writers {
		wg.Go(func() {
			errs[i] = Editor{Perm: 0o600}.Edit(path, func(old []byte, _ bool) ([]byte, error) {
				return fmt.Appendf(bytes.Clone(old), "writer %d\n", i), nil
			})
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	slices.Sort(lines)
	if len(lines) != writers || len(slices.Compact(slices.Clone(lines))) != writers {
		t.Errorf("%d writers, the file holds:\n%s", writers, data)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mode: %v, %v", fi.Mode(), err)
	}
}

// An edit that returns nil writes nothing: no file is made.
func TestEditThatChangesNothingWritesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "list")
	if err := (Editor{Perm: 0o600}).Edit(path, func([]byte, bool) ([]byte, error) { return nil, nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("a file was made: %v", err)
	}
}
