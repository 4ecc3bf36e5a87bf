package install

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"sw/hooks/git"
	"sw/profile/atomicfile"
)

// memory.md changes with nearly every commit that finishes a piece (the
// pre-commit hook adds the piece's line), so two branches that each finish
// one both add a line at the same place, and git would stop their merge,
// rebase or cherry-pick on a conflict in memory.md. git's own union merge
// keeps the lines of both sides instead, which is right for sw's lines (the
// next update puts them back in order), and loses nothing of the person's:
// where both sides changed the same lines of theirs, both versions stay,
// for `sw facts check` to report as duplicates.
//
// The rule goes in the repository's own attributes file, in the common git
// folder: nothing the person tracks changes, and it is this clone's alone,
// as the hooks are.
const (
	// AttributesFile is how the report names the file.
	AttributesFile = "info/attributes"
	mergeNote      = "# sw hook install: when branches merge, memory.md keeps the lines both sides added"
	mergeRule      = "/memory.md merge=union"
)

// attributesPath is the repository's attributes file.
func attributesPath(repo *git.Repo) string {
	return filepath.Join(repo.CommonDir, "info", "attributes")
}

// planAttributes decides what installing (or, with !install, uninstalling)
// means for the merge rule, from what is on disk.
func planAttributes(repo *git.Repo, install bool) (step, error) {
	path := attributesPath(repo)
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return step{}, err
	}
	exists := err == nil
	has := bytes.Contains(append([]byte("\n"), data...), []byte("\n"+mergeRule+"\n")) ||
		bytes.HasSuffix(append([]byte("\n"), data...), []byte("\n"+mergeRule))
	r := HookResult{Hook: AttributesFile, Path: path}
	switch {
	case install && has:
		r.Action = AlreadyInstalled
		return step{result: r}, nil
	case install:
		r.Action = Installed
		r.Detail = "memory.md merges keep the lines both sides added"
		out := data
		if len(out) > 0 && out[len(out)-1] != '\n' {
			out = append(out, '\n')
		}
		out = append(out, mergeNote+"\n"+mergeRule+"\n"...)
		return step{result: r, apply: func() error {
			if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
				return err
			}
			return atomicfile.Write(path, out, 0o644)
		}}, nil
	case !has:
		r.Action = NotInstalled
		return step{result: r}, nil
	}
	r.Action = Removed
	var out []byte
	for _, line := range bytes.SplitAfter(data, []byte("\n")) {
		if t := string(bytes.TrimRight(line, "\r\n")); t != mergeRule && t != mergeNote {
			out = append(out, line...)
		}
	}
	return step{result: r, apply: func() error {
		if len(bytes.TrimSpace(out)) == 0 && exists {
			return os.Remove(path) // it held sw's rule alone
		}
		return atomicfile.Write(path, out, 0o644)
	}}, nil
}
