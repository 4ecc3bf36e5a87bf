package hooks

import (
	"fmt"
	"os"
	"path/filepath"

	"sw/hooks/git"
	"sw/hooks/install"
	"sw/hooks/review"
	"sw/profile/atomicfile"
	"sw/profile/collection"
)

// sweepLeftovers removes the temporary files that writers of sw killed
// midway left in the folders sw writes in (see atomicfile.Sweep): the
// collection's top, where CLAUDE.md, memory.md and profile_feedback.json
// live, each instruction file's folder, .claude/, and sw's own folders
// under git's. Every hook does it first, so what a crash left is gone by
// the next session or commit. So do the lock files git leaked beside sw's
// own branches. repo is nil outside git.
func sweepLeftovers(c *collection.Collection, repo *git.Repo) {
	dirs := []string{c.Root}
	// Only inside the collection: a file of a cloned collection linked
	// elsewhere leads to no folder sw sweeps (see collection.File).
	for _, rel := range append([]string{install.ClaudeSettingsFile}, c.Settings.Targets...) {
		if file, err := c.File(rel); err == nil {
			dirs = append(dirs, filepath.Dir(file))
		}
	}
	if repo != nil {
		repo.RemoveLeakedRefLocks("heads/" + review.BranchPrefix)
		// sw's folder under git's, and the folders in it (caches, queues).
		own := filepath.Join(repo.CommonDir, "sw")
		dirs = append(dirs, repo.GitDir, own)
		if entries, err := os.ReadDir(own); err == nil {
			for _, e := range entries {
				if e.IsDir() {
					dirs = append(dirs, filepath.Join(own, e.Name()))
				}
			}
		}
	}
	seen := map[string]bool{}
	for _, dir := range dirs {
		if !seen[dir] {
			seen[dir] = true
			atomicfile.Sweep(dir)
		}
	}
}

// finishInterrupted finishes what a run of sw that was killed left half
// done: an sw accept (see review.FinishAccept), a rejection record (see
// review.FinishRecord). It says so in one line.
func finishInterrupted(l *review.Loop, io IO) {
	finishAccept(l, io)
	finishRecord(l, io)
}

func finishAccept(l *review.Loop, io IO) {
	note, _, err := l.FinishAccept(true)
	if err != nil {
		note = "an interrupted sw accept could not be seen to: " + oneLine(err)
	}
	if note != "" {
		fmt.Fprintf(io.Stderr, "sw: %s\n", note)
	}
}

func finishRecord(l *review.Loop, io IO) {
	if _, err := l.FinishRecord(); err != nil {
		fmt.Fprintf(io.Stderr, "sw: an interrupted rejection record could not be seen to: %s\n", oneLine(err))
	}
}
