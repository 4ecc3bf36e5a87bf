// Command eval is sw's held-out evaluation, what `make eval` runs: does
// the learner learn the writer, on real text nobody here wrote?
//
// Two corpora of different form and era (see corpora): five writers of
// newspaper essays on one subject, 1787-88 (Hamilton and Jay as Publius,
// and the Anti-Federalists Brutus, Centinel and the Federal Farmer), and
// six essayists of 1875-1921 writing on anything. Each writer gets a
// collection of their own, run through the real loop: sw init, sw hook
// install, the writer's pieces committed one by one in the order
// written, every suggestion accepted by merging its branch. The last
// third of each writer's pieces are never committed anywhere: they are
// the held-out pieces. With the profiles learned from 3, 10 and 30
// pieces (or all a writer has, when fewer) it prints one table a corpus:
//
//	(a) attribution: each held-out piece goes to the writer whose learned
//	    profile it lies closest to by `sw check`: the voice distance when
//	    every profile holds a usage measure, else the score (see
//	    likeness), as balanced accuracy (the mean of the writers' hit
//	    rates); beside it Burrows' Delta on the same pieces (see
//	    deltaCredits), the classic to beat;
//	(b) warnings per 1,000 words that `sw check` gives each writer's
//	    held-out pieces against the writer's own profile, the mean of
//	    the writers and the worst;
//	(c) rules in the profiles that are about the subject, came from
//	    boilerplate, or hold a rate within bounds too wide to say
//	    anything (see topicRule, boilerplateRule and wideRule), which
//	    should be 0;
//	(d) how (a) moves from 3 to 10 to 30 pieces: the columns;
//	(e) the careful reviewer's run (see careful.go): the suggestions of
//	    each batch, what was rejected, accepted, withdrawn and left
//	    waiting, and what the loop owes such a person;
//	(f) the AI voice: how well the voice measure, and Delta, tell each
//	    writer's held-out pieces from held-out LLM prose (see llm.go), as
//	    an AUC, the mean of the writers', with the goal beside it (see
//	    aiGoal). (c) counts apart the avoid rules on LLM prose's habits
//	    (see llmHabit).
//
// It asserts nothing and takes sw as a binary (-sw), so it measures any
// build of the learner as it stands.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

func main() {
	sw := flag.String("sw", "", "the sw binary to evaluate (make eval gives the one it built)")
	corpus := flag.String("corpus", filepath.Join("testdata", "corpus"), "the corpus folder, holding federalist/, ratification/ and essayists/")
	levelList := flag.String("levels", "3,10,30", "numbers of pieces to learn from, rising")
	jobs := flag.Int("jobs", 2, "collections run at once")
	keep := flag.Bool("keep", false, "keep the collections, and say where")
	only := flag.String("only", "", "evaluate only this corpus (1787-88 or essayists), and skip the careful reviewer")
	flag.Parse()
	levels, err := parseLevels(*levelList)
	if *sw == "" || err != nil {
		fmt.Fprintln(os.Stderr, "eval: give the sw binary to evaluate with -sw (make eval does), and -levels as 3,10,30")
		os.Exit(2)
	}
	if err := run(*sw, *corpus, *only, levels, *jobs, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "eval:", err)
		os.Exit(1)
	}
}

func run(sw, corpus, only string, levels []int, jobs int, keep bool) error {
	work, err := os.MkdirTemp("", "sw-eval-")
	if err != nil {
		return err
	}
	if keep {
		fmt.Println("collections in", work)
	} else {
		defer os.RemoveAll(work)
	}
	s, err := newSession(work, sw)
	if err != nil {
		return err
	}
	for _, c := range corpora {
		if only != "" && c.name != only {
			continue
		}
		if err := s.evaluateCorpus(filepath.Join(work, c.name), corpus, c, levels, jobs); err != nil {
			return fmt.Errorf("%s: %w", c.name, err)
		}
	}
	if only != "" {
		return nil
	}
	for i, c := range carefulPieces {
		careful, err := s.reviewCarefully(filepath.Join(work, fmt.Sprintf("careful-%d", i)), corpus, c.what, c.folder, c.writers)
		if err != nil {
			return err
		}
		careful.report(os.Stdout)
	}
	return nil
}

// evaluateCorpus runs one corpus's writers through the loop under work and
// prints its table.
func (s *session) evaluateCorpus(work, corpus string, c corpusSet, levels []int, jobs int) error {
	start := time.Now()
	ws, err := loadWriters(corpus, c)
	if err != nil {
		return err
	}
	llm, err := loadLLM(corpus)
	if err != nil {
		return err
	}
	heldOut, err := writeHeldOut(filepath.Join(work, "held-out"), ws, llm)
	if err != nil {
		return err
	}
	fmt.Printf("## %s: %s\n\nsw held-out evaluation: %s; each a collection of its own through sw init, sw hook install, a commit per piece and every suggestion merged\n\n",
		c.name, c.about, describe(ws))
	snaps, err := s.learnAll(work, ws, levels, heldOut, jobs)
	if err != nil {
		return err
	}
	results, err := evaluate(ws, llm, levels, snaps)
	if err != nil {
		return err
	}
	report(os.Stdout, ws, results, time.Since(start), jobs)
	fmt.Println()
	return nil
}

// writeHeldOut writes every held-out piece, and the LLM pieces, under
// dir, outside every collection, and maps each file's path to the piece's
// corpus path.
func writeHeldOut(dir string, ws []*writer, llm []*piece) (map[string]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	pieces := slices.Clone(llm)
	for _, w := range ws {
		pieces = append(pieces, w.heldOut...)
	}
	paths := map[string]string{}
	for _, p := range pieces {
		path := filepath.Join(dir, p.fileName())
		if err := os.WriteFile(path, p.text, 0o644); err != nil {
			return nil, err
		}
		paths[path] = p.rel
	}
	return paths, nil
}

func describe(ws []*writer) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = fmt.Sprintf("%s (%d pieces)", w.name, len(w.pieces))
	}
	return strings.Join(parts, ", ")
}

func parseLevels(list string) ([]int, error) {
	var levels []int
	for _, f := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || len(levels) > 0 && n <= levels[len(levels)-1] {
			return nil, fmt.Errorf("-levels %q: want rising whole numbers from 1", list)
		}
		levels = append(levels, n)
	}
	return levels, nil
}
