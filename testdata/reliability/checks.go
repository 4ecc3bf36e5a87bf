package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"sw/facts"
	"sw/profile/block"
	"sw/profile/collection"
	"sw/profile/feedback"
)

// personFiles are the files of a collection that only the person wrote,
// by path relative to its root, with their bytes: every trial must leave
// each exactly as it was.
func personFiles(dir string) map[string]string {
	files := map[string]string{}
	for _, rel := range []string{".sw.yaml", "profile/preferences/oxford-comma.yaml", ".git/hooks/post-merge.sw-chained"} {
		if data, err := os.ReadFile(filepath.Join(dir, rel)); err == nil {
			files[rel] = string(data)
		}
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "pieces"))
	for _, e := range entries {
		rel := "pieces/" + e.Name()
		files[rel] = readFile(filepath.Join(dir, rel))
	}
	return files
}

// problems gathers what a check found wrong.
type problems []string

func (p *problems) add(format string, args ...any) { *p = append(*p, fmt.Sprintf(format, args...)) }

// ownedFilesParse checks the files sw writes as sw itself reads them, and
// what the person wrote in them: CLAUDE.md's block and the person's text
// around it, memory.md and the person's facts in it, the feedback file,
// Claude Code's settings with the person's entries, and sw's state. The
// profile is checked after the next run (see nextRunTidies).
func ownedFilesParse(dir string, person map[string]string, p *problems) {
	claude := readFile(filepath.Join(dir, "CLAUDE.md"))
	if _, err := block.Rewrite("CLAUDE.md", []byte(claude), block.Begin+"\n"+block.End); err != nil {
		p.add("CLAUDE.md: %v", err)
	}
	if !strings.HasPrefix(claude, personRules) {
		p.add("CLAUDE.md: the person's rules before the block are not as written: %q", oneLine(claude, 120))
	}
	if i := strings.Index(claude, block.End); i < 0 || strings.TrimLeft(claude[i+len(block.End):], "\r\n") != "" {
		p.add("CLAUDE.md: the end of the file is not as it was")
	}
	memory, err := os.ReadFile(filepath.Join(dir, "memory.md"))
	if err == nil {
		_, err = facts.Parse("memory.md", memory)
	}
	if err != nil {
		p.add("memory.md: %v", err)
	}
	if !inOrder(string(memory), personFacts) {
		p.add("memory.md: the person's facts are not all there, in their order")
	}
	if data, err := os.ReadFile(filepath.Join(dir, "profile_feedback.json")); err != nil {
		p.add("profile_feedback.json: %v", err)
	} else if _, err := feedback.Parse("profile_feedback.json", data); err != nil {
		p.add("%v", err)
	}
	settings := readFile(filepath.Join(dir, ".claude", "settings.json"))
	if !json.Valid([]byte(settings)) {
		p.add(".claude/settings.json is not JSON: %q", oneLine(settings, 120))
	}
	for _, mine := range []string{`"Bash(make test)"`, `"echo person-hook"`, `"person's choice"`} {
		if !strings.Contains(settings, mine) {
			p.add(".claude/settings.json lost the person's %s", mine)
		}
	}
	if data, err := os.ReadFile(filepath.Join(dir, ".git", "sw", "state.json")); err == nil && !json.Valid(data) {
		p.add(".git/sw/state.json is not JSON")
	}
	for rel, want := range person {
		if got, err := os.ReadFile(filepath.Join(dir, rel)); err != nil || !bytes.Equal(got, []byte(want)) {
			p.add("%s, the person's, changed", rel)
		}
	}
}

// inOrder reports whether every line of want is a line of text, in order.
func inOrder(text string, want []string) bool {
	lines := strings.Split(text, "\n")
	i := 0
	for _, l := range lines {
		if i < len(want) && strings.TrimRight(l, "\r") == want[i] {
			i++
		}
	}
	return i == len(want)
}

// tempName is the name of a temporary file sw makes (.<file>.sw-<pid>-<n>,
// or the older .<file>.sw-<n>), or of git's lock file beside one.
var tempName = regexp.MustCompile(`^\..+\.sw-[0-9]+(-[0-9]+)?(\.lock)?$`)

// leftovers lists sw's temporary files in the working tree and in sw's
// folders under git's.
func leftovers(dir string) []string {
	var found []string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(dir, path)
		if d.IsDir() && (rel == ".git/objects" || rel == ".git/refs" || rel == ".git/logs") {
			return filepath.SkipDir
		}
		if tempName.MatchString(d.Name()) {
			found = append(found, rel)
		}
		return nil
	})
	return found
}

// gitClean checks the repository with git fsck --strict.
func (w *world) gitClean(dir string, p *problems) {
	if r := w.run(dir, opts{}, "git", "fsck", "--strict", "--no-dangling", "--no-progress"); r.code != 0 {
		p.add("git fsck --strict: %s %s", r, oneLine(r.stdout, 200))
	}
}

// nextRunTidies runs what runs next in a collection (a session's hook),
// then checks that nothing is left of a crash: no temporary file, no merge
// in progress.
func (w *world) nextRunTidies(dir string, p *problems) {
	r := w.run(dir, opts{stdin: []byte(sessionStart)}, "sw", "hook", "pre-session")
	if r.code != 0 || problemLines(r.stderr) != "" {
		p.add("the next session's hook: %s", oneLine(problemLines(r.stderr)+" "+r.String(), 300))
	}
	if left := leftovers(dir); len(left) > 0 {
		p.add("temporary files left after the next run: %s", strings.Join(left, ", "))
	}
	for _, l := range gitLocks(dir) {
		if strings.HasPrefix(filepath.ToSlash(l), ".git/refs/heads/sw/") {
			p.add("a lock file beside sw's own branch left after the next run: %s", l)
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, ".git", "MERGE_HEAD")); err == nil {
		p.add("a merge is in progress after the next run")
	}
	profileResolves(dir, p)
}

// profileResolves checks the settings, .sw.yaml and every rule file, as
// sw reads them. sw writes no rule file in the working tree itself: git
// does, as sw accept merges, and git writes a file in place, so a kill of
// git mid-merge leaves one cut short, for sw's next run to put back.
func profileResolves(dir string, p *problems) {
	c, err := collection.Open(dir)
	if err != nil {
		p.add("%v", err)
		return
	}
	for _, genre := range []string{"essay", ""} {
		if _, err := c.Resolve(genre); err != nil {
			p.add("the profile after the next run: %v", err)
		}
	}
}

// problemLines keeps the lines of a hook's stderr that report a problem:
// every "sw:" line but those saying what sw saw to.
func problemLines(stderr string) string {
	var out []string
	for _, line := range strings.Split(stderr, "\n") {
		if !strings.HasPrefix(line, "sw: ") {
			continue
		}
		if strings.Contains(line, "finished sw accept") || strings.Contains(line, "sw undid the merge") ||
			strings.Contains(line, "analysed ") || strings.Contains(line, "wait as branches") || strings.Contains(line, "waits as a branch") ||
			strings.Contains(line, "was being saved as the session started") || strings.Contains(line, "is in progress, so") ||
			// sw facts add writes memory.md and commits nothing: a fact it
			// added before the kill is an unstaged edit, which the next
			// commit leaves for the person and says so.
			strings.Contains(line, "in the working tree only, beside your own changes") ||
			// The machine, not sw: Claude Code's sandbox lacks its tools.
			strings.Contains(line, "sandbox needs bwrap and socat") {
			continue
		}
		out = append(out, line)
	}
	return strings.Join(out, " | ")
}

// nextCommitWorks commits a new piece and checks that it went in alone (with memory.md),
// as an ordinary commit: no second merge, no stray file. Files of the
// person's that a stopped commit of theirs left staged (staged) may go in
// with it.
func (w *world) nextCommitWorks(dir, name, text string, staged []string, p *problems) {
	before := w.run(dir, opts{}, "git", "rev-parse", "HEAD").stdout
	r := w.commitPiece(dir, name, text)
	if r.code != 0 || problemLines(r.stderr) != "" {
		p.add("the next commit: %s", oneLine(problemLines(r.stderr)+" "+r.String(), 300))
		return
	}
	parents := strings.Fields(w.run(dir, opts{}, "git", "rev-list", "--parents", "-1", "HEAD").stdout)
	if len(parents) != 2 || parents[1] != strings.TrimSpace(before) {
		p.add("the next commit is not an ordinary commit on top of the last: %v", parents)
	}
	for _, f := range strings.Fields(w.run(dir, opts{}, "git", "show", "--name-only", "--format=", "HEAD").stdout) {
		// memory.md goes in with the piece: sw's pre-commit hook stages
		// its Pieces written line in the commit that finishes the piece.
		if f != "pieces/"+name+".md" && f != "memory.md" && !slices.Contains(staged, f) {
			p.add("the next commit holds more than the piece: %s", f)
		}
	}
}

// nextAnalysisWorks runs an analysis now.
func (w *world) nextAnalysisWorks(dir string, p *problems) {
	if r := w.run(dir, opts{}, "sw", "analyze"); r.code != 0 {
		p.add("the next analysis: %s", r)
	}
}
