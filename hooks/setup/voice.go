package setup

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"sw/hooks/git"
	"sw/profile"
	"sw/profile/atomicfile"
	"sw/profile/collection"
	"sw/profile/feedback"
)

// Adopted is what sw voice adopt did, rule file by rule file.
type Adopted struct {
	Voice      collection.VoiceLink
	Made       bool     // the voice was made here, as sw voice init would
	Moved      []string // moved into the voice
	Same       []string // held by the voice already, as they were
	Conflicts  []string // left in the collection as the series' own: the voice's differ
	Series     []string // the series' own by nature: boilerplate lines belong to one series' template
	Rejections int      // carried over
}

// AdoptVoice is `sw voice adopt`: it moves the collection c's style, its
// rule files and its rejections, into the voice named (made there when
// the folder is new or empty), and makes c follow it, in one commit on
// each side. A rule file the voice holds already, byte for byte, leaves
// the collection; one the voice holds otherwise stays in the collection
// as the series' own rule (it comes before the voice's), reported, so
// nothing is lost; so does a rule of the series' boilerplate lines. It
// refuses to start while either side's style files hold uncommitted
// changes, which its commits would take in.
func AdoptVoice(c *collection.Collection, named string) (*Adopted, error) {
	if named == "" {
		named = c.Settings.Voice
	}
	if named == "" {
		return nil, fmt.Errorf("%s names no voice; give one: sw voice adopt ../my-voice", collection.SettingsFile)
	}
	repo, err := git.At(c.Root)
	if err != nil {
		return nil, err
	}
	if err := uncommittedStyle(repo, collection.ProfileDir, collection.FeedbackFile, collection.SettingsFile); err != nil {
		return nil, err
	}
	link, made, err := EnsureVoice(c, named)
	if err != nil {
		return nil, err
	}
	done := &Adopted{Voice: link, Made: made}
	voiceRepo, err := git.At(link.Root)
	if err != nil {
		return nil, fmt.Errorf("%s: the voice is not the top of a git repository: %w", link.Root, err)
	}
	if !done.Made {
		if err := uncommittedStyle(voiceRepo, collection.ProfileDir, collection.FeedbackFile); err != nil {
			return nil, err
		}
	}
	if err := done.moveRules(c.Path(collection.ProfileDir), filepath.Join(link.Root, collection.ProfileDir)); err != nil {
		return nil, err
	}
	if err := done.moveRejections(c, link.Root); err != nil {
		return nil, err
	}
	name := filepath.Base(c.Root)
	if err := voiceRepo.CommitPaths("Adopt the style of "+name, collection.ProfileDir, collection.FeedbackFile); err != nil {
		return nil, err
	}
	if _, err := UseVoice(c, named); err != nil {
		return nil, err
	}
	done.Voice.Followed = true
	if err := repo.CommitPaths("Move this series' style to the voice "+named, collection.ProfileDir, collection.FeedbackFile, collection.SettingsFile); err != nil {
		return nil, err
	}
	return done, nil
}

// EnsureVoice makes the voice the collection c names as named (a path
// from it, or from ~/) where that folder is new or empty, as sw voice
// init would, and says whether it made one: sw init --voice sets up a
// person's first series and their voice in one go. A folder that holds
// anything else is refused.
func EnsureVoice(c *collection.Collection, named string) (link collection.VoiceLink, made bool, err error) {
	link, missing, err := findVoice(c, named)
	if err != nil || !missing {
		return link, false, err
	}
	_, err = InitVoice(link.Root)
	return link, err == nil, err
}

// CanFollow says, before anything is made, whether a collection at root
// could follow the voice named: a voice is there, or the folder is new or
// empty, where EnsureVoice would make one.
func CanFollow(root, named string) error {
	_, _, err := findVoice(&collection.Collection{Root: root}, named)
	return err
}

// findVoice is the voice named as c would follow it; missing says there
// is none yet, in a folder new or empty. A folder that holds anything
// else is refused.
func findVoice(c *collection.Collection, named string) (link collection.VoiceLink, missing bool, err error) {
	c.Settings.Voice = named
	if link, err = c.Voice(); err != nil || collection.IsVoice(link.Root) {
		return link, false, err
	}
	if entries, err := os.ReadDir(link.Root); err == nil && len(entries) > 0 {
		return link, false, fmt.Errorf("%s holds no voice (a profile folder, and no %s), and is not empty; give a new folder, or one sw voice init made",
			link.Root, collection.SettingsFile)
	}
	return link, true, nil
}

// uncommittedStyle refuses when the repository's working tree or index
// differs from its last commit in paths.
func uncommittedStyle(repo *git.Repo, paths ...string) error {
	lines, err := repo.StatusLines(paths...)
	if err != nil {
		return err
	}
	if len(lines) > 0 {
		return fmt.Errorf("%s has uncommitted changes to its style (%s); commit or stash them first", repo.Root, strings.Join(lines, "; "))
	}
	return nil
}

// moveRules moves each rule file (a regular .yaml file) of the profile
// folder from into the same place under to, as AdoptVoice says.
func (a *Adopted) moveRules(from, to string) error {
	return filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !d.Type().IsRegular() || !strings.HasSuffix(d.Name(), ".yaml") {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		shown := path.Join(collection.ProfileDir, filepath.ToSlash(rel))
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if r, err := profile.ParseRule(shown, strings.TrimSuffix(d.Name(), ".yaml"), data); err == nil && len(r.Boilerplate) > 0 {
			a.Series = append(a.Series, shown)
			return nil
		}
		dest := filepath.Join(to, rel)
		switch have, err := os.ReadFile(dest); {
		case err == nil && bytes.Equal(have, data):
			a.Same = append(a.Same, shown)
		case err == nil:
			a.Conflicts = append(a.Conflicts, shown)
			return nil
		case !errors.Is(err, fs.ErrNotExist):
			return err
		default:
			if err := os.MkdirAll(filepath.Dir(dest), 0o777); err != nil {
				return err
			}
			if err := atomicfile.Write(dest, data, 0o644); err != nil {
				return err
			}
			a.Moved = append(a.Moved, shown)
		}
		return os.Remove(p)
	})
}

// moveRejections adds every rejection of the collection's
// profile_feedback.json to the voice's, and empties the collection's:
// a collection following a voice is held to both (see review's
// remembered), so nothing it rejected comes back.
func (a *Adopted) moveRejections(c *collection.Collection, voiceRoot string) error {
	data, err := c.ReadFile(collection.FeedbackFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	from, err := feedback.Parse(collection.FeedbackFile, data)
	if err != nil {
		return err
	}
	voiceFile := filepath.Join(voiceRoot, collection.FeedbackFile)
	to := feedback.New()
	if data, err = os.ReadFile(voiceFile); err == nil {
		to, err = feedback.Parse(voiceFile, data)
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	for _, b := range from.Batches {
		for _, r := range b.Rejected {
			to.Add(b.Batch, r, time.Now()) // each keeps when it was rejected
			a.Rejections++
		}
	}
	if a.Rejections == 0 {
		return nil
	}
	if err := atomicfile.Write(voiceFile, to.Encode(), 0o644); err != nil {
		return err
	}
	path, err := c.File(collection.FeedbackFile)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, feedback.New().Encode(), 0o644)
}
