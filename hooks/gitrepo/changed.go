package gitrepo

import (
	"bytes"
	"cmp"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"sw/profile/quickread"
)

// RecentlyChanged returns the slash path of the most recently modified file
// that git shows as changed (untracked and not ignored, modified, or staged)
// and that keep accepts, or "" when there is none. Deleted files are never
// the answer: there is nothing to write in.
//
// It runs in process, because the pre-session hook calls it at every agent
// session start and starting `git status` costs more than that hook's whole
// budget. What remains is one stat per file keep accepts, plus reading the
// index: about 2 ms for 1,000 pieces. The working tree is walked once (skipping .git, nested repositories and
// linked worktrees, and ignored folders that hold no tracked file), the
// files keep accepts are sorted newest first, and only then is each asked,
// in turn, whether git would show it; so the usual answer, the file just
// edited, costs one comparison. A tracked file is modified when its stat
// data differ from the index's and its content hashes differently (git's
// own test, racy timestamps included); staged when the index's blob differs
// from HEAD's, which the index's cache-tree usually rules out at once.
//
// Content is hashed as stored, without clean filters or end-of-line
// conversion, so a file git would normalise may count as changed. A split
// or sparse index is left to `git status`.
func (r *Repo) RecentlyChanged(keep func(rel string) bool) (string, error) {
	return r.RecentlyChangedIn(Filter{File: keep})
}

// RecentlyChangedIn is RecentlyChanged with a Filter, whose Dir function
// lets the walk skip whole folders that cannot hold a file of interest.
// Folders are read in parallel, so keep's functions may be called from
// several goroutines at once.
func (r *Repo) RecentlyChangedIn(keep Filter) (string, error) {
	// The index is read while the tree is walked: the walk needs it only
	// for ignored folders, and the comparisons after.
	type indexResult struct {
		idx *index
		err error
	}
	indexDone := make(chan indexResult, 1)
	go func() {
		idx, err := r.readIndex()
		indexDone <- indexResult{idx, err}
	}()
	cfg, err := r.loadConfig()
	if err != nil {
		return "", err
	}
	ig, err := r.newIgnorer(cfg)
	if err != nil {
		return "", err
	}
	w := &worktreeWalk{
		repo: r, ig: ig, keep: keep,
		trustCtime: cfg.boolean("core.trustctime", true),
		fileMode:   cfg.boolean("core.filemode", true),
		slots:      make(chan struct{}, runtime.GOMAXPROCS(0)-1),
	}
	w.indexReady = func() *index {
		w.indexOnce.Do(func() {
			res := <-indexDone
			w.idx, w.idxErr = res.idx, res.err
			if w.idx == nil {
				w.idx = &index{}
			}
		})
		return w.idx
	}
	top, err := openDir(r.Root)
	if err != nil {
		return "", err
	}
	w.walk(top, "", false, nil, make([]byte, direntBuffer))
	w.wg.Wait()
	idx := w.indexReady()
	switch {
	case w.err != nil:
		return "", w.err
	case w.idxErr != nil:
		return "", w.idxErr
	case idx.unsupported != "":
		return r.recentlyChangedByGit(keep)
	}
	// Newest first; sorting small keys rather than the candidates keeps
	// this to tens of microseconds for a thousand files.
	type key struct {
		sec, nsec int64
		i         int
	}
	order := make([]key, len(w.found))
	for i, c := range w.found {
		order[i] = key{c.stat.mtime[0], c.stat.mtime[1], i}
	}
	slices.SortFunc(order, func(a, b key) int {
		switch {
		case a.sec != b.sec:
			return cmp.Compare(b.sec, a.sec)
		case a.nsec != b.nsec:
			return cmp.Compare(b.nsec, a.nsec)
		}
		return strings.Compare(w.found[a.i].rel, w.found[b.i].rel)
	})
	for _, k := range order {
		c := w.found[k.i]
		changed, err := w.changed(c)
		if err != nil {
			return "", err
		}
		if changed {
			return c.rel, nil
		}
	}
	return "", nil
}

// changed reports whether git would list the candidate in `git status`.
func (w *worktreeWalk) changed(c candidate) (bool, error) {
	e, tracked := w.idx.find(c.rel)
	if !tracked {
		return !c.inIgnored && !w.ig.ignored(c.rel, false, c.rules), nil
	}
	if e.stage > 0 || e.intentToAdd {
		return true, nil // a conflict, or `git add -N`
	}
	if !e.assumeValid && !e.skipWorktree {
		differs, err := w.worktreeDiffers(c, e)
		if err != nil || differs {
			return differs, err
		}
	}
	return w.staged(e)
}

// worktreeDiffers compares a tracked file with its index entry the way git
// does: a changed type, executable bit or size means modified; equal stat
// data mean unchanged unless the entry is racy (written in the same instant
// as the index, so a later edit could share its timestamp); otherwise the
// content's hash decides.
func (w *worktreeWalk) worktreeDiffers(c candidate, e *indexEntry) (bool, error) {
	st := c.stat
	switch e.mode & 0o170000 {
	case 0o160000:
		return false, nil
	case 0o120000:
		if !st.isLink {
			return true, nil
		}
	default:
		if st.isLink {
			return true, nil
		}
		if w.fileMode && (e.mode&0o111 != 0) != st.exec {
			return true, nil
		}
	}
	if e.size != 0 && e.size != uint32(st.size) {
		return true, nil
	}
	if w.statMatches(e, st) && !w.racy(e) {
		return false, nil
	}
	abs := filepath.Join(w.repo.Root, filepath.FromSlash(c.rel))
	var data []byte
	var err error
	if st.isLink {
		var target string
		target, err = os.Readlink(abs)
		data = []byte(filepath.ToSlash(target))
	} else {
		data, err = quickread.ReadFile(abs)
	}
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return false, nil // deleted since the walk: not a file to write in
		}
		return false, err
	}
	return objectHash(typeBlob, data) != e.hash, nil
}

// statMatches compares the stat data git checks with core.checkStat at its
// default: mtime, size, and where known ctime (under core.trustctime),
// inode and owner.
func (w *worktreeWalk) statMatches(e *indexEntry, st fileStat) bool {
	if uint32(st.mtime[0]) != e.mtime[0] || uint32(st.mtime[1]) != e.mtime[1] || uint32(st.size) != e.size {
		return false
	}
	if !st.full {
		return true
	}
	if w.trustCtime && (uint32(st.ctime[0]) != e.ctime[0] || uint32(st.ctime[1]) != e.ctime[1]) {
		return false
	}
	return uint32(st.ino) == e.ino && st.uid == e.uid && st.gid == e.gid
}

// racy reports whether the entry was recorded no earlier than the index
// file was written.
func (w *worktreeWalk) racy(e *indexEntry) bool {
	im := w.idx.mtime
	s, ns := uint32(im.Unix()), uint32(im.Nanosecond())
	return e.mtime[0] > s || e.mtime[0] == s && e.mtime[1] >= ns
}

// staged reports whether the index holds something else than HEAD at the
// entry's path.
func (w *worktreeWalk) staged(e *indexEntry) (bool, error) {
	if !w.headRead {
		w.headRead = true
		_, head, err := w.repo.Head()
		if err != nil {
			return false, err
		}
		if head.IsZero() {
			w.unborn = true
		} else {
			c, err := w.repo.Commit(head)
			if err != nil {
				return false, err
			}
			w.headTree = c.Tree
		}
	}
	if w.unborn {
		return true, nil
	}
	if w.idx.rootValid && w.idx.rootTree == w.headTree {
		return false, nil
	}
	te, ok, err := w.repo.entryAt(w.headTree, e.path)
	if err != nil || !ok {
		return !ok, err
	}
	return te.Hash != e.hash || indexMode(te.Mode) != e.mode, nil
}

// indexMode normalises a tree mode the way the index records it.
func indexMode(m Mode) uint32 {
	if m&0o170000 == 0o100000 {
		if m&0o111 != 0 {
			return uint32(ModeExecutable)
		}
		return uint32(ModeFile)
	}
	return uint32(m)
}

// recentlyChangedByGit asks `git status`, for the index layouts read
// in process does not handle.
func (r *Repo) recentlyChangedByGit(keep Filter) (string, error) {
	out, err := r.Git("status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames")
	if err != nil {
		return "", err
	}
	best, bestTime := "", int64(0)
	for _, entry := range bytes.Split(out, []byte{0}) {
		if len(entry) < 4 {
			continue
		}
		rel := string(entry[3:])
		if !keep.file(rel) || !keep.dirsOf(rel) {
			continue
		}
		fi, err := os.Stat(filepath.Join(r.Root, filepath.FromSlash(rel)))
		if err != nil {
			continue // deleted: not a piece to write in
		}
		if t := fi.ModTime().UnixNano(); best == "" || t > bestTime {
			best, bestTime = rel, t
		}
	}
	return best, nil
}
