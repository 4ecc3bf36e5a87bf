package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// A writer of sw that can be interrupted (an accept, a rejection record,
// an analysis, any process that writes files through a temporary file)
// leaves a marker while it runs: a file in a folder of markers, locked by
// its process for as long as it lives, listing the folders it writes
// temporary files in. It removes the marker when it ends. A marker whose
// lock anyone can take belongs to a writer that was killed: only then do
// the hooks sweep leftovers and finish half-done work (see Interrupted).
// When nothing was interrupted that costs one stat of the folder, which
// is gone whenever no writer runs.

// Marker is one running writer's marker.
type Marker struct {
	mu    sync.Mutex
	f     *os.File
	path  string
	noted map[string]bool
	made  []string // the folders Begin made, innermost first: End takes them away again if empty
}

// Begin leaves a marker of kind (accept, record, analysis, write...) in
// folder dir, made if need be.
func Begin(dir, kind string) (*Marker, error) {
	var made []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil || filepath.Dir(d) == d {
			break
		}
		made = append(made, d)
	}
	for try := 0; ; try++ {
		if err := os.MkdirAll(dir, 0o777); err != nil {
			return nil, err
		}
		f, err := os.CreateTemp(dir, fmt.Sprintf("%s.%d-*", kind, os.Getpid()))
		if errors.Is(err, fs.ErrNotExist) && try < 3 {
			continue // the last writer to end took the folder away meanwhile
		}
		if err != nil {
			return nil, err
		}
		TryLock(f)
		return &Marker{f: f, path: f.Name(), noted: map[string]bool{}, made: made}, nil
	}
}

// Note records that the writer writes temporary files in folder d, so a
// sweep after it was killed knows where to look. It is written before the
// first such file, so no file can outlive the note of its folder.
func (m *Marker) Note(d string) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.noted[d] || strings.ContainsAny(d, "\n") {
		return
	}
	m.noted[d] = true
	fmt.Fprintln(m.f, d)
}

// End removes the marker: the writer finished. The folder goes with the
// last marker in it, and so do the folders Begin made for it, when
// nothing else was put in them meanwhile: a run that leaves no marker
// leaves no trace of one.
func (m *Marker) End() {
	if m == nil {
		return
	}
	os.Remove(m.path)
	m.f.Close()
	os.Remove(filepath.Dir(m.path)) // fails while another writer's marker is there
	for _, d := range m.made[min(1, len(m.made)):] {
		os.Remove(d) // fails once anything else is in it
	}
}

// Left is what the writers that were killed left: their kinds and the
// folders they wrote temporary files in, and their markers, to be cleared
// once it is seen to.
type Left struct {
	Kinds   []string
	Folders []string
	markers []*os.File
}

// Interrupted finds the markers in dir whose writers are gone, and holds
// their locks until Clear, so no two runs see to one writer's leftovers.
// nil when none: one stat when no writer runs, one look at each marker
// when some do.
func Interrupted(dir string) *Left {
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) == 0 {
		return nil
	}
	left := &Left{}
	for _, e := range entries {
		kind, _, ok := strings.Cut(e.Name(), ".")
		if !ok || !e.Type().IsRegular() {
			continue
		}
		f, err := os.Open(filepath.Join(dir, e.Name()))
		if err != nil {
			continue
		}
		if !TryLock(f) {
			f.Close() // its writer runs
			continue
		}
		left.Kinds = append(left.Kinds, kind)
		left.markers = append(left.markers, f)
		for s := bufio.NewScanner(f); s.Scan(); {
			if d := s.Text(); d != "" && !slices.Contains(left.Folders, d) {
				left.Folders = append(left.Folders, d)
			}
		}
	}
	if len(left.markers) == 0 {
		return nil
	}
	return left
}

// Clear removes the markers of the writers seen to.
func (l *Left) Clear() {
	if l == nil {
		return
	}
	for _, f := range l.markers {
		os.Remove(f.Name())
		f.Close()
	}
	if len(l.markers) > 0 {
		os.Remove(filepath.Dir(l.markers[0].Name()))
	}
}

// The process's own marker: every temporary file a process makes is
// noted in one marker, left the first time it makes one (see Watch).
var process struct {
	sync.Mutex
	dir    string
	marker *Marker
	failed bool
}

// Watch says where this process leaves its marker, once it knows: the
// collection's folder of markers. Until then, and if it is never called
// (outside git), temporary files are made without one, and the hooks
// sweep every time.
func Watch(dir string) {
	process.Lock()
	defer process.Unlock()
	if process.dir == "" {
		process.dir = dir
	}
}

// Done ends this process's marker, if it left one: every write finished.
func Done() {
	process.Lock()
	defer process.Unlock()
	process.marker.End()
	process.marker = nil
}

// noteTemp notes folder d in this process's marker, leaving the marker
// first if need be.
func noteTemp(d string) {
	process.Lock()
	defer process.Unlock()
	if process.dir == "" || process.failed {
		return
	}
	if process.marker == nil {
		m, err := Begin(process.dir, "write")
		if err != nil {
			process.failed = true // the temporary file is still made; a full sweep finds it
			return
		}
		process.marker = m
	}
	if abs, err := filepath.Abs(d); err == nil {
		d = abs
	}
	process.marker.Note(d)
}
