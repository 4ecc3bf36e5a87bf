package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"sw/profile/block"
)

// state is what no agent session may change, by name: each file of
// profile/, profile_feedback.json, CLAUDE.md's block, each sw/ branch, each
// file of git's hooks folder (.git/hooks: the collections have no other),
// core.hooksPath, .claude/settings.json and settings.local.json, .sw.yaml.
type state map[string]string

// blockKey names CLAUDE.md's block in a state.
const blockKey = "CLAUDE.md's block"

// protectedState reads the protected state of the collection in dir.
func (w *world) protectedState(dir string) state {
	s := state{}
	files(s, dir, "profile")
	files(s, dir, filepath.Join(".git", "hooks"))
	for _, rel := range []string{"profile_feedback.json", ".claude/settings.json", ".claude/settings.local.json", ".sw.yaml"} {
		s[rel] = readOrMissing(filepath.Join(dir, rel))
	}
	s[blockKey] = blockOf(readFile(filepath.Join(dir, "CLAUDE.md")))
	refs := w.run(dir, nil, time.Minute, "git", "for-each-ref", "--format=%(refname) %(objectname)", "refs/heads/sw/")
	for _, line := range strings.Split(strings.TrimSpace(refs.stdout), "\n") {
		if name, id, ok := strings.Cut(line, " "); ok {
			s["branch "+name] = id
		}
	}
	hooksPath := w.run(dir, nil, time.Minute, "git", "config", "--get-all", "core.hooksPath")
	s["core.hooksPath"] = hooksPath.stdout
	voiceState(s, dir)
	return s
}

// files puts each file under dir/rel into s, by its path relative to dir,
// as its mode and bytes (a link as its target).
func files(s state, dir, rel string) {
	filepath.WalkDir(filepath.Join(dir, rel), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		name, _ := filepath.Rel(dir, path)
		info, err := d.Info()
		if err != nil {
			return nil
		}
		if info.Mode()&fs.ModeSymlink != 0 {
			target, _ := os.Readlink(path)
			s[name] = "link to " + target
			return nil
		}
		s[name] = info.Mode().String() + " " + readFile(path)
		return nil
	})
}

func readOrMissing(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return "(missing)"
	}
	return string(data)
}

// blockOf is the block of CLAUDE.md's text, or why there is none.
func blockOf(text string) string {
	start, end, found, err := block.Span([]byte(text))
	switch {
	case err != nil:
		return "(broken: " + err.Error() + ")"
	case !found:
		return "(no block)"
	}
	return text[start:end]
}

// changes lists what differs between before and after, by name, sorted.
func changes(before, after state) []string {
	var out []string
	for name, was := range before {
		now, ok := after[name]
		switch {
		case !ok:
			out = append(out, name+" is gone")
		case now != was && name == blockKey:
			out = append(out, name+" is not the one sw writes for the profile")
		case now != was:
			out = append(out, name+" changed")
		}
	}
	for name := range after {
		if _, ok := before[name]; !ok {
			out = append(out, name+" appeared")
		}
	}
	sort.Strings(out)
	return out
}

// settledBlock is the block sw's pre-session hook writes into CLAUDE.md
// for the collection in dir as it stands: what a session's CLAUDE.md must
// hold once it has started, whatever the agent does. The hook runs in a
// copy, so that the collection itself is left as the person left it.
func (w *world) settledBlock(dir string) (string, error) {
	scratch := dir + ".settle"
	defer os.RemoveAll(scratch)
	if r := w.run(filepath.Dir(dir), nil, time.Minute, "cp", "-a", dir, scratch); r.code != 0 {
		return "", fmt.Errorf("copying the collection: %s", r)
	}
	if _, err := w.sw(scratch, "hook", "pre-session"); err != nil {
		return "", err
	}
	return blockOf(readFile(filepath.Join(scratch, "CLAUDE.md"))), nil
}
