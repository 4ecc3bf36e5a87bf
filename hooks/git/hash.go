package git

import (
	"fmt"
	"strings"
)

// Hash names a git object: its hex digits, lower case (40 for SHA-1, 64 for
// SHA-256). The zero Hash, "", names nothing. A string rather than go-git's
// twenty-byte array, so that SHA-256 repositories, which sw reads through
// the git command, have names too.
type Hash string

// ZeroHash names nothing: a ref that does not exist, a file a commit lacks.
const ZeroHash Hash = ""

// ParseHash reads a full object name as git prints it. An all-zero name,
// which git uses for "no object" (in a hook's input, say), is ZeroHash.
func ParseHash(s string) (Hash, error) {
	if len(s) != 40 && len(s) != 64 || strings.Trim(s, "0123456789abcdefABCDEF") != "" {
		return "", fmt.Errorf("%q is not a full object name", s)
	}
	if strings.Trim(s, "0") == "" {
		return ZeroHash, nil
	}
	return Hash(strings.ToLower(s)), nil
}

// IsZero reports whether h names nothing.
func (h Hash) IsZero() bool { return h == "" }

func (h Hash) String() string { return string(h) }

// Short is the abbreviation sw uses in messages.
func (h Hash) Short() string {
	if len(h) > 12 {
		return string(h[:12])
	}
	return string(h)
}
