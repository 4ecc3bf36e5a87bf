package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// What the person wrote in the collections the trials start from: every
// byte of it must come through every trial as it was.
const (
	personRules = "# House rules\n\nSpell numbers out below ten.\r\nTitles in sentence case.\n\n"
	personRule  = "id: oxford-comma\nrule: Use the serial comma in lists of three or more.\nnote: The person's own rule, written by hand.\n"
	personHook  = "#!/bin/sh\n# The person's own post-merge hook: slow, as a real one may be.\nsleep 0.05\n"
	// personSettings is .claude/settings.json as the person had it
	// before sw: sw merges its entries in and keeps every one of these.
	personSettings = `{
  "permissions": {"allow": ["Bash(make test)"]},
  "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo person-hook"}]}]},
  "model": "person's choice"
}
`
	sessionStart = `{"session_id":"s","transcript_path":"/tmp/t.jsonl","cwd":"","hook_event_name":"SessionStart","source":"startup"}`
)

// personFacts are lines the person wrote into memory.md by hand.
var personFacts = []string{
	"- Writes for readers new to the subject. (person, 2026-01-02)",
	"- Never mentions the day job. (person, 2026-01-03)",
}

// corpus is real prose nobody here wrote: Federalist papers by Hamilton
// and Jay, from the repository's own test corpus.
type corpus struct{ papers []string }

func loadCorpus(dir string) (*corpus, error) {
	var c corpus
	for _, n := range []string{"001", "006", "007", "008", "009", "011", "012", "013", "015", "016", "017", "002", "003", "004", "005", "064"} {
		data, err := os.ReadFile(filepath.Join(dir, n+".md"))
		if err != nil {
			return nil, err
		}
		c.papers = append(c.papers, string(data))
	}
	return &c, nil
}

// piece is the opening of paper i (round the corpus), its front matter and
// first three paragraphs, marked so that no two are alike: a piece of a
// few hundred words, as quick to analyse as a short essay.
func (c *corpus) piece(i int) string {
	paras := strings.SplitAfter(c.papers[i%len(c.papers)], "\n\n")
	return strings.Join(paras[:min(len(paras), 4)], "") + fmt.Sprintf("(Copy %d.)\n", i)
}

// commitPiece writes and commits pieces/<name>.md with sw's hooks on
// (an analysis that falls due runs inside the commit).
func (w *world) commitPiece(dir, name, text string) result {
	writeFile(filepath.Join(dir, "pieces", name+".md"), text)
	if r := w.run(dir, opts{}, "git", "add", "pieces"); r.code != 0 {
		return r
	}
	return w.run(dir, opts{}, "git", "commit", "-q", "-m", "Finish "+name)
}

// newBase makes the collection most trials start from, in dir: sw init and
// sw hook install over what the person had (rules in CLAUDE.md, facts in
// memory.md, a rule of their own, a post-merge hook, Claude Code settings),
// three pieces committed and analysed (a batch of suggestions pending),
// and one more finished towards the next analysis.
func (w *world) newBase(dir string, c *corpus) error {
	w.must(filepath.Dir(dir), opts{}, "sw", "init", filepath.Base(dir))
	writeFile(filepath.Join(dir, ".sw.yaml"), "batch_size: 3\n")
	claude := readFile(filepath.Join(dir, "CLAUDE.md"))
	i := strings.Index(claude, "<!-- sw:begin")
	if i < 0 {
		return fmt.Errorf("sw init wrote no block into CLAUDE.md")
	}
	writeFile(filepath.Join(dir, "CLAUDE.md"), personRules+claude[i:])
	memory := readFile(filepath.Join(dir, "memory.md"))
	memory = strings.Replace(memory, "## Author background\n", "## Author background\n\n"+strings.Join(personFacts, "\n")+"\n", 1)
	writeFile(filepath.Join(dir, "memory.md"), memory)
	writeFile(filepath.Join(dir, "profile", "preferences", "oxford-comma.yaml"), personRule)
	writeFile(filepath.Join(dir, ".claude", "settings.json"), personSettings)
	writeFile(filepath.Join(dir, ".git", "hooks", "post-merge"), personHook)
	os.Chmod(filepath.Join(dir, ".git", "hooks", "post-merge"), 0o755)
	w.must(dir, opts{}, "sw", "hook", "install")
	w.git(dir, "add", "-A")
	w.git(dir, "commit", "-q", "-m", "Start the series")
	for i := range 3 {
		if r := w.commitPiece(dir, fmt.Sprintf("p%d", i), c.piece(i)); r.code != 0 {
			return fmt.Errorf("committing a piece: %s", r)
		}
	}
	if n := len(w.pending(dir)); n < 2 {
		return fmt.Errorf("the first analysis left %d suggestions pending, not 2 or more", n)
	}
	for i := 3; i < 4; i++ {
		if r := w.commitPiece(dir, fmt.Sprintf("p%d", i), c.piece(i)); r.code != 0 {
			return fmt.Errorf("committing a piece: %s", r)
		}
	}
	return nil
}

// dashboard is the part of `sw review --json` the trials read.
type dashboard struct {
	Pending []struct {
		ID, Branch, Batch string
	} `json:"pending"`
	PiecesPending int `json:"pieces_pending"`
}

// review reads `sw review --json` in dir.
func (w *world) review(dir string) (*dashboard, result) {
	r := w.run(dir, opts{}, "sw", "review", "--json")
	var d dashboard
	if r.code == 0 && json.Unmarshal([]byte(r.stdout), &d) != nil {
		r.code = 1
		r.stderr = "sw review --json printed what is not JSON: " + oneLine(r.stdout, 200)
	}
	return &d, r
}

// pending lists the ids of the pending suggestions in dir.
func (w *world) pending(dir string) []string {
	d, r := w.review(dir)
	if r.code != 0 {
		return nil
	}
	var ids []string
	for _, p := range d.Pending {
		ids = append(ids, p.ID)
	}
	return ids
}

// pack puts the repository's objects in one pack, so that a trial's copy
// of the collection copies a few files rather than hundreds.
func (w *world) pack(dir string) {
	w.git(dir, "repack", "-a", "-d", "-q")
	w.git(dir, "prune")
}
