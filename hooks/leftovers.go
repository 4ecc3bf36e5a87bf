package hooks

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"sw/hooks/git"
	"sw/hooks/install"
	"sw/hooks/review"
	"sw/profile"
	"sw/profile/atomicfile"
	"sw/profile/collection"
)

// sweepLeftovers removes the temporary files that writers of sw killed
// midway left in the folders sw writes in (see atomicfile.Sweep), and the
// lock files git leaked beside sw's own branches, so that what a crash
// left is gone by the next session or commit. repo is nil outside git.
func sweepLeftovers(c *collection.Collection, repo *git.Repo, noted ...string) {
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
	dirs = append(dirs, ownFolders(c, repo, noted)...)
	slices.Sort(dirs)
	for _, dir := range slices.Compact(dirs) {
		atomicfile.Sweep(dir)
	}
}

// ownFolders keeps, of the folders killed writers noted in their markers,
// those inside the collection or its git folder, as they are on disk: a
// marker is sw's, but a folder reached through a link may be anyone's.
func ownFolders(c *collection.Collection, repo *git.Repo, noted []string) []string {
	roots := []string{c.Root}
	if repo != nil {
		roots = append(roots, repo.CommonDir)
	}
	for i, r := range roots {
		if real, err := filepath.EvalSymlinks(r); err == nil {
			roots[i] = real
		}
	}
	var out []string
	for _, d := range noted {
		real, err := filepath.EvalSymlinks(d)
		if err != nil {
			continue
		}
		for _, r := range roots {
			if rel, err := filepath.Rel(r, real); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				out = append(out, real)
				break
			}
		}
	}
	return out
}

// seeToInterrupted sweeps leftovers and, with a loop, finishes what a
// killed writer left half done (an sw accept, see review.FinishAccept; a
// rejection record, see review.FinishRecord), saying so in one line. It
// does so when a writer was killed: its marker says so (see
// atomicfile.Interrupted). That costs one stat when nothing was. A
// collection where writers leave no markers (a linked worktree, outside
// git) is seen to every time.
func seeToInterrupted(c *collection.Collection, l *review.Loop, io IO) {
	var noted []string
	if dir := c.MarkersDir(); dir != "" {
		left := atomicfile.Interrupted(dir)
		if left == nil {
			if l != nil {
				seeToVoice(l, io)
			}
			return
		}
		defer left.Clear()
		noted = left.Folders
	}
	if l == nil {
		sweepLeftovers(c, nil, noted...)
		return
	}
	sweepLeftovers(c, l.Repo, noted...)
	note, _, err := l.FinishAccept(true)
	if err != nil {
		note = "an interrupted sw accept could not be seen to: " + profile.OneLine(err)
	}
	if note != "" {
		fmt.Fprintf(io.Stderr, "sw: %s\n", note)
	}
	if _, err := l.FinishRecord(); err != nil {
		fmt.Fprintf(io.Stderr, "sw: an interrupted rejection record could not be seen to: %s\n", profile.OneLine(err))
	}
	seeToVoice(l, io)
}

// seeToVoice does for the voice the collection follows what
// seeToInterrupted does for the collection: its writers (a rejection
// recorded there, an accept merging there, both run from a collection)
// leave their markers in the voice's own git folder.
func seeToVoice(l *review.Loop, io IO) {
	if l.IsVoice() {
		return
	}
	// One stat when no writer was killed there, as for the collection:
	// the voice's loop is opened only to see to what one left.
	link, err := l.Coll.Voice()
	if err != nil || !link.Followed {
		return
	}
	if dir := (&collection.Collection{Root: link.Root}).MarkersDir(); dir != "" {
		if markers, err := os.ReadDir(dir); err != nil || len(markers) == 0 {
			return
		}
	}
	v, err := l.VoiceLoop()
	if err != nil || v == nil {
		return
	}
	seeToInterrupted(v.Coll, v, io)
}
