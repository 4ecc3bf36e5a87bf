package quickread

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestReadDirInfoMatchesOS holds each entry's information to what os.Lstat
// says of it: files, a folder, a symlink, a file with unusual permission
// bits, so a stamp built from either is the same.
func TestReadDirInfoMatchesOS(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"b.yaml": "rule: b\n", "a.yaml": "", "c": "longer contents"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Chmod(filepath.Join(dir, "c"), fs.ModeSetuid|fs.ModeSticky|0o751)
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	if err := os.Symlink("a.yaml", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	got, err := ReadDirInfo(dir)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadDir(dir)
	if len(got) != len(want) {
		t.Fatalf("%d entries, want %d", len(got), len(want))
	}
	for i, de := range want {
		w, err := os.Lstat(filepath.Join(dir, de.Name()))
		if err != nil {
			t.Fatal(err)
		}
		g := got[i]
		if g.Name() != w.Name() || g.Size() != w.Size() || g.Mode() != w.Mode() || !g.ModTime().Equal(w.ModTime()) || g.IsDir() != w.IsDir() {
			t.Errorf("%s: got %s %d %v %v, os.Lstat %s %d %v %v", de.Name(),
				g.Name(), g.Size(), g.Mode(), g.ModTime(), w.Name(), w.Size(), w.Mode(), w.ModTime())
		}
		if gs, ws := sysFields(t, g), sysFields(t, w); gs != ws {
			t.Errorf("%s: Sys %s, os.Lstat's %s", de.Name(), gs, ws)
		}
	}
	if _, err := ReadDirInfo(filepath.Join(dir, "none")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a missing folder: %v", err)
	}
}

// sysFields is what a reader of Sys may use: every field of the stat
// call's answer but the padding and, on 32-bit systems, the truncated
// legacy inode.
func sysFields(t *testing.T, fi fs.FileInfo) string {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		t.Fatalf("%s: Sys is %T", fi.Name(), fi.Sys())
	}
	return fmt.Sprint(st.Dev, st.Ino, st.Nlink, st.Mode, st.Uid, st.Gid, st.Rdev, st.Size,
		st.Blksize, st.Blocks, st.Atim, st.Mtim, st.Ctim)
}
