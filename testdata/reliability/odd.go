package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// oddRepo is a repository of an unusual shape, and what sw must do in it.
type oddRepo struct {
	name       string
	needsTrust bool // the refusal is the trust work's (issue 16, item 11)
	try        func(w *world, dir string, c *corpus, p *problems)
}

// oddRepos tries sw in each shape of repository people have: a collection
// made or copied in that shape, its hooks installed, pieces committed up
// to an analysis, a session started, the dashboard read. Nothing may fail,
// no hook may report a problem, and git fsck must stay clean.
func (w *world) oddRepos(t *table, base string, c *corpus, short bool) {
	for _, o := range oddRepoList(base) {
		if short && o.name != "linked worktree" && o.name != "no commits yet" && o.name != "bare (refused)" {
			continue
		}
		r := t.row("odd repositories", o.name)
		dir := filepath.Join(w.work, "odd", strings.Fields(o.name)[0]+fmt.Sprint(len(t.rows)), "essays")
		if err := os.MkdirAll(filepath.Dir(dir), 0o777); err != nil {
			r.tally(false, err.Error())
			continue
		}
		var p problems
		func() {
			defer func() {
				if e := recover(); e != nil {
					p.add("%v", e)
				}
			}()
			o.try(w, dir, c, &p)
		}()
		held := len(p) == 0
		r.tallyAwaiting(held, strings.Join(p, "; "), !held && o.needsTrust && !w.trust)
	}
}

func oddRepoList(base string) []oddRepo {
	fromBase := func(prepare func(w *world, dir string)) func(*world, string, *corpus, *problems) {
		return func(w *world, dir string, c *corpus, p *problems) {
			if err := copyTree(base, dir); err != nil {
				p.add("copying: %v", err)
				return
			}
			prepare(w, dir)
			w.finishBatch(dir, dir, c, p)
		}
	}
	fresh := func(prepare func(w *world, dir string), env ...string) func(*world, string, *corpus, *problems) {
		return func(w *world, dir string, c *corpus, p *problems) {
			if err := os.MkdirAll(dir, 0o777); err != nil {
				p.add("%v", err)
				return
			}
			prepare(w, dir)
			w.mustQuiet(dir, opts{env: env}, p, "sw", "init")
			w.mustQuiet(dir, opts{env: env}, p, "sw", "hook", "install")
			w.mustQuiet(dir, opts{env: env}, p, "git", "add", "-A")
			w.mustQuiet(dir, opts{env: env}, p, "git", "commit", "-q", "-m", "Start the series")
			w.finishBatchEnv(dir, dir, c, p, env)
		}
	}
	worktree := func(config ...string) func(*world, string, *corpus, *problems) {
		return func(w *world, dir string, c *corpus, p *problems) {
			if err := copyTree(base, dir); err != nil {
				p.add("copying: %v", err)
				return
			}
			for i := 0; i+1 < len(config); i += 2 {
				w.git(dir, "config", config[i], config[i+1])
			}
			drafts := filepath.Join(filepath.Dir(dir), "drafts")
			w.git(dir, "worktree", "add", "-q", drafts, "-b", "drafts")
			if len(config) > 0 {
				w.git(drafts, "config", "--worktree", "user.name", "Ada in drafts")
			}
			w.finishBatch(drafts, dir, c, p)
		}
	}
	return []oddRepo{
		{name: "linked worktree", try: worktree()},
		{name: "extensions.worktreeConfig", try: worktree("extensions.worktreeConfig", "true")},
		{name: "SHA-256 objects", try: fresh(func(w *world, dir string) { w.git(filepath.Dir(dir), "init", "-q", "--object-format=sha256", dir) })},
		{name: "core.hooksPath (local)", try: fresh(func(w *world, dir string) {
			w.git(filepath.Dir(dir), "init", "-q", dir)
			w.git(dir, "config", "core.hooksPath", ".githooks")
		})},
		{name: "core.hooksPath (global)", try: func(w *world, dir string, c *corpus, p *problems) {
			global := filepath.Join(filepath.Dir(dir), "gitconfig")
			hooks := filepath.Join(filepath.Dir(dir), "global-hooks")
			writeFile(global, readFile(filepath.Join(w.home, ".gitconfig"))+"[core]\n\thooksPath = "+hooks+"\n")
			fresh(func(w *world, dir string) {}, "GIT_CONFIG_GLOBAL="+global)(w, dir, c, p)
			if _, err := os.Stat(filepath.Join(hooks, "post-commit")); err != nil {
				p.add("no post-commit hook in the global hooks folder: %v", err)
			}
		}},
		{name: "husky", try: fresh(func(w *world, dir string) {
			w.git(filepath.Dir(dir), "init", "-q", dir)
			writeFile(filepath.Join(dir, ".husky", "_", "h"), "#!/bin/sh\nname=${0##*/}\nscript=${0%/*}/../$name\n[ -f \"$script\" ] || exit 0\nsh -e \"$script\" \"$@\"\n")
			for _, hook := range []string{"post-commit", "post-merge"} {
				writeFile(filepath.Join(dir, ".husky", "_", hook), "#!/usr/bin/env sh\n. \"${0%/*}/h\"\n")
				os.Chmod(filepath.Join(dir, ".husky", "_", hook), 0o755)
			}
			writeFile(filepath.Join(dir, ".husky", "post-commit"), "echo husky ran >>../husky.log\n")
			w.git(dir, "config", "core.hooksPath", ".husky/_")
		})},
		{name: "detached HEAD", try: fromBase(func(w *world, dir string) { w.git(dir, "checkout", "-q", "--detach") })},
		{name: "mid-rebase", try: func(w *world, dir string, c *corpus, p *problems) {
			if err := copyTree(base, dir); err != nil {
				p.add("copying: %v", err)
				return
			}
			w.git(dir, "checkout", "-q", "-b", "rewrite", "HEAD~1")
			writeFile(filepath.Join(dir, "pieces", "p3.md"), "A different third piece.\n")
			w.git(dir, "add", "pieces")
			w.git(dir, "commit", "-q", "-m", "Another third")
			// Rebasing onto main stops at the conflict in p3.md.
			if r := w.run(dir, opts{env: []string{"SW_HOOKS=off"}}, "git", "rebase", "main"); r.code == 0 {
				p.add("the rebase did not stop")
			}
			w.session(dir, p)
			w.dashboard(dir, p)
			writeFile(filepath.Join(dir, "pieces", "p3.md"), "The third piece, settled.\n")
			w.git(dir, "add", "pieces")
			if r := w.run(dir, opts{env: []string{"GIT_EDITOR=true"}}, "git", "rebase", "--continue"); r.code != 0 || problemLines(r.stderr) != "" {
				p.add("git rebase --continue: %s", r)
			}
			w.dashboard(dir, p)
			w.gitClean(dir, p)
		}},
		{name: "shallow clone", try: func(w *world, dir string, c *corpus, p *problems) {
			w.git(filepath.Dir(dir), "clone", "-q", "--depth", "1", "file://"+base, dir)
			w.mustQuiet(dir, opts{}, p, "sw", "hook", "install")
			w.finishBatch(dir, dir, c, p)
		}},
		{name: "sparse checkout", try: fromBase(func(w *world, dir string) {
			writeFile(filepath.Join(dir, "notes", "todo.txt"), "later\n")
			w.git(dir, "add", "notes")
			w.git(dir, "commit", "-q", "-m", "Notes")
			w.git(dir, "sparse-checkout", "set", "pieces", "profile")
		})},
		{name: "split index", try: fromBase(func(w *world, dir string) {
			w.git(dir, "config", "core.splitIndex", "true")
			w.git(dir, "update-index", "--split-index")
		})},
		{name: "bare (refused)", needsTrust: true, try: func(w *world, dir string, c *corpus, p *problems) {
			w.git(filepath.Dir(dir), "init", "-q", "--bare", dir)
			r := w.run(dir, opts{}, "sw", "init")
			if r.code != 1 || !strings.Contains(r.stderr, "bare") {
				p.add("sw init in a bare repository: %s", r)
			}
			if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
				p.add("sw init made a .git inside the bare repository")
			}
		}},
		{name: "no commits yet", try: func(w *world, dir string, c *corpus, p *problems) {
			w.mustQuiet(filepath.Dir(dir), opts{}, p, "sw", "init", filepath.Base(dir))
			w.mustQuiet(dir, opts{}, p, "sw", "hook", "install")
			w.session(dir, p)
			w.dashboard(dir, p)
			if r := w.run(dir, opts{}, "sw", "analyze"); r.code != 0 && r.code != 1 || r.signal != "" {
				p.add("sw analyze before any commit: %s", r)
			}
			w.mustQuiet(dir, opts{}, p, "git", "add", "-A")
			w.mustQuiet(dir, opts{}, p, "git", "commit", "-q", "-m", "Start the series")
			w.finishBatch(dir, dir, c, p)
		}},
	}
}

// finishBatch commits pieces in worktree until an analysis has run (three
// at most), then starts a session and reads the dashboard in worktree and
// in main, and checks the repository with git fsck.
func (w *world) finishBatch(worktree, main string, c *corpus, p *problems) {
	w.finishBatchEnv(worktree, main, c, p, nil)
}

func (w *world) finishBatchEnv(worktree, main string, c *corpus, p *problems, env []string) {
	analysed := false
	for i := range 3 {
		writeFile(filepath.Join(worktree, "pieces", fmt.Sprintf("odd%d.md", i)), c.piece(20+i))
		w.mustQuiet(worktree, opts{env: env}, p, "git", "add", "pieces")
		r := w.run(worktree, opts{env: env}, "git", "commit", "-q", "-m", fmt.Sprintf("Odd %d", i))
		if r.code != 0 || problemLines(r.stderr) != "" {
			p.add("committing a piece: %s", r)
			return
		}
		if strings.Contains(r.stderr, "sw: analysed") || strings.Contains(r.stderr, "wait as branches") || strings.Contains(r.stderr, "waits as a branch") {
			analysed = true
			break
		}
	}
	if !analysed {
		p.add("three pieces committed, and no analysis ran")
	}
	w.sessionEnv(worktree, p, env)
	w.dashboardEnv(worktree, p, env)
	if main != worktree {
		w.dashboardEnv(main, p, env)
	}
	w.gitClean(worktree, p)
}

// mustQuiet runs a command that must succeed without a problem reported.
func (w *world) mustQuiet(dir string, o opts, p *problems, name string, args ...string) {
	if r := w.run(dir, o, name, args...); r.code != 0 || problemLines(r.stderr) != "" {
		p.add("%s %s: %s", name, strings.Join(args, " "), r)
	}
}

func (w *world) session(dir string, p *problems) { w.sessionEnv(dir, p, nil) }

func (w *world) sessionEnv(dir string, p *problems, env []string) {
	w.mustQuiet(dir, opts{stdin: []byte(sessionStart), env: env}, p, "sw", "hook", "pre-session")
}

func (w *world) dashboard(dir string, p *problems) { w.dashboardEnv(dir, p, nil) }

func (w *world) dashboardEnv(dir string, p *problems, env []string) {
	w.mustQuiet(dir, opts{env: env}, p, "sw", "review")
}
