package confine

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestPath: links that stay inside the collection are followed, to a
// file not made yet too; links that leave it, or enter .git, are refused,
// however they get there (a link to a link, a linked folder, ..).
func TestPath(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "coll")
	for _, d := range []string{"coll/docs/sub", "coll/.git", "outside"} {
		if err := os.MkdirAll(filepath.Join(base, d), 0o777); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"coll/plain.md", "coll/docs/rules.md", "outside/global.md"} {
		if err := os.WriteFile(filepath.Join(base, f), []byte("x\n"), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		"coll/in.md":          "docs/rules.md",
		"coll/in-abs.md":      filepath.Join(root, "docs/rules.md"),
		"coll/chain.md":       "in.md",
		"coll/later.md":       "docs/not-yet.md",
		"coll/out.md":         "../outside/global.md",
		"coll/out-abs.md":     filepath.Join(base, "outside/global.md"),
		"coll/out-later.md":   "../outside/not-yet.md",
		"coll/out-chain.md":   "out.md",
		"coll/git.md":         ".git/config",
		"coll/dotdot.md":      "docs/../../outside/global.md",
		"coll/linked":         "../outside",
		"coll/docs/up.md":     "../plain.md",
		"coll/loop-a.md":      "loop-b.md",
		"coll/loop-b.md":      "loop-a.md",
		"coll/dev.md":         "/dev/null",
		"coll/docs/in-dir.md": "../linked/global.md",
		"coll/sub":            "docs/sub",
		"coll/docs/sub/up.md": "../rules.md",
		"alias":               "coll",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(base, name)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	tests := []struct {
		path    string
		want    string // relative to root; "" when refused
		outside bool
		intoGit bool
	}{
		{"plain.md", "plain.md", false, false},
		{"missing.md", "missing.md", false, false},
		{"in.md", "docs/rules.md", false, false},
		{"in-abs.md", "docs/rules.md", false, false},
		{"chain.md", "docs/rules.md", false, false},
		{"later.md", "docs/not-yet.md", false, false},
		{"docs/up.md", "plain.md", false, false},
		{"new/folder/file.md", "new/folder/file.md", false, false},
		{"sub/up.md", "docs/rules.md", false, false}, // .. from where sub leads
		{"out.md", "", true, false},
		{"out-abs.md", "", true, false},
		{"out-later.md", "", true, false},
		{"out-chain.md", "", true, false},
		{"dotdot.md", "", true, false},
		{"linked/global.md", "", true, false},
		{"linked/new.md", "", true, false},
		{"docs/in-dir.md", "", true, false},
		{"dev.md", "", true, false},
		{"git.md", "", true, true},
		{".git/config", "", true, true},
		{"loop-a.md", "", false, false},
	}
	realRoot, _ := filepath.EvalSymlinks(root)
	for _, tt := range tests {
		got, err := Path(root, filepath.Join(root, tt.path), tt.path)
		var outside *OutsideError
		isOutside := errors.As(err, &outside)
		switch {
		case tt.want != "":
			if want := filepath.Join(realRoot, tt.want); err != nil || got != want {
				t.Errorf("Path(%s) = %q, %v; want %q", tt.path, got, err, want)
			}
		case tt.outside:
			if !isOutside || outside.IntoGit != tt.intoGit || outside.Name != tt.path {
				t.Errorf("Path(%s) = %q, %v; want it refused (into git: %v)", tt.path, got, err, tt.intoGit)
			}
		default:
			if err == nil || isOutside {
				t.Errorf("Path(%s) = %q, %v; want an error", tt.path, got, err)
			}
		}
	}
	// The collection named through a link to it, in root or in path.
	alias := filepath.Join(base, "alias")
	want := filepath.Join(realRoot, "docs/rules.md")
	for _, p := range [][2]string{{alias, filepath.Join(root, "in.md")}, {root, filepath.Join(alias, "in.md")}} {
		if got, err := Path(p[0], p[1], "in.md"); err != nil || got != want {
			t.Errorf("Path(%s, %s) = %q, %v; want %q", p[0], p[1], got, err, want)
		}
	}
}

// TestReadFileOnlyRegular: a device, a named pipe (with no writer: the
// open itself must not wait) and a folder are refused at once.
func TestReadFileOnlyRegular(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.md")
	os.WriteFile(plain, []byte("text\n"), 0o666)
	if data, err := ReadFile(plain); err != nil || string(data) != "text\n" {
		t.Errorf("a plain file: %q, %v", data, err)
	}
	if _, err := ReadFile(filepath.Join(dir, "missing.md")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v, want it not to exist", err)
	}
	refused := map[string]string{dir: "a folder"}
	if _, err := os.Stat("/dev/zero"); err == nil {
		refused["/dev/zero"] = "a device"
	}
	if pipe := filepath.Join(dir, "pipe.md"); mkfifo(pipe) == nil {
		refused[pipe] = "a named pipe"
	}
	for path, kind := range refused {
		_, err := ReadFile(path)
		var nr *NotRegularError
		if !errors.As(err, &nr) || nr.Describe() != kind+", not a regular file; sw reads only regular files" {
			t.Errorf("ReadFile(%s) = %v; want it refused as %s", path, err, kind)
		}
	}
	// Read, through the collection's root, refuses them too, naming the file.
	for name, kind := range map[string]string{".": "a folder", "pipe.md": "a named pipe"} {
		if _, ok := refused[filepath.Join(dir, name)]; !ok && name != "." {
			continue
		}
		_, err := Read(dir, filepath.Join(dir, name), name)
		var nr *NotRegularError
		if !errors.As(err, &nr) || err.Error() != name+" is "+kind+", not a regular file; sw reads only regular files" {
			t.Errorf("Read(%s) = %v; want it refused as %s", name, err, kind)
		}
	}
}

// TestReadWithALimit: a file within the limit reads whole; past it,
// ReadFileUpTo refuses it with its size and ReadStart gives its first
// bytes; an empty file reads as empty either way.
func TestReadWithALimit(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		text      string
		limit     int64
		upTo      string // "" when refused
		tooLarge  int64
		startRead string
	}{
		{"", 4, "", 0, ""},
		{"abcd", 4, "abcd", 0, "abcd"},
		{"abcde", 4, "", 5, "abcd"},
		{"abcdefghij", 0, "", 10, ""},
	} {
		name := "piece.md"
		os.WriteFile(filepath.Join(dir, name), []byte(tc.text), 0o666)
		data, err := ReadFileUpTo(filepath.Join(dir, name), tc.limit)
		var tl *TooLargeError
		switch {
		case tc.tooLarge > 0 && (!errors.As(err, &tl) || tl.Size != tc.tooLarge || data != nil):
			t.Errorf("ReadFileUpTo(%q, %d) = %q, %v; want it refused at %d bytes", tc.text, tc.limit, data, err, tc.tooLarge)
		case tc.tooLarge == 0 && (err != nil || string(data) != tc.upTo || data == nil):
			t.Errorf("ReadFileUpTo(%q, %d) = %q, %v; want %q", tc.text, tc.limit, data, err, tc.upTo)
		}
		if data, err := ReadStart(dir, filepath.Join(dir, name), name, tc.limit); err != nil || string(data) != tc.startRead {
			t.Errorf("ReadStart(%q, %d) = %q, %v; want %q", tc.text, tc.limit, data, err, tc.startRead)
		}
	}
}

// TestReadStaysInsideShouldALinkBeSwappedIn: Read opens the file Path
// found through the collection's os.Root, so a file made a link out after
// that look (here: never looked at) still is not read.
func TestReadStaysInsideShouldALinkBeSwappedIn(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "coll")
	os.MkdirAll(root, 0o777)
	os.WriteFile(filepath.Join(base, "secret.md"), []byte("x\n"), 0o666)
	if err := os.Symlink("../secret.md", filepath.Join(root, "swapped.md")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	f, _, err := find(root, root, ".")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if data, err := readFile(f.OpenFile, "swapped.md", "swapped.md", -1, false); err == nil {
		t.Errorf("read %q from outside the collection", data)
	}
}
