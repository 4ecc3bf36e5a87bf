package gitrepo

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"time"
	"unsafe"

	"sw/profile/quickread"
)

// The index (the staging area) is read in process, versions 2 to 4. Two
// setups are not read: a split index (core.splitIndex) keeps entries in a
// second file, and a sparse index stores whole folders as single entries.
// For those, index.unsupported says why and callers fall back to git.

type indexEntry struct {
	path           string
	mode           uint32
	hash           Hash
	ctime, mtime   [2]uint32 // seconds, nanoseconds
	dev, ino       uint32
	uid, gid, size uint32
	stage          uint8
	assumeValid    bool // git update-index --assume-unchanged
	skipWorktree   bool // sparse checkout, --skip-worktree
	intentToAdd    bool // git add -N
}

type index struct {
	entries     []indexEntry // sorted by path, then stage
	mtime       time.Time    // of the index file, for the racy-git check
	rootTree    Hash         // cache-tree's root, when valid
	rootValid   bool
	cacheTree   []byte // the cache-tree extension, as read
	unsupported string
}

// readIndex reads this worktree's index. A missing index is an empty one
// (a new repository).
func (r *Repo) readIndex() (*index, error) {
	path := filepath.Join(r.GitDir, "index")
	data, mtime, err := quickread.ReadFileModTime(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &index{}, nil
	}
	if err != nil {
		return nil, err
	}
	idx, err := parseIndex(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	idx.mtime = mtime
	return idx, nil
}

// parseIndex reads an index file's bytes, which become the index's: its
// paths share them.
func parseIndex(data []byte) (*index, error) {
	if len(data) < 12+20 || string(data[:4]) != "DIRC" {
		return nil, errors.New("not a git index")
	}
	version := binary.BigEndian.Uint32(data[4:])
	if version < 2 || version > 4 {
		return &index{unsupported: fmt.Sprintf("index version %d", version)}, nil
	}
	count := binary.BigEndian.Uint32(data[8:])
	body := data[:len(data)-20] // the trailing checksum
	// Every entry takes at least 62 bytes: a count the file cannot hold
	// is corruption, not a reason to reserve gigabytes (nor, where int is
	// 32 bits, a negative size).
	if uint64(count) > uint64(len(body)/62) {
		return nil, errors.New("corrupt index: more entries than the file holds")
	}
	idx := &index{entries: make([]indexEntry, 0, count)}
	pos := 12
	prev := ""
	bad := errors.New("corrupt index entry")
	for range count {
		if pos+62 > len(body) {
			return nil, bad
		}
		b := body[pos:]
		u := func(off int) uint32 { return binary.BigEndian.Uint32(b[off:]) }
		e := indexEntry{
			ctime: [2]uint32{u(0), u(4)},
			mtime: [2]uint32{u(8), u(12)},
			dev:   u(16), ino: u(20), mode: u(24), uid: u(28), gid: u(32), size: u(36),
		}
		copy(e.hash[:], b[40:60])
		flags := binary.BigEndian.Uint16(b[60:])
		e.assumeValid = flags&0x8000 != 0
		e.stage = uint8(flags>>12) & 3
		n := 62
		if flags&0x4000 != 0 {
			if version < 3 || len(b) < 64 {
				return nil, bad
			}
			ext := binary.BigEndian.Uint16(b[62:])
			e.skipWorktree = ext&0x4000 != 0
			e.intentToAdd = ext&0x2000 != 0
			n = 64
		}
		if version == 4 {
			// The name is the previous one minus a count of trailing
			// bytes, plus a NUL-terminated suffix; no padding.
			strip, used := binary.Uvarint(b[n:])
			if used <= 0 || strip > uint64(len(prev)) {
				return nil, bad
			}
			n += used
			nul := bytes.IndexByte(b[n:], 0)
			if nul < 0 {
				return nil, bad
			}
			e.path = prev[:len(prev)-int(strip)] + string(b[n:n+nul])
			pos += n + nul + 1
		} else {
			nul := bytes.IndexByte(b[n:], 0)
			if nul < 0 {
				return nil, bad
			}
			e.path = unsafe.String(&b[n], nul) // data is the index's, never written again
			pos += (n + nul + 8) &^ 7
		}
		if e.mode&0o170000 == 0o040000 {
			return &index{unsupported: "a sparse index"}, nil
		}
		prev = e.path
		idx.entries = append(idx.entries, e)
	}
	for pos+8 <= len(body) {
		sig := string(body[pos : pos+4])
		size := int(binary.BigEndian.Uint32(body[pos+4:]))
		pos += 8
		if size < 0 || pos+size > len(body) {
			return nil, errors.New("corrupt index extension")
		}
		ext := body[pos : pos+size]
		pos += size
		switch sig {
		case "link":
			return &index{unsupported: "a split index"}, nil
		case "sdir":
			return &index{unsupported: "a sparse index"}, nil
		case "TREE":
			idx.cacheTree = ext
			idx.rootTree, idx.rootValid = cacheTreeRoot(ext)
		}
	}
	return idx, nil
}

// cacheTreeRoot reads the first record of the cache-tree extension, the
// top folder's: "<path>\x00<entry count> <subtrees>\n<object name>", where a
// negative count marks a tree invalidated by a later change to the index.
// A valid root equal to HEAD's tree proves nothing is staged.
func cacheTreeRoot(ext []byte) (Hash, bool) {
	nul := bytes.IndexByte(ext, 0)
	if nul != 0 { // the root's path is empty
		return Hash{}, false
	}
	nl := bytes.IndexByte(ext, '\n')
	if nl < 0 {
		return Hash{}, false
	}
	countText, _, _ := bytes.Cut(ext[1:nl], []byte{' '})
	count, err := strconv.Atoi(string(countText))
	if err != nil || count < 0 || len(ext) < nl+1+20 {
		return Hash{}, false
	}
	var h Hash
	copy(h[:], ext[nl+1:nl+21])
	return h, true
}

// find returns the entry for path (its lowest stage), if tracked.
func (idx *index) find(path string) (*indexEntry, bool) {
	i := sort.Search(len(idx.entries), func(i int) bool { return idx.entries[i].path >= path })
	if i < len(idx.entries) && idx.entries[i].path == path {
		return &idx.entries[i], true
	}
	return nil, false
}

// hasUnder reports whether any tracked path lies below the folder dir.
func (idx *index) hasUnder(dir string) bool {
	prefix := dir + "/"
	i := sort.Search(len(idx.entries), func(i int) bool { return idx.entries[i].path >= prefix })
	return i < len(idx.entries) && len(idx.entries[i].path) > len(prefix) &&
		idx.entries[i].path[:len(prefix)] == prefix
}
