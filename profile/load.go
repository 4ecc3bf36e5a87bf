package profile

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"sw/profile/confine"
)

// Profile is the style drawer on disk. Its location is a parameter, so
// a profile kept in another repository (a voice's) reads the same way.
type Profile struct {
	Root string // the folder the profile is read inside (a collection's root, or a voice's)
	Dir  string // the profile folder relative to Root, slash-separated, e.g. "profile"
	// Shown is how sources and errors name Root: "" for the collection
	// itself, else the slash path to it from the collection (../my-voice),
	// so that a source is a path the person can open from there.
	Shown string
}

// Sourced is a rule together with where it came from.
type Sourced struct {
	Rule
	Layer  Layer
	Source string // slash path from the collection's root, e.g. profile/genres/essay/x.yaml
	// Series marks a rule of the series' own profile over a voice (see
	// ResolveOver): it comes before the voice's genre rules and
	// preferences.
	Series bool
}

// shown names rel, a slash path relative to Root, as the person reads it
// from the collection (see Shown).
func (p Profile) shown(rel string) string {
	if p.Shown == "" {
		return rel
	}
	return path.Join(p.Shown, rel)
}

// shownErrors names each error's file as the person reads it (see Shown).
func (p Profile) shownErrors(errs Errors) Errors {
	if p.Shown == "" {
		return errs
	}
	for _, e := range errs {
		e.File = p.shown(e.File)
	}
	return errs
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
	rules, errs := p.layer(layer, genre)
	for i := range rules {
		rules[i].Source = p.shown(rules[i].Source)
	}
	return rules, p.shownErrors(errs).orNil()
}

// layer is Layer with sources and errors named relative to Root.
func (p Profile) layer(layer Layer, genre string) ([]Sourced, Errors) {
	rel := p.layerPath(layer, genre)
	dir, outside := p.inside(rel)
	if outside != nil {
		return nil, Errors{outside}
	}
	entries, err := os.ReadDir(dir)
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
			r, err := p.readRule(dir, e, file, strings.TrimSuffix(name, ".yaml"))
			if err != nil {
				errs = append(errs, err...)
				continue
			}
			if layer == HardLimit && r.Usage != nil {
				errs = append(errs, &Error{File: file, Msg: "a usage measure is no limit, and is never broken: move it to " +
					path.Join(p.Dir, PreferencesDir) + " (or a genre's folder)"})
				continue
			}
			rules = append(rules, Sourced{Rule: r, Layer: layer, Source: file})
		}
	}
	sort.Slice(rules, func(i, j int) bool { return rules[i].ID < rules[j].ID })
	return rules, errs
}

// strayGenres reports what the genres folder holds that no genre would
// read: a folder whose name is not a plain name, which no piece's genre
// can match (see ParseGenre), and a rule file directly in it. Left
// unsaid, either is rules the person thinks are in force.
func (p Profile) strayGenres() Errors {
	rel := path.Join(p.Dir, GenresDir)
	entries, err := os.ReadDir(filepath.Join(p.Root, filepath.FromSlash(rel)))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return Errors{{File: rel, Msg: err.Error()}}
	}
	var errs Errors
	for _, e := range entries {
		name, file := e.Name(), path.Join(rel, e.Name())
		// A link may point at a folder: the listing does not follow links.
		folder := e.IsDir() || e.Type()&fs.ModeSymlink != 0
		switch {
		case strings.HasPrefix(name, "."): // .gitkeep and editor files
		case folder && !IsSlug(name):
			errs = append(errs, &Error{File: file, Msg: "a genre folder's name must be a plain name (lowercase letters, digits, dashes), " +
				"or no piece's genre matches it and its rules are never read; " + p.renameGenre(name, entries)})
		case !folder && (strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")):
			errs = append(errs, &Error{File: file, Msg: "a rule file directly in " + rel + " belongs to no genre and is never read; " +
				"move it into " + path.Join(rel, "<genre>") + ", or into " + path.Join(p.Dir, PreferencesDir) + " for every genre"})
		}
	}
	return errs
}

// renameGenre says what to do with a genre folder named name: rename it
// to the genre its name reads as, or, when that folder exists already,
// move its rules there.
func (p Profile) renameGenre(name string, siblings []fs.DirEntry) string {
	genre, err := ParseGenre(name)
	if err != nil || genre == "" {
		return "rename it, e.g. to " + path.Join(p.Dir, GenresDir, "essay")
	}
	to := path.Join(p.Dir, GenresDir, genre)
	if slices.ContainsFunc(siblings, func(e fs.DirEntry) bool { return e.Name() == genre }) {
		return "move its rules into " + to + ", which exists already"
	}
	return "rename it to " + to
}

// readRule reads the rule file e of the layer folder dir, known to people
// as file: only a regular file, and a link only where it leads inside the
// collection (see confine).
func (p Profile) readRule(dir string, e fs.DirEntry, file, id string) (Rule, Errors) {
	if !IsSlug(id) {
		return Rule{}, Errors{{File: file, Msg: "the file name must be a plain name (lowercase letters, digits, dashes) ending in .yaml, e.g. " + suggestSlug(id) + ".yaml"}}
	}
	path := filepath.Join(dir, e.Name())
	if e.Type()&fs.ModeSymlink != 0 {
		var outside *Error
		if path, outside = p.inside(file); outside != nil {
			return Rule{}, Errors{outside}
		}
	}
	data, err := confine.ReadFile(path)
	if err != nil {
		return Rule{}, Errors{{File: file, Msg: confine.Describe(err)}}
	}
	r, err := ParseRule(file, id, data)
	if err != nil {
		return r, err.(Errors)
	}
	return r, nil
}

// inside is the folder or file rel (relative to Root) leads to, its links
// followed, when that is inside Root: a cloned collection's profile folder
// or rule file that is a link out of it is refused, not read.
func (p Profile) inside(rel string) (string, *Error) {
	path, err := confine.Path(p.Root, filepath.Join(p.Root, filepath.FromSlash(rel)), rel)
	if err != nil {
		return "", &Error{File: rel, Msg: confine.Describe(err)}
	}
	return path, nil
}
