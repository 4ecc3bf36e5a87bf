package review

import "fmt"

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
// (its genre must be one sw can read), so the person hears at that commit,
// not at some later one, that the analysis will leave it out.
func (l *Loop) noteUnreadable(st *State, path string, blob []byte) {
	if _, err := l.Coll.GenreOf(path, blob); err != nil {
		st.unreadable = append(st.unreadable, SkippedPiece{Path: path, Reason: err.Error()})
	}
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
