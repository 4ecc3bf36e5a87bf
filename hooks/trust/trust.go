// Package trust is the person's say-so for running a collection's external
// analyzer. A collection's .sw.yaml can name any command as its analyzer,
// and a collection cloned from someone else is untrusted input: as direnv
// asks before it loads an .envrc, sw runs an external analyzer only once
// the person has trusted that exact command for that repository (sw
// trust), with everything it could run.
//
// What it could run is not only the files its words name: `sh tools/a.sh`
// sources tools/lib.sh, `make analyze` reads the Makefile, `python3 -m
// pkg` imports pkg/, an agent reads .claude/settings.json and runs its
// hooks. So a trust takes in every file of the working tree but the
// writing (see Code): the commit HEAD pointed at, whose tree hash names
// all its content, and each such file whose content in the working tree
// differs from it (edited, deleted, or untracked and not ignored), by the
// blob id git would store. Any change to them afterwards, by a pull, a
// checkout or an edit, asks for sw trust again, and the message names the
// files. Ignored files are left out: a pull cannot bring one, they are
// made on this machine (a build, a virtual environment). Permissions are
// left out too: content, not mode.
//
// Checking costs one `git status`, one `git hash-object` for the files
// that differ from HEAD, and the trees the commits since the trust
// changed, and runs only when an analysis would run the command (and in
// sw review, which says whether one would), never on every commit.
//
// The list lives outside every repository, in the person's configuration
// folder (os.UserConfigDir()/sw/trusted.json, which XDG_CONFIG_HOME moves
// on Linux), so nothing a repository carries can trust itself. A
// repository is known by its common git folder, absolute and with links
// resolved: its linked worktrees share one list, and a clone in another
// folder needs its own trust.
package trust

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"sw/hooks/git"
	"sw/profile/collection"
	"sw/profile/confine"
	"sw/profile/termsafe"
)

// Analyzer is an external analyzer as it would run in one repository.
type Analyzer struct {
	Repository string   `json:"repository"` // the common git folder
	Command    []string `json:"command"`
	// Snapshot is what it could run, as it was when trusted; nil in a
	// trust given by an sw that took in only the files the words named.
	Snapshot *Snapshot `json:"snapshot,omitempty"`

	repo *git.Repo
	code git.Filter
}

// Snapshot is the working tree as far as it could be code (see Code): the
// commit HEAD pointed at, and each file whose content differed from it.
type Snapshot struct {
	Commit  git.Hash          `json:"commit,omitempty"`
	Changed map[string]string `json:"changed,omitempty"`
}

// Describe is the analyzer .sw.yaml names as it would run now in the
// collection c, whose repository is repo: its command, and what it could
// run. A word of the command that names a regular file inside the
// collection (relative to its top, where the command runs, or absolute)
// is taken in whatever it is, an ignored file or a piece included.
func Describe(repo *git.Repo, c *collection.Collection) (*Analyzer, error) {
	id, err := Repository(repo.CommonDir)
	if err != nil {
		return nil, err
	}
	command := c.Settings.Analyzer.Command
	a := &Analyzer{Repository: id, Command: slices.Clone(command), repo: repo, code: Code(c.Settings)}
	named, err := namedFiles(c.Root, command)
	if err != nil {
		return nil, err
	}
	w, err := repo.ReadWorkingTree(a.code, named)
	if err != nil {
		return nil, err
	}
	a.Snapshot = &Snapshot{Commit: w.Head, Changed: w.Changed}
	return a, nil
}

// Code chooses the files a trust takes in: all but the writing and sw's
// record of it, which change as the person writes and which the analyzer
// reads as text (the pieces and the profile reach it on its stdin):
// the pieces, profile/, memory.md, profile_feedback.json, and the
// instruction files sw keeps its block in (CLAUDE.md): sw rewrites them
// as the profile changes, and an agent reads them as it reads memory.md,
// as words, not as a program. Everything else is taken in, .sw.yaml
// itself (which says what a piece is), .claude/ (an agent's hooks run
// commands) and a README included.
func Code(s collection.Settings) git.Filter {
	writing := func(p string) bool {
		return s.IsPiece(p) || p == collection.MemoryFile || p == collection.FeedbackFile ||
			slices.Contains(s.Targets, p) || strings.HasPrefix(p, collection.ProfileDir+"/")
	}
	return git.Filter{
		File: func(p string) bool { return !writing(p) },
		Dir:  func(d string) bool { return d != collection.ProfileDir },
	}
}

// LeftOut names, for messages, what a trust in a collection with settings
// s does not take in.
func LeftOut(s collection.Settings) string {
	names := append([]string{"the pieces", collection.ProfileDir + "/", collection.MemoryFile, collection.FeedbackFile}, s.Targets...)
	last := len(names) - 1
	return strings.Join(names[:last], ", ") + " and " + names[last]
}

// Repository is how the store knows the repository whose common git
// folder is commonDir: that folder, absolute, its links resolved.
func Repository(commonDir string) (string, error) {
	repo, err := filepath.Abs(commonDir)
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(repo); err == nil {
		repo = real
	}
	return repo, nil
}

// namedFiles lists the regular files inside the collection at root that
// the command's words name, as slash paths from root: not a flag, a
// program on PATH or a file elsewhere.
func namedFiles(root string, command []string) ([]string, error) {
	root, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, err
	}
	var named []string
	for _, word := range command {
		if word == "" || strings.ContainsRune(word, 0) {
			continue
		}
		path := word
		if !filepath.IsAbs(path) {
			path = filepath.Join(root, path)
		}
		target, err := confine.Path(root, path, word)
		if err != nil {
			continue
		}
		if fi, err := os.Stat(target); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if rel, err := filepath.Rel(root, target); err == nil && !slices.Contains(named, filepath.ToSlash(rel)) {
			named = append(named, filepath.ToSlash(rel))
		}
	}
	return named, nil
}

// snapshot is the working tree a trust took in, as git compares them.
func (a *Analyzer) snapshot() git.WorkingTree {
	return git.WorkingTree{Head: a.Snapshot.Commit, Changed: a.Snapshot.Changed}
}

// CommandLine is the command as messages show it: its words, quoted where
// they hold blanks or quotes.
func (a *Analyzer) CommandLine() string {
	return termsafe.Command(a.Command)
}

// AsOf says, for messages, the state a trust took in: the commit, and
// how many files differed from it in the working tree.
func (a *Analyzer) AsOf() string {
	if a.Snapshot == nil {
		return "trusted by an earlier sw"
	}
	s := "as of commit " + a.Snapshot.Commit.Short()
	if a.Snapshot.Commit.IsZero() {
		s = "before the first commit"
	}
	switch n := len(a.Snapshot.Changed); {
	case n == 1:
		s += ", with 1 file as it was in the working tree"
	case n > 1:
		s += ", with " + strconv.Itoa(n) + " files as they were in the working tree"
	}
	return s
}
