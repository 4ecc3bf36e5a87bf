package collection

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"syscall"

	"sw/facts"
	"sw/profile"
	"sw/profile/atomicfile"
	"sw/profile/block"
	"sw/templates"
)

// InitStep is one thing Init did or left alone.
type InitStep struct {
	Path    string // slash path relative to the collection root
	Created bool
	Failed  bool   // neither made nor there: something is in the way
	Note    string // why it was left alone or not made, or what was done
}

// starterFiles are the files Init creates, in the order it reports them, and
// the template each starts from.
var starterFiles = []struct{ path, template string }{
	{SettingsFile, "init/sw.yaml"},
	{ClaudeFile, "init/CLAUDE.md"},
	{MemoryFile, "init/memory.md"},
	{ProfileDir + "/" + profile.HardLimitsDir + "/no-filler.yaml.example", "init/hard-limit.yaml.example"},
	{ProfileDir + "/" + profile.PreferencesDir + "/sentence-length.yaml.example", "init/preference.yaml.example"},
	{ProfileDir + "/" + profile.GenresDir + "/essay/first-person.yaml.example", "init/genre.yaml.example"},
	{FeedbackFile, "init/profile_feedback.json"},
}

// Init puts sw's starter files in dir, the top of a git repository (the
// caller sees to that: this package reads no git). It never overwrites a
// file: whatever exists is left alone and reported, so running it twice
// changes nothing.
func Init(dir string) ([]InitStep, error) {
	root, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	c := &Collection{Root: root, Settings: DefaultSettings()}
	return c.createStarters(func(string) bool { return true })
}

// createStarters creates the starter files wanted says to, reporting
// each; like Init, it never overwrites a file.
func (c *Collection) createStarters(wanted func(rel string) bool) ([]InitStep, error) {
	var steps []InitStep
	failed := 0
	for _, f := range starterFiles {
		if !wanted(f.path) {
			continue
		}
		step := InitStep{Path: f.path}
		text := templates.Text(f.template)
		if f.path == ClaudeFile {
			text = c.claudeStarter(text)
		}
		switch err := c.createStarter(f.path, []byte(text)); {
		case errors.Is(err, fs.ErrExist):
			step.Note = "already there"
			if f.path == MemoryFile {
				step.Note += c.memoryShape()
			}
		case err != nil:
			step.Failed, step.Note = true, c.inTheWay(f.path, err)
			failed++
		default:
			step.Created = true
		}
		steps = append(steps, step)
	}
	if failed > 0 {
		return steps, fmt.Errorf("%d starter files could not be made; clear their way and run `sw init` again", failed)
	}
	return steps, nil
}

// errFolderInTheWay is createStarter's answer for a folder where the file
// should be: it is not the file, so the file is not "already there".
var errFolderInTheWay = errors.New("a folder is where this file should be; move it aside")

// createStarter creates the starter file rel unless a file is there
// (fs.ErrExist). A symbolic link to a file not made yet is followed, and
// the file made where it points, as sw writes CLAUDE.md through a link,
// so long as that is inside the collection (see File).
func (c *Collection) createStarter(rel string, data []byte) error {
	target, err := c.File(rel)
	if err != nil {
		return err
	}
	switch fi, err := os.Stat(target); {
	case err == nil && fi.IsDir():
		return errFolderInTheWay
	case err == nil:
		return fs.ErrExist
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	return createNew(target, data)
}

// inTheWay says why the starter file at rel could not be made: a file
// where one of its folders should be is named, since the system's own
// words ("not a directory") do not say which.
func (c *Collection) inTheWay(rel string, err error) string {
	if errors.Is(err, syscall.ENOTDIR) {
		for dir := path.Dir(rel); dir != "."; dir = path.Dir(dir) {
			if fi, statErr := os.Stat(c.Path(dir)); statErr == nil && !fi.IsDir() {
				return dir + " is a file where a folder should be; move it aside"
			}
		}
	}
	return err.Error()
}

// memoryShape says what an existing memory.md lacks of the seven sections,
// or why its sections cannot be read: the person's file is never changed,
// so the person is told.
func (c *Collection) memoryShape() string {
	data, err := c.ReadFile(MemoryFile)
	if err != nil {
		return ""
	}
	m, err := facts.Parse(MemoryFile, data)
	if err != nil {
		return "; " + err.Error()
	}
	if missing := m.Missing(); len(missing) > 0 {
		return "; sections missing: " + strings.Join(missing, ", ") + " (add each as a `## ` heading)"
	}
	return ""
}

// claudeStarter appends sw's block, rendered from whatever profile is
// already there, to the starter text.
func (c *Collection) claudeStarter(text string) string {
	if s, err := Open(c.Root); err == nil {
		c = s
	}
	genre := c.Settings.Genre
	if genre == "" {
		genre = DefaultGenre
	}
	r, err := c.Profile().Resolve(genre)
	if err != nil {
		return text // a broken profile: the pre-session hook reports it and adds the block once fixed
	}
	return text + block.Render(r) + "\n"
}

// createNew writes a new file atomically and never replaces an existing one:
// the bytes go to a temporary file that is then hard-linked into place,
// which fails if the name is taken. On a file system without hard links
// (exFAT, some FUSE mounts and network shares) the file is created under
// its own name instead, which fails just the same if the name is taken.
func createNew(path string, data []byte) error {
	if _, err := os.Lstat(path); err == nil {
		return fs.ErrExist
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	tmp, err := atomicfile.CreateTemp(dir, filepath.Base(path))
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	switch err := linkFile(tmp.Name(), path); {
	case errors.Is(err, fs.ErrExist):
		return fs.ErrExist
	case cannotLink(err):
		return createExclusive(path, data)
	default:
		return err
	}
}

// linkFile is os.Link; tests stand in a file system without hard links.
var linkFile = os.Link

// openExclusive creates path for writing, failing if the name is taken. Its
// mode is 0644 less the umask, set at creation: a file system without hard
// links often has no modes either, and refuses a later chmod. Tests stand in
// a file that cannot be written.
var openExclusive = func(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
}

// cannotLink tells a link refused because the file system makes no hard
// links (or none here) from one refused for any other reason. Linux says
// EPERM for a file system without them; FUSE and network file systems say
// ENOTSUP, EOPNOTSUPP, ENOSYS, EXDEV or EMLINK.
func cannotLink(err error) bool {
	return errors.Is(err, errors.ErrUnsupported) || errors.Is(err, syscall.EPERM) ||
		errors.Is(err, syscall.EXDEV) || errors.Is(err, syscall.EMLINK)
}

// createExclusive writes data to a file it creates at path, never one
// already there, and removes the file again if the data cannot all be
// written and synced, so that no half-made file stands where the next
// `sw init` would take it for the writer's.
func createExclusive(path string, data []byte) error {
	f, err := openExclusive(path)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		os.Remove(path)
	}
	return err
}
