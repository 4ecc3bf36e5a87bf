package facts

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"sw/profile/atomicfile"
)

func TestAddFileMakesTheFileFromTheStarter(t *testing.T) {
	path := filepath.Join(t.TempDir(), File)
	ch, err := AddFile(path, File, mustEntry(t, "pieces", "", "On walking"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(string(Starter()), "## Pieces written\n", "## Pieces written\n\n- On walking"+meta+"\n", 1)
	if string(data) != want || !ch.Created {
		t.Errorf("created %v:\n%s\nwant:\n%s", ch.Created, data, want)
	}
	if !strings.HasPrefix(ch.Report(File), "created memory.md from the starter\nadded to memory.md at line ") {
		t.Errorf("report: %q", ch.Report(File))
	}
	// Again: a duplicate, and the file is not written.
	before, _ := os.Stat(path)
	ch, err = AddFile(path, File, mustEntry(t, "pieces", "", "on walking!"))
	if err != nil || !ch.Duplicate || ch.Created {
		t.Fatalf("%+v %v", ch, err)
	}
	if after, _ := os.Stat(path); !os.SameFile(before, after) {
		t.Error("a duplicate rewrote the file")
	}
}

func TestAddFileThroughALink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "shared-memory.md")
	if err := os.WriteFile(target, []byte("## Observations\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, File)
	if err := os.Symlink("shared-memory.md", link); err != nil {
		t.Skip(err)
	}
	if _, err := AddFile(link, File, mustEntry(t, "observations", "", "a")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Error("memory.md is no longer a link")
	}
	data, _ := os.ReadFile(target)
	if string(data) != "## Observations\n\n- a"+meta+"\n" {
		t.Errorf("target holds %q", data)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the file's own 0600", fi.Mode().Perm())
	}
}

func TestEditFileLeavesTheFileOnError(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, File)
	broken := []byte("## Observations\n- **k:** a\n## observations\n")
	if err := os.WriteFile(path, broken, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := AddFile(path, File, mustEntry(t, "observations", "", "b")); err == nil || !strings.HasPrefix(err.Error(), "memory.md:3:1: ") {
		t.Errorf("add: %v", err)
	}
	if _, err := RemoveFile(path, File, "k"); err == nil || !strings.HasPrefix(err.Error(), "memory.md:3:1: ") {
		t.Errorf("rm: %v", err)
	}
	if data, _ := os.ReadFile(path); !bytes.Equal(data, broken) {
		t.Errorf("the file changed: %q", data)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
	// No file: nothing to remove, and nothing made.
	os.Remove(path)
	var noKey *ErrNoKey
	if _, err := RemoveFile(path, File, "k"); !errors.As(err, &noKey) {
		t.Errorf("rm without a file: %v", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Error("rm made a file")
	}
}

func TestRemoveFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), File)
	if err := os.WriteFile(path, []byte("## Observations\r\nMine.\r\n- **k:** a\r\n- b"), 0o644); err != nil {
		t.Fatal(err)
	}
	removed, err := RemoveFile(path, File, "k")
	if err != nil || len(removed) != 1 || removed[0].Line != 3 {
		t.Fatalf("%+v %v", removed, err)
	}
	if data, _ := os.ReadFile(path); string(data) != "## Observations\r\nMine.\r\n- b" {
		t.Errorf("left %q", data)
	}
}

func TestList(t *testing.T) {
	m, err := Parse(File, []byte("## Observations\n- **k:** a (sw, 2026-01-02)\n- b\n## Pieces written\n- On walking (pieces/walking.md, 2026-01-01)\n"))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := json.NewEncoder(&out).Encode(m.List(-1)); err != nil {
		t.Fatal(err)
	}
	want := `{"sections":[{"name":"Series positioning","entries":[]},` +
		`{"name":"Pieces written","entries":[{"key":"","text":"On walking","source":"pieces/walking.md","date":"2026-01-01"}]},` +
		`{"name":"Stance and arguments","entries":[]},{"name":"Author background","entries":[]},{"name":"Likes and dislikes","entries":[]},` +
		`{"name":"Explicit requirements","entries":[]},` +
		`{"name":"Observations","entries":[{"key":"k","text":"a","source":"sw","date":"2026-01-02"},{"key":"","text":"b","source":"","date":""}]}]}` + "\n"
	if out.String() != want {
		t.Errorf("json:\n%s\nwant:\n%s", out.String(), want)
	}
	out.Reset()
	if err := m.List(6).WriteText(&out, File); err != nil {
		t.Fatal(err)
	}
	if want := "Observations\n  memory.md:2: [k] a (sw, 2026-01-02)\n  memory.md:3: b\n"; out.String() != want {
		t.Errorf("text:\n%s\nwant:\n%s", out.String(), want)
	}
	out.Reset()
	m.List(0).WriteText(&out, File)
	m.List(1).WriteText(&out, File)
	if want := "Series positioning\n  (no such section in memory.md yet)\nPieces written\n  memory.md:5: On walking (pieces/walking.md, 2026-01-01)\n"; out.String() != want {
		t.Errorf("text:\n%s\nwant:\n%s", out.String(), want)
	}
}

// TestWritersAtOnceLoseNothing: sw processes that add to memory.md at the
// same moment (a commit's hook, sw facts add) each read, change and
// replace the whole file; without a lock around that, one replace drops
// what another had just added. Each writer here opens the folder's lock
// on its own, as a process of its own would.
func TestWritersAtOnceLoseNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), File)
	if err := os.WriteFile(path, Starter(), 0o644); err != nil {
		t.Fatal(err)
	}
	const writers, each = 4, 25
	errs := make(chan error, writers*each)
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				e := mustEntry(t, "observations", fmt.Sprintf("w%d-%d", w, i), fmt.Sprintf("Fact %d of writer %d.", i, w))
				_, err := AddFile(path, File, e)
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	m, _, err := Read(path, File)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(m.Entries); n != writers*each {
		t.Errorf("%d entries after %d added at once", n, writers*each)
	}
}

// TestWritersGiveUpWhileAnotherWrites: while another sw process holds
// memory.md's folder past the wait, each writer (sw facts add, sw facts
// rm, the commit hook's update) gives up, says which file and to try
// again, and leaves the file byte for byte as it was; once the other lets
// go, the same write goes through.
func TestWritersGiveUpWhileAnotherWrites(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no folder locks there: writers do not wait (see atomicfile.LockDir)")
	}
	old := writersWait
	writersWait = 20 * time.Millisecond
	t.Cleanup(func() { writersWait = old })
	dir := t.TempDir()
	path := filepath.Join(dir, File)
	if _, err := AddFile(path, File, mustEntry(t, "observations", "k", "Kept.")); err != nil {
		t.Fatal(err)
	}
	writers := []struct {
		name  string
		write func() error
	}{
		{"add", func() error {
			_, err := AddFile(path, File, mustEntry(t, "observations", "", "Added."))
			return err
		}},
		{"rm", func() error {
			_, err := RemoveFile(path, File, "k")
			return err
		}},
		{"update", func() error {
			_, err := UpdateFile(path, File, Update{Pieces: []PieceFacts{piece("a.md", "2026-01-01", "A.")}})
			return err
		}},
	}
	for _, w := range writers {
		before, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		// The other process: an flock belongs to an open of the folder, so
		// this one, though in the test's process, stops the writer's.
		unlock, err := atomicfile.LockDir(dir, 0)
		if err != nil {
			t.Fatal(err)
		}
		err = w.write()
		want := "memory.md: another sw process is writing there; sw leaves it as it is: try again"
		if !errors.Is(err, atomicfile.ErrBusy) || err.Error() != want {
			t.Errorf("%s while another writes: %v, want %q", w.name, err, want)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
			t.Errorf("%s while another writes changed the file:\n%s", w.name, after)
		}
		unlock()
		if err := w.write(); err != nil {
			t.Errorf("%s once the other is done: %v", w.name, err)
		}
		if after, _ := os.ReadFile(path); bytes.Equal(after, before) {
			t.Errorf("%s once the other is done left the file as it was", w.name)
		}
	}
}
