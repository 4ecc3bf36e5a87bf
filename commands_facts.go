// The facts commands (sw facts add, rm, list, check, rebuild): each reads
// its arguments and hands memory.md to package facts.

package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"sw/facts"
	"sw/hooks"
	"sw/profile/collection"
	"time"

	"github.com/urfave/cli/v2"
)

// factsSectionFlag names one of memory.md's seven sections, by its
// heading or its alias.
var factsSectionFlag = &cli.StringFlag{Name: "section", Usage: "the section: " + strings.Join(facts.Aliases[:], ", ") + ", or its heading"}

// factsSection is the --section given, as an index of facts.Sections; -1
// when none was given.
func factsSection(c *cli.Context) (int, error) {
	if !c.IsSet("section") {
		return -1, nil
	}
	i, err := facts.SectionIndex(c.String("section"))
	if err != nil {
		return -1, usagef(c, "%v", err)
	}
	return i, nil
}

func factsAdd(c *cli.Context) error {
	sec, err := factsSection(c)
	if err != nil {
		return err
	}
	if sec < 0 {
		return usagef(c, "say which section with --section (%s)", strings.Join(facts.Aliases[:], ", "))
	}
	if !c.Args().Present() {
		return usagef(c, "give the fact's text")
	}
	date := c.String("date")
	if !c.IsSet("date") {
		date = time.Now().UTC().Format(time.DateOnly)
	}
	e, err := facts.NewEntry(facts.Sections[sec], c.String("key"), strings.Join(c.Args().Slice(), " "), c.String("source"), date)
	if err != nil {
		return usagef(c, "%v", err)
	}
	memory, err := memoryFile()
	if err != nil {
		return err
	}
	ch, err := facts.AddFile(memory, collection.MemoryFile, e)
	if err != nil {
		return err
	}
	_, err = io.WriteString(c.App.Writer, ch.Report(collection.MemoryFile))
	return err
}

func factsRemove(c *cli.Context) error {
	if c.Args().Len() != 1 {
		return usagef(c, "give one key (sw facts list shows them)")
	}
	memory, err := memoryFile()
	if err != nil {
		return err
	}
	removed, err := facts.RemoveFile(memory, collection.MemoryFile, c.Args().First())
	if err != nil {
		return err
	}
	for _, e := range removed {
		fmt.Fprintf(c.App.Writer, "removed %s:%d (%s): %s\n", collection.MemoryFile, e.Line, e.Section, e)
	}
	return nil
}

func factsList(c *cli.Context) error {
	sec, err := factsSection(c)
	if err != nil {
		return err
	}
	memory, err := memoryFile()
	if err != nil {
		return err
	}
	m, _, err := facts.Read(memory, collection.MemoryFile)
	if err != nil {
		return err
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, m.List(sec))
	}
	return m.List(sec).WriteText(c.App.Writer, collection.MemoryFile)
}

// factsCheck is `sw facts check`: memory.md held to its budget and to the
// pieces in the working tree, and exit status 1 when anything was found,
// as `sw check` exits 1 on a broken limit.
func factsCheck(c *cli.Context) error {
	coll, err := collection.Find(".")
	if err != nil {
		return err
	}
	mem, err := coll.ReadFile(collection.MemoryFile)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	var pieces []facts.Piece
	err = filepath.WalkDir(coll.Root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(coll.Root, path)
		if err != nil || rel == "." {
			return err
		}
		rel = filepath.ToSlash(rel)
		switch {
		case d.IsDir():
			if !coll.Settings.MayHoldPieces(rel) {
				return filepath.SkipDir
			}
		case d.Type().IsRegular() && coll.Settings.IsPiece(rel):
			text, err := collection.ReadPieceFile(path)
			var tooBig *collection.TooBigError
			if errors.As(err, &tooBig) {
				tooBig.Path = rel
				fmt.Fprintf(c.App.ErrWriter, "sw: %v; sw facts check leaves it out\n", err)
				return nil
			}
			if err != nil {
				return err
			}
			pieces = append(pieces, facts.Piece{Path: rel, Text: text})
		}
		return nil
	})
	if err != nil {
		return err
	}
	b := coll.Settings.FactsBudget
	checked, err := facts.CheckFile(mem, collection.MemoryFile, facts.Budget{Lines: b.Lines, Bytes: b.Bytes}, pieces)
	if err != nil {
		return err
	}
	if c.Bool("json") {
		err = writeJSON(c.App.Writer, checked)
	} else {
		err = checked.WriteText(c.App.Writer, collection.MemoryFile)
	}
	if err == nil && len(checked.Findings) > 0 {
		return cli.Exit("", 1)
	}
	return err
}

// factsRebuild is `sw facts rebuild`: sw's entries made again from every
// piece, and what changed said in a line or two.
func factsRebuild(c *cli.Context) error {
	r, err := hooks.RebuildFacts(".")
	if err != nil {
		return err
	}
	w := c.App.Writer
	if r.Created {
		fmt.Fprintf(w, "created %s from the starter\n", collection.MemoryFile)
	}
	if s := r.Report(collection.MemoryFile); s != "" {
		fmt.Fprintln(w, s)
	} else {
		noun := "pieces"
		if r.Pieces == 1 {
			noun = "piece"
		}
		fmt.Fprintf(w, "%s: sw's entries already stand for the %d %s; nothing to change\n", collection.MemoryFile, r.Pieces, noun)
	}
	if r.Over != "" {
		fmt.Fprintf(c.App.ErrWriter, "sw: %s is %s\n", collection.MemoryFile, r.Over)
	}
	return nil
}

// memoryFile is memory.md of the collection the command runs in.
func memoryFile() (string, error) {
	coll, err := collection.Find(".")
	if err != nil {
		return "", err
	}
	return coll.File(collection.MemoryFile)
}
