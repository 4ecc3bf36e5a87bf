package hooks

import (
	"time"

	"sw/facts"
	"sw/hooks/git"
	"sw/profile/atomicfile"
	"sw/profile/collection"
)

// Rebuilt is what RebuildFacts did.
type Rebuilt struct {
	facts.Updated
	Pieces  int  // the pieces in the collection
	Created bool // there was no memory.md: it was made from the starter
}

// RebuildFacts is `sw facts rebuild`: sw's entries in memory.md (see
// facts.UpdateAuto) made again from every piece as git's index holds it,
// each dated by its front matter or else by the commit that added it: what
// a fresh clone, or a collection whose hooks were installed late, needs.
// The person's entries stay. With no memory.md, it is made from the
// starter first.
func RebuildFacts(dir string) (Rebuilt, error) {
	c, err := collection.Find(dir)
	if err != nil {
		return Rebuilt{}, err
	}
	repo, err := git.At(c.Root)
	if err != nil {
		return Rebuilt{}, err
	}
	paths, err := repo.StagedFiles("", piecesIn(c))
	if err != nil {
		return Rebuilt{}, err
	}
	read, err := repo.ReadStaged("", paths, collection.PieceStart)
	if err != nil {
		return Rebuilt{}, err
	}
	dates := map[string]time.Time{}
	if _, head, err := repo.Head(); err != nil {
		return Rebuilt{}, err
	} else if !head.IsZero() {
		if dates, err = repo.AddedDates(head, c.Settings.IsPiece); err != nil {
			return Rebuilt{}, err
		}
	}
	today, err := repo.AuthorDate()
	if err != nil {
		return Rebuilt{}, err
	}
	u := factsUpdate(c, nil)
	for i, r := range read {
		notePiece(&u, c, paths[i], r.Data, false)
	}
	u.Full = true
	u.DateOf = func(p string) string {
		if d, ok := dates[p]; ok {
			return d.Format(time.DateOnly)
		}
		return today.Format(time.DateOnly) // staged, not yet committed
	}
	r := Rebuilt{Pieces: len(u.Pieces)}
	mem, err := c.File(collection.MemoryFile)
	if err != nil {
		return r, err
	}
	if !facts.Exists(mem) {
		if err := atomicfile.Write(mem, facts.Starter(), 0o644); err != nil {
			return r, err
		}
		r.Created = true
	}
	r.Updated, err = facts.UpdateFile(mem, collection.MemoryFile, u)
	return r, err
}
