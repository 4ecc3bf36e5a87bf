// Package atomicfile writes files a person owns so that a crash, a full disk
// or a concurrent reader never sees half a file: the new bytes go to a
// temporary file in the same folder, are synced, and replace the old file by
// rename.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// Write replaces the file at path with data. A new file gets mode perm; an
// existing one keeps its own, and one its owner cannot write is refused. A
// symbolic link keeps pointing where it pointed: the file it points to is
// the one replaced.
func Write(path string, data []byte, perm fs.FileMode) error {
	return write(path, data, perm, nil)
}

// ErrChanged is WriteOver's answer when the file is no longer as the
// caller saw it.
var ErrChanged = errors.New("changed by someone else meanwhile")

// Quiet is how long a file must have stood unchanged before WriteOver
// replaces it, where the system cannot say whether a process has it open
// for writing (see openForWriting). An editor that saves in place (nano,
// many Node tools) truncates the file and writes the new text a moment
// later: a file read in between is cut short, and replacing it would send
// the editor's text to a file nobody sees. Tests shorten it.
var Quiet = 500 * time.Millisecond

// probeWriters is openForWriting; tests put another in its place.
var probeWriters = openForWriting

// OpenForWriting reports whether any process holds f's file open for
// writing; known is false where the system will not say.
func OpenForWriting(f *os.File) (writing, known bool) { return openForWriting(f) }

// writersWait bounds how long WriteOver waits for a process to close a
// file it holds open for writing.
const writersWait = time.Second

// WriteOver is Write for a caller that read the file first and computed
// data from it: seen is what os.Stat said of it then (nil: there was no
// file). It writes nothing and returns ErrChanged when the file is no
// longer as seen (the same file, size and modification time), or may be
// in the middle of being saved in place, so that a change saved meanwhile
// (by a person's editor, say) is not lost and the caller can read the file
// again:
//   - before anything is written, the file must be as seen and nobody's
//     to write: held open for writing by no process, or, where the system
//     cannot tell, unchanged for Quiet (waited for);
//   - just before the rename, the new bytes already synced, it is
//     checked again;
//   - after the rename, the file as seen is checked once more, through a
//     descriptor held open since: an editor that opened it just before
//     the rename writes into it after. Its bytes, once the editor is done,
//     are put back in place of sw's, and WriteOver returns ErrChanged.
func WriteOver(path string, data []byte, perm fs.FileMode, seen fs.FileInfo) error {
	g := &guard{seen: seen}
	defer g.close()
	return write(path, data, perm, g)
}

// guard is what WriteOver checks around the rename: the file as seen,
// and a descriptor of it held open across the rename.
type guard struct {
	seen fs.FileInfo
	held *os.File
}

func (g *guard) close() {
	if g.held != nil {
		g.held.Close()
	}
}

// unchanged reports whether now is still the file seen.
func unchanged(seen, now fs.FileInfo) bool {
	return os.SameFile(seen, now) && seen.Size() == now.Size() && seen.ModTime().Equal(now.ModTime())
}

// hold opens the file as seen and checks that it is settled: no process
// has it open for writing, or where that cannot be known, it has stood
// unchanged for Quiet.
func (g *guard) hold(path string) error {
	if g.seen == nil {
		return nil
	}
	var err error
	if g.held, err = os.Open(path); err != nil {
		return ErrChanged
	}
	if fi, err := g.held.Stat(); err != nil || !unchanged(g.seen, fi) {
		return ErrChanged
	}
	if writing, known := probeWriters(g.held); known {
		if writing {
			g.waitForWriters()
			return ErrChanged
		}
		return nil
	}
	for {
		wait := Quiet - time.Since(g.seen.ModTime())
		if wait <= 0 || wait > Quiet {
			// Settled, or a modification time in the future (another
			// machine's clock): nothing to wait for.
			return nil
		}
		time.Sleep(wait)
		if now, err := g.held.Stat(); err != nil || !unchanged(g.seen, now) {
			return ErrChanged
		}
	}
}

// waitForWriters waits, for writersWait at most, until no process holds
// the held file open for writing.
func (g *guard) waitForWriters() {
	for deadline := time.Now().Add(writersWait); time.Now().Before(deadline); {
		if writing, _ := probeWriters(g.held); !writing {
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// beforeRename stops the rename when the file is no longer as seen, or a
// process has opened it for writing since.
func (g *guard) beforeRename(path string) error {
	now, err := os.Stat(path)
	switch {
	case g.seen == nil && errors.Is(err, fs.ErrNotExist):
		return nil
	case g.seen == nil || err != nil || !unchanged(g.seen, now):
		return ErrChanged
	}
	if g.held != nil {
		if writing, _ := probeWriters(g.held); writing {
			return ErrChanged
		}
	}
	return nil
}

// afterRename checks the replaced file through the descriptor held open:
// written since it was seen, or open for writing, it is being saved in
// place, and the save goes to it rather than to the file now in its
// place. Once the editor is done, its bytes are put back, unless the file
// at path was replaced again meanwhile.
func (g *guard) afterRename(path string, mine fs.FileInfo) error {
	if g.held == nil {
		return nil
	}
	writing, known := probeWriters(g.held)
	fi, err := g.held.Stat()
	if err != nil || !writing && unchanged(g.seen, fi) {
		return nil
	}
	if known {
		g.waitForWriters()
	} else {
		for range 10 {
			time.Sleep(Quiet)
			again, err := g.held.Stat()
			if err != nil || again.Size() == fi.Size() && again.ModTime().Equal(fi.ModTime()) {
				break
			}
			fi = again
		}
	}
	if fi, err = g.held.Stat(); err != nil {
		return ErrChanged
	}
	saved, err := io.ReadAll(io.NewSectionReader(g.held, 0, fi.Size()))
	if err != nil {
		return ErrChanged
	}
	if now, err := os.Stat(path); err == nil && os.SameFile(now, mine) {
		if err := replace(path, saved, fi.Mode().Perm(), nil); err != nil {
			return err
		}
	}
	return ErrChanged
}

// write is Write, and WriteOver when g is set.
func write(path string, data []byte, perm fs.FileMode, g *guard) error {
	path, err := LinkedFile(path)
	if err != nil {
		return err
	}
	if fi, err := os.Stat(path); err == nil {
		// A rename would replace a file its owner made read-only: that
		// is the person saying hands off.
		if fi.Mode().Perm()&0o200 == 0 {
			return fmt.Errorf("%s is read-only, so sw leaves it as it is; make it writable (chmod u+w) for sw to write it", path)
		}
		perm = fi.Mode().Perm()
	}
	if g != nil {
		if err := g.hold(path); err != nil {
			return err
		}
	}
	return replace(path, data, perm, g)
}

// LinkedFile follows path, while it is a symbolic link, to the file the
// links name: the one to replace, which need not exist yet (a link made
// before its target).
func LinkedFile(path string) (string, error) {
	for range 40 { // as many links as Linux follows
		fi, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) || err == nil && fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		if err != nil {
			return "", err
		}
		target, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(path), target)
		}
		path = target
	}
	return "", fmt.Errorf("%s: too many levels of symbolic links", path)
}

// Replace puts a file with data and mode at path, whatever was there,
// a symbolic link included.
func Replace(path string, data []byte, mode fs.FileMode) error {
	return replace(path, data, mode, nil)
}

// replace is Replace, guarded by g when set: g checks the file right
// before the rename, and gives up on its error, and right after.
func replace(path string, data []byte, mode fs.FileMode, g *guard) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := CreateTemp(dir, base)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Chmod(mode); err != nil { // explicit: the umask must not decide
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	mine, err := tmp.Stat()
	if err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if g != nil {
		if err = g.beforeRename(path); err != nil {
			return err
		}
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	SyncDir(dir)
	if g != nil {
		return g.afterRename(path, mine)
	}
	return nil
}

// SyncDir makes renames and removals in dir durable, as far as the file
// system allows: some cannot sync a folder, and the change has happened
// either way.
func SyncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
