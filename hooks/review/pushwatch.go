package review

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"sw/hooks/git"

	"sw/profile/atomicfile"
)

// A suggestion branch pushed without -u leaves nothing in git's
// configuration to say so: sw learns it is on a remote only by seeing its
// remote-tracking branch at a reconcile. Were the host to delete it and
// fetch --prune to remove the tracking branch before any sw ran, the
// suggestion would stay pending. So the pre-push hook starts a watcher
// process that reconciles the moment the tracking branches are set.

const (
	// pushPoll is how often the watcher looks: a ref file read per branch.
	pushPoll = 100 * time.Millisecond
	// pushPatience is how long it waits: a push of a few small commits
	// that has not set them by then failed, or was refused.
	pushPatience = 2 * time.Minute
)

// PushUpdate is one line of what git tells a pre-push hook.
type PushUpdate struct {
	LocalRef, LocalCommit, RemoteRef, RemoteCommit string
}

// Pushed is a suggestion branch on its way to a remote: the tracking ref
// a successful push sets, and to what.
type Pushed struct {
	Tracking string
	Commit   git.Hash
}

// awaited is a push the watcher waits for.
type awaited struct {
	Pushed
	deadline time.Time
	seen     bool // the tracking branch is there; only the reconcile failed
}

// PushesToWatch picks out of a push to remote (a name, or a URL, which
// sets no tracking branch) the pending suggestion branches whose tracking
// branch it will set, told by the ref pushed to: the local side may be any
// commit (git push origin HEAD). The ledger is read without the lock: a
// branch it does not know yet is watched, and the reconcile adopts it.
func (l *Loop) PushesToWatch(remote string, updates []PushUpdate) []Pushed {
	st, _ := l.loadState()
	var out []Pushed
	for _, u := range updates {
		batch, id, ok := parseBranch(u.RemoteRef)
		commit, err := git.ParseHash(u.LocalCommit)
		if !ok || !strings.HasPrefix(u.RemoteRef, "refs/heads/") || err != nil || commit.IsZero() {
			continue
		}
		branch := BranchPrefix + batch + "/" + id
		if s := st.find(branch); s != nil && !s.Pending() {
			continue
		}
		tracking, ok := l.Repo.TrackingRef(remote, u.RemoteRef)
		if !ok || !strings.HasPrefix(tracking, "refs/remotes/") || !strings.HasSuffix(tracking, "/"+branch) {
			continue // somewhere decide would not look for it
		}
		out = append(out, Pushed{Tracking: tracking, Commit: commit})
	}
	return out
}

// WatchPushes is the watcher pre-push starts: it waits for the pushed
// branches' tracking branches and reconciles as soon as one is set, so the
// ledger notes the suggestion on that remote (Suggestion.Remotes) and a
// later fetch --prune that removes it is a decision. A branch never set is
// given up on with a line in .git/sw/log.
//
// One watcher per repository: every watcher queues its branches in
// .git/sw/pushes, and only the one holding push-watch.lock waits, for all
// that is queued; the others end at once. The state lock is never held
// while waiting.
func (l *Loop) WatchPushes(pushed []Pushed) error {
	err := l.watchPushes(pushed, pushPoll, pushPatience)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		// A queue that vanished went with the repository: nowhere to log.
		l.logf("push watcher: %v", err)
	}
	return err
}

func (l *Loop) watchPushes(pushed []Pushed, every, patience time.Duration) error {
	if err := l.queuePushes(pushed); err != nil {
		return err
	}
	for {
		release, ok, err := l.fileLock(pushWatchLock)
		if err != nil || !ok {
			return err // held: its holder takes in what was queued
		}
		err = l.awaitPushes(every, patience)
		release()
		// A push queued after the last look, whose watcher found the lock
		// still held, is this one's to take in after all.
		if err != nil || !l.pushesQueued() {
			return err
		}
	}
}

const (
	pushQueue     = "pushes"          // a folder under .git/sw
	pushWatchLock = "push-watch.lock" // under .git/sw
	queuedSuffix  = ".push"
)

// awaitPushes waits for every queued push, taking in those queued
// meanwhile, until each is reconciled or its patience has run out.
func (l *Loop) awaitPushes(every, patience time.Duration) error {
	waiting := map[string]*awaited{}
	var failure error // the last reconcile's, said of a branch given up on
	for {
		taken, err := l.takeQueuedPushes(patience)
		if err != nil {
			return err
		}
		for _, a := range taken {
			waiting[a.Tracking] = a // a later push of the branch replaces an earlier one
		}
		if arrived := l.arrived(waiting); len(arrived) > 0 {
			// A fetch may be under way as the push ends (see RefsMoved).
			if failure = l.RefsMoved(); failure == nil {
				for _, ref := range arrived {
					delete(waiting, ref)
					l.logf("push seen: %s", strings.TrimPrefix(ref, "refs/remotes/"))
				}
			}
		}
		l.giveUpOverdue(waiting, patience, failure)
		if len(waiting) == 0 {
			return nil
		}
		time.Sleep(every)
	}
}

// arrived lists the tracking branches now set to the commit pushed.
func (l *Loop) arrived(waiting map[string]*awaited) []string {
	var refs []string
	for _, ref := range slices.Sorted(maps.Keys(waiting)) {
		if h, ok, err := l.Repo.Ref(ref); err == nil && ok && h == waiting[ref].Commit {
			waiting[ref].seen = true
			refs = append(refs, ref)
		}
	}
	return refs
}

// giveUpOverdue stops waiting, with a line in the log, for each push whose
// patience has run out.
func (l *Loop) giveUpOverdue(waiting map[string]*awaited, patience time.Duration, failure error) {
	now := time.Now()
	for _, ref := range slices.Sorted(maps.Keys(waiting)) {
		a := waiting[ref]
		if now.Before(a.deadline) {
			continue
		}
		delete(waiting, ref)
		if a.seen {
			l.logf("push seen, not noted: %s: %v", strings.TrimPrefix(ref, "refs/remotes/"), failure)
		} else {
			l.logf("push not seen: %s was not set within %s of the push (it failed, or was refused)", strings.TrimPrefix(ref, "refs/remotes/"), patience)
		}
	}
}

// queuePushes adds pushed to the queue, a file each, made whole by a rename.
func (l *Loop) queuePushes(pushed []Pushed) error {
	dir := filepath.Join(l.Dir, pushQueue)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	if len(pushed) == 0 {
		return nil
	}
	var b strings.Builder
	for _, p := range pushed {
		fmt.Fprintf(&b, "%s %s\n", p.Tracking, p.Commit)
	}
	// Named by the time, so the queue reads in the order of the pushes.
	name := fmt.Sprintf("%020d-%d%s", time.Now().UnixNano(), os.Getpid(), queuedSuffix)
	return atomicfile.Put(filepath.Join(dir, name), []byte(b.String()))
}

// takeQueuedPushes reads and removes every queued push, oldest first, each
// due patience after it was queued. An error says the queue's folder is
// gone (with the repository, most likely).
func (l *Loop) takeQueuedPushes(patience time.Duration) ([]*awaited, error) {
	dir := filepath.Join(l.Dir, pushQueue)
	entries, err := os.ReadDir(dir) // sorted by name: by time
	if err != nil {
		return nil, err
	}
	var out []*awaited
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), queuedSuffix) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		data, readErr := os.ReadFile(path)
		info, statErr := e.Info()
		os.Remove(path)
		if readErr != nil || statErr != nil {
			continue
		}
		for _, line := range strings.Split(string(data), "\n") {
			ref, hex, _ := strings.Cut(line, " ")
			if h, err := git.ParseHash(hex); err == nil && ref != "" {
				out = append(out, &awaited{Pushed: Pushed{ref, h}, deadline: info.ModTime().Add(patience)})
			}
		}
	}
	return out, nil
}

// pushesQueued reports whether a push waits in the queue.
func (l *Loop) pushesQueued() bool {
	entries, _ := os.ReadDir(filepath.Join(l.Dir, pushQueue))
	return slices.ContainsFunc(entries, func(e os.DirEntry) bool { return strings.HasSuffix(e.Name(), queuedSuffix) })
}
