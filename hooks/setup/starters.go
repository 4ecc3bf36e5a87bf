package setup

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"sw/facts"
	"sw/profile"
	"sw/profile/block"
	"sw/profile/collection"
	"sw/templates"
)

// Step is one thing sw init (or sw voice init) did or left alone.
type Step struct {
	Path    string // slash path relative to the collection root
	Created bool
	Failed  bool   // neither made nor there: something is in the way
	Note    string // why it was left alone or not made, or what was done
}

// starterFiles are the files sw init creates, in the order it reports
// them, and the template each starts from.
var starterFiles = []struct{ path, template string }{
	{collection.SettingsFile, "init/sw.yaml"},
	{collection.ClaudeFile, "init/CLAUDE.md"},
	{collection.MemoryFile, "init/memory.md"},
	{collection.ProfileDir + "/" + profile.HardLimitsDir + "/no-filler.yaml.example", "init/hard-limit.yaml.example"},
	{collection.ProfileDir + "/" + profile.PreferencesDir + "/sentence-length.yaml.example", "init/preference.yaml.example"},
	{collection.ProfileDir + "/" + profile.GenresDir + "/essay/first-person.yaml.example", "init/genre.yaml.example"},
	{collection.FeedbackFile, "init/profile_feedback.json"},
}

// voiceStarters puts a voice's starter files in root, the top of a git
// repository: the profile's examples and profile_feedback.json, nothing
// of a collection's. A collection is refused: a voice holds only style,
// and a folder that is both would take the series' pieces for the
// voice's.
func voiceStarters(root string) ([]Step, error) {
	if _, err := os.Stat(filepath.Join(root, collection.SettingsFile)); err == nil {
		return nil, fmt.Errorf("%s is a collection (it has %s); a voice is a repository of its own, e.g. beside it: sw voice init ../my-voice", root, collection.SettingsFile)
	}
	return createStarters(root, func(rel string) bool {
		return rel == collection.FeedbackFile || strings.HasPrefix(rel, collection.ProfileDir+"/")
	})
}

// createStarters creates in root the starter files wanted says to,
// reporting each; it never overwrites a file.
func createStarters(root string, wanted func(rel string) bool) ([]Step, error) {
	c := &collection.Collection{Root: root, Settings: collection.DefaultSettings()}
	var steps []Step
	failed := 0
	for _, f := range starterFiles {
		if !wanted(f.path) {
			continue
		}
		step := Step{Path: f.path}
		text := templates.Text(f.template)
		if f.path == collection.ClaudeFile {
			text = claudeStarter(c, text)
		}
		switch err := c.CreateFile(f.path, []byte(text)); {
		case errors.Is(err, fs.ErrExist):
			step.Note = "already there"
			if f.path == collection.MemoryFile {
				step.Note += memoryShape(c)
			}
		case err != nil:
			step.Failed, step.Note = true, err.Error()
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

// memoryShape says what an existing memory.md lacks of the seven sections,
// or why its sections cannot be read: the person's file is never changed,
// so the person is told.
func memoryShape(c *collection.Collection) string {
	data, err := c.ReadFile(collection.MemoryFile)
	if err != nil {
		return ""
	}
	m, err := facts.Parse(collection.MemoryFile, data)
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
func claudeStarter(c *collection.Collection, text string) string {
	if s, err := collection.Open(c.Root); err == nil {
		c = s
	}
	r, err := c.Profile().Resolve(c.DefaultGenre())
	if err != nil {
		return text // a broken profile: the pre-session hook reports it and adds the block once fixed
	}
	return text + block.Render(r) + "\n"
}
