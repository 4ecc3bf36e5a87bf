package git

import "fmt"

// MissingError is an object the repository does not hold.
type MissingError struct {
	Kind string // commit, tree or blob
	Hash Hash
}

func (e *MissingError) Error() string {
	return fmt.Sprintf("%s %s is not in the repository", e.Kind, e.Hash.Short())
}

// ObjectError is an object that could not be read.
type ObjectError struct {
	Kind string
	Hash Hash
	Err  error
}

func (e *ObjectError) Error() string {
	return fmt.Sprintf("reading %s %s: %v", e.Kind, e.Hash.Short(), e.Err)
}

func (e *ObjectError) Unwrap() error { return e.Err }
