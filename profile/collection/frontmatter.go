package collection

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"gopkg.in/yaml.v3"

	"sw/profile"
	"sw/profile/confine"
	"sw/profile/prose"
)

// FrontMatter is the part of a piece's front matter (YAML or TOML) sw reads: the
// fields Hugo, Jekyll and Obsidian share, plus stance.
type FrontMatter struct {
	Title   string   `yaml:"title"`
	Date    string   `yaml:"date"`
	Genre   string   `yaml:"genre"`
	Summary string   `yaml:"summary"`
	Tags    []string `yaml:"tags"`
	Stance  string   `yaml:"stance"`
}

// SplitFrontMatter separates a leading front matter block from the body:
// YAML between "---" lines (or "---" and "..."), or TOML between "+++"
// lines, as Hugo writes it. ok is false when the piece has none.
func SplitFrontMatter(src []byte) (fm, body []byte, ok bool) {
	fm, body, ok, _ = splitFrontMatter(src)
	return fm, body, ok
}

// splitFrontMatter is SplitFrontMatter, and says whether the block is TOML.
func splitFrontMatter(src []byte) (fm, body []byte, ok, toml bool) {
	fm, at, ok, toml := prose.FrontMatter(src)
	return fm, src[at:], ok, toml
}

// ParseFrontMatter reads a piece's front matter. A piece without front
// matter, or with front matter sw cannot read, has none: a person's piece is
// never refused over its metadata.
func ParseFrontMatter(src []byte) FrontMatter {
	var fm FrontMatter
	var loose map[string]any
	raw, _, ok, isTOML := splitFrontMatter(src)
	unmarshal := yaml.Unmarshal
	if isTOML {
		unmarshal = toml.Unmarshal
	}
	if !ok || unmarshal(raw, &loose) != nil {
		return fm
	}
	fm.Title = scalar(loose["title"])
	fm.Date = scalar(loose["date"])
	fm.Genre = scalar(loose["genre"])
	fm.Summary = scalar(loose["summary"])
	fm.Stance = scalar(loose["stance"])
	if tags, ok := loose["tags"].([]any); ok {
		for _, t := range tags {
			fm.Tags = append(fm.Tags, scalar(t))
		}
	}
	return fm
}

func scalar(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case interface{ Format(string) string }: // a date YAML read as time.Time
		return v.Format("2006-01-02")
	case fmt.Stringer: // a date TOML read as a local date
		return v.String()
	}
	b, _ := yaml.Marshal(v)
	return strings.TrimSpace(strings.Trim(strings.ReplaceAll(string(b), "\n", " "), " "))
}

// GenreOf returns the genre of the piece at path whose text is src: its
// front matter's (see profile.ParseGenre), else the collection's default.
// A genre sw cannot read (a list, letters outside a to z, front matter
// YAML or TOML cannot read) is an error at its line and column: a genre
// guessed would hold the piece to rules the writer did not choose.
func (c *Collection) GenreOf(path string, src []byte) (string, error) {
	if raw, _, ok, isTOML := splitFrontMatter(src); ok && isTOML {
		return c.tomlGenre(path, raw)
	}
	val, err := frontMatterGenre(path, src)
	if err != nil {
		return "", err
	}
	if val == nil {
		return c.DefaultGenre(), nil // no front matter, or no genre in it
	}
	at := func(msg string) error {
		return &profile.Error{File: path, Line: val.Line, Col: val.Column, Msg: msg}
	}
	if val.Kind != yaml.ScalarNode {
		return "", at("`genre:` must be one name, e.g. `genre: essay`; a piece has one genre")
	}
	if val.Tag == "!!null" {
		return c.DefaultGenre(), nil
	}
	g, err := profile.ParseGenre(val.Value)
	if err != nil {
		return "", at(err.Error())
	}
	if g == "" {
		return c.DefaultGenre(), nil
	}
	return g, nil
}

// frontMatterGenre finds the value of the front matter's `genre:`, nil
// when there is none. Front matter that is not YAML has none either (a
// piece is never refused over metadata sw does not use) unless a line of
// it starts with `genre:`: then the error is where the YAML breaks.
func frontMatterGenre(path string, src []byte) (*yaml.Node, error) {
	raw, _, ok := SplitFrontMatter(src)
	if !ok {
		return nil, nil
	}
	// Read after a "---" line of its own, the front matter's lines are
	// numbered as in the file.
	data := append([]byte("---\n"), raw...)
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		line, found := topLevelGenreLine(data, ":")
		if !found {
			return nil, nil
		}
		return nil, unreadableGenre(path, data, err, line)
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, nil
	}
	m := doc.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Kind == yaml.ScalarNode && m.Content[i].Value == "genre" {
			val := m.Content[i+1]
			for val.Kind == yaml.AliasNode && val.Alias != nil {
				val = val.Alias
			}
			return val, nil
		}
	}
	return nil, nil
}

// topLevelGenreLine gives the 1-based line of data that starts with the
// key genre (`genre:`, `genre :` or quoted; with sep "=" as TOML has it).
func topLevelGenreLine(data []byte, sep string) (int, bool) {
	for n, line := range bytes.Split(data, []byte("\n")) {
		for _, key := range []string{"genre", `"genre"`, "'genre'"} {
			if rest, ok := bytes.CutPrefix(line, []byte(key)); ok && bytes.HasPrefix(bytes.TrimLeft(rest, " \t"), []byte(sep)) {
				return n + 1, true
			}
		}
	}
	return 0, false
}

// tomlGenre is GenreOf for TOML front matter raw. Its lines are numbered
// from the "+++" above it. TOML that cannot be read, with a `genre =` in
// it, is an error where it breaks, as YAML's is.
func (c *Collection) tomlGenre(path string, raw []byte) (string, error) {
	line, found := topLevelGenreLine(raw, "=")
	var fm map[string]any
	if err := toml.Unmarshal(raw, &fm); err != nil {
		if !found {
			return c.DefaultGenre(), nil
		}
		e := &profile.Error{File: path, Line: line + 1, Col: 1}
		msg := err.Error()
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			e.Line, e.Col, msg = row+1, col, strings.TrimPrefix(de.Error(), "toml: ")
		}
		e.Msg = fmt.Sprintf("front matter is not valid TOML (%s), so sw cannot tell which genre the `genre =` on line %d names; fix the TOML here (text is quoted: `genre = \"essay\"`)", msg, line+1)
		return "", e
	}
	at := func(msg string) error { return &profile.Error{File: path, Line: line + 1, Col: 1, Msg: msg} }
	switch v := fm["genre"].(type) {
	case nil:
		return c.DefaultGenre(), nil
	case string:
		g, err := profile.ParseGenre(v)
		if err != nil {
			return "", at(err.Error())
		}
		return cmp.Or(g, c.DefaultGenre()), nil
	default:
		return "", at("`genre` must be one name, e.g. `genre = \"essay\"`; a piece has one genre")
	}
}

// unreadableGenre is the error for front matter data that yaml.v3 refused
// with err while a `genre:` stands on genreLine: where the YAML breaks, or
// at the genre's line.
func unreadableGenre(path string, data []byte, err error, genreLine int) error {
	e := profile.SyntaxError(path, data, err)
	if e.Line == 0 {
		e.Line, e.Col = genreLine, 1
	}
	e.Msg = fmt.Sprintf("front matter is not valid YAML (%s), so sw cannot tell which genre the `genre:` on line %d names; "+
		"fix the YAML here (quote a value that holds \": \" or starts with @ or `, e.g. `title: \"Walking: a defence\"`)",
		strings.TrimPrefix(e.Msg, "not valid YAML: "), genreLine)
	return e
}

// DefaultGenre is the settings' genre, else "default".
func (c *Collection) DefaultGenre() string {
	if c.Settings.Genre != "" {
		return c.Settings.Genre
	}
	return DefaultGenre
}

// PieceGenre reads the genre of the piece at rel from its start, where
// its front matter is: however long the piece, no more is read.
func (c *Collection) PieceGenre(rel string) (string, error) {
	src, err := confine.ReadStart(c.Root, c.Path(rel), rel, PieceStart)
	if err != nil {
		return "", err
	}
	return c.GenreOf(rel, src)
}
