package gitrepo

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
)

// state is what a Repo learns lazily and keeps for its lifetime: the open
// object store and caches of parsed objects. Nothing is read until a method
// needs it, so Find and At stay as cheap as they were.
type state struct {
	once   sync.Once
	odb    *odb
	odbErr error

	mu      sync.Mutex
	trees   map[Hash]parsedTree   // trees read, cleared when large
	commits map[Hash]parsedCommit // commits read, cleared when large
	nodes   map[Hash]*commitNode  // parents and dates, for ancestry walks
	packed  *packedRefsFile       // packed-refs as last read

	fromIndex  bool        // TreesFromIndex was called
	indexTrees *indexTrees // the index, once fromIndex needed it

	objectCachePath string          // UseObjectCache's file
	cachedObjects   map[Hash][]byte // its objects, once needed

	descentMu sync.Mutex
	descents  map[Hash]*descent // walks from branch tips, shared by IsAncestor
}

// The caches are cleared wholesale rather than evicted one by one: sw's
// processes are short, and the bound only protects a long-running caller.
const (
	maxCachedTrees   = 4096
	maxCachedCommits = 4096
	maxCachedNodes   = 200000
)

func (r *Repo) state() *state { return &r.st }

// lookup looks h up in one of the state's caches.
func lookup[V any](st *state, m *map[Hash]V, h Hash) (V, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	v, ok := (*m)[h]
	return v, ok
}

// remember puts v in one of the state's caches, clearing it when it holds
// max entries already.
func remember[V any](st *state, m *map[Hash]V, max int, h Hash, v V) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if *m == nil || len(*m) >= max {
		*m = map[Hash]V{}
	}
	(*m)[h] = v
}

// objects opens the object store on first use. Only SHA-1 repositories are
// supported; a repository declaring another object format is refused here
// rather than misread later.
func (r *Repo) objects() (*odb, error) {
	st := r.state()
	st.once.Do(func() {
		cr := &configReader{cfg: &config{}, gitDir: r.GitDir, branch: func() (string, bool) { return "", false }}
		if err := cr.readFile(filepath.Join(r.CommonDir, "config")); err != nil {
			st.odbErr = err
			return
		}
		if f, ok := cr.cfg.get("extensions.objectformat"); ok && !strings.EqualFold(f, "sha1") {
			st.odbErr = fmt.Errorf("%s: object format %q is not supported (sw reads SHA-1 repositories)", r.CommonDir, f)
			return
		}
		st.odb = openODB(filepath.Join(r.CommonDir, "objects"))
		// Unmap the packs once the Repo is unreachable; sw's processes
		// exit first, but a test or a long-running caller would not.
		runtime.AddCleanup(r, (*odb).release, st.odb)
	})
	return st.odb, st.odbErr
}

// errNotType is wrapped when an object exists but is not what was asked for.
var errNotType = errors.New("wrong object type")

// readObject reads an object and checks its type.
func (r *Repo) readObject(h Hash, want objectType) ([]byte, error) {
	if data, ok := r.fromObjectCache(h, want); ok {
		return data, nil
	}
	o, err := r.objects()
	if err != nil {
		return nil, err
	}
	typ, data, err := o.read(h)
	if err != nil {
		return nil, err
	}
	if typ != want {
		return nil, fmt.Errorf("%s is a %s, not a %s: %w", h, typ, want, errNotType)
	}
	return data, nil
}
