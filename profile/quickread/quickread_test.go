package quickread

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestReadFileMatchesOS(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []int{0, 1, 41, 511, 512, 513, 4096, 100_000} {
		path := filepath.Join(dir, "f")
		want := bytes.Repeat([]byte("abcdefghij"), size/10+1)[:size]
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadFile(path)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("size %d: got %d bytes, %v", size, len(got), err)
		}
	}
}

// Files whose size stat does not tell (those under /proc) are read whole.
func TestReadFileOfUnknownSize(t *testing.T) {
	want, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc here")
	}
	got, err := ReadFile("/proc/self/status")
	if err != nil || len(got) < len(want)/2 || !bytes.HasPrefix(got, []byte("Name:")) {
		t.Fatalf("got %q, %v", got, err)
	}
}

func TestErrorsNameThePathAndMatchFSErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing")
	_, err := ReadFile(missing)
	var pe *fs.PathError
	if !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &pe) || pe.Path != missing {
		t.Fatalf("got %v", err)
	}
}

func TestOpenReadsAFolder(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a"), nil, 0o644)
	f, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	names, err := f.Readdirnames(-1)
	if err != nil || len(names) != 1 || names[0] != "a" {
		t.Fatalf("got %v, %v", names, err)
	}
	if _, err := ReadFile(dir); err == nil {
		t.Fatal("reading a folder as a file did not fail")
	}
}

func BenchmarkReadFile(b *testing.B) {
	path := filepath.Join(b.TempDir(), "ref")
	os.WriteFile(path, []byte("0123456789012345678901234567890123456789\n"), 0o644)
	b.Run("quickread", func(b *testing.B) {
		for b.Loop() {
			if _, err := ReadFile(path); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("os", func(b *testing.B) {
		for b.Loop() {
			if _, err := os.ReadFile(path); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func TestReadDirMatchesOS(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"b", "a", "c.lock", "0"} {
		os.WriteFile(filepath.Join(dir, name), nil, 0o644)
	}
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	want, _ := os.ReadDir(dir)
	got, err := ReadDir(dir)
	if err != nil || len(got) != len(want) {
		t.Fatalf("got %v, %v", got, err)
	}
	for i := range want {
		if got[i].Name() != want[i].Name() || got[i].IsDir() != want[i].IsDir() {
			t.Fatalf("entry %d: got %s, want %s", i, got[i].Name(), want[i].Name())
		}
	}
	if _, err := ReadDir(filepath.Join(dir, "none")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a missing folder: %v", err)
	}
}

func TestReadFileModTimeMatchesOS(t *testing.T) {
	path := filepath.Join(t.TempDir(), "index")
	if err := os.WriteFile(path, []byte("DIRC"), 0o644); err != nil {
		t.Fatal(err)
	}
	when := time.Date(2026, 11, 30, 12, 0, 0, 123456789, time.UTC)
	if err := os.Chtimes(path, when, when); err != nil {
		t.Fatal(err)
	}
	data, mtime, err := ReadFileModTime(path)
	if err != nil || string(data) != "DIRC" || !mtime.Equal(when) {
		t.Errorf("got %q, %v, %v; want DIRC at %v", data, mtime, err, when)
	}
	if _, _, err := ReadFileModTime(filepath.Join(t.TempDir(), "none")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}
