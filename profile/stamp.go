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
	"strconv"
	"strings"
	"time"

	"sw/profile/quickread"
)

// Stamp summarises, without reading them, the rule files the profile for
// genre is resolved from: their names, sizes, modification and change
// times, and inodes (of a symbolic link, and of the file it points to), as
// git's index summarises a working tree; and the genres folder's own, which
// change when a folder no genre reads comes or goes. Two equal stamps mean
// the same files with the same contents, so a hook can reuse what it
// rendered last time instead of parsing every rule again. newest is the
// latest time any of them changed: a stamp taken within a file
// system's timestamp granularity of that time cannot tell a change made in
// the same tick, so a cache must not keep it (the "racy" case git guards
// against).
func (p Profile) Stamp(genre string) (stamp string, newest time.Time, err error) {
	if !IsSlug(genre) {
		return "", newest, errors.New("not a plain genre name")
	}
	h := fnv.New128a() // a cache key, not a secret: the cheapest hash that will not collide by chance
	var line []byte
	for _, layer := range []Layer{HardLimit, GenreLayer, Preference} {
		rel := p.layerPath(layer, genre)
		dir := filepath.Join(p.Root, filepath.FromSlash(rel))
		infos, err := quickread.ReadDirInfo(dir)
		if errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(h, "%s missing\n", rel)
			continue
		}
		if err != nil {
			return "", newest, err
		}
		for _, fi := range infos {
			name := fi.Name()
			if strings.HasPrefix(name, ".") || !(fi.IsDir() || strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")) {
				continue // files the loader ignores do not change the profile
			}
			line = append(line[:0], rel...)
			line = append(append(line, '/'), name...)
			var changed time.Time
			line, changed = AppendFileStamp(append(line, ' '), fi)
			if fi.Mode()&fs.ModeSymlink != 0 {
				var target time.Time
				line, target = appendTargetStamp(line, filepath.Join(dir, name))
				if target.After(changed) {
					changed = target
				}
			}
			if changed.After(newest) {
				newest = changed
			}
			h.Write(append(line, '\n'))
		}
	}
	// What the genres folder holds that no genre reads is an error for
	// every genre (see strayGenres). An entry there made, renamed or
	// removed changes the folder's own stat data, which is one stat rather
	// than a listing.
	genres := path.Join(p.Dir, GenresDir)
	line = append(line[:0], genres...)
	if fi, err := os.Lstat(filepath.Join(p.Root, filepath.FromSlash(genres))); err == nil {
		var changed time.Time
		line, changed = AppendFileStamp(append(line, ' '), fi)
		if changed.After(newest) {
			newest = changed
		}
	} else if errors.Is(err, fs.ErrNotExist) {
		line = append(line, " missing"...)
	} else {
		return "", newest, err
	}
	h.Write(append(line, '\n'))
	return hex.EncodeToString(h.Sum(nil)), newest, nil
}

// appendTargetStamp appends the stamp of what the symbolic link at path
// points to: the loader reads the rule through the link, so an edit of the
// file it points to changes the profile while the link itself stays as it
// was. A link to nothing is stamped as such, so that the file appearing is
// seen.
func appendTargetStamp(b []byte, path string) ([]byte, time.Time) {
	b = append(b, " -> "...)
	fi, err := os.Stat(path)
	if err != nil {
		return append(b, "unreadable"...), time.Time{}
	}
	return AppendFileStamp(b, fi)
}

// AppendFileStamp appends what stat says of one file (mode, size,
// modification and change times, inode) to b, and returns when the file
// last changed, for the racy-time guard.
func AppendFileStamp(b []byte, fi fs.FileInfo) ([]byte, time.Time) {
	ino, ctime := inodeAndChange(fi)
	mtime := fi.ModTime()
	for i, n := range []int64{int64(fi.Mode()), fi.Size(), mtime.UnixNano(), ino, ctime} {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, n, 10)
	}
	changed := mtime
	if c := time.Unix(0, ctime); c.After(changed) {
		changed = c
	}
	return b, changed
}
