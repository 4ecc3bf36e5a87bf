package review

import (
	"errors"
	"fmt"
	"slices"

	"sw/hooks/git"
	"sw/profile/collection"
)

// SkippedPiece is a finished piece an analysis left out because sw cannot
// read it: one broken piece must not stop the analysis of the others.
// Reason says where it breaks and how to fix it.
type SkippedPiece struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

func (s SkippedPiece) String() string {
	return fmt.Sprintf("%s is left out of the analysis until it is fixed: %s", s.Path, s.Reason)
}

// noteUnreadable checks a piece a commit finished as the analysis will,
// so the person hears at that commit that it will be left out.
func (l *Loop) noteUnreadable(st *State, path string, blob git.Content) {
	if _, err := l.pieceGenre(path, blob); err != nil {
		st.unreadable = append(st.unreadable, SkippedPiece{Path: path, Reason: err.Error()})
	}
}

// readAt reads the pieces at paths as commit has them, up to
// collection.MaxPieceSize each.
func (l *Loop) readAt(commit git.Hash, paths []string) ([]git.Content, error) {
	refs := make([]git.FileRef, len(paths))
	for i, p := range paths {
		refs[i] = git.FileRef{Commit: commit, Path: p}
	}
	return l.Repo.ReadFiles(refs, collection.MaxPieceSize)
}

// pieceGenre is the genre of the piece at path for the analysis; an error
// for a piece it leaves out: too large, or of a genre sw cannot read.
func (l *Loop) pieceGenre(path string, text git.Content) (string, error) {
	if text.TooBig() {
		return "", errors.New("it is " + (&collection.TooBigError{Path: path, Size: text.Size}).Describe())
	}
	return l.Coll.GenreOf(path, text.Data)
}

// forgetSkipped drops a piece finished again from the left-out list.
func (st *State) forgetSkipped(path string) {
	st.Skipped = slices.DeleteFunc(st.Skipped, func(s SkippedPiece) bool { return s.Path == path })
	if len(st.Skipped) == 0 {
		st.Skipped = nil
	}
}
