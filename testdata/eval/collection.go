package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// collection is one writer's collection: a git repository made by sw
// init, with sw's hooks installed, where the writer's pieces are committed
// one by one.
type collection struct {
	s   *session
	dir string
}

// startCollection makes the collection as the README says a person does:
// sw init, sw hook install, and a first commit of sw's starter files.
func (s *session) startCollection(dir string) (*collection, error) {
	c := &collection{s: s, dir: dir}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return nil, err
	}
	if _, err := s.run(filepath.Dir(dir), nil, "sw", "init", filepath.Base(dir)); err != nil {
		return nil, err
	}
	for _, args := range [][]string{
		{"sw", "hook", "install"},
		{"git", "add", "-A"},
		{"git", "commit", "-q", "-m", "Start the series"},
	} {
		if _, err := s.run(dir, nil, args[0], args[1:]...); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// commit finishes a piece: it is written under pieces/ and committed. The
// commit that completes a batch runs the analysis.
func (c *collection) commit(p *piece) error {
	rel := filepath.Join("pieces", p.fileName())
	path := filepath.Join(c.dir, rel)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(path, p.text, 0o644); err != nil {
		return err
	}
	if _, err := c.s.run(c.dir, nil, "git", "add", rel); err != nil {
		return err
	}
	_, err := c.s.run(c.dir, nil, "git", "commit", "-q", "-m", p.title)
	return err
}

// reviewState is what the evaluation reads of `sw review --json`.
type reviewState struct {
	Pending []struct {
		ID     string `json:"id"`
		Branch string `json:"branch"`
	} `json:"pending"`
	Waiting []struct {
		ID string `json:"id"`
	} `json:"waiting"`
	PiecesPending int `json:"pieces_pending"`
}

func (c *collection) review() (reviewState, error) {
	var r reviewState
	out, err := c.s.run(c.dir, nil, "sw", "review", "--json")
	if err != nil {
		return r, err
	}
	if err := json.Unmarshal(out, &r); err != nil {
		return r, fmt.Errorf("%s: sw review --json: %v", c.dir, err)
	}
	return r, nil
}

// acceptAll accepts every pending suggestion as a person may: git merge
// of its branch into the default branch, then the branch deleted. sw
// must then hold none pending; it returns how many were accepted.
func (c *collection) acceptAll() (int, error) {
	r, err := c.review()
	if err != nil {
		return 0, err
	}
	for _, s := range r.Pending {
		if _, err := c.s.run(c.dir, nil, "git", "merge", "-q", "--no-ff", "--no-edit", s.Branch); err != nil {
			return 0, err
		}
		if _, err := c.s.run(c.dir, nil, "git", "branch", "-q", "-d", s.Branch); err != nil {
			return 0, err
		}
	}
	after, err := c.review()
	if err != nil {
		return 0, err
	}
	if len(after.Pending) > 0 {
		return 0, fmt.Errorf("%s: %s still pending after its branch was merged and deleted", c.dir, after.Pending[0].ID)
	}
	return len(r.Pending), nil
}

// analyzeRest runs `sw analyze` on the pieces finished since the last
// analysis, if any, and accepts what it proposes, so that a snapshot
// reflects every piece committed, not only the full batches; and again
// while suggestions wait for a later batch (a batch holds
// suggestions_per_batch at most), so that it reflects every suggestion the
// analyses made, as a person who accepts everything would have it. It
// returns how many suggestions it accepted.
func (c *collection) analyzeRest() (int, error) {
	accepted := 0
	for range maxDrains {
		r, err := c.review()
		if err != nil || r.PiecesPending == 0 && len(r.Waiting) == 0 {
			return accepted, err
		}
		if _, err := c.s.run(c.dir, nil, "sw", "analyze"); err != nil {
			return accepted, err
		}
		n, err := c.acceptAll()
		if err != nil {
			return accepted, err
		}
		if n == 0 {
			return accepted, nil // what waits is no longer proposed
		}
		accepted += n
	}
	return accepted, fmt.Errorf("%s: suggestions still wait after %d analyses", c.dir, maxDrains)
}

// maxDrains bounds the analyses analyzeRest runs: a batch of five at a
// time takes every suggestion of a profile in a handful.
const maxDrains = 20

// rule is one rule of the resolved profile, with the signature of the
// suggestion that last wrote its file.
type rule struct {
	ID        string      `json:"id"`
	Source    string      `json:"source"`
	Rule      string      `json:"rule"`
	Avoid     []string    `json:"avoid"`
	Prefer    []string    `json:"prefer"`
	Metric    *ruleMetric `json:"metric"`
	Signature string      `json:"-"`
}

// ruleMetric is a rule's metric: its name, and the target and bounds it
// holds pieces to, as sw profile show --json gives them.
type ruleMetric struct {
	Name   string   `json:"name"`
	Target *float64 `json:"target"`
	Min    *float64 `json:"min"`
	Max    *float64 `json:"max"`
}

// rules reads the profile resolved for the pieces' genre (they name none)
// and the signatures from the suggestion commits in the history.
func (c *collection) rules() ([]rule, error) {
	out, err := c.s.run(c.dir, nil, "sw", "profile", "show", "--json")
	if err != nil {
		return nil, err
	}
	var resolved struct {
		Rules []rule `json:"rules"`
	}
	if err := json.Unmarshal(out, &resolved); err != nil {
		return nil, fmt.Errorf("%s: sw profile show --json: %v", c.dir, err)
	}
	sigs, err := c.signatures()
	if err != nil {
		return nil, err
	}
	for i := range resolved.Rules {
		resolved.Rules[i].Signature = sigs[resolved.Rules[i].Source]
	}
	return resolved.Rules, nil
}

// signatures maps each file a suggestion commit wrote to the Sw-Signature
// of the newest such commit.
func (c *collection) signatures() (map[string]string, error) {
	out, err := c.s.run(c.dir, nil, "git", "log", "--name-only", "--format=%x1e%(trailers:key=Sw-Signature,valueonly,separator=%x2c)")
	if err != nil {
		return nil, err
	}
	sigs := map[string]string{}
	for _, record := range bytes.Split(out, []byte{0x1e}) {
		lines := strings.Split(strings.TrimSpace(string(record)), "\n")
		sig := strings.TrimSpace(lines[0])
		if sig == "" {
			continue
		}
		for _, file := range lines[1:] {
			if file = strings.TrimSpace(file); file != "" {
				if _, newer := sigs[file]; !newer {
					sigs[file] = sig
				}
			}
		}
	}
	return sigs, nil
}

// checked is what sw check says of one piece against the profile.
type checked struct {
	Score    float64
	Usage    *float64       // its distance from the profile's usage measure, when there is one
	Findings int            // findings in its warnings (see findings)
	ByRule   map[string]int // the same, by the rule that gave them
}

// check runs `sw check --json` in the collection on every path given, and
// gives each piece's result by path.
func (c *collection) check(paths []string) (map[string]checked, error) {
	out, err := c.s.run(c.dir, []int{1}, "sw", append([]string{"check", "--json"}, paths...)...)
	if err != nil {
		return nil, err
	}
	var report struct {
		Pieces []struct {
			Path    string  `json:"path"`
			Score   float64 `json:"score"`
			Problem string  `json:"problem"`
			Usage   *struct {
				Distance float64 `json:"distance"`
			} `json:"usage"`
			Warnings []struct {
				Rule    string `json:"rule"`
				Message string `json:"message"`
			} `json:"warnings"`
		} `json:"pieces"`
	}
	if err := json.Unmarshal(out, &report); err != nil {
		return nil, fmt.Errorf("%s: sw check --json: %v", c.dir, err)
	}
	res := map[string]checked{}
	for _, p := range report.Pieces {
		if p.Problem != "" {
			return nil, fmt.Errorf("%s: sw check could not check %s: %s", c.dir, p.Path, p.Problem)
		}
		c := checked{Score: p.Score, ByRule: map[string]int{}}
		for _, w := range p.Warnings {
			c.Findings += findings(w.Message)
			c.ByRule[w.Rule] += findings(w.Message)
		}
		if p.Usage != nil {
			c.Usage = &p.Usage.Distance
		}
		res[p.Path] = c
	}
	for _, path := range paths {
		if _, ok := res[path]; !ok {
			return nil, fmt.Errorf("%s: sw check said nothing of %s", c.dir, path)
		}
	}
	return res, nil
}
