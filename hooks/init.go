package hooks

import (
	"errors"
	"fmt"
	"path/filepath"

	"sw/hooks/git"
	"sw/hooks/install"
	"sw/profile/collection"
)

// InitCollection is `sw init`: it makes dir a collection, a whole git
// repository of its own (initialised when dir is not one yet) with sw's
// starter files. A folder inside another repository is refused: a
// collection's settings, profile and suggestion branches belong to one
// repository. So is a bare repository, which has no working tree. Like collection.Init, it never overwrites a file.
func InitCollection(dir string) ([]collection.InitStep, error) {
	root, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	var steps []collection.InitStep
	if _, err := git.At(root); errors.Is(err, git.ErrNotRepo) {
		outer, err := git.Find(root)
		if err == nil {
			return nil, fmt.Errorf("%s is inside the git repository %s; a collection is a whole repository: run `sw init` at %s, or in a folder outside it", root, outer.Root, outer.Root)
		}
		// git init would make a second repository inside the bare one.
		var bare *git.BareError
		if errors.As(err, &bare) {
			return nil, fmt.Errorf("%s is a bare repository, with no working tree for pieces; clone it (git clone %s) and run sw init in the clone", bare.Dir, bare.Dir)
		}
		if _, err := git.Init(root); err != nil {
			return nil, err
		}
		steps = append(steps, collection.InitStep{Path: ".git", Created: true, Note: "initialised a git repository"})
	} else if err != nil {
		return nil, err
	}
	if repo, err := git.At(root); err == nil {
		install.ExcludeTemporaryFiles(repo)
	}
	more, err := collection.Init(root)
	return append(steps, more...), err
}
