//go:build !linux

package gitrepo

import (
	"io/fs"
	"os"
	"path/filepath"
)

// Elsewhere the walk uses the os package; only mtime and size are compared
// before hashing, which keeps the answer right at some cost in speed.

type dirHandle struct{ path string }

func openDir(path string) (dirHandle, error) {
	fi, err := os.Stat(path)
	if err == nil && !fi.IsDir() {
		err = &fs.PathError{Op: "open", Path: path, Err: fs.ErrInvalid}
	}
	return dirHandle{path}, err
}

func (d dirHandle) openSub(name string) (dirHandle, error) {
	return dirHandle{filepath.Join(d.path, name)}, nil
}

func (d dirHandle) close() {}

func (d dirHandle) list(buf []byte) ([]dirEntry, error) {
	f, err := os.Open(d.path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	des, err := f.ReadDir(-1)
	if err != nil {
		return nil, err
	}
	ents := make([]dirEntry, 0, len(des))
	for _, de := range des {
		k := kindOther
		switch t := de.Type(); {
		case t.IsDir():
			k = kindDir
		case t.IsRegular():
			k = kindFile
		case t&fs.ModeSymlink != 0:
			k = kindLink
		}
		ents = append(ents, dirEntry{name: de.Name(), kind: k})
	}
	return ents, nil
}

func (d dirHandle) stat(name string) (fileStat, error) {
	fi, err := os.Lstat(filepath.Join(d.path, name))
	if err != nil {
		return fileStat{}, err
	}
	mt := fi.ModTime()
	return fileStat{
		mtime:  [2]int64{mt.Unix(), int64(mt.Nanosecond())},
		size:   fi.Size(),
		isLink: fi.Mode()&fs.ModeSymlink != 0,
		exec:   fi.Mode()&0o111 != 0,
	}, nil
}
