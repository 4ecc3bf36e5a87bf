package git

import (
	"fmt"
	"strconv"
	"strings"
)

// rawChange is one file of git's raw diff output (`--raw -z`): its modes
// and blobs on each side (a zero blob for no file) and git's status
// letter. A submodule's side reads as no file: its "blob" is a commit.
type rawChange struct {
	Path             string
	From, To         Hash
	FromMode, ToMode Mode // zero for no file
	Status           string
}

// parseRawDiff reads git's `--raw --no-abbrev -z` output: each change is
// ":<mode> <mode> <blob> <blob> <status>" and its path, each ended by a
// NUL (no renames asked for, so one path each).
func parseRawDiff(out []byte) ([]rawChange, error) {
	var changes []rawChange
	fields := strings.Split(string(out), "\x00")
	for i := 0; i+1 < len(fields); i += 2 {
		f := strings.Fields(fields[i])
		if len(f) != 5 {
			return nil, fmt.Errorf("git diff --raw said %q", fields[i])
		}
		from, errFrom := strconv.ParseUint(strings.TrimPrefix(f[0], ":"), 8, 32)
		to, errTo := strconv.ParseUint(f[1], 8, 32)
		if errFrom != nil || errTo != nil {
			return nil, fmt.Errorf("git diff --raw said %q", fields[i])
		}
		ch := rawChange{Path: fields[i+1], Status: f[4], FromMode: Mode(from), ToMode: Mode(to)}
		if ch.FromMode.IsBlob() {
			ch.From, _ = ParseHash(f[2])
		}
		if ch.ToMode.IsBlob() {
			ch.To, _ = ParseHash(f[3])
		}
		changes = append(changes, ch)
	}
	return changes, nil
}

// emptyTree is the tree with nothing in it, which git knows without
// storing it, in the object format go-git reads.
const emptyTree Hash = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

// diffTreesByGit is diffTrees for two trees one of which is too large to
// decode here (see largeObject): git compares them without materialising
// an entry per file, several times faster, and lists only what differs.
func (r *Repo) diffTreesByGit(prefix string, a, b Hash, keep Filter, emit func(path string, a, b *TreeEntry)) error {
	if a.IsZero() {
		a = emptyTree
	}
	if b.IsZero() {
		b = emptyTree
	}
	changes, err := r.treeDiff(a, b)
	if err != nil {
		return err
	}
	for _, ch := range changes {
		p := prefix + ch.Path
		if keep.Keeps(p) {
			emit(p, rawSide(ch.FromMode, ch.From), rawSide(ch.ToMode, ch.To))
		}
	}
	return nil
}

// rawSide is one side of a raw change as a tree entry: nil for no file.
// A submodule's entry has no hash (see rawChange).
func rawSide(m Mode, h Hash) *TreeEntry {
	if m == 0 {
		return nil
	}
	return &TreeEntry{Mode: m, Hash: h}
}

// treeDiff is git's raw diff of two trees, kept for the last pair asked:
// a post-commit hook's count and its facts both read the commit's change.
func (r *Repo) treeDiff(a, b Hash) ([]rawChange, error) {
	if r.lastDiff.a == a && r.lastDiff.b == b && r.lastDiff.changes != nil {
		return r.lastDiff.changes, nil
	}
	raw, err := r.git("diff-tree", "-r", "-z", "--raw", "--no-abbrev", "--no-renames", a.String(), b.String())
	if err != nil {
		return nil, err
	}
	changes, err := parseRawDiff(raw)
	if err != nil {
		return nil, err
	}
	if changes == nil {
		changes = []rawChange{}
	}
	r.lastDiff.a, r.lastDiff.b, r.lastDiff.changes = a, b, changes
	return changes, nil
}
