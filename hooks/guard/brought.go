package guard

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"

	"sw/hooks/git"
	"sw/profile"
)

// brought decides a git command whose writes only git can list: it asks
// git which paths the command would bring into the working tree, and
// denies it when one is kept, or when git cannot say.
func (g *guard) brought(c gitBring) *denial {
	unknown := func(why string) *denial {
		return &denial{kind: unknownWrite, Why: "`" + c.what + "` " + why}
	}
	revs := []string{c.dir, c.base, c.tip, c.rev}
	if slices.ContainsFunc(revs, func(r string) bool { return strings.ContainsAny(r, unknownText+unknownName+unknownBelow) }) {
		return unknown("names a folder or revision the guard cannot know")
	}
	if slices.ContainsFunc(revs[1:], func(r string) bool { return strings.HasPrefix(r, "-") }) {
		return unknown("names a revision the guard cannot read")
	}
	repo, err := git.Find(c.dir)
	if err != nil {
		return nil // not in a repository: git will refuse it
	}
	var paths []string
	switch {
	case c.switchTo:
		if _, ok, err := repo.Resolve(c.rev); err != nil || !ok {
			return nil // a path, written as such
		}
		paths, err = repo.PathsDifferingFrom("HEAD.." + c.rev)
	case c.rev != "":
		paths, err = repo.PathsDifferingFrom(c.rev)
	default:
		paths, err = repo.PathsBrought(c.base, c.tip)
	}
	if err != nil {
		var ge *git.GitError
		if errors.As(err, &ge) {
			return unknown("is one git cannot say what it writes for (" + profile.OneLine(err) + ")")
		}
		return unknown("could not be asked about")
	}
	// For a merge: what tip changed since it left the default branch,
	// asked once, when a kept path comes in.
	var own map[string]bool
	asked := false
	for _, p := range paths {
		if g.late() {
			return &denial{kind: tooSlow, Why: "`" + c.what + "` writes more files than it can look through"}
		}
		d := g.pathWrite(filepath.Join(repo.Root, filepath.FromSlash(p)), false)
		if d == nil {
			continue
		}
		if c.merge && !asked {
			own, asked = pathsOffDefault(repo, c.tip), true
		}
		if !c.merge || own == nil || own[p] {
			return d
		}
	}
	return nil
}

// pathsOffDefault returns the paths tip changed since it left the
// repository's default branch: what merging it brings that the person
// has not taken in; nil when git cannot say.
func pathsOffDefault(repo *git.Repo, tip string) map[string]bool {
	def, err := repo.DefaultBranch()
	if err != nil {
		return nil
	}
	paths, err := repo.PathsBrought(def, tip)
	if err != nil {
		return nil
	}
	all := map[string]bool{}
	for _, p := range paths {
		all[p] = true
	}
	return all
}
