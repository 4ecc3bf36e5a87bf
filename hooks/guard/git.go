package guard

import (
	"slices"
	"strings"
)

// git: what a git command writes into the working tree, what only git can
// list and the guard asks it (gitBring), and what decides a suggestion or
// turns hooks off (decisions.go), with -C followed.
func (a *shellAnalysis) git(args []shWord, in input) {
	dir := a.dir
	defer func() { a.dir = dir }()
	i := 0
	for ; i < len(args); i++ {
		t := args[i].text
		switch {
		case t == "-C" && i+1 < len(args):
			i++
			a.dir = joinPath(a.dir, folder(args[i].text))
		case t == "-c" && i+1 < len(args):
			i++
			a.gitConfigPair(args[i].text, "git -c "+shown(args[i:i+1]), false)
		case strings.HasPrefix(t, "--config-env="):
			a.gitConfigPair(strings.TrimPrefix(t, "--config-env="), "git "+shown(args[i:i+1]), false)
		case t == "--git-dir" || t == "--work-tree" || t == "--namespace" || t == "--exec-path" || t == "--config-env":
			i++
		case !strings.HasPrefix(t, "-"):
			sub, rest := args[i].text, args[i+1:]
			what := "git " + shown(args)
			a.gitDecides(sub, rest, in, what)
			a.gitWrites(sub, rest, in, what)
			return
		}
	}
}

// gitBring is a git command whose writes into the working tree only git
// can list: the paths that differ between tip and its merge base with
// base, or, with rev set, between the working tree and rev. merge: it
// brings tip's history in (merge, rebase, pull), so what tip holds of the
// default branch is the person's already.
type gitBring struct {
	dir, what      string
	base, tip, rev string
	merge          bool
	// switchTo: HEAD moves to rev (git switch, git checkout x), which
	// writes where rev differs from HEAD; naming no commit (x a path),
	// it brings nothing.
	switchTo bool
}

func (a *shellAnalysis) bring(b gitBring) {
	b.dir = a.dir
	a.gitBrings = append(a.gitBrings, b)
}

// gitWrites notes what a git subcommand writes into the working tree.
func (a *shellAnalysis) gitWrites(sub string, rest []shWord, in input, what string) {
	refs := refWords(rest)
	switch sub {
	case "checkout":
		// With --, what follows is paths; without, any operand may be one
		// (git checkout profile/x.yaml).
		ops := operands(rest, "bBo", []string{"--orphan", "--conflict", "--pathspec-from-file"})
		if len(ops) == 1 && wordIndex(rest, "--") < 0 {
			a.bring(gitBring{what: what, rev: ops[0].text, switchTo: true}) // git checkout HEAD~3
		}
		if k := wordIndex(rest, "--"); k >= 0 {
			ops = rest[k+1:]
		}
		for _, w := range ops {
			a.write(w, true)
		}
	case "switch":
		if ops := operands(rest, "cC", []string{"--orphan", "--conflict", "--create", "--force-create"}); len(ops) > 0 {
			a.bring(gitBring{what: what, rev: ops[0].text, switchTo: true})
		}
	case "restore", "rm":
		if sub == "restore" && hasWord(rest, "--staged", "-S") && !hasWord(rest, "--worktree", "-W") {
			return // unstaging: the files, and what the next commit holds of them, stay
		}
		for _, w := range operands(rest, "seE", []string{"--source", "--exclude", "--pathspec-from-file"}) {
			a.write(w, true)
		}
	case "clean":
		a.gitClean(rest)
	case "reset":
		a.gitReset(rest, refs, what)
	case "mv":
		a.copyLike("mv", rest)
	case "apply", "am":
		a.gitApply(sub, rest, in)
	case "stash":
		a.gitStash(rest, what)
	case "merge", "cherry-pick", "revert", "rebase":
		a.gitMerge(sub, rest, refs, what)
	case "pull":
		if len(refs) > 1 && refs[0].text == "." {
			for _, r := range refs[1:] {
				a.bring(gitBring{what: what, base: "HEAD", tip: r.text, merge: true})
			}
		}
	case "submodule":
		// git submodule foreach TEXT: a shell runs TEXT in each submodule.
		if k := wordIndex(rest, "foreach"); k >= 0 {
			if ops := operands(rest[k+1:], "", nil); len(ops) > 0 {
				dir := a.dir
				a.dir += "/" + unknownBelow // in each submodule's folder
				a.inlineShell(joinWords(ops), "git submodule foreach runs text the guard cannot know")
				a.dir = dir
			}
		}
	case "bisect":
		if len(rest) > 1 && rest[0].text == "run" {
			a.run(rest[1:], input{}) // the command it runs at each step
		}
	case "difftool", "mergetool":
		if w, ok := optionValue(rest, 'x', "--extcmd"); ok {
			a.inlineShell(w.text, "git "+sub+" -x runs text the guard cannot know")
		}
	case "read-tree", "sparse-checkout", "filter-branch", "filter-repo", "replace":
		// Or history rewritten: what any commit holds may change.
		a.write(below(shWord{text: "."}), false)
	case "checkout-index":
		a.gitCheckoutIndex(rest)
	case "worktree":
		if len(refs) > 1 && refs[0].text == "add" {
			a.write(refs[1], false)
		}
	}
}

// refWords are a git command's words that may name revisions: its
// operands and the values of its options, without a commit message's
// words and the paths after --.
func refWords(rest []shWord) []shWord {
	var out []shWord
	for i := 0; i < len(rest); i++ {
		t := rest[i].text
		switch {
		case t == "--":
			return out
		case t == "-m" || t == "-F" || t == "--message" || t == "--file" || t == "-s" || t == "-X" || t == "--strategy" || t == "--strategy-option":
			i++
		case strings.HasPrefix(t, "--message=") || strings.HasPrefix(t, "--file=") || strings.HasPrefix(t, "-m") || strings.HasPrefix(t, "-F"):
		case strings.HasPrefix(t, "--") && strings.Contains(t, "="):
			_, v, _ := strings.Cut(t, "=")
			out = append(out, shWord{text: v})
		case strings.HasPrefix(t, "-") && t != "-": // - alone is the branch checked out before
		default:
			out = append(out, rest[i])
		}
	}
	return out
}

func wordIndex(words []shWord, text string) int {
	return slices.IndexFunc(words, func(w shWord) bool { return w.text == text })
}

func hasWord(words []shWord, texts ...string) bool {
	return slices.ContainsFunc(words, func(w shWord) bool { return slices.Contains(texts, w.text) })
}

// gitClean removes the untracked files of the paths it names, or below
// the folder it runs in.
func (a *shellAnalysis) gitClean(rest []shWord) {
	if slices.ContainsFunc(rest, func(w shWord) bool { return w.text == "--dry-run" || shortFlag(w.text, 'n') }) {
		return
	}
	ops := operands(rest, "eE", []string{"--exclude"})
	if len(ops) == 0 {
		a.write(below(shWord{text: "."}), false)
	}
	for _, w := range ops {
		a.write(w, true)
	}
}

// gitReset writes the paths it names; --hard, --merge and --keep rewrite
// every file that differs from the revision.
func (a *shellAnalysis) gitReset(rest, refs []shWord, what string) {
	if !hasWord(rest, "--hard", "--merge", "--keep") {
		if k := wordIndex(rest, "--"); k >= 0 {
			for _, w := range rest[k+1:] {
				a.write(w, false)
			}
		} else {
			for _, w := range operands(rest, "", []string{"--pathspec-from-file"}) {
				a.write(w, false)
			}
		}
		return
	}
	rev := "HEAD"
	if len(refs) > 0 {
		rev = refs[0].text
	}
	a.bring(gitBring{what: what, rev: rev})
}

// gitApply reads the patches git apply or git am is given for the files
// they change; one it cannot read may change anything below the folder.
func (a *shellAnalysis) gitApply(sub string, rest []shWord, in input) {
	if hasWord(rest, "--check", "--stat", "--numstat", "--summary", "--abort", "--skip", "--quit", "--show-current-patch") {
		return
	}
	files := operands(rest, "pC", []string{"--directory", "--exclude", "--include", "--whitespace"})
	var text strings.Builder
	for _, f := range files {
		t := a.readPatch(f.text)
		if t == "" {
			a.write(below(shWord{text: "."}), false)
			return
		}
		text.WriteString(t)
	}
	if len(files) == 0 {
		if in.text == "" && in.file != "" {
			in.text = a.readPatch(in.file)
		}
		text.WriteString(in.text)
	}
	a.patchTargets(".", text.String())
}

// gitStash: pop, apply and branch bring the stash's files back; push (the
// default) puts every changed file back as HEAD has it, or the paths it
// names.
func (a *shellAnalysis) gitStash(rest []shWord, what string) {
	ops := operands(rest, "m", []string{"--message", "--pathspec-from-file"})
	sub := "push"
	if len(ops) > 0 {
		sub, ops = ops[0].text, ops[1:]
	}
	switch sub {
	case "pop", "apply", "branch":
		if sub == "branch" && len(ops) > 0 {
			ops = ops[1:]
		}
		stash := "stash@{0}"
		if len(ops) > 0 {
			stash = ops[0].text
		}
		a.bring(gitBring{what: what, base: stash + "^1", tip: stash})
	case "push", "save", "-p", "--patch":
		if k := wordIndex(rest, "--"); k >= 0 {
			for _, w := range rest[k+1:] {
				a.write(w, false)
			}
			return
		}
		a.bring(gitBring{what: what, rev: "HEAD"})
	}
}

// gitMerge: a merge or rebase brings what the other side changed since
// the sides parted; a cherry-pick or revert what the commit changed (a
// range, what the range did).
func (a *shellAnalysis) gitMerge(sub string, rest, refs []shWord, what string) {
	if hasWord(rest, "--abort", "--quit", "--skip", "--edit-todo", "--show-current-patch") {
		return
	}
	if hasWord(rest, "--continue") {
		if sub == "cherry-pick" || sub == "revert" || sub == "rebase" {
			a.write(below(shWord{text: "."}), false) // what is left of the sequence
		}
		return
	}
	if sub == "rebase" {
		// A rebase rewrites the commits it replays, and may drop, reorder
		// or edit them (-i, --onto): a merge that accepted a suggestion,
		// a commit that recorded a rejection. What those commits changed
		// is what it may change.
		upstreams := []string{"@{upstream}"}
		if len(refs) > 0 {
			upstreams = nil
			for _, r := range refs {
				upstreams = append(upstreams, r.text)
			}
		}
		if hasWord(rest, "--root") {
			upstreams = []string{unknownText}
		}
		for _, u := range upstreams {
			a.bring(gitBring{what: what, base: u, tip: "HEAD"})
		}
	}
	for _, r := range refs {
		t := r.text
		switch {
		case sub == "merge" || sub == "rebase":
			a.bring(gitBring{what: what, base: "HEAD", tip: t, merge: true})
		case strings.Contains(t, ".."):
			from, to, _ := strings.Cut(strings.Replace(t, "...", "..", 1), "..")
			a.bring(gitBring{what: what, base: from, tip: to})
		default:
			a.bring(gitBring{what: what, base: t + "^", tip: t})
		}
	}
}

func (a *shellAnalysis) gitCheckoutIndex(rest []shWord) {
	if hasWord(rest, "-a", "--all") {
		a.write(below(shWord{text: "."}), false)
		return
	}
	for _, w := range operands(rest, "", []string{"--prefix", "--stage"}) {
		a.write(w, false)
	}
}
