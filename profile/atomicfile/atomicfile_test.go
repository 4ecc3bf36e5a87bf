package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestWriteKeepsModeAndLinks(t *testing.T) {
	dir := t.TempDir()
	in := func(name string) string { return filepath.Join(dir, name) }
	if err := os.Mkdir(in("shared"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in("shared/existing.md"), []byte("old\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, link := range []struct{ name, target string }{
		{"to-existing.md", "shared/existing.md"},
		{"dangling.md", "shared/not-yet.md"},                 // made before its target
		{"chain.md", "dangling.md"},                          // a link to a link
		{"absolute.md", filepath.Join(dir, "shared/abs.md")}, // an absolute target
		{"shared/up.md", "../shared/up-target.md"},           // relative to the link's own folder
	} {
		if err := os.Symlink(link.target, in(link.name)); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		path, file string
		mode       os.FileMode
	}{
		{"new.md", "new.md", 0o644},
		{"to-existing.md", "shared/existing.md", 0o600},
		{"dangling.md", "shared/not-yet.md", 0o644},
		{"chain.md", "shared/not-yet.md", 0o644},
		{"absolute.md", "shared/abs.md", 0o644},
		{"shared/up.md", "shared/up-target.md", 0o644},
	} {
		data := []byte("written through " + tc.path + "\n")
		if err := Write(in(tc.path), data, 0o644); err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		got, err := os.ReadFile(in(tc.file))
		if err != nil || string(got) != string(data) {
			t.Errorf("%s: %s holds %q (%v)", tc.path, tc.file, got, err)
		}
		if fi, err := os.Stat(in(tc.file)); err == nil && fi.Mode().Perm() != tc.mode {
			t.Errorf("%s: %s mode %v, want %v", tc.path, tc.file, fi.Mode().Perm(), tc.mode)
		}
		if fi, _ := os.Lstat(in(tc.path)); tc.path != tc.file && fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s: the link was replaced by a file", tc.path)
		}
	}
}

func TestWriteRefusesALinkLoop(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.md"), filepath.Join(dir, "b.md")
	os.Symlink("b.md", a)
	os.Symlink("a.md", b)
	if err := Write(a, []byte("x"), 0o644); err == nil {
		t.Fatal("no error for a loop of links")
	}
	for _, p := range []string{a, b} {
		if fi, err := os.Lstat(p); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s changed", p)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("left behind: %v", ents)
	}
}

// TestWriteOverKeepsAChangeMadeMeanwhile: the file as the caller saw it is
// replaced; one changed or created since is left alone, with no temporary
// file behind.
func TestWriteOverKeepsAChangeMadeMeanwhile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "CLAUDE.md")
	stat := func() os.FileInfo {
		fi, err := os.Stat(path)
		if err != nil {
			return nil
		}
		return fi
	}
	// No file then, none now: written.
	if err := WriteOver(path, []byte("one\n"), 0o644, stat()); err != nil {
		t.Fatal(err)
	}
	// As seen: written.
	if err := WriteOver(path, []byte("two\n"), 0o644, stat()); err != nil {
		t.Fatal(err)
	}
	for name, change := range map[string]func(){
		"saved again": func() { os.WriteFile(path, []byte("the person's\n"), 0o644) },
		"same size, later": func() {
			os.WriteFile(path, []byte("wxyz\n"), 0o644)
			later := time.Now().Add(time.Minute)
			os.Chtimes(path, later, later)
		},
		"replaced by rename": func() {
			os.WriteFile(path+".new", []byte("abcd\n"), 0o644)
			os.Rename(path+".new", path)
		},
	} {
		seen := stat()
		change()
		before, _ := os.ReadFile(path)
		if err := WriteOver(path, []byte("sw's\n"), 0o644, seen); !errors.Is(err, ErrChanged) {
			t.Errorf("%s: err = %v, want ErrChanged", name, err)
		}
		if after, _ := os.ReadFile(path); string(after) != string(before) {
			t.Errorf("%s: the change was overwritten: %q", name, after)
		}
	}
	os.Remove(path)
	seen := stat()
	os.WriteFile(path, []byte("made meanwhile\n"), 0o644)
	if err := WriteOver(path, []byte("sw's\n"), 0o644, seen); !errors.Is(err, ErrChanged) {
		t.Errorf("a file made meanwhile: err = %v", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("left behind: %v", ents)
	}
}

// TestWriteRefusesAReadOnlyFile: a file its owner cannot write is left as
// it is, with no temporary file behind.
func TestWriteRefusesAReadOnlyFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "profile_feedback.json")
	if err := os.WriteFile(path, []byte("mine\n"), 0o444); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("sw's\n"), 0o644); err == nil {
		t.Fatal("a read-only file was written")
	}
	if got, _ := os.ReadFile(path); string(got) != "mine\n" {
		t.Errorf("changed to %q", got)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("left behind: %v", ents)
	}
}

// TestOpenForWritingSeesAnEditorMidSave: a file truncated and not yet
// closed by its writer is open for writing; closed, it is not.
func TestOpenForWritingSeesAnEditorMidSave(t *testing.T) {
	path := filepath.Join(t.TempDir(), "CLAUDE.md")
	if err := os.WriteFile(path, []byte("rules\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if writing, known := openForWriting(f); !known {
		t.Skip("this system does not say whether a file is open for writing")
	} else if writing {
		t.Fatal("open for writing before anyone opened it")
	}
	editor, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		t.Fatal(err)
	}
	if writing, _ := openForWriting(f); !writing {
		t.Error("an editor mid-save is not seen")
	}
	editor.Close()
	if writing, _ := openForWriting(f); writing {
		t.Error("still open for writing after the editor closed it")
	}
}

// TestWriteOverPutsBackASaveThatWentToTheOldFile: an editor that opened
// the file just before sw's rename writes into the file sw replaced; its
// bytes are put back once it is done, and the caller told to read again.
func TestWriteOverPutsBackASaveThatWentToTheOldFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "CLAUDE.md")
	if err := os.WriteFile(path, []byte("old rules\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	seen, _ := os.Stat(path)
	editor, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, known := openForWriting(editor); !known {
		t.Skip("this system does not say whether a file is open for writing")
	}
	// The editor opens the file between sw's last look and its rename:
	// sw sees no writer until the rename is done.
	probes := 0
	defer func(was func(*os.File) (bool, bool)) { probeWriters = was }(probeWriters)
	probeWriters = func(f *os.File) (bool, bool) {
		if probes++; probes <= 2 {
			return false, true
		}
		return openForWriting(f)
	}
	saved := make(chan struct{})
	go func() {
		defer close(saved)
		time.Sleep(20 * time.Millisecond)
		editor.Write([]byte("new rules, saved in place\n"))
		editor.Close()
	}()
	err = WriteOver(path, []byte("old rules\nsw's block\n"), 0o644, seen)
	<-saved
	if !errors.Is(err, ErrChanged) {
		t.Errorf("err = %v, want ErrChanged", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "new rules, saved in place\n" {
		t.Errorf("the file holds %q, not the editor's save", got)
	}
	if ents, _ := os.ReadDir(filepath.Dir(path)); len(ents) != 1 {
		t.Errorf("left behind: %v", ents)
	}
}

// TestWriteOverWaitsForARecentChangeWhereWritersAreUnknown: where the
// system cannot say who writes a file, one changed less than Quiet ago
// is left to settle first; changed meanwhile, it is not replaced.
func TestWriteOverWaitsForARecentChangeWhereWritersAreUnknown(t *testing.T) {
	defer func(was func(*os.File) (bool, bool), quiet time.Duration) {
		probeWriters, Quiet = was, quiet
	}(probeWriters, Quiet)
	probeWriters = func(*os.File) (bool, bool) { return false, false }
	Quiet = 100 * time.Millisecond
	path := filepath.Join(t.TempDir(), "CLAUDE.md")
	if err := os.WriteFile(path, []byte("rules\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	seen, _ := os.Stat(path)
	go func() {
		time.Sleep(30 * time.Millisecond)
		os.WriteFile(path, []byte("rules, saved again\n"), 0o644)
	}()
	start := time.Now()
	if err := WriteOver(path, []byte("sw's\n"), 0o644, seen); !errors.Is(err, ErrChanged) {
		t.Errorf("err = %v, want ErrChanged", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "rules, saved again\n" {
		t.Errorf("the file holds %q", got)
	}
	// Settled now: written.
	longAgo := start.Add(-time.Hour)
	os.Chtimes(path, longAgo, longAgo)
	seen, _ = os.Stat(path)
	if err := WriteOver(path, []byte("sw's\n"), 0o644, seen); err != nil {
		t.Fatal(err)
	}
}
