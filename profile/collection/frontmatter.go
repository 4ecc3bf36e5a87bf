package collection

import (
	"bytes"
	"strings"

	"gopkg.in/yaml.v3"

	"sw/profile"
	"sw/profile/quickread"
)

// FrontMatter is the part of a piece's YAML front matter sw reads: the
// fields Hugo, Jekyll and Obsidian share, plus stance.
type FrontMatter struct {
	Title   string   `yaml:"title"`
	Date    string   `yaml:"date"`
	Genre   string   `yaml:"genre"`
	Summary string   `yaml:"summary"`
	Tags    []string `yaml:"tags"`
	Stance  string   `yaml:"stance"`
}

// SplitFrontMatter separates a leading "---" YAML block from the body.
// ok is false when the piece has none.
func SplitFrontMatter(src []byte) (fm, body []byte, ok bool) {
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	first, rest, found := bytes.Cut(src, []byte("\n"))
	if !found || string(bytes.TrimRight(first, " \t\r")) != "---" {
		return nil, src, false
	}
	for off := 0; off < len(rest); {
		line, _, _ := bytes.Cut(rest[off:], []byte("\n"))
		end := off + len(line) + 1
		if t := string(bytes.TrimRight(line, " \t\r")); t == "---" || t == "..." {
			if end > len(rest) {
				end = len(rest)
			}
			return rest[:off], rest[end:], true
		}
		off = end
	}
	return nil, src, false
}

// ParseFrontMatter reads a piece's front matter. A piece without front
// matter, or with front matter sw cannot read, has none: a person's piece is
// never refused over its metadata.
func ParseFrontMatter(src []byte) FrontMatter {
	var fm FrontMatter
	if raw, _, ok := SplitFrontMatter(src); ok {
		var loose map[string]any
		if yaml.Unmarshal(raw, &loose) == nil {
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
	}
	return strings.TrimSpace(strings.Trim(strings.ReplaceAll(yamlString(v), "\n", " "), " "))
}

func yamlString(v any) string {
	b, _ := yaml.Marshal(v)
	return string(b)
}

// GenreOf returns a piece's genre: its front matter's genre as a plain name
// ("Product Tech" becomes product-tech), else the collection's default.
func (c *Collection) GenreOf(src []byte) string {
	if g := profile.Slugify(ParseFrontMatter(src).Genre); g != "" {
		return g
	}
	return c.DefaultGenre()
}

// DefaultGenre is the settings' genre, else "default".
func (c *Collection) DefaultGenre() string {
	if c.Settings.Genre != "" {
		return c.Settings.Genre
	}
	return DefaultGenre
}

// PieceGenre reads the genre of the piece at rel.
func (c *Collection) PieceGenre(rel string) (string, error) {
	src, err := quickread.ReadFile(c.Path(rel))
	if err != nil {
		return "", err
	}
	return c.GenreOf(src), nil
}
