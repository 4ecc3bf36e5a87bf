package check

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"sw/profile/collection"
)

// Pieces holds each piece at paths (as a person names them) to the resolved
// profile of its own genre, or of genre when that is not "", in the
// collection dir is in.
//
// A piece that cannot be checked (missing, a folder, one of sw's own files,
// a genre sw cannot read, larger than collection.MaxPieceSize) has its
// Result's Problem set, and the others are checked all the same, since an
// agent's Stop hook names every piece it touched. A profile that cannot be
// loaded is everyone's problem, and the error.
//
// Each piece is parsed while the profile it needs is found (the first
// while the collection is opened, each next one while the one before is
// checked), so at most two parses are alive.
func Pieces(dir string, paths []string, genre string) ([]Result, error) {
	if len(paths) == 0 {
		return nil, nil
	}
	results := make([]Result, len(paths))
	parsing := startParsing(paths[0], &results[0])
	coll, err := collection.Find(dir)
	if err != nil {
		return nil, err
	}
	for i := range paths {
		var next *Parsing
		if i+1 < len(paths) {
			next = startParsing(paths[i+1], &results[i+1])
		}
		if parsing != nil {
			if err := checkOne(coll, genre, parsing, &results[i]); err != nil {
				return nil, err
			}
		}
		parsing = next
	}
	return results, nil
}

// startParsing reads the piece at path and starts parsing it, or notes in
// res why it cannot be checked and returns a nil Parsing.
func startParsing(path string, res *Result) *Parsing {
	res.Path = path
	src, err := collection.ReadPieceFile(path)
	if err != nil {
		if fi, statErr := os.Stat(path); statErr == nil && fi.IsDir() {
			err = fmt.Errorf("%s is a folder; name its pieces (%s)", path, filepath.Join(path, "*.md"))
		}
		res.Problem = err.Error()
		return nil
	}
	return StartParsing(path, src)
}

// checkOne holds one parsed piece to the profile of its genre.
func checkOne(coll *collection.Collection, genre string, parsing *Parsing, res *Result) error {
	if rel, err := coll.Rel(res.Path); err == nil && collection.IsOwnFile(rel) {
		res.Problem = rel + " is not a piece: sw's own files (CLAUDE.md, memory.md, profile/, ...) and README.md never are"
		return nil
	} else if err == nil && slices.Contains(coll.Settings.Targets, rel) {
		res.Problem = rel + " is not a piece: it holds sw's block for the agents (.sw.yaml's targets)"
		return nil
	}
	if genre == "" {
		var err error
		if genre, err = coll.GenreOf(res.Path, parsing.src); err != nil {
			res.Problem = err.Error()
			return nil
		}
	}
	r, err := coll.Resolve(genre)
	if err != nil {
		return err
	}
	*res = parsing.Check(r.Genre, r)
	return nil
}
