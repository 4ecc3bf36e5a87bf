package gitrepo

import (
	"encoding/hex"
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"
)

// Hash names a git object: the SHA-1 of its type, size and content. It is
// go-git's plumbing.Hash under another name, so callers that already hold
// go-git hashes pass them straight in; the plumbing package is cheap to link
// (about 0.03 ms of initialisation), unlike go-git's top-level package.
// sw reads and writes SHA-1 repositories, which is what git creates by
// default; a SHA-256 repository is refused when its objects are first
// opened.
type Hash = plumbing.Hash

// ParseHash reads a full 40-digit hexadecimal object name. Unlike
// plumbing.NewHash it refuses anything else rather than returning a
// truncated or zero name.
func ParseHash(s string) (Hash, error) {
	var h Hash
	if len(s) != 2*len(h) {
		return h, fmt.Errorf("%q is not a 40-digit object name", s)
	}
	if _, err := hex.Decode(h[:], []byte(s)); err != nil {
		return Hash{}, fmt.Errorf("%q is not a 40-digit object name", s)
	}
	return h, nil
}

// parseHashBytes is ParseHash for bytes read from git's own files.
func parseHashBytes(b []byte) (Hash, bool) {
	var h Hash
	if len(b) != 40 {
		return h, false
	}
	if _, err := hex.Decode(h[:], b); err != nil {
		return Hash{}, false
	}
	return h, true
}
