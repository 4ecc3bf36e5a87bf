package analyze

import (
	"errors"
	"fmt"
	"strings"

	"sw/profile"
)

// PreferencesLayer is the layer name of the global preferences. Layer
// names are the folder names under profile/, so a suggestion's layer reads
// the same as the path of the file it changes.
const PreferencesLayer = profile.PreferencesDir

const (
	genrePrefix = profile.GenresDir + "/"
	hardLimits  = profile.HardLimitsDir
	layerHelp   = `"preferences" or "genres/<genre>"` // what is allowed, for messages
)

// errHardLimit says why a hard limit is refused, not just that it is.
var errHardLimit = errors.New(`analyzers never propose hard limits: those are the person's to write; use ` + layerHelp)

// ParseLayer reads a suggestion's layer: "preferences" gives
// (profile.Preference, ""), "genres/essay" gives (profile.GenreLayer,
// "essay"). Anything else is an error that says what is allowed; a hard
// limit is refused outright, because only the person writes those.
func ParseLayer(layer string) (profile.Layer, string, error) {
	switch {
	case layer == PreferencesLayer:
		return profile.Preference, "", nil
	case strings.HasPrefix(layer, genrePrefix):
		genre := strings.TrimPrefix(layer, genrePrefix)
		if !profile.IsSlug(genre) {
			return "", "", fmt.Errorf("layer %q: genre %q is not a plain name (lowercase letters, digits and dashes, e.g. genres/essay)", layer, genre)
		}
		return profile.GenreLayer, genre, nil
	case layer == hardLimits || strings.HasPrefix(layer, hardLimits+"/"):
		return "", "", errHardLimit
	}
	return "", "", fmt.Errorf("layer %q must be %s", layer, layerHelp)
}

// LayerName is ParseLayer's inverse, for analyzers building suggestions:
// LayerName(profile.GenreLayer, "essay") is "genres/essay". A hard limit has
// no name here, since no analyzer may propose one; it gives "".
func LayerName(layer profile.Layer, genre string) string {
	switch layer {
	case profile.Preference:
		return PreferencesLayer
	case profile.GenreLayer:
		return genrePrefix + genre
	}
	return ""
}

// Path is the slash path of the rule file the suggestion adds, changes or
// removes, relative to the collection root when profileDir is the profile
// folder relative to it: Path("profile") of an essay suggestion x is
// profile/genres/essay/x.yaml. The profile folder is a parameter because a
// later setting may keep the profile in another repository. A suggestion
// that has not passed Validate may have no path: then it is "".
func (s Suggestion) Path(profileDir string) string {
	layer, genre, err := ParseLayer(s.Layer)
	if err != nil || !profile.IsSlug(s.ID) {
		return ""
	}
	return profile.Profile{Dir: profileDir}.RulePath(layer, genre, s.ID)
}
