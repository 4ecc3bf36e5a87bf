package hooks

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"

	"sw/facts"
	"sw/hooks/git"
	"sw/profile"
	"sw/profile/collection"
)

// PreCommit is `sw hook pre-commit`, started for every commit. It asks git
// once what the commit stages, the one question a commit's hooks ask, and
// leaves a note of the index seen through (see git.SeenFile), so that the
// commit-msg and post-commit hooks need not ask again.
func PreCommit(io IO) int {
	if standAside(io) {
		return 0
	}
	c, err := collection.Find(io.Dir)
	var mem string
	if err == nil {
		mem, err = c.File(collection.MemoryFile)
	}
	if errors.Is(err, collection.ErrNotCollection) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(io.Stderr, "sw: %s\n", profile.OneLine(err))
		return 0
	}
	if !facts.Exists(mem) {
		return 0 // sw init makes it; a person who removed it meant to
	}
	repo, err := git.At(c.Root)
	if err != nil {
		return 0
	}
	named := io.Getenv("GIT_INDEX_FILE")
	repo.ForgetSeen(named)
	if op, busy := repo.InProgress(); busy && op != "merge" {
		return 0 // a replayed commit brings its own memory.md
	}
	index := named
	if index != "" && !filepath.IsAbs(index) {
		index = filepath.Join(io.Dir, index)
	}
	// What the commit stages, through one git command, and the commit it
	// goes on top of.
	staged, err := repo.StagedChangesWithStatus(index)
	var head git.Hash
	if err == nil {
		_, head, err = repo.Head()
	}
	if err == nil {
		err = factsBeforeCommit(io, c, repo, mem, index, staged, head)
	}
	if err != nil {
		fmt.Fprintf(io.Stderr, "sw: %s not brought up to date: %s\n", collection.MemoryFile, profile.OneLine(err))
		return 0
	}
	if !slices.ContainsFunc(staged, func(ch git.StagedChange) bool { return isProfileFile(ch.Path) }) {
		repo.NoteSeen(named, head, staged) // else commit-msg asks git, and checks them
	}
	return 0
}

// factsBeforeCommit brings memory.md in line with the pieces the commit
// stages (staged, on top of head) and stages it with them, or leaves the
// update in the working tree (see worktreeOnly); the rest is read in this
// process: a hook inside every commit of a piece.
func factsBeforeCommit(io IO, c *collection.Collection, repo *git.Repo, mem, index string, staged []git.StagedChange, head git.Hash) error {
	u := factsUpdate(c, repo.AuthorDate)
	memStaged := git.ZeroHash // memory.md as the index holds it, when the commit changes it
	memChanged := false
	for _, ch := range staged {
		if ch.Path == collection.MemoryFile {
			memStaged, memChanged = ch.Blob, true
		}
		if !piecesIn(c).Keeps(ch.Path) {
			continue
		}
		text, err := readPiece(repo, ch.Blob) // nil: the commit deletes the piece
		if err != nil {
			return err
		}
		notePiece(&u, c, ch.Path, text, ch.Status == "A")
	}
	if len(u.Pieces)+len(u.Removed) == 0 {
		return nil
	}
	u.All = func() ([]string, error) { return repo.StagedFiles(index, piecesIn(c)) }
	var err error
	if u.Before, err = memoryAt(repo, head); err != nil {
		return err
	}

	why, err := worktreeOnly(repo, index, mem, memStaged, memChanged, u.Before)
	if err != nil {
		return err
	}
	res, err := facts.UpdateFile(mem, collection.MemoryFile, u)
	if err != nil {
		return err
	}
	if res.Over != "" {
		fmt.Fprintf(io.Stderr, "sw: %s is %s\n", collection.MemoryFile, res.Over)
	}
	switch {
	case !res.Wrote:
	case why == "":
		return repo.Stage(index, collection.MemoryFile)
	default:
		fmt.Fprintf(io.Stderr, "sw: %s; in the working tree only, %s: commit it when you like\n", res.Report(collection.MemoryFile), why)
	}
	return nil
}
