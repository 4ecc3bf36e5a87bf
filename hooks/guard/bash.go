package guard

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// bash decides a Bash call: it is denied when the command decides a
// suggestion or turns sw's hooks off, writes a kept path, writes a path
// the guard cannot place, or brings kept paths in through git. A command
// the parser cannot read whole (the shell would likely refuse it too) is
// denied when any word of it names a kept path or a suggestion branch,
// and let through otherwise, with the parser's error for the one line on
// stderr.
func (g *guard) bash(command string) (*denial, error) {
	a := newShellAnalysis(g.dir, g.getenv, g.late)
	a.script(command)
	if a.denial != nil {
		return a.denial, nil
	}
	for _, w := range a.writes {
		if g.late() {
			break
		}
		if d := g.written(w); d != nil {
			return d, nil
		}
	}
	for _, c := range a.gitBrings {
		if g.late() {
			break
		}
		if d := g.brought(c); d != nil {
			return d, nil
		}
	}
	if a.late || g.late() {
		return &denial{kind: tooSlow, Why: byteSize(len(command)) + " of shell"}, nil
	}
	if a.err == nil {
		return nil, nil
	}
	return g.unreadable(command, a.err)
}

// unreadable decides a command the parser could not read whole by its
// words. Each distinct word is looked at once: a long unreadable command
// (an unclosed heredoc holding a draft) repeats its words thousands of
// times, and each look costs the word's links resolved.
func (g *guard) unreadable(command string, err error) (*denial, error) {
	seen := map[string]bool{}
	for _, word := range strings.FieldsFunc(command, func(r rune) bool { return strings.ContainsRune(" \t\r\n;&|()<>'\"`$={},", r) }) {
		if seen[word] {
			continue
		}
		seen[word] = true
		if g.late() {
			return &denial{kind: tooSlow, Why: byteSize(len(command)) + " of shell it cannot parse"}, nil
		}
		if namesSuggestion(word) {
			return &denial{kind: decides, What: shown([]shWord{{text: word}})}, nil
		}
		if d := g.written(shellWrite{word: shWord{text: word}, dir: g.dir}); d != nil {
			return d, nil
		}
	}
	return nil, fmt.Errorf("the Bash command is not shell the guard can read (%v)", err)
}

// written decides one path a command writes, once for each folder and
// spelling.
func (g *guard) written(w shellWrite) *denial {
	if d, ok := g.decided[w]; ok {
		return d
	}
	d := g.placeWrite(w)
	g.decided[w] = d
	return d
}

// placeWrite decides one path a command writes.
func (g *guard) placeWrite(w shellWrite) *denial {
	p := w.word.text
	if device(p) {
		return nil
	}
	if !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") {
		p = joinPath(w.dir, p)
	}
	if home := g.getenv("HOME"); home != "" && (p == "~" || strings.HasPrefix(p, "~/")) {
		p = home + p[1:]
	}
	if strings.Contains(p, unknownText) {
		why := "it writes " + shown([]shWord{{text: p}}) + ", a path with a part the guard cannot know"
		return &denial{kind: unknownWrite, Why: cmp.Or(w.why, why)}
	}
	p = path.Clean(p)
	if hasPattern(p, w.word.glob) {
		if at, ok := g.patternReaches(filepath.ToSlash(p), w.word.glob, w.whole); ok {
			if strings.ContainsAny(p, unknownName+unknownBelow) {
				// Files it cannot name, where something kept is.
				return &denial{kind: unknownWrite, Why: "it writes files it cannot name (" + shown([]shWord{{text: p}}) +
					"), and " + at.rel + " is among the places they could be"}
			}
			return g.keptDenial(at, w.whole, true)
		}
		if !w.word.glob || strings.ContainsAny(p, unknownName+unknownBelow) {
			return nil
		}
		matches, complete := g.expandGlob(p)
		if !complete {
			return &denial{kind: tooSlow, Why: "the pattern " + shown([]shWord{w.word}) + " matches more files than it can look through"}
		}
		for _, m := range matches {
			if d := g.pathWrite(m, w.whole); d != nil {
				return d
			}
		}
	}
	return g.pathWrite(p, w.whole)
}

// device reports whether p is a device a command writes to without
// writing a file.
func device(p string) bool {
	return p == "/dev/null" || strings.HasPrefix(p, "/dev/fd/") || p == "/dev/stdout" || p == "/dev/stderr" || p == "/dev/tty"
}

// pathWrite decides a write of p, an absolute path; whole: the command
// takes p and all it holds.
func (g *guard) pathWrite(p string, whole bool) *denial {
	at := g.locateHooks(g.locate(p, "/"), whole)
	if d := g.keptDenial(at, whole, true); d != nil {
		return d
	}
	if at.kind == outside && g.hardLinkToProfile(at.file) {
		return &denial{Path: filepath.ToSlash(p), Shell: true}
	}
	return nil
}

// keptDenial is the denial for a shell write at at, or nil when nothing
// kept is there.
func (g *guard) keptDenial(at location, whole, shell bool) *denial {
	switch at.kind {
	case inProfile:
		return &denial{Path: at.rel, Shell: shell}
	case inSwSettings:
		return &denial{kind: writesSettings, Path: at.rel, SwSettings: true, Shell: shell}
	case inAgentSettings:
		return &denial{kind: writesSettings, Path: at.rel, AgentSettings: true, Shell: shell}
	case inGit:
		return &denial{kind: writesSettings, Path: at.rel, Shell: shell}
	case inTarget:
		// The shell cannot say what a command leaves in the file: one
		// that holds a block is kept from it.
		content, err := at.read()
		if _, _, has := blockSpan(content); has || err != nil && !errors.Is(err, os.ErrNotExist) {
			return &denial{Path: at.rel, Block: true, Shell: shell}
		}
	case holdsProfile:
		if whole && at.held == inProfile {
			return &denial{Path: at.rel, Holds: true, Shell: shell}
		} else if whole {
			return g.keptDenial(location{kind: at.held, rel: at.heldRel}, false, shell)
		}
	}
	return nil
}
