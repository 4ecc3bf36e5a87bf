package review

import (
	"errors"
	"fmt"

	"sw/hooks/git"
	"sw/profile/collection"
)

// SkippedPiece is a finished piece an analysis left out because sw cannot
// read it (its front matter names a genre in YAML that does not parse,
// say): one broken piece must not stop the analysis of the others. Reason
// says where it breaks and how to fix it.
type SkippedPiece struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// String is the line the hooks, the log and sw review give it.
func (s SkippedPiece) String() string {
	return fmt.Sprintf("%s is left out of the analysis until it is fixed: %s", s.Path, s.Reason)
}

// noteUnreadable checks a piece a commit finished as the analysis will
// (see pieceGenre), so the person hears at that commit, not at some later
// one, that the analysis will leave it out.
func (l *Loop) noteUnreadable(st *State, path string, blob git.Content) {
	if _, err := l.pieceGenre(path, blob); err != nil {
		st.unreadable = append(st.unreadable, SkippedPiece{Path: path, Reason: err.Error()})
	}
}

// pieceGenre is the genre of the piece at path, as read with
// collection.MaxPieceSize, for the analysis: an error for a piece it
// leaves out, one larger than that (which it reads nothing of) or one
// whose genre sw cannot read.
func (l *Loop) pieceGenre(path string, text git.Content) (string, error) {
	if text.TooBig() {
		return "", errors.New("it is " + (&collection.TooBigError{Path: path, Size: text.Size}).Describe())
	}
	return l.Coll.GenreOf(path, text.Data)
}

// forgetSkipped drops a piece from the last analysis's left-out list: it
// has been finished again, and the next analysis reads it afresh.
func (st *State) forgetSkipped(path string) {
	kept := st.Skipped[:0]
	for _, s := range st.Skipped {
		if s.Path != path {
			kept = append(kept, s)
		}
	}
	st.Skipped = kept
	if len(st.Skipped) == 0 {
		st.Skipped = nil
	}
}
