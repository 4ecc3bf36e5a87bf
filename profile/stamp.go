package profile

import (
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// Stamp summarises, without reading them, the rule files the profile for
// genre is resolved from, as git's index summarises a working tree: their
// names and what stat says of each (and of a link's target), and of the
// genres folder, which changes when a folder comes or goes. Equal stamps
// mean the same contents, so a command can reuse what it resolved last
// time. newest is the latest change: a file changed within a file system's
// timestamp granularity of being stamped may change again unseen, so a
// cache must not keep what was read then.
func (p Profile) Stamp(genre string) (stamp string, newest time.Time, err error) {
	if !IsSlug(genre) {
		return "", newest, errors.New("not a plain genre name")
	}
	h := fnv.New128a() // a cache key, not a secret
	note := func(name string, fi fs.FileInfo) {
		changed := statLine(h, name, fi)
		if changed.After(newest) {
			newest = changed
		}
	}
	for _, layer := range []Layer{HardLimit, GenreLayer, Preference} {
		rel := p.layerPath(layer, genre)
		dir := filepath.Join(p.Root, filepath.FromSlash(rel))
		entries, err := os.ReadDir(dir)
		if errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(h, "%s missing\n", rel)
			continue
		}
		if err != nil {
			return "", newest, err
		}
		for _, e := range entries {
			name := e.Name()
			if strings.HasPrefix(name, ".") || !(e.IsDir() || strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")) {
				continue // files the loader ignores do not change the profile
			}
			fi, err := e.Info()
			if err != nil {
				return "", newest, err
			}
			note(rel+"/"+name, fi)
			if fi.Mode()&fs.ModeSymlink != 0 { // the rule is read through the link
				if target, err := os.Stat(filepath.Join(dir, name)); err == nil {
					note(" -> ", target)
				} else {
					fmt.Fprintln(h, " -> unreadable")
				}
			}
		}
	}
	genres := path.Join(p.Dir, GenresDir)
	if fi, err := os.Lstat(filepath.Join(p.Root, filepath.FromSlash(genres))); err == nil {
		note(genres, fi)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", newest, err
	}
	return hex.EncodeToString(h.Sum(nil)), newest, nil
}

// statLine writes one file's name and stat data (mode, size, modification
// and change times, inode) as a line, and returns when it last changed.
func statLine(w interface{ Write([]byte) (int, error) }, name string, fi fs.FileInfo) time.Time {
	ino, ctime := inodeAndChange(fi)
	fmt.Fprintf(w, "%s %d %d %d %d %d\n", name, fi.Mode(), fi.Size(), fi.ModTime().UnixNano(), ino, ctime)
	if c := time.Unix(0, ctime); c.After(fi.ModTime()) {
		return c
	}
	return fi.ModTime()
}
