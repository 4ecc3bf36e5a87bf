package collection

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"sw/profile"
	"sw/profile/atomicfile"
)

// A voice is a git repository that holds only a person's style (profile/
// and profile_feedback.json), shared by every collection whose .sw.yaml
// names it. The collection's own profile/ becomes its series layer (see
// profile.ResolveOver).
//
// A cloned collection could name any folder, and following it would read,
// and write suggestions into, a repository the person never gave it. So a
// voice is followed only where the person has said so (sw voice use, sw
// init --voice), in a list kept in their configuration folder, outside
// every repository.

// VoiceLink is what a collection's .sw.yaml says of a voice, and whether
// the person follows it there.
type VoiceLink struct {
	Named    string // the path as .sw.yaml gives it; "" when it names none
	Root     string // that path, absolute, its links resolved where it exists
	Followed bool   // the person follows this voice in this collection
}

// Note tells the person, when .sw.yaml names a voice this collection does
// not follow, that its rules are left out and how to follow it; "" when
// there is nothing to tell.
func (l VoiceLink) Note() string {
	if l.Named == "" || l.Followed {
		return ""
	}
	return fmt.Sprintf("%s names the voice %s, which you have not followed in this collection, so its rules are left out; if it is yours, follow it: sw voice use", SettingsFile, l.Named)
}

// voicesFile is the person's list of followed voices.
type voicesFile struct {
	Version int            `json:"version"`
	Follow  []voiceFollows `json:"follow"`
}

// voiceFollows is one collection following one voice, both absolute
// paths with links resolved.
type voiceFollows struct {
	Collection string `json:"collection"`
	Voice      string `json:"voice"`
}

// VoicesPath is the person's list of followed voices: voices.json in sw's
// folder of their configuration folder (os.UserConfigDir).
func VoicesPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no configuration folder to keep followed voices in: %w", err)
	}
	return filepath.Join(dir, "sw", "voices.json"), nil
}

// Voice says which voice .sw.yaml names, and whether it is followed here.
func (c *Collection) Voice() (VoiceLink, error) {
	named := c.Settings.Voice
	if named == "" {
		return VoiceLink{}, nil
	}
	root, err := voiceRoot(c.Root, named)
	if err != nil {
		return VoiceLink{Named: named}, err
	}
	link := VoiceLink{Named: named, Root: root}
	list, err := readVoices()
	if err != nil {
		return link, err
	}
	here := realPath(c.Root)
	link.Followed = slices.Contains(list.Follow, voiceFollows{here, root})
	return link, nil
}

// voiceRoot is the absolute path of the voice named as named from the
// collection at root: relative to it, or to the home folder with ~/.
func voiceRoot(root, named string) (string, error) {
	p := filepath.FromSlash(named)
	if rest, ok := strings.CutPrefix(named, "~/"); ok || named == "~" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("%s: voice %s: no home folder: %w", SettingsFile, named, err)
		}
		p = filepath.Join(home, filepath.FromSlash(rest))
	} else if !filepath.IsAbs(p) {
		p = filepath.Join(root, p)
	}
	return realPath(filepath.Clean(p)), nil
}

// realPath is p with its links resolved where it exists, else p.
func realPath(p string) string {
	if real, err := filepath.EvalSymlinks(p); err == nil {
		return real
	}
	return p
}

// FollowVoice records that the person follows the voice at voice in the
// collection c (whose .sw.yaml names it, or is about to). Another series
// taking up a voice meanwhile keeps its line (see atomicfile.Editor).
func (c *Collection) FollowVoice(voice string) error {
	path, err := VoicesPath()
	if err != nil {
		return err
	}
	entry := voiceFollows{realPath(c.Root), realPath(voice)}
	return atomicfile.Editor{Perm: 0o600}.Edit(path, func(old []byte, _ bool) ([]byte, error) {
		l, err := parseVoices(path, old)
		if err != nil {
			return nil, err
		}
		kept := slices.DeleteFunc(l.Follow, func(f voiceFollows) bool { return f.Collection == entry.Collection })
		l.Follow = append(kept, entry)
		data, err := json.MarshalIndent(l, "", "  ")
		return append(data, '\n'), err
	})
}

// FellowSeries are the roots of the other collections where the person
// follows link's voice: a rejection in one holds for all.
func (c *Collection) FellowSeries(link VoiceLink) ([]string, error) {
	if !link.Followed {
		return nil, nil
	}
	list, err := readVoices()
	if err != nil {
		return nil, err
	}
	here := realPath(c.Root)
	var out []string
	for _, f := range list.Follow {
		if f.Voice == link.Root && f.Collection != here {
			out = append(out, f.Collection)
		}
	}
	return out, nil
}

// readVoices reads the person's list; a missing file is an empty one.
func readVoices() (*voicesFile, error) {
	path, err := VoicesPath()
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		data, err = nil, nil
	}
	if err != nil {
		return nil, err
	}
	return parseVoices(path, data)
}

// parseVoices reads the list from the bytes of its file at path (nil:
// no file yet).
func parseVoices(path string, data []byte) (*voicesFile, error) {
	l := &voicesFile{Version: 1}
	if data == nil {
		return l, nil
	}
	if err := json.Unmarshal(data, l); err != nil {
		return nil, fmt.Errorf("%s: not valid: %v; fix it, or remove it and run sw voice use again", path, err)
	}
	if l.Version != 1 {
		return nil, fmt.Errorf("%s: version %d is not one this sw reads (1)", path, l.Version)
	}
	return l, nil
}

// VoiceProfile is the style drawer of the voice at link, as the
// collection's sources name it.
func (c *Collection) VoiceProfile(link VoiceLink) profile.Profile {
	shown, err := filepath.Rel(realPath(c.Root), link.Root)
	if err != nil || filepath.IsAbs(shown) {
		shown = link.Root
	}
	return profile.Profile{Root: link.Root, Dir: ProfileDir, Shown: filepath.ToSlash(shown)}
}

// IsVoice says whether dir is a voice repository's top: it holds a
// profile folder and no .sw.yaml (a collection is not a voice).
func IsVoice(dir string) bool {
	if _, err := os.Stat(filepath.Join(dir, SettingsFile)); err == nil {
		return false
	}
	fi, err := os.Stat(filepath.Join(dir, ProfileDir))
	return err == nil && fi.IsDir()
}
