// Package review is the review loop: finished pieces are counted as they are
// committed; every N of them an analyzer proposes profile changes, each a
// branch with one commit on top of the default branch; merging a branch
// accepts its suggestion, deleting it rejects it; rejections are remembered
// in profile_feedback.json. Everything is decided from git alone, so a
// merge on a hosting service, pulled back, counts as much as one made here.
//
// The local state (.git/sw/state.json) is a cache: what must travel does so
// in git, as commit trailers, so a fresh clone rebuilds the count and the
// ledger.
package review

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"sw/hooks/git"
	"sw/profile/analyze"
	"sw/profile/atomicfile"
	"sw/profile/collection"
)

// BranchPrefix is the namespace of suggestion branches: refs/heads/sw/<batch>/<id>.
const BranchPrefix = "sw/"

// Loop is the review loop of one collection.
type Loop struct {
	Repo *git.Repo
	Coll *collection.Collection
	Dir  string // sw's local state folder, .git/sw in the common git folder
	Now  func() time.Time
	// Shown is, for a voice's loop opened from a collection, the voice as
	// .sw.yaml names it (../my-voice), for git -C.
	Shown        string
	isVoice      bool
	fellowPieces *[]analyze.Piece // on another series' loop, see latestPieces

	// ending is the operation whose closing hook is running ("merge" in
	// post-merge, "rebase" in post-rewrite): git has done its work but not
	// yet removed the files that say it is in progress.
	ending string
	// committing is set in the hooks that run after a commit was made:
	// that commit is the first to count when sw has nothing else to go by.
	committing bool
	// AgentCommitted is set by the post-commit hook in an agent's
	// environment: the commit is a draft, whatever its message says (one
	// made with --no-verify carries no Sw-Agent line).
	AgentCommitted bool
	// Index is the post-commit hook's index: the pre-commit hook's note
	// beside it says what the commit changed (see git.SeenChanges).
	Index string
}

// Open opens the loop for the collection at or above dir.
func Open(dir string) (*Loop, error) {
	c, err := collection.Find(dir)
	if err != nil {
		return nil, err
	}
	return For(c)
}

// For opens the loop of a collection already open.
func For(c *collection.Collection) (*Loop, error) {
	repo, err := git.At(c.Root)
	if err != nil {
		return nil, err
	}
	// The state, log and locks live in the common git folder, shared by
	// linked worktrees.
	return &Loop{Repo: repo, Coll: c, Dir: filepath.Join(repo.CommonDir, "sw"), Now: time.Now}, nil
}

// logf appends a line to .git/sw/log, the record of what the loop did
// behind the person's back.
func (l *Loop) logf(format string, args ...any) {
	if err := os.MkdirAll(l.Dir, 0o777); err != nil {
		return
	}
	f, err := os.OpenFile(filepath.Join(l.Dir, "log"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o666)
	if err != nil {
		return
	}
	defer f.Close()
	fmt.Fprintf(f, "%s %s\n", l.Now().UTC().Format(time.RFC3339), fmt.Sprintf(format, args...))
}

// mark leaves a marker while a writer that can be interrupted midway runs,
// for a later hook to see to what it left (see atomicfile.Interrupted);
// nil, which End takes, where the collection keeps no markers.
func (l *Loop) mark(kind string) *atomicfile.Marker {
	dir := l.Coll.MarkersDir()
	if dir == "" {
		return nil
	}
	m, err := atomicfile.Begin(dir, kind)
	if err != nil {
		l.logf("no marker for the %s: %v", kind, err)
		return nil
	}
	return m
}
