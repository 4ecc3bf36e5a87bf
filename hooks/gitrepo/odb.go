package gitrepo

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"sw/profile/quickread"
)

// The object database is read in process. go-git's storage package would do,
// but linking it adds about half a millisecond of package initialisation to
// every sw process (its config and URL packages among others), and the hooks
// that start sw on every commit and every agent session cannot spare that.
// Loose objects and packs are simple formats; this file and pack.go read
// them, objwrite.go writes loose objects the way git does.

// ErrObjectNotFound is returned (wrapped, with the name) when no loose
// object, pack or alternate holds the object asked for.
var ErrObjectNotFound = errors.New("object not found")

type objectType uint8

// The type numbers are the ones pack files use.
const (
	typeCommit   objectType = 1
	typeTree     objectType = 2
	typeBlob     objectType = 3
	typeTag      objectType = 4
	typeOfsDelta objectType = 6
	typeRefDelta objectType = 7
)

func (t objectType) String() string {
	switch t {
	case typeCommit:
		return "commit"
	case typeTree:
		return "tree"
	case typeBlob:
		return "blob"
	case typeTag:
		return "tag"
	}
	return "type " + strconv.Itoa(int(t))
}

func parseObjectType(s string) (objectType, bool) {
	switch s {
	case "commit":
		return typeCommit, true
	case "tree":
		return typeTree, true
	case "blob":
		return typeBlob, true
	case "tag":
		return typeTag, true
	}
	return 0, false
}

// odb is one repository's object store: its objects folder and the folders
// objects/info/alternates names. One mutex guards everything: sw reads a
// handful of objects per run, and the pack caches are not worth finer locks.
type odb struct {
	dirs []string // objects folders, the repository's own first

	mu        sync.Mutex
	packs     []*pack
	packStamp []time.Time // mtime of each dirs[i]/pack when last scanned
	cache     *objectCache
	inflater  io.ReadCloser // a reusable zlib reader (zlib.Resetter)
	br        *bufio.Reader // a reusable buffer in front of pack reads
	mr        *bytes.Reader // a reusable reader over mapped packs
	crossed   int           // delta bases being read from another pack or loose, nested
}

// maxCrossedBases bounds how deeply a delta's base may be looked up outside
// its own pack. git never writes a pack whose deltas need another's
// objects, so one level is generous; a damaged pack pair whose bases point
// at each other would otherwise recurse until the process died.
const maxCrossedBases = 64

// openODB prepares the store without reading any pack: packs are scanned on
// the first lookup, so commands that never read an object pay nothing.
func openODB(objectsDir string) *odb {
	o := &odb{dirs: []string{objectsDir}, cache: newObjectCache(32 << 20)}
	o.dirs = append(o.dirs, readAlternates(objectsDir, 0)...)
	o.packStamp = make([]time.Time, len(o.dirs))
	return o
}

// release closes and unmaps every pack. It runs when the Repo owning the
// store is garbage (state.go), so a long-running caller that opens many
// repositories does not accumulate mappings.
func (o *odb) release() {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, p := range o.packs {
		p.close()
	}
	o.packs = nil
}

// readAlternates follows objects/info/alternates (one folder a line,
// relative lines relative to the objects folder), recursively as git does,
// to a small depth.
func readAlternates(objectsDir string, depth int) []string {
	if depth > 5 {
		return nil
	}
	b, err := quickread.ReadFile(filepath.Join(objectsDir, "info", "alternates"))
	if err != nil {
		return nil
	}
	var dirs []string
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		if !filepath.IsAbs(line) {
			line = filepath.Join(objectsDir, line)
		}
		dirs = append(dirs, filepath.Clean(line))
		dirs = append(dirs, readAlternates(line, depth+1)...)
	}
	return dirs
}

// read returns an object's type and content.
func (o *odb) read(h Hash) (objectType, []byte, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.readLocked(h)
}

func (o *odb) readLocked(h Hash) (objectType, []byte, error) {
	if o.packs == nil {
		// Until some object turns out to be packed, loose objects are
		// looked for first: a commit hook reads the commits and trees just
		// made, which git writes loose, and then never lists the packs,
		// maps an index or searches it. A loose copy that fails to read is
		// tried again below, after the packs.
		if typ, data, err := o.readAnyLoose(h); err == nil {
			return typ, data, nil
		}
		o.rescanPacks(false)
	}
	for attempt := 0; ; attempt++ {
		vanished := false
		for _, p := range o.packs {
			off, ok, err := p.find(h)
			if err == nil && ok {
				var typ objectType
				var data []byte
				typ, data, err = o.readPacked(p, off)
				if err == nil {
					return typ, data, nil
				}
			}
			if errors.Is(err, os.ErrNotExist) {
				// A repack removed this pack after we listed it.
				vanished = true
				break
			}
			if err != nil {
				return 0, nil, err
			}
		}
		if vanished && attempt == 0 {
			o.rescanPacks(false)
			continue
		}
		if typ, data, err := o.readAnyLoose(h); err == nil || !errors.Is(err, os.ErrNotExist) {
			return typ, data, err
		}
		// A miss may mean a gc packed the object since the last scan.
		if attempt > 0 || !o.rescanPacks(true) {
			return 0, nil, fmt.Errorf("%s: %w", h, ErrObjectNotFound)
		}
	}
}

// readAnyLoose reads a loose object from the repository's objects folder
// or an alternate; an error matching os.ErrNotExist says none has it.
func (o *odb) readAnyLoose(h Hash) (objectType, []byte, error) {
	for _, dir := range o.dirs {
		typ, data, err := o.readLoose(dir, h)
		if err == nil || !errors.Is(err, os.ErrNotExist) {
			return typ, data, err
		}
	}
	return 0, nil, os.ErrNotExist
}

// has reports whether the object exists, without reading it.
func (o *odb) has(h Hash) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.packs == nil {
		o.rescanPacks(false)
	}
	for attempt := 0; ; attempt++ {
		for _, p := range o.packs {
			if _, ok, _ := p.find(h); ok {
				return true
			}
		}
		for _, dir := range o.dirs {
			if _, err := os.Stat(loosePath(dir, h)); err == nil {
				return true
			}
		}
		if attempt > 0 || !o.rescanPacks(true) {
			return false
		}
	}
}

func loosePath(dir string, h Hash) string {
	s := h.String()
	return filepath.Join(dir, s[:2], s[2:])
}

// maxDeflateRatio is the most deflate can expand its input by.
const maxDeflateRatio = 1032

// readLoose inflates objects/xx/yyyy and checks its header.
func (o *odb) readLoose(dir string, h Hash) (objectType, []byte, error) {
	raw, err := quickread.ReadFile(loosePath(dir, h))
	if err != nil {
		return 0, nil, err
	}
	zr, err := o.zlibReader(bytes.NewReader(raw))
	if err != nil {
		return 0, nil, fmt.Errorf("loose object %s: %w", h, err)
	}
	// The header is short; read it, then the content in one allocation.
	var hdr [32]byte
	n, err := io.ReadFull(zr, hdr[:])
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return 0, nil, fmt.Errorf("loose object %s: %w", h, err)
	}
	nul := bytes.IndexByte(hdr[:n], 0)
	sp := bytes.IndexByte(hdr[:n], ' ')
	if nul < 0 || sp < 0 || sp > nul {
		return 0, nil, fmt.Errorf("loose object %s: bad header", h)
	}
	typ, ok := parseObjectType(string(hdr[:sp]))
	size, err := strconv.Atoi(string(hdr[sp+1 : nul]))
	if !ok || err != nil || size < 0 {
		return 0, nil, fmt.Errorf("loose object %s: bad header %q", h, hdr[:nul])
	}
	// Deflate expands at most 1032 to 1: a larger size is a damaged
	// header, which must not become an allocation of that size.
	if size/maxDeflateRatio > len(raw) {
		return 0, nil, fmt.Errorf("loose object %s: header claims %d bytes from %d compressed", h, size, len(raw))
	}
	data := make([]byte, size)
	got := copy(data, hdr[nul+1:n])
	if got < size {
		if _, err := io.ReadFull(zr, data[got:]); err != nil {
			return 0, nil, fmt.Errorf("loose object %s: %w", h, err)
		}
	}
	return typ, data, nil
}

// zlibReader reuses one decompressor: allocating flate's state for every
// object would dominate the cost of reading small trees and commits.
func (o *odb) zlibReader(r io.Reader) (io.Reader, error) {
	if o.inflater == nil {
		zr, err := zlib.NewReader(r)
		if err != nil {
			return nil, err
		}
		o.inflater = zr
		return zr, nil
	}
	if err := o.inflater.(zlib.Resetter).Reset(r, nil); err != nil {
		return nil, err
	}
	return o.inflater, nil
}

// rescanPacks lists the pack folders again. With onlyIfChanged, it only does so when
// a folder's mtime moved since the last scan (a gc or fetch wrote a pack), so
// repeated misses (existence checks before writing) cost one stat each. It
// reports whether the list may have changed.
func (o *odb) rescanPacks(onlyIfChanged bool) bool {
	changed := o.packs == nil
	stamps := make([]time.Time, len(o.dirs))
	for i, dir := range o.dirs {
		if fi, err := os.Stat(filepath.Join(dir, "pack")); err == nil {
			stamps[i] = fi.ModTime()
		}
		if !stamps[i].Equal(o.packStamp[i]) {
			changed = true
		}
	}
	if onlyIfChanged && !changed {
		return false
	}
	old := make(map[string]*pack, len(o.packs))
	for _, p := range o.packs {
		old[p.path] = p
	}
	type found struct {
		p     *pack
		mtime time.Time
	}
	var list []found
	for _, dir := range o.dirs {
		packDir := filepath.Join(dir, "pack")
		ents, err := quickread.ReadDir(packDir)
		if err != nil {
			continue
		}
		for _, e := range ents {
			name, ok := strings.CutSuffix(e.Name(), ".idx")
			if !ok {
				continue
			}
			packPath := filepath.Join(packDir, name+".pack")
			fi, err := os.Stat(packPath)
			if err != nil {
				continue // an index being written, or a pack being removed
			}
			p := old[packPath]
			if p == nil {
				p = &pack{path: packPath, idxPath: filepath.Join(packDir, e.Name())}
			}
			delete(old, packPath)
			list = append(list, found{p, fi.ModTime()})
		}
	}
	for _, p := range old {
		p.close()
	}
	// Newest first, as git does: recent objects are the ones asked for.
	sort.SliceStable(list, func(i, j int) bool { return list[i].mtime.After(list[j].mtime) })
	o.packs = make([]*pack, 0, len(list))
	for _, f := range list {
		o.packs = append(o.packs, f.p)
	}
	o.packStamp = stamps
	return true
}
