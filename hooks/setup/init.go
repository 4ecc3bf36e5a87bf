// Package setup makes and ties a person's repositories: sw init lays out a
// collection, sw voice init a voice, sw voice use and adopt make a
// collection follow a voice. It reaches git, so it stands under hooks, but
// no hook runs it: the hooks package stays the table of entry points.
package setup

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
// repository. So is a bare repository, which has no working tree. It
// never overwrites a file: whatever exists is left alone and reported, so
// running it twice changes nothing.
func InitCollection(dir string) ([]Step, error) {
	return initRepository(dir, "a collection", func(root string) ([]Step, error) {
		return createStarters(root, func(string) bool { return true })
	})
}

// InitVoice is `sw voice init`: it makes dir a voice, a git repository
// of its own (initialised when dir is not one yet) that holds only the
// person's style, shared by the collections that name it. It is refused
// where InitCollection is, and in a collection.
func InitVoice(dir string) ([]Step, error) {
	return initRepository(dir, "a voice", voiceStarters)
}

// UseVoice is `sw voice use`: the collection c follows the voice named
// (a path from it, or from ~/), which .sw.yaml names from now on; named
// "" follows the voice .sw.yaml names already. It is the person's say-so
// (see collection.VoiceLink), so an agent may not run it.
func UseVoice(c *collection.Collection, named string) (collection.VoiceLink, error) {
	if named == "" {
		named = c.Settings.Voice
	}
	if named == "" {
		return collection.VoiceLink{}, fmt.Errorf("%s names no voice; give one: sw voice use ../my-voice", collection.SettingsFile)
	}
	c.Settings.Voice = named
	link, err := c.Voice()
	if err != nil {
		return link, err
	}
	if !collection.IsVoice(link.Root) {
		return link, fmt.Errorf("%s holds no voice (a profile folder, and no %s); make one there with `sw voice init %s`", link.Root, collection.SettingsFile, named)
	}
	if err := c.SetVoice(named); err != nil {
		return link, err
	}
	if err := c.FollowVoice(link.Root); err != nil {
		return link, err
	}
	link.Followed = true
	return link, nil
}

// initRepository makes dir the top of a git repository of its own, then
// lays out what, as starter files, names in its messages.
func initRepository(dir, what string, layout func(root string) ([]Step, error)) ([]Step, error) {
	root, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	var steps []Step
	repo, err := git.At(root)
	if errors.Is(err, git.ErrNotRepo) {
		outer, err := git.Find(root)
		if err == nil {
			return nil, fmt.Errorf("%s is inside the git repository %s; %s is a whole repository: make it at %s, or in a folder outside it", root, outer.Root, what, outer.Root)
		}
		// git init would make a second repository inside the bare one.
		var bare *git.BareError
		if errors.As(err, &bare) {
			return nil, fmt.Errorf("%s is a bare repository, with no working tree for pieces; clone it (git clone %s) and run sw init in the clone", bare.Dir, bare.Dir)
		}
		if repo, err = git.Init(root); err != nil {
			return nil, err
		}
		steps = append(steps, Step{Path: ".git", Created: true, Note: "initialised a git repository"})
	} else if err != nil {
		return nil, err
	}
	install.ExcludeTemporaryFiles(repo)
	more, err := layout(root)
	return append(steps, more...), err
}
