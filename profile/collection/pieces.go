package collection

import (
	"errors"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// alwaysExcluded are sw's own files and folders: never pieces, whatever the
// settings say, so a person cannot turn memory.md into a piece by accident.
var alwaysExcluded = []string{
	"CLAUDE.md", "CLAUDE.local.md", "AGENTS.md", "README.md", "memory.md",
	"profile/**", ".claude/**", ".sw/**", ".git/**",
}

// IsPiece reports whether the file at rel, a slash path relative to the
// collection root, is a piece: a Markdown file the include globs match and
// neither sw's own files nor the exclude globs do.
func (s Settings) IsPiece(rel string) bool {
	if !strings.HasSuffix(rel, ".md") || IsOwnFile(rel) || slices.Contains(s.Targets, rel) {
		return false
	}
	for _, g := range s.Pieces.Exclude {
		if matchGlob(g, rel) {
			return false
		}
	}
	for _, g := range s.Pieces.Include {
		if matchGlob(g, rel) {
			return true
		}
	}
	return false
}

// IsOwnFile reports whether rel (a slash path from the collection root) is
// one of sw's own files or under one of its folders, or the collection's
// README: never a piece. CLAUDE.md holds sw's block, which quotes the very
// phrases the profile avoids, so checking it as prose finds them all.
func IsOwnFile(rel string) bool {
	for _, g := range alwaysExcluded {
		if matchGlob(g, rel) {
			return true
		}
	}
	return false
}

// MayHoldPieces reports whether the folder at dir (a slash path relative to
// the root, no trailing slash) can hold a piece, so a walk looking for
// pieces can skip it: sw's own folders cannot, nor can a folder an exclude
// glob takes whole (drafts/**).
func (s Settings) MayHoldPieces(dir string) bool {
	for _, list := range [][]string{alwaysExcluded, s.Pieces.Exclude} {
		for _, g := range list {
			// "<folders>/**" excludes everything under a folder <folders>
			// matches: dir itself, or any folder above it.
			folders, ok := strings.CutSuffix(g, "/**")
			if !ok {
				continue
			}
			for i := 0; i <= len(dir); i++ {
				if (i == len(dir) || dir[i] == '/') && matchGlob(folders, dir[:i]) {
					return false
				}
			}
		}
	}
	return true
}

// matchGlob matches a slash path against a glob: a `**` segment matches
// any number of folders (none included), `{a,b}` either of a and b, and
// the rest is as path.Match reads it. Settings globs were checked as they
// were read (checkGlob), and sw's own are well formed, so matching need
// not check them again.
func matchGlob(pattern, name string) bool {
	return doublestar.MatchUnvalidated(pattern, name)
}

// checkGlob reports a glob that can never match as written.
func checkGlob(g string) error {
	switch {
	case g == "":
		return errors.New("empty glob")
	case strings.HasPrefix(g, "/"):
		return errors.New("globs are relative to the collection; drop the leading /")
	case !doublestar.ValidatePattern(g):
		return errors.New("malformed pattern")
	case slices.Contains(strings.Split(g, "/"), ".."):
		return errors.New("globs cannot leave the collection (..)")
	}
	return nil
}
