package git

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// InProgress reports a multi-step git operation stopped half way in this
// worktree ("rebase", "am", "merge", "cherry-pick", "revert" or "bisect"),
// from the marker files git leaves in GitDir, as `git status` does. Of
// nested ones (a merge stopped inside a rebase) the outer one is named.
func (r *Repo) InProgress() (op string, ok bool) {
	exists := func(name string) bool {
		_, err := os.Lstat(filepath.Join(r.GitDir, name))
		return err == nil
	}
	switch {
	case exists("rebase-merge"):
		return "rebase", true
	case exists("rebase-apply"):
		// git am and the old apply-based rebase share this folder; am
		// leaves a file named "applying" in it.
		if exists(filepath.Join("rebase-apply", "applying")) {
			return "am", true
		}
		return "rebase", true
	case exists("MERGE_HEAD"):
		return "merge", true
	case exists("CHERRY_PICK_HEAD"):
		return "cherry-pick", true
	case exists("REVERT_HEAD"):
		return "revert", true
	case exists("sequencer"):
		// Between the picks of `git cherry-pick A B C` (or a revert of
		// several), only the sequencer folder says so; its todo list says
		// which.
		if todo, _ := r.sequencerTodo(); len(todo) > 0 && strings.HasPrefix(todo[0]+" ", "revert ") {
			return "revert", true
		}
		return "cherry-pick", true
	case exists("BISECT_LOG"):
		return "bisect", true
	}
	return "", false
}

// sequencerTodo lists the instructions left on the sequencer's to-do
// list: its lines but blank ones and comments.
func (r *Repo) sequencerTodo() ([]string, error) {
	todo, err := os.ReadFile(filepath.Join(r.GitDir, "sequencer", "todo"))
	var left []string
	for _, line := range strings.Split(string(todo), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			left = append(left, line)
		}
	}
	return left, err
}

// SequenceEnding reports whether the commit a post-commit hook sees during
// a cherry-pick or revert ends the operation. git runs no hook when a
// sequence ends, so its last commit stands for the end: a single pick (no
// sequencer folder), or the commit of the only instruction left on the
// to-do list; while it holds more, the picks are counted when the last
// lands.
func (r *Repo) SequenceEnding() bool {
	left, err := r.sequencerTodo()
	if err != nil {
		return errors.Is(err, fs.ErrNotExist)
	}
	switch len(left) {
	case 0:
		return true
	case 1:
	default:
		return false
	}
	// The one left is this commit's, unless git is about to pick it: then
	// CHERRY_PICK_HEAD (REVERT_HEAD) names another commit. Without either,
	// the person committed the last pick's resolution themselves.
	fields := strings.Fields(left[0])
	if len(fields) < 2 {
		return true
	}
	for _, name := range []string{"CHERRY_PICK_HEAD", "REVERT_HEAD"} {
		if head, err := os.ReadFile(filepath.Join(r.GitDir, name)); err == nil {
			return strings.HasPrefix(strings.TrimSpace(string(head)), fields[1])
		}
	}
	return true
}
