package trust

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"

	"sw/profile/atomicfile"
)

// Store is the list of trusted analyzers, a JSON file of the person's.
type Store struct {
	Path string
}

// list is the store's file.
type list struct {
	Version int         `json:"version"`
	Trusted []*Analyzer `json:"trusted"`
}

// listVersion is the store's format. Version 1 trusts (from an sw that
// took in only the files the command named) are read, and never trusted
// again: they have no Snapshot, and sw asks anew. An older sw refuses
// version 2 rather than trust by its weaker rule.
const listVersion = 2

// keepPerCommand is how many trusts of one command one repository keeps:
// one for each branch or linked worktree whose files differ, the oldest
// dropped first, so that the list does not grow with every pull.
const keepPerCommand = 5

// Open opens the person's store: trusted.json in sw's folder of the
// person's configuration folder (os.UserConfigDir). It need not exist.
func Open() (*Store, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return nil, fmt.Errorf("no configuration folder to keep trusted analyzers in: %w", err)
	}
	return &Store{Path: filepath.Join(dir, "sw", "trusted.json")}, nil
}

// read reads the list: an empty one when there is no file yet.
func (s *Store) read() (*list, error) {
	data, err := os.ReadFile(s.Path)
	if errors.Is(err, fs.ErrNotExist) {
		data, err = nil, nil
	}
	if err != nil {
		return nil, err
	}
	return s.parse(data)
}

// parse reads the list from its file's bytes (nil: no file yet).
func (s *Store) parse(data []byte) (*list, error) {
	l := &list{Version: listVersion}
	if data == nil {
		return l, nil
	}
	if err := json.Unmarshal(data, l); err != nil {
		return nil, fmt.Errorf("%s: not valid: %v; fix it, or remove it and trust again", s.Path, err)
	}
	if l.Version != 1 && l.Version != listVersion {
		return nil, fmt.Errorf("%s: version %d is not one this sw reads (%d)", s.Path, l.Version, listVersion)
	}
	l.Version = listVersion // written back as this version
	return l, nil
}

// change lets edit change the list (false: nothing to write), read again
// should another sw trust write it meanwhile (see atomicfile.Editor).
func (s *Store) change(edit func(l *list) bool) error {
	return atomicfile.Editor{Perm: 0o600}.Edit(s.Path, func(old []byte, _ bool) ([]byte, error) {
		l, err := s.parse(old)
		if err != nil || !edit(l) {
			return nil, err
		}
		data, err := json.MarshalIndent(l, "", "  ")
		return append(data, '\n'), err
	})
}

// Verdict is whether an analyzer is trusted and, when it is not, what
// differs from the trust nearest to it.
type Verdict struct {
	Trusted bool
	// Nearest is the trust of the same command in the same repository
	// that differs least from now (the newest of equals); nil when there
	// is none.
	Nearest *Analyzer
	// Changed lists the files changed since Nearest was trusted; Gone says
	// the commit it was trusted at is no longer in the repository.
	Changed []string
	Gone    bool
	// Other says another command is trusted in the repository.
	Other bool
}

// Check tells whether a, as Describe read it now, is trusted: a trust of
// its command in its repository took in what it could run, and none of
// it has changed since.
func (s *Store) Check(a *Analyzer) (Verdict, error) {
	l, err := s.read()
	if err != nil {
		return Verdict{}, err
	}
	var v Verdict
	for _, t := range l.Trusted {
		if t.Repository != a.Repository {
			continue
		}
		if !slices.Equal(t.Command, a.Command) {
			v.Other = true
			continue
		}
		w := Verdict{Nearest: t}
		switch {
		case t.Snapshot == nil:
		case !t.Snapshot.Commit.IsZero() && !a.repo.HasCommit(t.Snapshot.Commit):
			w.Gone = true
		default:
			if w.Changed, err = a.repo.WorkingTreeDiff(t.snapshot(), a.snapshot(), a.code); err != nil {
				return Verdict{}, err
			}
			if len(w.Changed) == 0 {
				w.Trusted = true
				return w, nil
			}
		}
		if v.Nearest == nil || w.distance() <= v.distance() {
			v.Nearest, v.Changed, v.Gone = w.Nearest, w.Changed, w.Gone
		}
	}
	return v, nil
}

// distance ranks how far now is from the trust a verdict compared with:
// the files changed, when known; farther, a trust whose commit is gone;
// farthest, one an earlier sw gave.
func (v Verdict) distance() int {
	switch {
	case v.Nearest.Snapshot == nil:
		return math.MaxInt
	case v.Gone:
		return math.MaxInt - 1
	}
	return len(v.Changed)
}

// Trust adds a to the list; added is false when it was trusted already.
// It replaces the trusts of a's command in a's repository that an
// earlier sw gave, and the oldest beyond keepPerCommand.
func (s *Store) Trust(a *Analyzer) (added bool, err error) {
	v, err := s.Check(a)
	if err != nil || v.Trusted {
		return false, err
	}
	err = s.change(func(l *list) bool {
		kept := 1 // a
		for i := len(l.Trusted) - 1; i >= 0; i-- {
			t := l.Trusted[i]
			switch {
			case t.Repository != a.Repository || !slices.Equal(t.Command, a.Command):
			case t.Snapshot != nil && kept < keepPerCommand:
				kept++
			default:
				l.Trusted = slices.Delete(l.Trusted, i, i+1)
			}
		}
		l.Trusted = append(l.Trusted, a)
		return true
	})
	return err == nil, err
}

// Forget removes every analyzer trusted in repository (a common git
// folder, as Describe gives it) and says how many there were.
func (s *Store) Forget(repository string) (n int, err error) {
	err = s.change(func(l *list) bool {
		before := len(l.Trusted)
		l.Trusted = slices.DeleteFunc(l.Trusted, func(t *Analyzer) bool { return t.Repository == repository })
		n = before - len(l.Trusted) // =, not +=: a retry reads the file anew
		return n > 0
	})
	return n, err
}

// List is every analyzer trusted, in the order trusted.
func (s *Store) List() ([]*Analyzer, error) {
	l, err := s.read()
	if err != nil {
		return nil, err
	}
	return l.Trusted, nil
}
