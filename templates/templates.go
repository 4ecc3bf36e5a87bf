// Package templates holds every text sw puts in front of an agent or a person:
// starter files for a new collection, the CLAUDE.md block, hook shims and
// messages. Keeping them here, as plain files, means wording can change
// without touching code, and a reviewer can read all of it in one place.
package templates

import (
	"embed"
	"fmt"
	"io/fs"
)

//go:embed all:files
var files embed.FS

// Text returns the embedded text at name, a slash path under files/.
// Names are fixed at build time and covered by tests, so a missing one is a
// programming error: it panics rather than let sw write an empty file.
func Text(name string) string {
	b, err := fs.ReadFile(files, "files/"+name)
	if err != nil {
		panic(fmt.Sprintf("templates: no embedded text %q", name))
	}
	return string(b)
}
