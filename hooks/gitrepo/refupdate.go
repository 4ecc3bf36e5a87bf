package gitrepo

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// ErrRefChanged is returned by UpdateRef when the ref does not hold the
// value the caller expected: someone else moved, created or deleted it.
var ErrRefChanged = errors.New("ref changed by someone else")

// ErrRefLocked is returned by UpdateRef when another process held the ref's
// lock for longer than git itself waits.
var ErrRefLocked = errors.New("ref is locked by another git process")

// lockTimeout is git's default core.filesRefLockTimeout, and
// packedRefsLockTimeout its default core.packedRefsTimeout.
const (
	lockTimeout           = 100 * time.Millisecond
	packedRefsLockTimeout = time.Second
)

// UpdateRef moves a ref from old to new as a compare-and-swap: it fails with
// ErrRefChanged unless the ref currently holds old. A zero old means the ref
// must not exist yet; a zero new deletes it.
//
// It follows git's own locking protocol, so a git command running at the same
// time can neither lose this update nor have its own lost: the file
// "<ref>.lock" is created exclusively (waiting up to 100 ms, as git does),
// the current value is checked while the lock is held, the new value is
// written to the lock file, which is then renamed over the ref. A deletion
// also holds "packed-refs.lock", as git's do: `git pack-refs` (and so a gc)
// holds that lock from listing the loose refs to writing them packed, and
// would otherwise write back a ref removed in between. Deleting a ref that
// lives in packed-refs is handed to `git update-ref -d`, which rewrites that
// file under the same locks; it is the rare path.
//
// Only refs under refs/ can be updated, and a symbolic ref is refused rather
// than followed. Branches must point to commits. UpdateRef writes no reflog
// entry (UpdateRefLogged does); the reflog of a deleted ref is removed, as
// git removes it. Git's reference-transaction hook does not run for updates
// made here (it does for the packed deletions).
func (r *Repo) UpdateRef(name string, new, old Hash) error {
	return r.updateRef(name, new, old, nil)
}

// RefLog is the reflog entry an update leaves: who moved the ref, and why
// (the message git shows in `git reflog`).
type RefLog struct {
	Who     Signature
	Message string
}

// UpdateRefLogged is UpdateRef that also appends log to the ref's reflog,
// under the ref's lock, where git would: a branch in a repository with a
// working tree (core.logAllRefUpdates), any ref whose reflog exists, every
// ref with core.logAllRefUpdates=always. So `git reflog` shows a
// suggestion branch's versions, and a refreshed one can be found again.
func (r *Repo) UpdateRefLogged(name string, new, old Hash, log RefLog) error {
	return r.updateRef(name, new, old, &log)
}

func (r *Repo) updateRef(name string, new, old Hash, log *RefLog) error {
	if err := checkRefName(name); err != nil {
		return err
	}
	if !new.IsZero() {
		if err := r.checkTarget(name, new); err != nil {
			return err
		}
	}
	path := filepath.Join(r.refDir(name), filepath.FromSlash(name))
	var lock *os.File
	var err error
	for attempt := 0; ; attempt++ {
		if !new.IsZero() {
			if err := r.makeRefDir(name, path); err != nil {
				return err
			}
		}
		lock, err = lockRef(path)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s: %w", name, err)
		}
		if new.IsZero() {
			// No folder for it: the ref can only be packed, or absent.
			return r.deleteUnlocked(name, old)
		}
		if attempt == 3 {
			return fmt.Errorf("%s: %w", name, err)
		}
		// A concurrent deletion pruned the folder we just made; again.
	}
	held := []*os.File{lock}
	unlock := func() {
		for _, f := range held {
			f.Close()
			os.Remove(f.Name())
		}
		held = nil
	}
	defer unlock()
	if new.IsZero() {
		packedLock, err := lockFile(filepath.Join(r.CommonDir, "packed-refs"), packedRefsLockTimeout)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		held = append(held, packedLock)
	}

	cur, target, loose, err := r.readLooseRef(name)
	if err != nil {
		return err
	}
	if target != "" {
		return fmt.Errorf("%s is a symbolic ref (to %s); sw does not move those", name, target)
	}
	packed, err := r.packedRefs()
	if err != nil {
		return err
	}
	packedHash, inPacked := packed.refs[name]
	if !loose && inPacked {
		cur = packedHash
	}
	exists := loose || inPacked
	switch {
	case old.IsZero() && exists:
		return fmt.Errorf("%s already exists (at %s): %w", name, short(cur), ErrRefChanged)
	case !old.IsZero() && !exists:
		return fmt.Errorf("%s no longer exists (expected %s): %w", name, short(old), ErrRefChanged)
	case !old.IsZero() && cur != old:
		return fmt.Errorf("%s is at %s, not %s: %w", name, short(cur), short(old), ErrRefChanged)
	}

	if new.IsZero() {
		if !exists {
			return nil
		}
		if inPacked {
			// Let git rewrite packed-refs; it takes these same locks,
			// so ours go first. It verifies old again under its own.
			unlock()
			return r.gitDeleteRef(name, old)
		}
		if err := os.Remove(path); err != nil {
			return err
		}
		os.Remove(r.refLogPath(name))
		unlock()
		r.pruneRefDirs(name)
		return nil
	}

	if _, err := lock.WriteString(new.String() + "\n"); err != nil {
		return err
	}
	if err := lock.Close(); err != nil {
		return err
	}
	if log != nil && r.logsRef(name) {
		if err := r.appendRefLog(name, cur, new, *log); err != nil {
			return err
		}
	}
	if err := os.Rename(lock.Name(), path); err != nil {
		return err
	}
	held = nil
	return nil
}

// logsRef says whether git would log an update of name: its reflog exists
// already, or core.logAllRefUpdates asks for it (true, git's default with a
// working tree, for branches; always, for every ref).
func (r *Repo) logsRef(name string) bool {
	if _, err := os.Stat(r.refLogPath(name)); err == nil {
		return true
	}
	cfg, err := r.loadConfig()
	if err != nil {
		return false
	}
	v, set := cfg.get("core.logallrefupdates")
	switch {
	case strings.EqualFold(v, "always"):
		return true
	case !set:
		return !cfg.boolean("core.bare", false) && strings.HasPrefix(name, "refs/heads/")
	}
	return cfg.boolean("core.logallrefupdates", false) && strings.HasPrefix(name, "refs/heads/")
}

func (r *Repo) refLogPath(name string) string {
	return filepath.Join(r.refDir(name), "logs", filepath.FromSlash(name))
}

// appendRefLog adds one line to name's reflog, as git writes it:
// "<old> <new> <who> <when>\t<message>".
func (r *Repo) appendRefLog(name string, old, new Hash, log RefLog) error {
	path := r.refLogPath(name)
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
	if err != nil {
		return err
	}
	msg := strings.ReplaceAll(strings.TrimSpace(log.Message), "\n", " ")
	_, err = fmt.Fprintf(f, "%s %s %s\t%s\n", old, new, formatSignature(log.Who), msg)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// deleteUnlocked deletes a ref that has no loose file and no folder for one.
func (r *Repo) deleteUnlocked(name string, old Hash) error {
	packed, err := r.packedRefs()
	if err != nil {
		return err
	}
	cur, ok := packed.refs[name]
	switch {
	case !ok && old.IsZero():
		return nil
	case !ok:
		return fmt.Errorf("%s no longer exists (expected %s): %w", name, short(old), ErrRefChanged)
	case old.IsZero():
		return fmt.Errorf("%s already exists (at %s): %w", name, short(cur), ErrRefChanged)
	case cur != old:
		return fmt.Errorf("%s is at %s, not %s: %w", name, short(cur), short(old), ErrRefChanged)
	}
	return r.gitDeleteRef(name, old)
}

func (r *Repo) gitDeleteRef(name string, old Hash) error {
	_, err := r.Git("update-ref", "-d", name, old.String())
	if err == nil {
		return nil
	}
	msg := err.Error()
	if strings.Contains(msg, "but expected") || strings.Contains(msg, "unable to resolve") {
		return fmt.Errorf("%s: %s: %w", name, msg, ErrRefChanged)
	}
	return err
}

// lockRef creates "<path>.lock" exclusively, retrying for as long as git
// would.
func lockRef(path string) (*os.File, error) { return lockFile(path, lockTimeout) }

// lockFile creates "<path>.lock" exclusively, retrying until timeout.
func lockFile(path string, timeout time.Duration) (*os.File, error) {
	deadline := time.Now().Add(timeout)
	wait := time.Millisecond
	for {
		f, err := os.OpenFile(path+".lock", os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("%s.lock exists: %w", path, ErrRefLocked)
		}
		time.Sleep(wait)
		wait = min(2*wait, 20*time.Millisecond)
	}
}

// makeRefDir creates the folders a new ref needs. An empty folder where the
// ref's file must go (left behind by deleted refs below it) is removed, as
// git does; a file where a folder must go means a ref already claims the
// name ("refs/heads/sw" blocks "refs/heads/sw/x").
func (r *Repo) makeRefDir(name, path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		if err := os.Remove(path); err != nil {
			return fmt.Errorf("%s: refs exist below this name", name)
		}
	}
	packed, err := r.packedRefs()
	if err != nil {
		return err
	}
	for p := range packed.refs {
		if strings.HasPrefix(name, p+"/") || strings.HasPrefix(p, name+"/") {
			return fmt.Errorf("%s: conflicts with the existing ref %s (git keeps no ref below another's name)", name, p)
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		segs := strings.Split(name, "/")
		for n := 3; n < len(segs); n++ {
			above := strings.Join(segs[:n], "/")
			fi, statErr := os.Stat(filepath.Join(r.refDir(name), filepath.FromSlash(above)))
			if statErr == nil && !fi.IsDir() {
				return fmt.Errorf("%s: conflicts with the existing ref %s (git keeps no ref below another's name)", name, above)
			}
		}
		return fmt.Errorf("%s: conflicts with an existing ref: %w", name, err)
	}
	return nil
}

// pruneRefDirs removes the folders a deleted ref leaves empty, up to
// refs/<kind>/, so the name can later be used by a ref of its own.
func (r *Repo) pruneRefDirs(name string) {
	segs := strings.Split(name, "/")
	for n := len(segs) - 1; n > 2; n-- {
		dir := filepath.Join(r.refDir(name), filepath.FromSlash(strings.Join(segs[:n], "/")))
		if os.Remove(dir) != nil {
			return
		}
	}
}

// checkTarget makes sure the new value exists, and is a commit for a branch.
func (r *Repo) checkTarget(name string, h Hash) error {
	o, err := r.objects()
	if err != nil {
		return err
	}
	if strings.HasPrefix(name, "refs/heads/") {
		if _, err := r.readObject(h, typeCommit); err != nil {
			return fmt.Errorf("%s: cannot point a branch at %s: %w", name, short(h), err)
		}
		return nil
	}
	if !o.has(h) {
		return fmt.Errorf("%s: %s: %w", name, h, ErrObjectNotFound)
	}
	return nil
}

// checkRefName applies git's rules for ref names (git check-ref-format), so
// a name can never escape the refs folder or be one git refuses to read.
func checkRefName(name string) error {
	bad := func(why string) error { return fmt.Errorf("%q is not a valid ref name: %s", name, why) }
	if !strings.HasPrefix(name, "refs/") {
		return bad("it must start with refs/")
	}
	if strings.HasSuffix(name, "/") || strings.HasSuffix(name, ".") {
		return bad("it cannot end with / or .")
	}
	if strings.Contains(name, "..") || strings.Contains(name, "@{") {
		return bad("it cannot contain .. or @{")
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c < 0x20 || c == 0x7f || strings.IndexByte(" ~^:?*[\\", c) >= 0 {
			return bad(fmt.Sprintf("it cannot contain %q", c))
		}
	}
	for _, seg := range strings.Split(name, "/") {
		switch {
		case seg == "":
			return bad("it cannot contain //")
		case seg[0] == '.':
			return bad("no part can start with .")
		case strings.HasSuffix(seg, ".lock"):
			return bad("no part can end with .lock")
		}
	}
	return nil
}

// short abbreviates an object name for messages.
func short(h Hash) string { return h.String()[:12] }
