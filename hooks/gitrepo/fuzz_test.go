package gitrepo

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Git's objects, deltas and configuration are files any tool may have
// written, and sw reads them inside people's commits: whatever the bytes,
// a reader returns an answer or an error, never a crash. Each target feeds
// one reader and checks what it can of the answer.

// FuzzParseObjects reads bytes as a commit, a commit's ancestry node, a
// commit message's trailers and a tree. A tree that parses encodes back to
// bytes that parse to the same entries.
func FuzzParseObjects(f *testing.F) {
	dir := f.TempDir()
	git(f, dir, "init", "-q")
	writeFile(f, dir, "a b/c.md", "one")
	writeFile(f, dir, "d.md", "two")
	git(f, dir, "add", "-A")
	git(f, dir, "commit", "-q", "-m", "Finish c\n\nBody.\n\nSw-Batch: 3\nCo-Authored-By: A <a@example.com>")
	for _, obj := range []string{"HEAD", "HEAD^{tree}", "HEAD:a b"} {
		f.Add([]byte(git(f, dir, "cat-file", "-p", obj)))
		raw := git(f, dir, "cat-file", typeOf(f, dir, obj), obj)
		f.Add([]byte(raw))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		parseCommit(data)
		parseNode(data)
		parseTrailers(string(data))
		ents, err := parseTree(data)
		if err != nil {
			return
		}
		again, err := parseTree(encodeTree(ents))
		if err != nil || !slices.Equal(again, ents) {
			t.Fatalf("tree %q: entries %v encode to %v, %v", data, ents, again, err)
		}
	})
}

func typeOf(t testing.TB, dir, obj string) string {
	return strings.TrimSpace(git(t, dir, "cat-file", "-t", obj))
}

// FuzzApplyDelta applies arbitrary deltas to arbitrary bases. A delta that
// applies yields exactly the size it declares, which is also what a packed
// object says it is.
func FuzzApplyDelta(f *testing.F) {
	base := []byte("hello world")
	// source size 11, result size 8: copy 5 bytes from offset 0, insert "abc"
	f.Add(base, []byte{11, 8, 0x90, 5, 3, 'a', 'b', 'c'})
	// a copy of 0x10000 bytes (size bits all zero) from a short base
	f.Add(base, []byte{11, 0x80, 0x80, 0x04, 0x80})
	f.Add([]byte{}, []byte{0, 0})
	// a copy from offset 0xff000000: past any base, and negative where int
	// is 32 bits
	f.Add(base, []byte{11, 5, 0x98, 0xff, 5})
	f.Fuzz(func(t *testing.T, base, delta []byte) {
		out, err := applyDelta(base, delta)
		if err != nil {
			return
		}
		size, used := uvarintOf(delta)
		if used == 0 {
			t.Fatalf("delta %x applied without a source size", delta)
		}
		if dst, n := uvarintOf(delta[used:]); n == 0 || uint64(len(out)) != dst {
			t.Fatalf("delta %x (source %d) gave %d bytes, declared %d", delta, size, len(out), dst)
		}
	})
}

// uvarintOf reads a delta header's size: seven bits a byte, low first.
func uvarintOf(b []byte) (uint64, int) {
	var v uint64
	for i, c := range b {
		if i == 9 {
			return 0, 0
		}
		v |= uint64(c&0x7f) << (7 * i)
		if c&0x80 == 0 {
			return v, i + 1
		}
	}
	return 0, 0
}

// FuzzParseConfig reads bytes as a git configuration file. Includes are
// not followed (the reader is at its nesting limit), so no other file is
// read; includeIf conditions are still evaluated. Every key that parsed
// answers get with the last of its values.
func FuzzParseConfig(f *testing.F) {
	for _, s := range []string{
		"[core]\n\tbare = false\n\tfilemode\n[branch \"main\"]\n\tremote = origin\n\tmerge = refs/heads/main\n",
		"[init] defaultBranch = \"trunk\" ; comment\n[user]\n\tname = A \\\"B\\\" \\\n C\n",
		"[includeIf \"gitdir:~/work/**\"]\n\tpath = other\n[includeIf \"onbranch:feat/*\"]\n\tpath = x\n[include]\n\tpath = y\n",
		"[Section.Sub]\nKey=1\n[section \"a\\\\b\"]\nk = \"tab\\there\"\n",
	} {
		f.Add([]byte(s))
	}
	home := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		t.Setenv("HOME", home)
		cr := &configReader{
			cfg:    &config{},
			gitDir: filepath.Join(home, "work", "repo", ".git"),
			branch: func() (string, bool) { return "feat/x", true },
			depth:  10,
		}
		if err := cr.parse(filepath.Join(home, "config"), data); err != nil {
			return
		}
		for key, vals := range cr.cfg.vals {
			if len(vals) == 0 {
				continue
			}
			if v, ok := cr.cfg.get(key); !ok || v != vals[len(vals)-1] {
				t.Fatalf("config %q: get(%q) = %q, %v; values %q", data, key, v, ok, vals)
			}
			cr.cfg.boolean(key, false)
		}
	})
}
