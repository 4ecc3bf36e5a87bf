package collection

import (
	"errors"
	"path"
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
	if !strings.HasSuffix(rel, ".md") {
		return false
	}
	for _, g := range alwaysExcluded {
		if matchGlob(g, rel) {
			return false
		}
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
// included).
func matchGlob(pattern, name string) bool {
	return matchSegments(strings.Split(pattern, "/"), strings.Split(name, "/"))
}

func matchSegments(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			rest := pat[1:]
			for i := 0; i <= len(name); i++ {
				if matchSegments(rest, name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], name[0]); !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
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
