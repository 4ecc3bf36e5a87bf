package hooks

import (
	"os"
	"path/filepath"

	"sw/profile/block"
	"sw/profile/collection"
)

// WriteBlock renders c's profile for genre (as c.Resolve reads it) into
// the block of every target file (.sw.yaml's targets: CLAUDE.md unless it
// says otherwise) and returns the block, and whether any file changed.
// A target that cannot be written stops the rest: the first error names
// its file.
func WriteBlock(c *collection.Collection, genre string) (text string, changed bool, err error) {
	r, err := c.Resolve(genre)
	if err != nil {
		return "", false, err
	}
	text = block.Render(r)
	for _, target := range c.Settings.Targets {
		path, err := c.File(target)
		if err != nil {
			return text, changed, err
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			return text, changed, err
		}
		wrote, err := block.WriteFile(path, target, text)
		if err != nil {
			return text, changed, err
		}
		changed = changed || wrote
	}
	return text, changed, nil
}
