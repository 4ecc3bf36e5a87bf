package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// What the person wrote in the collection every trial starts from. The
// rules' sentences are what a test looks for in what reached the model.
const (
	personRules = "# House rules\n\nSpell numbers out below ten.\n\n"
	// essayRule is a rule of the genre the session writes in (the genre
	// of the person's latest piece): it must reach the model.
	essayRule = "Open each essay with the question it answers."
	// reviewRule is another genre's: it must not.
	reviewRule = "Name the work under review in its first sentence."
	// personFact is a line of memory.md: it must reach the model.
	personFact = "Writes for readers new to the subject."
)

// ruleFile is a rule file's text: its id and its sentence.
func ruleFile(id, rule string) string { return "id: " + id + "\nrule: " + rule + "\n" }

// newBase makes, in dir, the collection every trial copies: sw init, the
// person's rules in CLAUDE.md, an essay rule and a review rule of their
// own, a fact in memory.md, sw's hooks, and three essays committed, which
// leave a batch of suggestions pending as sw/ branches. Last, sw's hooks
// come out again: each trial installs them in its own copy, so that
// whatever install writes names that copy.
func (w *world) newBase(dir string, c *corpus) error {
	if _, err := w.sw(filepath.Dir(dir), "init", filepath.Base(dir)); err != nil {
		return err
	}
	claude := readFile(filepath.Join(dir, "CLAUDE.md"))
	writeFile(filepath.Join(dir, "CLAUDE.md"), personRules+claude[strings.Index(claude, "<!-- sw:begin"):])
	writeFile(filepath.Join(dir, "profile", "genres", "essay", "open-with-question.yaml"), ruleFile("open-with-question", essayRule))
	writeFile(filepath.Join(dir, "profile", "genres", "review", "name-the-work.yaml"), ruleFile("name-the-work", reviewRule))
	memory := readFile(filepath.Join(dir, "memory.md"))
	writeFile(filepath.Join(dir, "memory.md"),
		strings.Replace(memory, "## Author background\n", "## Author background\n\n- "+personFact+" (person, 2026-01-02)\n", 1))
	if _, err := w.sw(dir, "hook", "install"); err != nil {
		return err
	}
	if err := w.git(dir, "add", "-A"); err != nil {
		return err
	}
	if err := w.git(dir, "commit", "-q", "-m", "Start the series"); err != nil {
		return err
	}
	for i := range 3 {
		if err := w.commitPiece(dir, fmt.Sprintf("p%d", i), c.piece(i)); err != nil {
			return err
		}
	}
	if ids, err := w.pending(dir); err != nil || len(ids) < 2 {
		return fmt.Errorf("the first analysis left %d suggestions pending, not 2 or more (%v)", len(ids), err)
	}
	if _, err := w.sw(dir, "hook", "uninstall"); err != nil {
		return err
	}
	return w.git(dir, "repack", "-a", "-d", "-q")
}

// commitPiece writes and commits pieces/<name>.md as the person, with sw's
// hooks on.
func (w *world) commitPiece(dir, name, text string) error {
	writeFile(filepath.Join(dir, "pieces", name+".md"), text)
	if err := w.git(dir, "add", "pieces"); err != nil {
		return err
	}
	return w.git(dir, "commit", "-q", "-m", "Finish "+name)
}

// corpus is real prose nobody here wrote: Federalist papers, from the
// repository's test corpus.
type corpus struct{ papers []string }

func loadCorpus(dir string) (*corpus, error) {
	var c corpus
	for _, n := range []string{"001", "006", "007"} {
		data, err := os.ReadFile(filepath.Join(dir, n+".md"))
		if err != nil {
			return nil, err
		}
		c.papers = append(c.papers, string(data))
	}
	return &c, nil
}

// piece is the opening of paper i as an essay: its front matter with
// genre: essay added, its first three paragraphs, and a last line a
// scenario can find and edit.
func (c *corpus) piece(i int) string {
	text := strings.Replace(c.papers[i%len(c.papers)], "---\n", "---\ngenre: essay\n", 1)
	paras := strings.SplitAfter(text, "\n\n")
	return strings.Join(paras[:min(len(paras), 4)], "") + pieceEnd(i)
}

// pieceEnd is the last line of piece i.
func pieceEnd(i int) string { return fmt.Sprintf("(Copy %d.)\n", i) }

// writeFile writes a file, making its folder; the run stops on an error.
func writeFile(path, data string) {
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		panic(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		panic(err)
	}
}

func readFile(path string) string {
	data, _ := os.ReadFile(path)
	return string(data)
}
