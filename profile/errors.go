package profile

import (
	"fmt"
	"strings"
)

// Error is a problem in one file, at a line and column when known, with what
// to do about it, written for the person who owns the file.
type Error struct {
	File string // path as the person knows it, e.g. profile/preferences/x.yaml
	Line int    // 1-based; 0 when the problem is the whole file
	Col  int    // 1-based; 0 when unknown
	Msg  string
}

func (e *Error) Error() string {
	switch {
	case e.Line > 0 && e.Col > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Errors is every problem found in a profile, so a person can fix them all
// in one pass instead of one per run.
type Errors []*Error

func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// First returns the first problem and a count of the rest, for places that
// have room for one line only.
func (es Errors) First() string {
	switch len(es) {
	case 1:
		return es[0].Error()
	case 2:
		return es[0].Error() + " (and 1 more problem)"
	}
	return fmt.Sprintf("%s (and %d more problems)", es[0].Error(), len(es)-1)
}

// orNil returns es as an error, or nil when there is none.
func (es Errors) orNil() error {
	if len(es) == 0 {
		return nil
	}
	return es
}

// OneLine says err in one line, for a hook's message: a profile's first
// problem and a count of the rest, any other error with its line breaks
// made semicolons.
func OneLine(err error) string {
	if es, ok := err.(Errors); ok {
		return es.First()
	}
	return strings.ReplaceAll(err.Error(), "\n", "; ")
}
