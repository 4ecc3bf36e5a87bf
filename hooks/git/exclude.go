package git

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"sw/profile/atomicfile"
)

// Exclude makes sure the repository's own ignore list (info/exclude,
// shared by linked worktrees and never committed, unlike .gitignore) holds
// pattern, under a comment line that says whose it is. The lines already
// there stay byte for byte.
func (r *Repo) Exclude(pattern, comment string) error {
	path := filepath.Join(r.CommonDir, "info", "exclude")
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		if string(bytes.TrimRight(line, "\r")) == pattern {
			return nil
		}
	}
	out := append([]byte(nil), data...)
	if len(out) > 0 && !bytes.HasSuffix(out, []byte("\n")) {
		out = append(out, '\n')
	}
	out = append(out, "# "+comment+"\n"+pattern+"\n"...)
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return err
	}
	return atomicfile.Write(path, out, 0o644)
}
