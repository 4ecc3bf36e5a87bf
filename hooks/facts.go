package hooks

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"time"

	"sw/facts"
	"sw/hooks/git"
	"sw/hooks/review"
	"sw/profile"
	"sw/profile/collection"
)

// memory.md's "Pieces written" and "Stance and arguments" follow the
// pieces: the pre-commit hook brings them in line with the pieces the
// commit stages and stages memory.md with them, so the facts land in the
// commit that finished the piece. It never makes a commit of its own, and
// never stages a change the person did not mean to commit:
//
//   - memory.md with unstaged edits of the person's, or not tracked: the
//     update goes into the working tree only, for their next commit;
//   - `git commit <paths>`, which git commits from a temporary index: the
//     working tree only too, as staging into that index would leave the
//     real one reverting it;
//   - in a rebase, cherry-pick, revert or am: nothing. The commits replayed
//     bring their own memory.md, and a changed file could stop the next step.
//
// The post-commit hook catches up, in the working tree, after a commit
// that skipped pre-commit (--no-verify); after any other, pre-commit's
// note says it saw the index through (see git.SeenFile). It leaves the
// commits of a pick, a rebase or a merge alone, for the same reason. Merges
// keep both sides' lines (`sw hook install` sets memory.md to merge by
// union), and sw facts rebuild puts everything back in order.

// worktreeOnly says why the update must not be staged with the commit
// being made, "" when it may be: only when memory.md in the working tree
// is what the index holds (staged, when the commit changes it, else
// atHead; nil for nothing), so that staging it stages sw's change alone.
func worktreeOnly(repo *git.Repo, index, mem string, staged git.Hash, changed bool, atHead []byte) (string, error) {
	if !repo.IsOwnIndex(index) {
		return "as this commit takes only the files you named", nil
	}
	want := atHead
	if changed {
		var err error
		if want, err = readBlob(repo, staged); err != nil {
			return "", err
		}
	}
	if want == nil {
		return "as git does not track it", nil
	}
	have, err := os.ReadFile(mem)
	if err != nil {
		return "", err
	}
	if bytes.Equal(have, want) || onlyOwnDiffer(have, want) {
		return "", nil
	}
	// Bytes cost nothing to compare, but bytes apart may still be one file
	// to git, which converts line endings (core.autocrlf) or runs filters.
	if same, err := repo.MatchesIndex(index, collection.MemoryFile); err != nil || same {
		return "", err
	}
	return "beside your own changes to it, which are not staged", nil
}

// onlyOwnDiffer reports whether memory.md in the working tree (have) and
// in the index (want) differ in sw's own entries alone: an update of sw's
// that a killed hook wrote and never staged, which the commit may take.
func onlyOwnDiffer(have, want []byte) bool {
	h, err := facts.WithoutOwn(collection.MemoryFile, have)
	if err != nil {
		return false
	}
	w, err := facts.WithoutOwn(collection.MemoryFile, want)
	return err == nil && bytes.Equal(h, w)
}

// factsAfterCommit is the post-commit hook's part: memory.md brought in
// line, in the working tree, when the pre-commit hook did not run.
func factsAfterCommit(io IO, l *review.Loop) {
	mem, err := l.Coll.File(collection.MemoryFile)
	if err != nil {
		fmt.Fprintf(io.Stderr, "sw: %s\n", profile.OneLine(err))
		return
	}
	if !facts.Exists(mem) {
		return
	}
	if _, busy := l.Repo.InProgress(); busy || !madeByCommit(l.Repo.LastHeadMove()) {
		return // a pick, a rebase step, a merge: the commit brought its own memory.md
	}
	res, err := catchUp(l.Coll, l.Repo, mem, io.Getenv("GIT_INDEX_FILE"))
	switch {
	case err != nil:
		fmt.Fprintf(io.Stderr, "sw: %s not brought up to date: %s\n", collection.MemoryFile, profile.OneLine(err))
	case res.Wrote:
		fmt.Fprintf(io.Stderr, "sw: %s; in the working tree, as the commit skipped sw's pre-commit hook: commit it when you like\n", res.Report(collection.MemoryFile))
		if res.Over != "" {
			fmt.Fprintf(io.Stderr, "sw: %s is %s\n", collection.MemoryFile, res.Over)
		}
	}
}

// madeByCommit reports whether HEAD's last move, as its reflog says, was
// `git commit` (plain, initial, amend or concluding a merge): the only
// commits the pre-commit hook could have seen, or been skipped for. With
// no reflog there is no telling, and the catch-up runs.
func madeByCommit(move string) bool {
	return move == "" || strings.HasPrefix(move, "commit:") || strings.HasPrefix(move, "commit (")
}

// catchUp updates the memory.md at mem for the pieces HEAD's commit
// changed against its first parent, unless the pre-commit hook saw the
// commit's index through (index is the one the post-commit hook is given).
func catchUp(c *collection.Collection, repo *git.Repo, mem, index string) (facts.Updated, error) {
	_, head, err := repo.Head()
	if err != nil || head.IsZero() {
		return facts.Updated{}, err
	}
	commit, err := repo.Commit(head)
	if err != nil {
		return facts.Updated{}, err
	}
	var parent git.Hash
	if len(commit.Parents) > 0 {
		parent = commit.Parents[0]
	}
	if _, seen := repo.SeenChanges(index, parent, piecesIn(c)); seen {
		return facts.Updated{}, nil
	}
	changes, err := repo.ChangedFilesIn(parent, head, piecesIn(c))
	if err != nil || len(changes) == 0 {
		return facts.Updated{}, err
	}
	u := factsUpdate(c, func() (time.Time, error) { return commit.Author.When, nil })
	for _, ch := range changes {
		text, err := readPiece(repo, ch.To)
		if err != nil {
			return facts.Updated{}, err
		}
		notePiece(&u, c, ch.Path, text, ch.From.IsZero())
	}
	u.All = func() ([]string, error) { return repo.FilesIn(head, piecesIn(c)) }
	if u.Before, err = memoryAt(repo, parent); err != nil {
		return facts.Updated{}, err
	}
	if u.After, err = memoryAt(repo, head); err != nil {
		return facts.Updated{}, err
	}
	return facts.UpdateFile(mem, collection.MemoryFile, u)
}

// memoryAt reads memory.md as the commit at (zero: none yet) holds it;
// nil for none.
func memoryAt(repo *git.Repo, at git.Hash) ([]byte, error) {
	if at.IsZero() {
		return nil, nil
	}
	blob, ok, err := repo.FileAt(at, collection.MemoryFile)
	if err != nil || !ok {
		return nil, err
	}
	return readBlob(repo, blob)
}

// readPiece reads the start of a piece's blob, where all memory.md notes
// of it is (see collection.PieceStart): nil for no blob, a piece gone, and
// empty for an empty piece.
func readPiece(repo *git.Repo, blob git.Hash) ([]byte, error) {
	if blob.IsZero() {
		return nil, nil
	}
	c, err := repo.BlobUpTo(blob, collection.PieceStart)
	return c.Data, err
}

// readBlob reads a blob whole: nil for no blob, and empty for an empty
// file.
func readBlob(repo *git.Repo, blob git.Hash) ([]byte, error) {
	if blob.IsZero() {
		return nil, nil
	}
	data, err := repo.Blob(blob)
	if data == nil && err == nil {
		data = []byte{}
	}
	return data, err
}

// factsUpdate starts memory.md's update for pieces a commit changes (see
// notePiece). A piece with no date of its own keeps the date memory.md
// already gives it; one memory.md does not note yet is dated by the commit
// that first notes it, the one being made (made is when). A hook never
// walks history for a date: that would make every commit cost what the
// history holds. sw facts rebuild dates pieces by the commits that added
// them.
func factsUpdate(c *collection.Collection, made func() (time.Time, error)) facts.Update {
	b := c.Settings.FactsBudget
	return facts.Update{Budget: facts.Budget{Lines: b.Lines, Bytes: b.Bytes}, DateOf: func(string) string {
		when, err := made()
		if err != nil {
			return ""
		}
		return when.Format(time.DateOnly)
	}}
}

// notePiece adds to u the piece at path, whose text is given (nil: the
// piece is gone).
func notePiece(u *facts.Update, c *collection.Collection, path string, text []byte, added bool) {
	if text == nil {
		u.Removed = append(u.Removed, path)
		return
	}
	pf := pieceFacts(c, path, text)
	pf.Added = added
	u.Pieces = append(u.Pieces, pf)
}

// pieceFacts reads what memory.md notes of a piece from its text; its
// genre is the one `sw check` reads, left out when it is the default.
func pieceFacts(c *collection.Collection, path string, text []byte) facts.PieceFacts {
	fm := collection.ParseFrontMatter(text)
	_, body, _ := collection.SplitFrontMatter(text)
	genre, err := c.GenreOf(path, text)
	if err != nil || genre == collection.DefaultGenre {
		genre = ""
	}
	return facts.PieceFacts{Path: path, Title: fm.Title, Date: dateOnly(fm.Date), Genre: genre,
		Summary: fm.Summary, Stance: fm.Stance, Body: body}
}

// dateOnly reads a front matter date, 2026-01-10 or a time on that day
// (2026-01-10T09:00:00Z), as its day; "" for anything else.
func dateOnly(s string) string {
	if len(s) < len(time.DateOnly) {
		return ""
	}
	d := s[:len(time.DateOnly)]
	if _, err := time.Parse(time.DateOnly, d); err != nil || len(s) > len(d) && s[len(d)] != 'T' && s[len(d)] != ' ' {
		return ""
	}
	return d
}

func piecesIn(c *collection.Collection) git.Filter {
	return git.Filter{File: c.Settings.IsPiece, Dir: c.Settings.MayHoldPieces}
}
