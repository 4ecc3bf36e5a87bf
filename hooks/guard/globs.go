package guard

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"sw/hooks/install"
	"sw/profile/collection"
)

// Patterns among the paths a command writes: a shell pattern (rm pro*,
// echo x > pro*/x.yaml), or a path with a part the guard knows only the
// shape of (a name without a slash, or anything below a folder, as find
// or grep -rl list them). A pattern is held against what is kept, as
// patterns (it could name a rule no file shows yet), and a shell pattern
// is also matched against the files inside the collection, and only
// there, within a budget: a pattern over the whole file system would
// take minutes.

// Bounds on matching a pattern against files.
const (
	maxGlobMatches = 1024
	maxGlobDirs    = 2048 // folders read for one pattern
)

// errGlobBudget stops a match that has read its share of folders.
var errGlobBudget = errors.New("too many folders to look through")

// hasPattern reports whether p, a write's path, is a pattern: it has a
// part known only by its shape, or, for a word the shell matches against
// files, a * ? or [.
func hasPattern(p string, glob bool) bool {
	return strings.ContainsAny(p, unknownName+unknownBelow) || glob && strings.ContainsAny(p, "*?[")
}

// globPattern turns p into a doublestar pattern: shape-only parts become
// * and **, a shell pattern's * ? [ ] stay, every other character stands
// for itself.
func globPattern(p string, glob bool) string {
	var b strings.Builder
	for _, r := range p {
		switch {
		case string(r) == unknownName:
			b.WriteString("*")
		case string(r) == unknownBelow:
			b.WriteString("**/*")
		default:
			if strings.ContainsRune(`{}\`, r) || !glob && strings.ContainsRune("*?[]", r) {
				b.WriteRune('\\')
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// keptEntry is one thing a pattern must not reach, by its absolute path.
type keptEntry struct {
	path string
	dir  bool // a folder: what is inside it is kept too
	at   location
}

// kept lists what s keeps, under each spelling of its root.
func (s *guardScope) kept() []keptEntry {
	var out []keptEntry
	for _, root := range s.roots {
		add := func(rel string, dir bool, at location) {
			at.rel = rel
			out = append(out, keptEntry{filepath.Join(root, filepath.FromSlash(rel)), dir, at})
		}
		add(s.profile, true, location{kind: inProfile})
		add(collection.FeedbackFile, false, location{kind: inProfile})
		add(collection.SettingsFile, false, location{kind: inSwSettings})
		for _, f := range install.ProjectSettingsFiles {
			add(f, false, location{kind: inAgentSettings})
		}
		for _, t := range append([]string{collection.ClaudeFile, "AGENTS.md"}, s.targets...) {
			add(path.Clean(t), false, location{kind: inTarget, file: filepath.Join(root, filepath.FromSlash(t))})
		}
	}
	for _, d := range s.gitDirs {
		out = append(out, keptEntry{d, true, location{kind: inGit, rel: s.shownRel(d)}})
	}
	return out
}

// patternReaches returns where the pattern p (absolute, slash-separated)
// could name something kept: the thing itself, something inside a kept
// folder, or, for a write of a whole folder, a folder that holds it.
func (g *guard) patternReaches(p string, glob, whole bool) (location, bool) {
	pattern := globPattern(p, glob)
	base, _ := doublestar.SplitPattern(pattern)
	scopes := []*guardScope{g.scopeAt(g.dir), g.scopeAt(filepath.FromSlash(base))}
	for _, s := range scopes {
		if s == nil {
			continue
		}
		for _, e := range s.kept() {
			if matchesKept(s.norm(pattern), s.norm(filepath.ToSlash(e.path)), e.dir, whole, glob) && keeps(e) {
				return e.at, true
			}
		}
	}
	return location{}, false
}

// keeps reports whether a kept entry keeps anything: a target file only
// when it holds sw's block.
func keeps(e keptEntry) bool {
	if e.at.kind != inTarget {
		return true
	}
	content, err := e.at.read()
	_, _, has := blockSpan(content)
	return has || err != nil && !errors.Is(err, os.ErrNotExist)
}

// matchesKept reports whether pattern could name entry, something in it
// (inside: a kept folder whose files may not exist yet), or a folder
// holding it (a write of a whole folder). In a shell pattern, a segment
// of bare * or ? stands for any name, and is not taken to aim at the
// kept folder it could match: */*.md is every folder's Markdown, while
// pro*/x.yaml aims at the profile.
func matchesKept(pattern, entry string, inside, whole, glob bool) bool {
	if doublestar.MatchUnvalidated(pattern, entry) {
		return true
	}
	segs := strings.Split(pattern, "/")
	if inside {
		for k := len(segs) - 1; k > 0; k-- {
			if glob && strings.Trim(segs[k-1], "*?") == "" {
				continue
			}
			if doublestar.MatchUnvalidated(strings.Join(segs[:k], "/"), entry) {
				return true
			}
		}
	}
	if whole {
		for a := path.Dir(entry); a != "/" && a != "."; a = path.Dir(a) {
			if doublestar.MatchUnvalidated(pattern, a) {
				return true
			}
		}
	}
	return false
}

// expandGlob returns the files inside a collection that the shell pattern
// p (absolute) matches, and whether it could look through all it had to.
// A pattern whose fixed part lies outside every collection is not matched
// against files at all.
func (g *guard) expandGlob(p string) (matches []string, complete bool) {
	base, rest := doublestar.SplitPattern(filepath.ToSlash(p))
	s := g.scopeAt(filepath.FromSlash(base))
	if s == nil || !s.holds(filepath.FromSlash(base)) {
		return nil, true
	}
	var root, relBase string
	for _, r := range s.roots {
		if rel, in := within(r, filepath.FromSlash(base)); in {
			root, relBase = r, rel
			break
		}
	}
	pattern := path.Join(relBase, rest)
	r, err := os.OpenRoot(root)
	if err != nil {
		return nil, true
	}
	defer r.Close()
	fsys := &budgetFS{fsys: r.FS(), g: g, dirs: maxGlobDirs}
	err = doublestar.GlobWalk(fsys, pattern, func(m string, _ fs.DirEntry) error {
		matches = append(matches, filepath.Join(root, filepath.FromSlash(m)))
		if len(matches) >= maxGlobMatches {
			return errGlobBudget
		}
		return nil
	}, doublestar.WithFailOnIOErrors())
	return matches, err == nil
}

// budgetFS is a file system that stops reading folders past a budget or
// past the guard's deadline.
type budgetFS struct {
	fsys fs.FS
	g    *guard
	dirs int
}

func (b *budgetFS) Open(name string) (fs.File, error) { return b.fsys.Open(name) }

func (b *budgetFS) Stat(name string) (fs.FileInfo, error) { return fs.Stat(b.fsys, name) }

func (b *budgetFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if b.dirs--; b.dirs < 0 || b.g.late() {
		return nil, errGlobBudget
	}
	entries, _ := fs.ReadDir(b.fsys, name) // a folder that cannot be read holds no match
	return entries, nil
}
