package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"sw/profile"
)

// The careful reviewer: a person who reads every batch and says no often.
// Sixteen pieces of one writer (Federalist papers, then Mark Twain's
// sketches) are committed one by one into a collection
// with the default settings (a batch every three pieces); the first batch
// is rejected whole, and of each later one the first suggestion `sw
// review` lists is rejected and the rest accepted, with git as a person
// would (git branch -D, git merge). A session starts after every commit.
// What the review loop owes such a person:
//
//   - no batch over the limit (suggestions_per_batch, 5 by default);
//   - no rejected suggestion pending again within the next two batches,
//     under its own name or another about the same thing, and none back
//     more than once;
//   - a resolved profile with no two rules on one measure;
//   - the writer's own committed pieces drawing at most one warning per
//     1,000 words from what they accepted;
//   - CLAUDE.md byte for byte as it was at the next session start after a
//     commit that changed no rule.

// carefulBatch is one batch as the careful reviewer met it.
type carefulBatch struct {
	number    string
	pending   []reviewed
	rejected  []reviewed
	accepted  []reviewed
	withdrawn []string // ids sw took back since the last batch
	unwaited  []string // ids that waited after the last batch and are neither pending nor waiting now
	waiting   []string // ids left for a later batch
}

// reviewed is a suggestion as `sw review --json` shows it.
type reviewed struct {
	ID        string   `json:"id"`
	Branch    string   `json:"branch"`
	Batch     string   `json:"batch"`
	Layer     string   `json:"layer"`
	Signature string   `json:"signature"`
	Measures  []string `json:"measures"`
	Back      string   `json:"back"`
}

// sameThing says two suggestions are about one thing to a person: one
// name, one signature, or a measure in common, in layers that meet.
func sameThing(a, b reviewed) bool {
	meet := a.Layer == b.Layer || a.Layer == "preferences" || b.Layer == "preferences"
	return meet && (a.ID == b.ID || a.Signature == b.Signature || profile.SharesMeasure(a.Measures, b.Measures))
}

// carefulPieces are the pieces the careful reviewer is tried on: the
// first carefulCount of each folder, in name order.
var carefulPieces = []struct {
	what, folder string
	writers      map[string]string
}{
	{"Federalist papers", "federalist", corpora[0].writers},
	{"of Mark Twain's sketches", filepath.Join("essayists", "twain"), corpora[1].writers},
}

const carefulCount = 16

// carefulRun is what the careful reviewer saw.
type carefulRun struct {
	what           string // "16 Federalist papers"
	batches        []*carefulBatch
	blockRewritten []string // pieces whose commit changed no rule yet CLAUDE.md changed
	sharedMeasures []string // pairs of resolved rules on one measure
	warnings       int
	words          int
	comebacks      map[string]int // rejected id -> times pending again after
	tooSoon        []string       // rejected suggestions pending again within two batches
}

// reviewCarefully runs the careful reviewer on the first carefulCount
// pieces in folder under corpus, in name order, in a new collection at
// dir; writers names those whose pieces it takes.
func (s *session) reviewCarefully(dir, corpus, what, folder string, writers map[string]string) (*carefulRun, error) {
	names, err := filepath.Glob(filepath.Join(corpus, folder, "*.md"))
	if err != nil || len(names) < carefulCount {
		return nil, fmt.Errorf("fewer than %d pieces in %s: %v", carefulCount, folder, err)
	}
	sort.Strings(names)
	names = names[:carefulCount]
	c, err := s.startCollection(dir)
	if err != nil {
		return nil, err
	}
	run := &carefulRun{what: fmt.Sprintf("%d %s", carefulCount, what), comebacks: map[string]int{}}
	block, err := c.session()
	if err != nil {
		return nil, err
	}
	seenWithdrawn := map[string]bool{}
	var paths []string
	for _, name := range names {
		p, err := readPiece(corpus, name, writers)
		if err == nil && p == nil {
			err = fmt.Errorf("%s: by none of %d writers", name, len(writers))
		}
		if err != nil {
			return nil, err
		}
		if err := c.commit(p); err != nil {
			return nil, err
		}
		paths = append(paths, filepath.ToSlash(filepath.Join("pieces", p.fileName())))
		run.words += len(p.tokens)
		// The commit changed no rule: the session finds CLAUDE.md as the
		// last one left it.
		after, err := c.session()
		if err != nil {
			return nil, err
		}
		if !bytes.Equal(after, block) {
			run.blockRewritten = append(run.blockRewritten, p.fileName())
		}
		block = after
		if err := c.decideCarefully(run, seenWithdrawn); err != nil {
			return nil, err
		}
		if block, err = c.session(); err != nil {
			return nil, err
		}
	}
	checks, err := c.check(paths)
	if err != nil {
		return nil, err
	}
	for _, ch := range checks {
		run.warnings += ch.Findings
	}
	if run.sharedMeasures, err = c.sharedMeasures(); err != nil {
		return nil, err
	}
	run.judge()
	return run, nil
}

// decideCarefully decides a batch that has just appeared: all rejected if
// it is the first, else the first rejected and the rest accepted.
func (c *collection) decideCarefully(run *carefulRun, seenWithdrawn map[string]bool) error {
	d, err := c.dashboard()
	if err != nil || len(d.Pending) == 0 {
		return err
	}
	b := &carefulBatch{number: d.Pending[0].Batch, pending: d.Pending}
	for _, w := range d.Waiting {
		b.waiting = append(b.waiting, w.ID)
	}
	if len(run.batches) > 0 {
		for _, id := range run.batches[len(run.batches)-1].waiting {
			if !slices.Contains(b.waiting, id) && !slices.ContainsFunc(b.pending, func(p reviewed) bool { return p.ID == id }) {
				b.unwaited = append(b.unwaited, id)
			}
		}
	}
	for _, x := range d.Decided {
		if x.Decision == "withdrawn" && !seenWithdrawn[x.Branch] {
			seenWithdrawn[x.Branch] = true
			b.withdrawn = append(b.withdrawn, x.ID)
		}
	}
	for i, p := range d.Pending {
		if len(run.batches) == 0 || i == 0 {
			if _, err := c.s.run(c.dir, nil, "git", "branch", "-q", "-D", p.Branch); err != nil {
				return err
			}
			b.rejected = append(b.rejected, p)
			continue
		}
		if _, err := c.s.run(c.dir, nil, "git", "merge", "-q", "--no-ff", "--no-edit", p.Branch); err != nil {
			return err
		}
		if _, err := c.s.run(c.dir, nil, "git", "branch", "-q", "-d", p.Branch); err != nil {
			return err
		}
		b.accepted = append(b.accepted, p)
	}
	run.batches = append(run.batches, b)
	after, err := c.dashboard() // sw sees the decisions and records the rejections
	if err == nil && len(after.Pending) > 0 {
		err = fmt.Errorf("%s still pending after the careful reviewer decided batch %s", after.Pending[0].ID, b.number)
	}
	return err
}

// dashboardState is what the careful reviewer reads of `sw review --json`.
type dashboardState struct {
	Pending []reviewed `json:"pending"`
	Waiting []struct {
		ID string `json:"id"`
	} `json:"waiting"`
	Decided []struct {
		ID       string `json:"id"`
		Batch    string `json:"batch"`
		Decision string `json:"decision"`
		Branch   string `json:"branch"`
	} `json:"decided"`
}

func (c *collection) dashboard() (*dashboardState, error) {
	out, err := c.s.run(c.dir, nil, "sw", "review", "--json")
	if err != nil {
		return nil, err
	}
	var d dashboardState
	if err := json.Unmarshal(out, &d); err != nil {
		return nil, fmt.Errorf("%s: sw review --json: %v", c.dir, err)
	}
	return &d, nil
}

// session starts an agent session as Claude Code does and returns
// CLAUDE.md as it leaves it.
func (c *collection) session() ([]byte, error) {
	if _, err := c.s.runInput(c.dir, `{"hook_event_name":"SessionStart","source":"startup"}`, "sw", "hook", "pre-session"); err != nil {
		return nil, err
	}
	return os.ReadFile(filepath.Join(c.dir, "CLAUDE.md"))
}

// sharedMeasures lists the pairs of rules of the resolved profile that are
// about one measure.
func (c *collection) sharedMeasures() ([]string, error) {
	out, err := c.s.run(c.dir, nil, "sw", "profile", "show", "--json")
	if err != nil {
		return nil, err
	}
	var resolved struct {
		Rules []profile.Rule `json:"rules"`
	}
	if err := json.Unmarshal(out, &resolved); err != nil {
		return nil, fmt.Errorf("%s: sw profile show --json: %v", c.dir, err)
	}
	var pairs []string
	for i, a := range resolved.Rules {
		for _, b := range resolved.Rules[i+1:] {
			if profile.SharesMeasure(a.Measures(), b.Measures()) {
				pairs = append(pairs, a.ID+" and "+b.ID)
			}
		}
	}
	return pairs, nil
}

// judge finds, for each rejection, the later batches that had it pending
// again.
func (run *carefulRun) judge() {
	for i, b := range run.batches {
		for _, r := range b.rejected {
			for j := i + 1; j < len(run.batches); j++ {
				for _, p := range run.batches[j].pending {
					if !sameThing(r, p) {
						continue
					}
					run.comebacks[r.ID]++
					if j-i <= 2 {
						run.tooSoon = append(run.tooSoon, fmt.Sprintf("%s (rejected in batch %s) as %s in batch %s", r.ID, b.number, p.ID, run.batches[j].number))
					}
				}
			}
		}
	}
}

// problems are the ways the run fell short of what the loop owes the
// careful reviewer, one line each.
func (run *carefulRun) problems(limit int) []string {
	var out []string
	for _, b := range run.batches {
		if len(b.pending) > limit {
			out = append(out, fmt.Sprintf("batch %s has %d suggestions, more than %d", b.number, len(b.pending), limit))
		}
	}
	for _, s := range run.tooSoon {
		out = append(out, "pending again within two batches: "+s)
	}
	for id, n := range run.comebacks {
		if n > 1 {
			out = append(out, fmt.Sprintf("%s came back %d times", id, n))
		}
	}
	for _, pair := range run.sharedMeasures {
		out = append(out, "two rules on one measure: "+pair)
	}
	if w := perThousand(run.warnings, run.words); w > 1 {
		out = append(out, fmt.Sprintf("the writer's own pieces draw %.2f warnings per 1,000 words", w))
	}
	for _, p := range run.blockRewritten {
		out = append(out, "CLAUDE.md rewritten at the session after committing "+p+", which changed no rule")
	}
	sort.Strings(out)
	return out
}

// suggestionCount says "1 suggestion" or "N suggestions".
func suggestionCount(n int) string {
	if n == 1 {
		return "1 suggestion"
	}
	return fmt.Sprintf("%d suggestions", n)
}

// report prints the run: each batch's suggestions, decisions, what sw
// withdrew, what waited and what no longer did.
func (run *carefulRun) report(out io.Writer) {
	fmt.Fprintf(out, "\nThe careful reviewer (%s, a batch every 3 pieces, the first batch rejected whole, then each batch's first):\n", run.what)
	for _, b := range run.batches {
		fmt.Fprintf(out, "  batch %-2s %s: rejected %s; accepted %s", b.number, suggestionCount(len(b.pending)), ids(b.rejected), ids(b.accepted))
		if len(b.withdrawn) > 0 {
			fmt.Fprintf(out, "; withdrawn before it: %s", strings.Join(b.withdrawn, ", "))
		}
		if len(b.unwaited) > 0 {
			fmt.Fprintf(out, "; no longer waiting: %s", strings.Join(b.unwaited, ", "))
		}
		if len(b.waiting) > 0 {
			fmt.Fprintf(out, "; waiting: %s", strings.Join(b.waiting, ", "))
		}
		fmt.Fprintln(out)
	}
	back := 0
	for _, n := range run.comebacks {
		back += n
	}
	fmt.Fprintf(out, "  comebacks of rejected suggestions: %d; warnings on the writer's own pieces: %.2f per 1,000 words\n", back, perThousand(run.warnings, run.words))
	for _, p := range run.problems(5) {
		fmt.Fprintf(out, "  PROBLEM: %s\n", p)
	}
}

func ids(rs []reviewed) string {
	if len(rs) == 0 {
		return "none"
	}
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.ID
	}
	return strings.Join(out, ", ")
}
