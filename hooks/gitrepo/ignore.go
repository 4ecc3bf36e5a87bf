package gitrepo

import (
	"bufio"
	"errors"
	"os"
	"path"
	"path/filepath"
	"strings"

	"sw/profile/quickread"
)

// Ignore rules are matched in process (go-git's gitignore package would
// link os/user, and with it cgo: a dynamically linked sw binary starts
// about a millisecond slower, on every hook).
//
// Precedence is git's: the .gitignore files along a path, deepest first,
// then .git/info/exclude, then core.excludesFile (by default
// $XDG_CONFIG_HOME/git/ignore). Within one file the last matching line
// wins; the first source with a matching line decides. A file inside an
// ignored folder is ignored whatever its own lines say, because git never
// looks inside such a folder.

// ignoreRule is one line of an ignore file.
type ignoreRule struct {
	pattern  string
	negate   bool // "!pattern": re-include
	dirOnly  bool // "pattern/": folders only
	anchored bool // a slash before the end: match the whole path from base
}

// ignoreFile is the rules of one file, with the folder its patterns are
// relative to ("" for the top, or "a/b/").
type ignoreFile struct {
	base  string
	rules []ignoreRule
}

// ignoreStack is the chain of .gitignore files from a folder up to the top,
// shared between folders as the walk descends.
type ignoreStack struct {
	file   *ignoreFile
	parent *ignoreStack
}

// ignorer decides for one repository.
type ignorer struct {
	fold   bool          // core.ignoreCase
	global []*ignoreFile // info/exclude, then core.excludesFile
}

func parseIgnore(lines []string, base string) *ignoreFile {
	f := &ignoreFile{base: base}
	for _, l := range lines {
		l = strings.TrimSuffix(l, "\r")
		if l == "" || l[0] == '#' {
			continue
		}
		l = trimTrailingSpaces(l)
		var r ignoreRule
		if l[0] == '!' {
			r.negate = true
			l = l[1:]
		}
		if strings.HasSuffix(l, "/") {
			r.dirOnly = true
			l = strings.TrimRight(l, "/")
		}
		if l == "" {
			continue
		}
		if strings.Contains(l, "/") {
			r.anchored = true
			l = strings.TrimPrefix(l, "/")
		}
		r.pattern = l
		f.rules = append(f.rules, r)
	}
	return f
}

// trimTrailingSpaces drops unescaped trailing spaces, as git does.
func trimTrailingSpaces(l string) string {
	end := len(l)
	for end > 0 && l[end-1] == ' ' {
		// Count the backslashes before this space: an odd count escapes it.
		n := 0
		for i := end - 2; i >= 0 && l[i] == '\\'; i-- {
			n++
		}
		if n%2 == 1 {
			break
		}
		end--
	}
	return l[:end]
}

// decide returns whether the file's last matching rule ignores rel, and
// whether any rule matched at all.
func (f *ignoreFile) decide(rel string, isDir, fold bool) (ignored, matched bool) {
	if !strings.HasPrefix(rel, f.base) {
		return false, false
	}
	sub := rel[len(f.base):]
	base := path.Base(sub)
	for i := len(f.rules) - 1; i >= 0; i-- {
		r := &f.rules[i]
		if r.dirOnly && !isDir {
			continue
		}
		var ok bool
		if r.anchored {
			ok = wildmatch(r.pattern, sub, true, fold)
		} else {
			ok = wildmatch(r.pattern, base, true, fold)
		}
		if ok {
			return !r.negate, true
		}
	}
	return false, false
}

// ignored reports whether git ignores rel (a path whose parent folders are
// not ignored themselves), given the .gitignore files of its folders.
func (ig *ignorer) ignored(rel string, isDir bool, stack *ignoreStack) bool {
	for s := stack; s != nil; s = s.parent {
		if ignored, matched := s.file.decide(rel, isDir, ig.fold); matched {
			return ignored
		}
	}
	for _, f := range ig.global {
		if ignored, matched := f.decide(rel, isDir, ig.fold); matched {
			return ignored
		}
	}
	return false
}

// newIgnorer reads the repository-wide sources.
func (r *Repo) newIgnorer(cfg *config) (*ignorer, error) {
	ig := &ignorer{fold: cfg.boolean("core.ignorecase", false)}
	lines, err := readLines(filepath.Join(r.CommonDir, "info", "exclude"))
	if err != nil {
		return nil, err
	}
	ig.global = append(ig.global, parseIgnore(lines, ""))
	excludes, ok := cfg.path("core.excludesfile")
	if !ok {
		if x := xdgConfigHome(); x != "" {
			excludes = filepath.Join(x, "git", "ignore")
		}
	}
	if excludes != "" {
		if lines, err = readLines(excludes); err != nil {
			return nil, err
		}
		ig.global = append(ig.global, parseIgnore(lines, ""))
	}
	return ig, nil
}

// readLines reads a file of lines, for ignore files and the like; a missing
// file reads as empty.
func readLines(name string) ([]string, error) {
	f, err := quickread.Open(name)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) || errors.Is(err, os.ErrPermission) {
			return nil, nil
		}
		return nil, err
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines, sc.Err()
}
