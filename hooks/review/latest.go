package review

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"sw/hooks/git"
	"sw/profile/atomicfile"
)

// LatestPiece is the piece the person finished last, as the hooks noted
// it, else as the last latestWalk commits say; "" when none.
//
// A note the count made at HEAD is taken as it is (the count forgets a
// piece its commit deletes): only an older one is looked for at HEAD,
// which costs reading the piece's whole folder.
func (l *Loop) LatestPiece() (string, error) {
	_, head, err := l.Repo.Head()
	if err != nil || head.IsZero() {
		return "", err
	}
	present := func(p string) bool {
		_, ok, err := l.Repo.FileAt(head, p)
		return err == nil && ok
	}
	if st, _ := l.loadState(); st.Latest != "" && (st.Head == head.String() || present(st.Latest)) {
		return st.Latest, nil
	}
	// Without the hooks' note, the answer is kept for the commit it was
	// found at, so only the first session after a commit walks.
	noted := filepath.Join(l.Dir, "latest")
	if data, err := os.ReadFile(noted); err == nil {
		if at, p, ok := strings.Cut(string(data), "\t"); ok && at == head.String() {
			return p, nil
		}
	}
	found, walked := "", 0
	err = l.Repo.WalkHistory(head, git.ZeroHash, func(c git.PathCommit) bool {
		walked++
		if l.byAgent(c.Message) {
			return walked < latestWalk
		}
		for _, p := range slices.Sorted(maps.Keys(c.Changes)) {
			if s := c.Changes[p]; (s == "A" || s == "M") && l.Coll.Settings.IsPiece(p) && present(p) {
				found = p
				return false
			}
		}
		return walked < latestWalk
	})
	if err == nil && os.MkdirAll(l.Dir, 0o777) == nil {
		// Only a note: a write that fails costs the next session a walk.
		_ = atomicfile.Write(noted, []byte(head.String()+"\t"+found), 0o666)
	}
	return found, err
}

// latestWalk bounds how far back LatestPiece looks in history.
const latestWalk = 1000
