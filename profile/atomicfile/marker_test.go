//go:build unix

package atomicfile

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// markerWriterEnv names the folder of markers a child copy of the test
// binary writes in (see TestMarkerOfAKilledWriter).
const markerWriterEnv = "SW_ATOMICFILE_MARKER_WRITER"

// TestMarkerOfAKilledWriter: a writer's marker, while it runs, is no
// interruption; once the writer is killed, however abruptly, Interrupted
// finds it with the folders it wrote temporary files in, and Clear takes
// it and its folder away. A writer that ends well leaves nothing.
func TestMarkerOfAKilledWriter(t *testing.T) {
	if dir := os.Getenv(markerWriterEnv); dir != "" {
		writeUntilKilled(dir)
		return
	}
	busy := filepath.Join(t.TempDir(), "busy")
	if Interrupted(busy) != nil {
		t.Fatal("no folder of markers, yet something interrupted")
	}
	writer := exec.Command(os.Args[0], "-test.run=^TestMarkerOfAKilledWriter$", "-test.count=1")
	writer.Env = append(os.Environ(), markerWriterEnv+"="+busy)
	out, err := writer.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := writer.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	if err := writer.Start(); err != nil {
		t.Fatal(err)
	}
	defer writer.Wait()
	defer writer.Process.Kill()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	if Interrupted(busy) != nil {
		t.Fatal("a writer that runs counted as interrupted")
	}
	writer.Process.Kill()
	writer.Wait()
	left := Interrupted(busy)
	if left == nil || !slices.Contains(left.Kinds, "write") || !slices.Equal(left.Folders, []string{line[:len(line)-1]}) {
		t.Fatalf("after the writer was killed: %+v, want its marker naming %q", left, line)
	}
	left.Clear()
	if _, err := os.Stat(busy); !os.IsNotExist(err) {
		t.Errorf("the folder of markers stays after Clear: %v", err)
	}

	m, err := Begin(busy, "accept")
	if err != nil {
		t.Fatal(err)
	}
	m.End()
	if _, err := os.Stat(busy); !os.IsNotExist(err) {
		t.Errorf("a writer that ended well left its marker: %v", err)
	}
}

// writeUntilKilled is the child's side: it makes a temporary file, as
// every writer of sw does, says in which folder, and waits to be killed.
func writeUntilKilled(busy string) {
	Watch(busy)
	dir := filepath.Join(filepath.Dir(busy), "notes") // in the test's own folder, which goes with it
	os.MkdirAll(dir, 0o777)
	f, err := CreateTemp(dir, "memory.md")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	os.Stdout.WriteString(dir + "\n")
	io.Copy(io.Discard, os.Stdin)
}
