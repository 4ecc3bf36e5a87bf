// Package trust is the person's say-so for running a collection's external
// analyzer. A collection's .sw.yaml can name any command as its analyzer,
// and a collection cloned from someone else is untrusted input: as direnv
// asks before it loads an .envrc, sw runs an external analyzer only once
// the person has trusted that exact command for that repository (sw
// trust). What is trusted is the command's words and the content of each
// file of the collection they name (a script in tools/, say), so a pull
// that changes either needs trusting again.
//
// The list lives outside every repository, in the person's configuration
// folder (os.UserConfigDir()/sw/trusted.json, which XDG_CONFIG_HOME moves
// on Linux), so nothing a repository carries can trust itself. A
// repository is known by its common git folder, absolute and with links
// resolved: its linked worktrees share one trust, and a clone in another
// folder needs its own.
package trust

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"slices"
	"strings"

	"sw/profile/analyze"
	"sw/profile/confine"
)

// Analyzer is an external analyzer as it would run in one repository.
type Analyzer struct {
	Repository string   `json:"repository"` // the common git folder
	Command    []string `json:"command"`
	// Files are the collection's files the command's words name, as slash
	// paths from the collection's top, each with the SHA-256 of its content.
	Files map[string]string `json:"files,omitempty"`
}

// Describe is the analyzer command would be, run in the collection at root
// (the top of the working tree) of the repository whose common git folder
// is commonDir. A word of the command that names a regular file inside the
// collection (relative to root, as the command runs there, or absolute)
// has that file's content taken in: trusting `sh tools/a.sh` trusts
// tools/a.sh as it is.
func Describe(commonDir, root string, command []string) (*Analyzer, error) {
	repo, err := Repository(commonDir)
	if err != nil {
		return nil, err
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, err
	}
	a := &Analyzer{Repository: repo, Command: slices.Clone(command)}
	for _, word := range command {
		rel, digest, ok := named(realRoot, word)
		if !ok {
			continue
		}
		if a.Files == nil {
			a.Files = map[string]string{}
		}
		a.Files[rel] = digest
	}
	return a, nil
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

// named reads the file word names in the collection at root: its slash
// path from root and the SHA-256 of its content. ok is false when word
// names no regular file inside the collection (a flag, a program on PATH,
// a file elsewhere).
func named(root, word string) (rel, digest string, ok bool) {
	if word == "" || strings.ContainsRune(word, 0) {
		return "", "", false
	}
	path := word
	if !filepath.IsAbs(path) {
		path = filepath.Join(root, path)
	}
	target, err := confine.Path(root, path, word)
	if err != nil {
		return "", "", false
	}
	data, err := confine.ReadFile(target)
	if err != nil {
		return "", "", false
	}
	rel, err = filepath.Rel(root, target)
	if err != nil {
		return "", "", false
	}
	sum := sha256.Sum256(data)
	return filepath.ToSlash(rel), hex.EncodeToString(sum[:]), true
}

// same reports whether a and b are one analyzer in one repository.
func (a *Analyzer) same(b *Analyzer) bool {
	if a.Repository != b.Repository || !slices.Equal(a.Command, b.Command) || len(a.Files) != len(b.Files) {
		return false
	}
	for path, digest := range a.Files {
		if b.Files[path] != digest {
			return false
		}
	}
	return true
}

// CommandLine is the command as messages show it: its words, quoted where
// they hold blanks or quotes.
func (a *Analyzer) CommandLine() string {
	return analyze.ShowCommand(a.Command)
}

// FileList names the files the trust takes in, "" when none.
func (a *Analyzer) FileList() string {
	paths := make([]string, 0, len(a.Files))
	for p := range a.Files {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	return strings.Join(paths, ", ")
}
