package install

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"sw/hooks/git"
)

// hookFile is what one path held when it was looked at.
type hookFile struct {
	path    string
	exists  bool
	info    fs.FileInfo // from Lstat: a symbolic link is seen as a link
	content []byte      // read through a link; nil for a link that leads nowhere
	shim    bool        // sw's shim, judged by its marker line
	version int         // the shim's version, when shim
}

// hookPair is a hook file and the earlier hook sw may have kept beside it.
type hookPair struct {
	hook    string
	current hookFile // <dir>/<hook>
	chained hookFile // <dir>/<hook>.sw-chained
}

func inspectHook(dir, hook string) (hookPair, error) {
	current, err := inspect(filepath.Join(dir, hook))
	if err != nil {
		return hookPair{}, err
	}
	chained, err := inspect(filepath.Join(dir, hook+ChainedSuffix))
	if err != nil {
		return hookPair{}, err
	}
	return hookPair{hook: hook, current: current, chained: chained}, nil
}

func inspect(path string) (hookFile, error) {
	f := hookFile{path: path}
	info, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return f, nil
	}
	if err != nil {
		return f, err
	}
	if info.IsDir() {
		return f, fmt.Errorf("%s is a folder where git expects a hook file; move it away and run the command again", path)
	}
	f.exists, f.info = true, info
	f.content, err = os.ReadFile(path)
	if err != nil && !(info.Mode()&fs.ModeSymlink != 0 && errors.Is(err, fs.ErrNotExist)) {
		return f, err
	}
	f.version, f.shim = shimVersion(f.content)
	return f, nil
}

// isExactShim reports whether f is already the shim install would write:
// same bytes, a plain file, mode 0755.
func (f hookFile) isExactShim(text string) bool {
	return f.exists && f.info.Mode().IsRegular() && f.info.Mode().Perm() == hookMode && string(f.content) == text
}

// editedShim reports whether f is a shim of this version whose text is not
// one sw writes, for any binary: edited by hand. A change of mode alone is
// no edit, nor is a binary that moved.
func (f hookFile) editedShim(hook string) bool {
	binary := shimBinary(f.content)
	return f.shim && f.version == ShimVersion &&
		string(f.content) != shimTextFor(hook, false, binary) && string(f.content) != shimTextFor(hook, true, binary)
}

// noticesAtOnce reports whether f is a reference-transaction shim the
// person installed to notice deleted suggestion branches at once: one
// written with the option, or by an sw from before the hook was installed
// by default, when it was there only if asked for.
func (f hookFile) noticesAtOnce() bool {
	return f.shim && (f.version < referenceTransactionByDefault || bytes.Contains(f.content, []byte(noticeMarker)))
}

// referenceTransactionByDefault is the shim version from which the
// reference-transaction hook is installed without being asked for.
const referenceTransactionByDefault = 7

// executable reports whether git would run f (it skips a hook without an x bit).
func (f hookFile) executable() bool {
	if !f.exists {
		return false
	}
	info, err := os.Stat(f.path)
	return err == nil && info.Mode().Perm()&0o111 != 0
}

// sameHook reports whether a and b are interchangeable: both links to the same
// place, or both plain files with the same mode and bytes. A hook manager that
// rewrites its hook over sw's shim leaves such a twin of <hook>.sw-chained.
func sameHook(a, b hookFile) bool {
	if !a.exists || !b.exists || a.info.Mode().Type() != b.info.Mode().Type() {
		return false
	}
	if a.info.Mode()&fs.ModeSymlink != 0 {
		ta, errA := os.Readlink(a.path)
		tb, errB := os.Readlink(b.path)
		return errA == nil && errB == nil && ta == tb
	}
	return a.info.Mode().Perm() == b.info.Mode().Perm() && bytes.Equal(a.content, b.content)
}

// NotInPlace lists, for each hook sw installs, why its shim is
// not where git runs hooks from: "missing" (never installed, uninstalled,
// or moved aside by a hook manager installing its own) or "outdated" (an
// earlier sw's), and says what goes unnoticed until they are back in
// place. Nothing else would say so.
func NotInPlace(repo *git.Repo) (gone []string, unnoticed string, err error) {
	dir, err := repo.HooksDir()
	if err != nil {
		return nil, "", err
	}
	counting := false
	var lost []string
	for _, hook := range allHooks {
		f, err := inspect(filepath.Join(dir, hook))
		switch {
		case err != nil:
			return nil, "", err
		case !f.shim:
			gone = append(gone, hook+" missing")
		case f.version < ShimVersion:
			gone = append(gone, hook+" outdated")
		default:
			continue
		}
		if l, ok := lostWithout[hook]; ok {
			lost = append(lost, l)
		} else {
			counting = true
		}
	}
	if counting {
		return gone, "finished pieces go uncounted", nil
	}
	// An install by an sw from before pre-push, commit-msg or pre-commit,
	// or a hook manager that put its own in sw's place: all else is counted.
	return gone, strings.Join(lost, ", and "), nil
}

// lostWithout is what goes unnoticed without a hook other than those that
// count finished pieces.
var lostWithout = map[string]string{
	PrePush:              "a suggestion branch pushed without -u and deleted on the remote stays pending",
	CommitMsg:            "an agent's commit that changes the profile is not refused",
	PreCommit:            "memory.md's pieces are brought up to date after each commit, in the working tree, rather than in it",
	ReferenceTransaction: "git run by a coding agent can delete, move or merge a suggestion branch",
}
