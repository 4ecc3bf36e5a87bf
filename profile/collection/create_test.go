package collection

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// standIn replaces *v with stand for the rest of the test.
func standIn[T any](t *testing.T, v *T, stand T) {
	old := *v
	*v = stand
	t.Cleanup(func() { *v = old })
}

// noHardLinks makes linkFile fail as a file system without hard links
// does, with errno.
func noHardLinks(t *testing.T, errno syscall.Errno) {
	standIn(t, &linkFile, func(oldname, newname string) error {
		return &os.LinkError{Op: "link", Old: oldname, New: newname, Err: errno}
	})
}

// onlyFile gives the one file in dir, failing when there are others, such
// as a temporary file left behind.
func onlyFile(t *testing.T, dir string) string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Fatalf("%s holds %d entries, want 1: %v", dir, len(entries), entries)
	}
	return entries[0].Name()
}

// Where the file system makes no hard links, the starter file is made all
// the same, with nothing else left beside it.
func TestCreateNewWithoutHardLinks(t *testing.T) {
	for name, errno := range map[string]syscall.Errno{
		"EPERM": syscall.EPERM, "ENOTSUP": syscall.ENOTSUP, "EOPNOTSUPP": syscall.EOPNOTSUPP,
		"ENOSYS": syscall.ENOSYS, "EXDEV": syscall.EXDEV, "EMLINK": syscall.EMLINK,
	} {
		t.Run(name, func(t *testing.T) {
			noHardLinks(t, errno)
			dir := t.TempDir()
			path := filepath.Join(dir, "memory.md")
			if err := createNew(path, []byte("# Memory\n")); err != nil {
				t.Fatalf("createNew: %v", err)
			}
			if got, err := os.ReadFile(path); err != nil || string(got) != "# Memory\n" {
				t.Errorf("made %q, %v", got, err)
			}
			if name := onlyFile(t, dir); name != "memory.md" {
				t.Errorf("left %s", name)
			}
		})
	}
}

// A name taken between the check and the fallback's create is still never
// replaced.
func TestCreateNewWithoutHardLinksKeepsAFileMadeMeanwhile(t *testing.T) {
	standIn(t, &linkFile, func(oldname, newname string) error {
		if err := os.WriteFile(newname, []byte("the writer's\n"), 0o644); err != nil {
			return err
		}
		return &os.LinkError{Op: "link", Old: oldname, New: newname, Err: syscall.EPERM}
	})
	dir := t.TempDir()
	path := filepath.Join(dir, "memory.md")
	if err := createNew(path, []byte("# Memory\n")); !errors.Is(err, fs.ErrExist) {
		t.Errorf("createNew = %v, want fs.ErrExist", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "the writer's\n" {
		t.Errorf("the file made meanwhile now holds %q", got)
	}
	onlyFile(t, dir)
}

// A file the fallback could not write is removed, so that no half-made
// starter file is later taken for one already there.
func TestCreateNewWithoutHardLinksRemovesAFileNotWritten(t *testing.T) {
	noHardLinks(t, syscall.EPERM)
	standIn(t, &openExclusive, func(path string) (*os.File, error) {
		return os.OpenFile(path, os.O_RDONLY|os.O_CREATE|os.O_EXCL, 0o644) // every write fails
	})
	dir := t.TempDir()
	path := filepath.Join(dir, "memory.md")
	if err := createNew(path, []byte("# Memory\n")); err == nil {
		t.Fatal("createNew wrote to a file that cannot be written")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left %v", entries)
	}
}

// A link refused for another reason is the answer, not a cue to write
// the file some other way.
func TestCreateNewLinkRefused(t *testing.T) {
	noHardLinks(t, syscall.EACCES)
	dir := t.TempDir()
	path := filepath.Join(dir, "memory.md")
	if err := createNew(path, []byte("# Memory\n")); !errors.Is(err, syscall.EACCES) {
		t.Errorf("createNew = %v, want EACCES", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left %v", entries)
	}
}
