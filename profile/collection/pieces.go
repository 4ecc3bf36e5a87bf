package collection

import (
	"errors"
	"path"
	"slices"
	"strings"
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

// matchGlob matches a slash path against a glob whose segments follow
// path.Match, where a `**` segment matches any number of folders (none
// included). It walks both strings in place: the hooks ask it about every
// file under the collection, and splitting each path cost more than the
// matching.
func matchGlob(pattern, name string) bool {
	return matchRest(pattern, false, name, false) == globMatched
}

// How matching the rest of a glob ends. nameEnded means the name ran out
// of segments while the pattern wanted more: then a `**` further out need
// not try giving fewer segments to what follows it, which keeps a pattern
// of many `**` linear rather than exponential in them.
type globOutcome uint8

const (
	globMatched globOutcome = iota
	globNoMatch
	nameEnded
)

// matchRest matches what is left of a pattern against what is left of a
// name. A done flag marks a side with no segment left, which differs from
// one empty segment ("" as a name is one).
func matchRest(pat string, patDone bool, name string, nameDone bool) globOutcome {
	for !patDone {
		var seg string
		seg, pat, patDone = cutSegment(pat)
		if seg == "**" {
			for {
				if r := matchRest(pat, patDone, name, nameDone); r != globNoMatch {
					return r
				}
				if nameDone {
					return nameEnded
				}
				_, name, nameDone = cutSegment(name)
			}
		}
		if nameDone {
			return nameEnded
		}
		var nseg string
		nseg, name, nameDone = cutSegment(name)
		if !matchSegment(seg, nseg) {
			return globNoMatch
		}
	}
	if nameDone {
		return globMatched
	}
	return globNoMatch
}

// matchSegment is path.Match for one segment, with the shapes globs
// mostly take answered without it: a plain name, and `*` or `*.md`.
func matchSegment(pattern, name string) bool {
	switch meta := strings.IndexAny(pattern, `*?[\`); {
	case meta < 0:
		return pattern == name
	case meta == 0 && pattern[0] == '*' && !strings.ContainsAny(pattern[1:], `*?[\`):
		return strings.HasSuffix(name, pattern[1:])
	}
	ok, _ := path.Match(pattern, name)
	return ok
}

// cutSegment splits off a slash path's first segment; done reports that it
// was the last.
func cutSegment(p string) (seg, rest string, done bool) {
	seg, rest, more := strings.Cut(p, "/")
	return seg, rest, !more
}

// checkGlob reports a glob that can never match as written.
func checkGlob(g string) error {
	switch {
	case g == "":
		return errors.New("empty glob")
	case strings.HasPrefix(g, "/"):
		return errors.New("globs are relative to the collection; drop the leading /")
	}
	for _, seg := range strings.Split(g, "/") {
		if _, err := path.Match(seg, ""); err != nil {
			return errors.New("malformed pattern")
		}
		if seg == ".." {
			return errors.New("globs cannot leave the collection (..)")
		}
	}
	return nil
}
