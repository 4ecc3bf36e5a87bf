package atomicfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"time"
)

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
// file). So that a change saved meanwhile (by a person's editor, say) is not
// lost, it writes nothing and returns ErrChanged, for the caller to read the
// file again, when the file is no longer as seen (the same file, size and
// modification time) or may be in the middle of being saved in place:
//   - before anything is written, the file must be as seen and held open
//     for writing by no process, or, where the system cannot tell,
//     unchanged for Quiet (waited for);
//   - just before the rename, the new bytes synced, it is checked again;
//   - after the rename, it is checked once more through a descriptor held
//     open since: an editor that opened it just before the rename writes
//     into it after. Its bytes, once the editor is done, are put back in
//     place of sw's, and WriteOver returns ErrChanged.
func WriteOver(path string, data []byte, perm fs.FileMode, seen fs.FileInfo) error {
	g := &guard{seen: seen}
	defer func() { g.held.Close() }() // a nil *os.File's Close does nothing
	return write(path, data, perm, g)
}

// guard is what WriteOver checks around the rename: the file as seen,
// and a descriptor of it held open across the rename.
type guard struct {
	seen fs.FileInfo
	held *os.File
}

// unchanged reports whether now is still the file seen.
func unchanged(seen, now fs.FileInfo) bool {
	return os.SameFile(seen, now) && seen.Size() == now.Size() && seen.ModTime().Equal(now.ModTime())
}

// hold opens the file as seen and checks that it is settled: no process
// has it open for writing, or where that cannot be known, it has stood
// unchanged for Quiet. A nil guard, Write's, checks nothing; so do the
// other checks.
func (g *guard) hold(path string) error {
	if g == nil || g.seen == nil {
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
	if g == nil {
		return nil
	}
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
	if g == nil || g.held == nil {
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
