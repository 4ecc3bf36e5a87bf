//go:build linux

package gitrepo

import (
	"golang.org/x/sys/unix"
)

// On Linux the working tree is read with getdents and fstatat relative to
// an open folder: no per-file path lookup from the root, no os.File
// bookkeeping, no sorting of names nobody needs sorted. On a tree of 1,000
// pieces this takes the walk from about 2.3 ms (os.ReadDir and os.Lstat) to
// 1.6 ms, which is most of the pre-session hook's budget either way.

type dirHandle struct{ fd int }

func openDir(path string) (dirHandle, error) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	return dirHandle{fd}, err
}

func (d dirHandle) openSub(name string) (dirHandle, error) {
	fd, err := unix.Openat(d.fd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC|unix.O_NOFOLLOW, 0)
	return dirHandle{fd}, err
}

func (d dirHandle) close() { unix.Close(d.fd) }

// list returns the folder's entries, without "." and "..". buf is scratch
// space owned by the calling goroutine (a stack array this size would make
// every walking goroutine grow its stack).
func (d dirHandle) list(buf []byte) ([]dirEntry, error) {
	var ents []dirEntry
	for {
		n, err := unix.Getdents(d.fd, buf)
		if err != nil {
			return nil, err
		}
		if n <= 0 {
			return ents, nil
		}
		b := buf[:n]
		// struct linux_dirent64: inode (8), offset (8), record length (2),
		// type (1), NUL-terminated name.
		for len(b) >= 19 {
			reclen := int(b[16]) | int(b[17])<<8
			if reclen < 19 || reclen > len(b) {
				break
			}
			name := b[19:reclen]
			for i, c := range name {
				if c == 0 {
					name = name[:i]
					break
				}
			}
			if s := string(name); s != "." && s != ".." {
				ents = append(ents, dirEntry{name: s, kind: d.kindOf(s, b[18])})
			}
			b = b[reclen:]
		}
	}
}

func (d dirHandle) kindOf(name string, typ byte) entryKind {
	switch typ {
	case unix.DT_DIR:
		return kindDir
	case unix.DT_REG:
		return kindFile
	case unix.DT_LNK:
		return kindLink
	case unix.DT_UNKNOWN: // some filesystems do not say: ask
		var st unix.Stat_t
		if unix.Fstatat(d.fd, name, &st, unix.AT_SYMLINK_NOFOLLOW) == nil {
			switch st.Mode & unix.S_IFMT {
			case unix.S_IFDIR:
				return kindDir
			case unix.S_IFREG:
				return kindFile
			case unix.S_IFLNK:
				return kindLink
			}
		}
	}
	return kindOther
}

// stat reads what git's index records of a file, without following a
// symlink.
func (d dirHandle) stat(name string) (fileStat, error) {
	var st unix.Stat_t
	if err := unix.Fstatat(d.fd, name, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		return fileStat{}, err
	}
	return fileStat{
		mtime: [2]int64{int64(st.Mtim.Sec), int64(st.Mtim.Nsec)},
		ctime: [2]int64{int64(st.Ctim.Sec), int64(st.Ctim.Nsec)},
		ino:   st.Ino, uid: st.Uid, gid: st.Gid,
		size:   st.Size,
		isLink: st.Mode&unix.S_IFMT == unix.S_IFLNK,
		exec:   st.Mode&0o111 != 0,
		full:   true,
	}, nil
}
