package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// corpusSet is one corpus the evaluation learns from: its writers, by the
// author their pieces' front matter names (a piece by anyone else is not
// read), and the folders under the corpus root that hold their pieces.
type corpusSet struct {
	name    string
	about   string // what the writers wrote, for the table's heading
	folders []string
	writers map[string]string
}

// corpora are the evaluation's two corpora, of different form and era,
// so that a learner tuned to one shows it on the other.
//
//   - 1787-88: newspaper essays for and against ratifying the
//     Constitution, all on one subject: sixteen Federalist papers of
//     Hamilton and Jay, and the ratification set (forty more of
//     Hamilton's, and three Anti-Federalist series). Madison's Federalist
//     papers are kept out of this evaluation for a held-out check of
//     their own, and are not in the corpus folders it reads.
//   - essayists: six writers of light essays and sketches, 1875-1921, on
//     any subject at all.
var corpora = []corpusSet{
	{name: "1787-88", about: "newspaper essays on ratifying the Constitution, 1787-88",
		folders: []string{"federalist", "ratification"},
		writers: map[string]string{"Alexander Hamilton": "Hamilton", "John Jay": "Jay", "Brutus": "Brutus",
			"Centinel": "Centinel", "Federal Farmer": "Federal Farmer"}},
	{name: "essayists", about: "essays and sketches, 1875-1921",
		folders: []string{"essayists"},
		writers: map[string]string{"G. K. Chesterton": "Chesterton", "Stephen Leacock": "Leacock", "A. A. Milne": "Milne",
			"Hilaire Belloc": "Belloc", "Robert Lynd": "Lynd", "Mark Twain": "Twain"}},
}

// piece is one essay of the corpus.
type piece struct {
	writer string
	rel    string // path under the corpus root, for messages and file names
	title  string
	date   string // YYYY-MM-DD, the order a writer wrote in
	number int
	part   string   // "1" for the first half of an essay printed in two
	text   []byte   // the file, front matter and all, as sw reads it
	body   string   // the text after the front matter
	tokens []string // the body's words (see words)
}

// writer is one writer's pieces, in the order written, split into the
// pieces the collection may learn from and those it never sees.
type writer struct {
	name    string
	pieces  []*piece
	train   []*piece
	heldOut []*piece
}

// loadWriters reads every writer's pieces of c under root and splits them:
// the last third of each writer's pieces, in the order written (at least
// two), are held out; the rest, in order, are what a collection learns
// from. Writers come sorted by name.
func loadWriters(root string, c corpusSet) ([]*writer, error) {
	byName := map[string]*writer{}
	for _, folder := range c.folders {
		err := filepath.WalkDir(filepath.Join(root, folder), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") {
				return err
			}
			p, err := readPiece(root, path, c.writers)
			if err != nil || p == nil {
				return err
			}
			w := byName[p.writer]
			if w == nil {
				w = &writer{name: p.writer}
				byName[p.writer] = w
			}
			w.pieces = append(w.pieces, p)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	var ws []*writer
	for _, w := range byName {
		sort.SliceStable(w.pieces, func(i, j int) bool { return written(w.pieces[i], w.pieces[j]) })
		held := heldOutCount(len(w.pieces))
		if len(w.pieces)-held < 1 {
			return nil, fmt.Errorf("%s has %d pieces: too few to learn from some and hold out two", w.name, len(w.pieces))
		}
		w.train, w.heldOut = w.pieces[:len(w.pieces)-held], w.pieces[len(w.pieces)-held:]
		ws = append(ws, w)
	}
	sort.Slice(ws, func(i, j int) bool { return ws[i].name < ws[j].name })
	return ws, nil
}

// heldOutCount is how many of n pieces are held out: a third, rounded up,
// and never fewer than two, so every writer's hit rate rests on more than
// one piece.
func heldOutCount(n int) int {
	return max(2, int(math.Ceil(float64(n)/3)))
}

// written orders pieces as their writer wrote them: by date, then number,
// then part.
func written(a, b *piece) bool {
	if a.date != b.date {
		return a.date < b.date
	}
	if a.number != b.number {
		return a.number < b.number
	}
	return a.part < b.part
}

type frontMatter struct {
	Title  string `yaml:"title"`
	Number int    `yaml:"number"`
	Author string `yaml:"author"`
	Date   string `yaml:"date"`
}

// readPiece reads one corpus file; a file by an author writers does not
// name gives nil.
func readPiece(root, path string, writers map[string]string) (*piece, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	rel, err := filepath.Rel(root, path)
	if err != nil {
		return nil, err
	}
	head, body, ok := splitFrontMatter(data)
	if !ok {
		return nil, fmt.Errorf("%s: no front matter", rel)
	}
	var fm frontMatter
	if err := yaml.Unmarshal(head, &fm); err != nil {
		return nil, fmt.Errorf("%s: front matter: %v", rel, err)
	}
	name, ok := writers[fm.Author]
	if !ok {
		return nil, nil
	}
	part := ""
	if base := strings.TrimSuffix(filepath.Base(path), ".md"); strings.Contains(base, "-") {
		part = base[strings.LastIndex(base, "-")+1:]
	}
	return &piece{writer: name, rel: filepath.ToSlash(rel), title: fm.Title, date: fm.Date, number: fm.Number,
		part: part, text: data, body: string(body), tokens: words(string(body))}, nil
}

// splitFrontMatter splits a file that opens with a "---" line into the
// YAML up to the next "---" line and the text after it.
func splitFrontMatter(data []byte) (head, body []byte, ok bool) {
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	if !bytes.HasPrefix(data, []byte("---\n")) {
		return nil, data, false
	}
	rest := data[len("---\n"):]
	end := bytes.Index(rest, []byte("\n---\n"))
	if end < 0 {
		return nil, data, false
	}
	return rest[:end], rest[end+len("\n---\n"):], true
}

// fileName is the piece's name inside a collection: its corpus path with
// slashes made dashes, so pieces of two folders never collide.
func (p *piece) fileName() string {
	return strings.ReplaceAll(p.rel, "/", "-")
}
