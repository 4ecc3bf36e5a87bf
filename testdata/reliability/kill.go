package main

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// writer is one of sw's writers, as a trial starts it: arm readies a copy
// of the base collection for it (once, for every trial's copy), and start
// runs it in a trial's copy, interrupted as stop says.
type writer struct {
	name  string
	arm   func(w *world, dir string, c *corpus) error
	start func(w *world, dir string, trial int, stop opts) result
	// staged is what the person had staged for a commit of their own
	// that the interruption may have stopped: theirs, and so in their
	// next commit.
	staged []string
}

func writers() []writer {
	swRun := func(args ...string) func(*world, string, int, opts) result {
		return func(w *world, dir string, _ int, stop opts) result {
			return w.run(dir, stop, "sw", args...)
		}
	}
	pendingAt := func(i int) func(*world, string, int, opts) result {
		return func(w *world, dir string, _ int, stop opts) result {
			ids := readFile(filepath.Join(dir, ".git", "trial-ids"))
			id := strings.Fields(ids)[i]
			verb := "accept"
			if i == 1 {
				verb = "reject"
			}
			return w.run(dir, stop, "sw", verb, id)
		}
	}
	notePending := func(w *world, dir string, _ *corpus) error {
		ids := w.pending(dir)
		if len(ids) < 2 {
			return fmt.Errorf("%d suggestions pending, want 2", len(ids))
		}
		writeFile(filepath.Join(dir, ".git", "trial-ids"), strings.Join(ids, " "))
		return nil
	}
	return []writer{
		{
			name:   "post-commit, with the analysis it starts",
			staged: []string{"pieces/p5.md"},
			start: func(w *world, dir string, trial int, stop opts) result {
				writeFile(filepath.Join(dir, "pieces", "p5.md"), readFile(filepath.Join(dir, ".git", "trial-piece")))
				w.git(dir, "add", "pieces")
				return w.run(dir, stop, "git", "commit", "-q", "-m", "Finish p5")
			},
			arm: func(w *world, dir string, c *corpus) error {
				if err := w.finishQuietly(dir, "p4", c.piece(4), 2); err != nil {
					return err
				}
				writeFile(filepath.Join(dir, ".git", "trial-piece"), c.piece(5))
				return nil
			},
		},
		{
			name: "background analysis",
			arm: func(w *world, dir string, c *corpus) error {
				if err := w.finishQuietly(dir, "p4", c.piece(4), 2); err != nil {
					return err
				}
				return w.finishQuietly(dir, "p5", c.piece(5), 3)
			},
			start: swRun("hook", "analyze"),
		},
		{
			name: "pre-session",
			arm: func(w *world, dir string, c *corpus) error {
				writeFile(filepath.Join(dir, "profile", "preferences", "numbers.yaml"), "id: numbers\nrule: Spell out numbers below ten.\n")
				w.git(dir, "add", "profile")
				w.git(dir, "commit", "-q", "-m", "A rule of my own")
				return nil
			},
			start: func(w *world, dir string, _ int, stop opts) result {
				stop.stdin = []byte(sessionStart)
				return w.run(dir, stop, "sw", "hook", "pre-session")
			},
		},
		{name: "accept", arm: notePending, start: pendingAt(0)},
		{name: "reject", arm: notePending, start: pendingAt(1)},
		{
			name: "facts update (sw facts add)",
			start: func(w *world, dir string, trial int, stop opts) result {
				return w.run(dir, stop, "sw", "facts", "add", "--section", "observations", "--key", "trial",
					"--source", "agent", fmt.Sprintf("Trial %d reached this line.", trial))
			},
		},
		{
			name: "settings merge (sw hook install)",
			arm: func(w *world, dir string, _ *corpus) error {
				writeFile(filepath.Join(dir, ".claude", "settings.json"), personSettings)
				return nil
			},
			start: swRun("hook", "install"),
		},
	}
}

// killWindow is when a writer's trials interrupt it: at a random moment of
// its first 400 ms, or, for a writer done sooner, of the time it takes (a
// run to its end, timed, and a fifth more), so that most interruptions land
// while it works.
func (w *world) killWindow(wr writer, armed string) time.Duration {
	dir := armed + "-timed"
	defer os.RemoveAll(dir)
	if err := copyTree(armed, dir); err != nil {
		return 400 * time.Millisecond
	}
	took := wr.start(w, dir, -1, opts{}).wall
	return min(400*time.Millisecond, max(5*time.Millisecond, took*6/5))
}

// gitLocks lists the lock files of git's own left under the git folder
// (and packed-refs.new, which git writes under packed-refs.lock): a git
// stopped midway leaves one when the signal lands between its making the
// file and its noting it for removal. sw removes none of them but those
// beside its own branches.
func gitLocks(dir string) []string {
	var found []string
	filepath.WalkDir(filepath.Join(dir, ".git"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if d.Name() == "packed-refs.new" || strings.HasSuffix(d.Name(), ".lock") && !tempName.MatchString(d.Name()) && d.Name() != "lock" {
			rel, _ := filepath.Rel(dir, path)
			if !strings.HasPrefix(rel, filepath.Join(".git", "sw")) {
				found = append(found, rel)
			}
		}
		return nil
	})
	return found
}

// finishQuietly commits a piece with sw's hooks off, then has sw count it:
// the count is then pending, with no analysis started.
func (w *world) finishQuietly(dir, name, text string, pending int) error {
	writeFile(filepath.Join(dir, "pieces", name+".md"), text)
	w.git(dir, "add", "pieces")
	w.git(dir, "commit", "-q", "-m", "Finish "+name)
	if d, r := w.review(dir); r.code != 0 || d.PiecesPending != pending {
		return fmt.Errorf("%d pieces pending, want %d (%s)", d.PiecesPending, pending, r)
	}
	return nil
}

// killTrials runs each writer trials times, each in a copy of its armed
// collection, interrupted at a random moment of its first 400 ms (kill -9
// of sw, or Ctrl-C, at random), then holds the copy to every check.
func (w *world) killTrials(t *table, base string, c *corpus, trials, jobs int, only string) {
	// git's own lock files, which sw leaves to git and to the person but
	// beside its own branches, are counted apart, and shown after the
	// writers' rows.
	locks := &row{section: "kill -9", what: "git's own lock files left, every writer", gits: true}
	defer t.add(locks)
	for _, wr := range writers() {
		if !strings.Contains(wr.name, only) {
			continue
		}
		r := t.row("kill -9", wr.name)
		armed := filepath.Join(w.work, "armed", strings.Fields(wr.name)[0])
		if err := copyTree(base, armed); err != nil {
			r.tally(false, "copying the base collection: "+err.Error())
			continue
		}
		if wr.arm != nil {
			if err := wr.arm(w, armed, c); err != nil {
				r.tally(false, "readying the collection: "+err.Error())
				continue
			}
		}
		w.pack(armed)
		window := w.killWindow(wr, armed)
		person := personFiles(armed)
		var killed [2]atomic.Int64
		work := make(chan int)
		var wg sync.WaitGroup
		for range jobs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for trial := range work {
					dir := filepath.Join(w.work, "trials", fmt.Sprintf("%s-%d", filepath.Base(armed), trial))
					how := interruption(rand.IntN(2))
					held, why, mid := w.killTrial(wr, armed, dir, person, c, trial, how, window, locks)
					if mid {
						killed[how].Add(1)
					}
					r.tally(held, why)
					if held {
						os.RemoveAll(dir)
					}
				}
			}()
		}
		for trial := range trials {
			work <- trial
		}
		close(work)
		wg.Wait()
		r.extra = fmt.Sprintf("within its first %d ms; interrupted mid-run: %d by kill -9 of sw, %d by Ctrl-C",
			window.Milliseconds(), killed[killSw].Load(), killed[ctrlC].Load())
	}
}

// killTrial is one trial; mid reports whether the kill landed before the
// writer was done.
func (w *world) killTrial(wr writer, armed, dir string, person map[string]string, c *corpus, trial int, how interruption, window time.Duration, locks *row) (held bool, why string, mid bool) {
	if err := copyTree(armed, dir); err != nil {
		return false, "copying: " + err.Error(), false
	}
	res := wr.start(w, dir, trial, opts{killAfter: time.Duration(rand.Int64N(int64(window) + 1)), interrupt: how})
	mid = res.interrupted
	left := gitLocks(dir)
	locks.tally(len(left) == 0, how.String()+" in "+wr.name+": "+strings.Join(left, ", "))
	for _, l := range left {
		// git says to remove them by hand, and so the person would; those
		// beside sw's own branches are for sw's next run to remove.
		if !strings.HasPrefix(filepath.ToSlash(l), ".git/refs/heads/sw/") {
			os.Remove(filepath.Join(dir, l))
		}
	}
	var p problems
	if !mid && res.code != 0 {
		p.add("the writer failed without being killed: %s", res)
	}
	ownedFilesParse(dir, person, &p)
	w.gitClean(dir, &p)
	w.nextRunTidies(dir, &p)
	w.nextCommitWorks(dir, fmt.Sprintf("next%d", trial), c.piece(100+trial), wr.staged, &p)
	w.nextAnalysisWorks(dir, &p)
	if len(p) > 0 {
		return false, how.String() + ": " + p[0], mid
	}
	return true, "", mid
}
