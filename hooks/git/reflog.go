package git

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
)

// LastHeadMove returns the message of the newest entry in HEAD's reflog
// ("commit (amend): Fix a typo"), or "" when there is none (no reflog, or
// core.logAllRefUpdates off). The
// post-commit hook uses it to tell an amend from a new commit: git runs the
// same hook for both. Only the end of the file is read, however long the
// reflog has grown.
func (r *Repo) LastHeadMove() string {
	f, err := os.Open(filepath.Join(r.GitDir, "logs", "HEAD"))
	if err != nil {
		return ""
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || fi.Size() == 0 {
		return ""
	}
	// An entry is two names, an identity, a date and a one-line message:
	// a few hundred bytes. Read a tail that holds the last one whole, and
	// a longer one for the rare entry that does not fit.
	for _, tail := range []int64{2 << 10, 64 << 10} {
		n := min(fi.Size(), tail)
		buf := make([]byte, n)
		if _, err := f.ReadAt(buf, fi.Size()-n); err != nil && err != io.EOF {
			return ""
		}
		buf = bytes.TrimRight(buf, "\n")
		if nl := bytes.LastIndexByte(buf, '\n'); nl >= 0 {
			buf = buf[nl+1:]
		} else if n < fi.Size() {
			continue // the last entry began before this tail
		}
		_, msg, ok := bytes.Cut(buf, []byte{'\t'})
		if !ok {
			return ""
		}
		return string(msg)
	}
	return "" // an entry longer than any tail: not one git wrote
}
