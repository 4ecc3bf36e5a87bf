package trust

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

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

const listVersion = 1

// Open opens the person's store: trusted.json in sw's folder of the
// person's configuration folder (os.UserConfigDir). It need not exist.
func Open() (*Store, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return nil, fmt.Errorf("no configuration folder to keep trusted analyzers in: %w", err)
	}
	return &Store{Path: filepath.Join(dir, "sw", "trusted.json")}, nil
}

// read reads the list, and what stat said of its file (nil: none yet).
func (s *Store) read() (*list, fs.FileInfo, error) {
	l := &list{Version: listVersion}
	seen, err := os.Stat(s.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return l, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	data, err := os.ReadFile(s.Path)
	if err != nil {
		return nil, nil, err
	}
	if err := json.Unmarshal(data, l); err != nil {
		return nil, nil, fmt.Errorf("%s: not valid: %v; fix it, or remove it and trust again", s.Path, err)
	}
	if l.Version != listVersion {
		return nil, nil, fmt.Errorf("%s: version %d is not one this sw reads (%d)", s.Path, l.Version, listVersion)
	}
	return l, seen, nil
}

// change reads the list, lets edit change it (false: nothing to write)
// and writes it over the file as it was read, reading again should it
// change meanwhile (another sw trust).
func (s *Store) change(edit func(l *list) bool) error {
	for range 3 {
		l, seen, err := s.read()
		if err != nil {
			return err
		}
		if !edit(l) {
			return nil
		}
		data, err := json.MarshalIndent(l, "", "  ")
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(s.Path), 0o700); err != nil {
			return err
		}
		err = atomicfile.WriteOver(s.Path, append(data, '\n'), 0o600, seen)
		if !errors.Is(err, atomicfile.ErrChanged) {
			return err
		}
	}
	return fmt.Errorf("%s kept changing while sw wrote it; try again", s.Path)
}

// Trusted reports whether a is trusted, and whether its repository trusts
// another analyzer (a command, or a file it names, that has changed since).
func (s *Store) Trusted(a *Analyzer) (trusted, other bool, err error) {
	l, _, err := s.read()
	if err != nil {
		return false, false, err
	}
	for _, t := range l.Trusted {
		if t.same(a) {
			return true, false, nil
		}
		other = other || t.Repository == a.Repository
	}
	return false, other, nil
}

// Trust adds a to the list; added is false when it was there already.
func (s *Store) Trust(a *Analyzer) (added bool, err error) {
	err = s.change(func(l *list) bool {
		for _, t := range l.Trusted {
			if t.same(a) {
				return false
			}
		}
		l.Trusted = append(l.Trusted, a)
		added = true
		return true
	})
	return added, err
}

// Forget removes every analyzer trusted in repository (a common git
// folder, as Describe gives it) and says how many there were.
func (s *Store) Forget(repository string) (n int, err error) {
	err = s.change(func(l *list) bool {
		kept := l.Trusted[:0]
		for _, t := range l.Trusted {
			if t.Repository == repository {
				n++
			} else {
				kept = append(kept, t)
			}
		}
		l.Trusted = kept
		return n > 0
	})
	return n, err
}

// List is every analyzer trusted, in the order trusted.
func (s *Store) List() ([]*Analyzer, error) {
	l, _, err := s.read()
	if err != nil {
		return nil, err
	}
	return l.Trusted, nil
}
