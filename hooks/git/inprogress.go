package git

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
)

// InProgress reports a multi-step git operation that has stopped half way
// in this worktree: "rebase", "am", "merge", "cherry-pick", "revert" or
// "bisect". It reads the marker files git leaves in the worktree's GitDir
// (a linked worktree has its own), as `git status` does. When operations
// nest (a merge stopped inside a rebase), the outer one is named.
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
		if firstWord(filepath.Join(r.GitDir, "sequencer", "todo")) == "revert" {
			return "revert", true
		}
		return "cherry-pick", true
	case exists("BISECT_LOG"):
		return "bisect", true
	}
	return "", false
}

// firstWord returns the first word of a file's first instruction line.
func firstWord(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		word, _, _ := strings.Cut(line, " ")
		return word
	}
	return ""
}
