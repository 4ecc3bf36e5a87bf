package profile

import (
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"sw/profile/quickread"
)

// Profile is the style drawer on disk. Its location is a parameter, not a
// constant, so a later setting can point a collection at a profile kept in
// another repository.
type Profile struct {
	Root string // the folder that sources are shown relative to (a collection's root)
	Dir  string // the profile folder relative to Root, slash-separated, e.g. "profile"
}

// Sourced is a rule together with where it came from.
type Sourced struct {
	Rule
	Layer  Layer
	Source string // slash path relative to Root, e.g. profile/genres/essay/x.yaml
}

// layerPath returns the slash path, relative to Root, of a layer's folder.
func (p Profile) layerPath(layer Layer, genre string) string {
	switch layer {
	case HardLimit:
		return path.Join(p.Dir, HardLimitsDir)
	case GenreLayer:
		return path.Join(p.Dir, GenresDir, genre)
	}
	return path.Join(p.Dir, PreferencesDir)
}

// RulePath returns the slash path, relative to Root, of the file that holds
// rule id in a layer (genre is used for the genre layer only).
func (p Profile) RulePath(layer Layer, genre, id string) string {
	return path.Join(p.layerPath(layer, genre), id+".yaml")
}

// Layer reads every rule of one layer, sorted by id. A missing folder is an
// empty layer: a new collection has no genre folders yet.
func (p Profile) Layer(layer Layer, genre string) ([]Sourced, error) {
	rel := p.layerPath(layer, genre)
	entries, err := quickread.ReadDir(filepath.Join(p.Root, filepath.FromSlash(rel)))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, Errors{{File: rel, Msg: err.Error()}}
	}
	var rules []Sourced
	var errs Errors
	for _, e := range entries {
		name := e.Name()
		file := path.Join(rel, name)
		switch {
		case strings.HasPrefix(name, "."):
			// .gitkeep and editor files
		case e.IsDir():
			errs = append(errs, &Error{File: file, Msg: "a folder inside a layer is not read; " +
				"rules sit directly in the layer folder, genre rules in " + path.Join(p.Dir, GenresDir, "<genre>")})
		case strings.HasSuffix(name, ".yml"):
			errs = append(errs, &Error{File: file, Msg: "rule files end in .yaml; rename it"})
		case strings.HasSuffix(name, ".yaml"):
			r, err := p.readRule(file, strings.TrimSuffix(name, ".yaml"))
			if err != nil {
				errs = append(errs, err.(Errors)...)
				continue
			}
			rules = append(rules, Sourced{Rule: r, Layer: layer, Source: file})
		}
	}
	sort.Slice(rules, func(i, j int) bool { return rules[i].ID < rules[j].ID })
	return rules, errs.orNil()
}

func (p Profile) readRule(file, id string) (Rule, error) {
	if !IsSlug(id) {
		return Rule{}, Errors{{File: file, Msg: "the file name must be a plain name (lowercase letters, digits, dashes) ending in .yaml, e.g. " + suggestSlug(id) + ".yaml"}}
	}
	data, err := quickread.ReadFile(filepath.Join(p.Root, filepath.FromSlash(file)))
	if err != nil {
		return Rule{}, Errors{{File: file, Msg: err.Error()}}
	}
	return ParseRule(file, id, data)
}
