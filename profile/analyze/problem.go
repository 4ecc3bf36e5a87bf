package analyze

import (
	"fmt"
	"strconv"
	"strings"

	"sw/profile"
)

// Problem is one thing wrong with an analyzer's answer.
type Problem struct {
	Index int    // 1-based position of the suggestion; 0 for the answer as a whole
	ID    string // the suggestion's id as given, "" when it had none
	Msg   string
}

func (p Problem) String() string {
	switch {
	case p.Index == 0:
		return p.Msg
	case p.ID == "":
		return fmt.Sprintf("suggestion %d: %s", p.Index, p.Msg)
	case profile.IsSlug(p.ID):
		return fmt.Sprintf("suggestion %d (id %s): %s", p.Index, p.ID, p.Msg)
	}
	return fmt.Sprintf("suggestion %d (id %s): %s", p.Index, strconv.Quote(clip(p.ID, 40)), p.Msg)
}

// InvalidError is every problem found in an answer, so whoever writes the
// analyzer can fix them all in one pass instead of one per run.
type InvalidError struct {
	Problems []Problem
}

// shownProblems caps the message: the first few show the pattern;
// Problems has them all.
const shownProblems = 10

func (e *InvalidError) Error() string {
	var parts []string
	for i, p := range e.Problems {
		if i == shownProblems {
			more := fmt.Sprintf("and %d more problems", len(e.Problems)-i)
			if len(e.Problems)-i == 1 {
				more = "and 1 more problem"
			}
			parts = append(parts, more)
			break
		}
		parts = append(parts, p.String())
	}
	return strings.Join(parts, "; ")
}

// clip shortens s to at most n runes for a message, marking the cut.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
