package gitrepo

import (
	"path/filepath"
	"sync"
)

// The working-tree walk behind RecentlyChanged: it lists folders (in
// parallel, one goroutine per free processor), skips what git would not
// look at, and records the stat data of each file the filter keeps. The
// platform-specific reading is in fswalk_*.go.

type entryKind uint8

const (
	kindOther entryKind = iota
	kindDir
	kindFile
	kindLink
)

type dirEntry struct {
	name string
	kind entryKind
}

// fileStat is what the walk records of a file: what git's index compares.
// Where the platform does not give ctime, inode and owner, full is false
// and only mtime and size are compared before hashing.
type fileStat struct {
	mtime, ctime [2]int64 // seconds, nanoseconds
	ino          uint64
	uid, gid     uint32
	size         int64
	isLink, exec bool
	full         bool
}

type worktreeWalk struct {
	repo *Repo
	ig   *ignorer
	keep Filter

	indexReady func() *index // waits for the index, read concurrently
	indexOnce  sync.Once
	idx        *index
	idxErr     error

	trustCtime, fileMode bool

	slots chan struct{} // folders read concurrently, beyond the caller's
	wg    sync.WaitGroup
	mu    sync.Mutex
	found []candidate
	err   error

	headRead bool
	headTree Hash
	unborn   bool
}

type candidate struct {
	rel       string
	stat      fileStat
	rules     *ignoreStack // the .gitignore files above it
	inIgnored bool         // below an ignored folder: only a tracked file counts
}

// direntBuffer is each walking goroutine's scratch space for directory
// entries.
const direntBuffer = 16 << 10

// walk reads one folder and closes it. Its subfolders but the last are
// handed to another goroutine when a slot is free; the last, and any
// without a free slot, are read in this one. Most collections keep their
// pieces in one folder, which is then read without waiting for a thread.
func (w *worktreeWalk) walk(d dirHandle, rel string, inIgnored bool, rules *ignoreStack, buf []byte) {
	defer d.close()
	ents, err := d.list(buf)
	if err != nil {
		if rel == "" {
			w.mu.Lock()
			w.err = err
			w.mu.Unlock()
		}
		return // an unreadable folder: git warns and goes on
	}
	if rel != "" {
		for _, e := range ents {
			if e.name == ".git" {
				return // a nested repository or a linked worktree
			}
		}
	}
	if !inIgnored {
		for _, e := range ents {
			// A symbolic link is not read, as git (since 2.32) does not.
			if e.name == ".gitignore" && e.kind == kindFile {
				lines, err := readLines(filepath.Join(w.repo.Root, filepath.FromSlash(rel), ".gitignore"))
				if err == nil {
					rules = &ignoreStack{parseIgnore(lines, rel), rules}
				}
				break
			}
		}
	}
	type subfolder struct {
		name, rel string
		ignored   bool
	}
	var subs []subfolder
	found := make([]candidate, 0, len(ents))
	for _, e := range ents {
		if e.name == ".git" {
			continue
		}
		p := rel + e.name
		switch e.kind {
		case kindDir:
			// A submodule's folder holds a .git of its own and is skipped
			// when listed, like any nested repository.
			if !w.keep.dir(p) {
				continue
			}
			ignored := inIgnored || w.ig.ignored(p, true, rules)
			if ignored && !w.indexReady().hasUnder(p) {
				continue
			}
			subs = append(subs, subfolder{e.name, p + "/", ignored})
		case kindFile, kindLink:
			if !w.keep.file(p) {
				continue
			}
			st, err := d.stat(e.name)
			if err != nil {
				continue // removed while we looked
			}
			found = append(found, candidate{rel: p, stat: st, rules: rules, inIgnored: inIgnored})
		}
	}
	if len(found) > 0 {
		w.mu.Lock()
		w.found = append(w.found, found...)
		w.mu.Unlock()
	}
	// Each subfolder is opened when its turn comes, so a folder of many
	// never holds a descriptor for each.
	for i, s := range subs {
		sub, err := d.openSub(s.name)
		if err != nil {
			continue
		}
		if i < len(subs)-1 {
			select {
			case w.slots <- struct{}{}:
				w.wg.Add(1)
				go func() {
					defer w.wg.Done()
					w.walk(sub, s.rel, s.ignored, rules, make([]byte, direntBuffer))
					<-w.slots
				}()
				continue
			default:
			}
		}
		w.walk(sub, s.rel, s.ignored, rules, buf)
	}
}
