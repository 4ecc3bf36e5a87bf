package guard

import (
	"path"
	"slices"
	"strings"
)

// What decides a suggestion for the person, or turns sw's hooks off: the
// guard refuses these outright, whatever they would write. A suggestion
// is a branch under sw/ (hooks/review's BranchPrefix): merging it
// accepts it, deleting it rejects it, and moving, resetting or rewriting
// it, or putting its commit onto another branch, decides too. Reading
// one (git log, diff, show) is the agent's to do.

// namesSuggestion reports whether a git word (a branch, a revision, a
// refspec) may name a suggestion branch: sw/..., refs/heads/sw/...,
// origin/sw/..., a:sw/..., sw/1/x~2, or a pattern the shell may turn into
// one from files made for it (s?/1/x, */*/*).
func namesSuggestion(word string) bool {
	w := strings.ToLower(strings.ReplaceAll(word, "..", ":"))
	for _, side := range strings.FieldsFunc(w, func(r rune) bool { return strings.ContainsRune(": \t\n+^", r) }) {
		if strings.HasPrefix(side, "sw/") || strings.Contains(side, "/sw/") || patternMayBeSW(side) {
			return true
		}
	}
	return false
}

// patternMayBeSW reports whether a shell pattern has a folder part that
// may match "sw": the shell's * never crosses a slash, so a pattern of
// one part (git branch -D *) matches names without one, never sw/....
func patternMayBeSW(p string) bool {
	if !strings.ContainsAny(p, "*?[") {
		return false
	}
	parts := strings.Split(p, "/")
	return slices.ContainsFunc(parts[:len(parts)-1], func(part string) bool {
		ok, _ := path.Match(part, "sw")
		return ok && strings.ContainsAny(part, "*?[")
	})
}

// mayNameSuggestion is namesSuggestion, or a word the guard cannot know:
// one it could not read, or the branch checked out before (@{-1}, and -
// where git merge and rebase take it so).
func mayNameSuggestion(word string) bool {
	return namesSuggestion(word) || strings.Contains(word, unknownText) || word == "-" || strings.Contains(word, "@{-")
}

// readOnlyGit are the git subcommands that only read: naming a
// suggestion branch there is looking at it.
var readOnlyGit = map[string]bool{"log": true, "show": true, "diff": true, "status": true, "rev-parse": true,
	"rev-list": true, "ls-tree": true, "ls-files": true, "cat-file": true, "for-each-ref": true, "show-ref": true,
	"merge-base": true, "name-rev": true, "describe": true, "shortlog": true, "blame": true, "annotate": true,
	"grep": true, "range-diff": true, "format-patch": true, "cherry": true, "whatchanged": true, "diff-tree": true,
	"diff-index": true, "diff-files": true, "archive": true, "bundle": true, "help": true, "version": true,
	"count-objects": true, "verify-commit": true, "check-ignore": true, "check-attr": true, "difftool": true,
	"reflog": true, "tag": true, "fetch": true, "restore": true, "add": true, "commit": true, "init": true,
	"clone": true, "remote": true, "fsck": true, "gc": true, "maintenance": true, "var": true, "notes": true}

// gitDecides refuses a git command that would decide a suggestion or
// turn sw's hooks off.
func (a *shellAnalysis) gitDecides(sub string, rest []shWord, in input, what string) {
	refs := refWords(rest)
	anyRef := func(test func(string) bool) bool {
		return slices.ContainsFunc(refs, func(r shWord) bool { return test(r.text) })
	}
	decided := false
	switch sub {
	case "branch":
		decided = branchChanges(rest) && slices.ContainsFunc(rest, func(w shWord) bool { return mayNameSuggestion(w.text) })
	case "push":
		decided = pushDecides(rest)
	case "fetch":
		decided = fetchDecides(refs)
	case "checkout", "switch":
		decided = switchDecides(sub, rest)
	case "update-ref":
		decided = anyRef(mayNameSuggestion) || hasWord(rest, "--stdin") && (mayNameSuggestion(in.text) || !in.known() || in.file != "")
	case "merge", "cherry-pick", "revert", "rebase", "reset", "pull", "symbolic-ref", "read-tree", "worktree",
		"stash", "replace", "filter-branch", "filter-repo", "commit-tree":
		decided = anyRef(mayNameSuggestion) || sub == "filter-branch" && hasWord(rest, "--all")
	case "config":
		a.gitConfig(rest, what)
	default:
		decided = !readOnlyGit[sub] && anyRef(namesSuggestion) // an alias, or a command the guard does not know
	}
	if decided {
		a.refuse(&denial{kind: decides, What: what})
	}
	if skipsHooks(sub, rest) {
		a.refuse(&denial{kind: hooksOff, What: what})
	}
}

// branchChanges reports whether git branch's words create, delete, move,
// copy, reset or set up a branch, rather than list branches.
func branchChanges(rest []shWord) bool {
	listing, changing := false, false
	for _, w := range rest {
		t := w.text
		switch {
		case t == "--":
		case strings.HasPrefix(t, "--"):
			name, _, _ := strings.Cut(t, "=")
			switch name {
			case "--delete", "--move", "--copy", "--force", "--set-upstream-to", "--unset-upstream", "--edit-description", "--track", "--no-track", "--create-reflog":
				changing = true
			case "--list", "--all", "--remotes", "--contains", "--no-contains", "--merged", "--no-merged", "--points-at", "--show-current", "--format", "--sort", "--column", "--verbose":
				listing = true
			}
		case strings.HasPrefix(t, "-"):
			changing = changing || strings.ContainsAny(t[1:], "dDmMcCfut")
			listing = listing || strings.ContainsAny(t[1:], "larv")
		}
	}
	return changing || !listing && slices.ContainsFunc(rest, func(w shWord) bool { return !strings.HasPrefix(w.text, "-") })
}

// pushDecides reports whether git push's words delete, force or put
// another commit onto a suggestion branch, on the remote or here (git
// push . sw/1/x:main accepts it). A suggestion pushed as it is (git push
// origin sw/1/x) goes out for review, which is the person's way.
func pushDecides(rest []shWord) bool {
	force, del, all := false, false, false
	var ops []shWord
	for i := 0; i < len(rest); i++ {
		t := rest[i].text
		switch {
		case t == "--":
			ops = append(ops, rest[i+1:]...)
			i = len(rest)
		case t == "--mirror":
			return true
		case t == "--delete" || t == "--prune":
			del = true
		case t == "--force" || strings.HasPrefix(t, "--force-with-lease") || t == "--force-if-includes":
			force = true
		case t == "--all" || t == "--branches":
			all = true
		case t == "-o" || t == "--push-option" || t == "--repo" || t == "--receive-pack" || t == "--exec":
			i++
		case strings.HasPrefix(t, "--"):
		case strings.HasPrefix(t, "-"):
			force = force || shortFlag(t, 'f')
			del = del || shortFlag(t, 'd')
		default:
			ops = append(ops, rest[i])
		}
	}
	if all && (force || del) {
		return true
	}
	if len(ops) > 0 {
		ops = ops[1:] // the remote
	}
	for _, spec := range ops {
		if refspecDecides(spec.text, force, del) {
			return true
		}
	}
	return false
}

// refspecDecides reports whether one refspec of a push decides a
// suggestion.
func refspecDecides(spec string, force, del bool) bool {
	if strings.Contains(spec, unknownText) {
		return true
	}
	forced := force || strings.HasPrefix(spec, "+")
	src, dst, colon := strings.Cut(strings.TrimPrefix(spec, "+"), ":")
	if !colon {
		dst = src
	}
	switch {
	case del:
		return mayNameSuggestion(src) || strings.Contains(src, "*")
	case colon && src == "":
		return namesSuggestion(dst) || strings.Contains(dst, "*")
	case namesSuggestion(src) || namesSuggestion(dst):
		return forced || branchName(src) != branchName(dst)
	}
	return forced && strings.Contains(dst, "*")
}

// branchName is a ref's name without refs/heads/.
func branchName(ref string) string {
	return strings.TrimPrefix(strings.TrimPrefix(ref, "refs/"), "heads/")
}

// fetchDecides reports whether git fetch's refspecs write a local branch
// from a suggestion, or a suggestion branch from anything (git fetch .
// sw/1/x:main fast-forwards main onto it).
func fetchDecides(refs []shWord) bool {
	for _, r := range refs {
		src, dst, colon := strings.Cut(strings.TrimPrefix(r.text, "+"), ":")
		if !colon || strings.HasPrefix(dst, "refs/remotes/") {
			continue
		}
		if mayNameSuggestion(src) || mayNameSuggestion(dst) {
			return true
		}
	}
	return false
}

// switchDecides reports whether git checkout or switch would go onto a
// suggestion branch (to commit on it) or create or reset one (-b, -B,
// -c, -C, --orphan). A checkout of paths from one (git checkout sw/1/x --
// pieces/a.md) is a write of those paths, not a decision.
func switchDecides(sub string, rest []shWord) bool {
	paths := wordIndex(rest, "--") >= 0
	for i := 0; i < len(rest); i++ {
		t := rest[i].text
		switch {
		case t == "--":
			return false
		case (t == "-b" || t == "-B" || t == "-c" || t == "-C" || t == "--orphan") && i+1 < len(rest):
			i++
			if mayNameSuggestion(rest[i].text) {
				return true
			}
		case strings.HasPrefix(t, "-"):
		default:
			if namesSuggestion(t) && (sub == "switch" || !paths) {
				return true
			}
		}
	}
	return false
}

// skipsHooks reports whether a commit or merge is told to skip git's
// hooks (--no-verify, commit -n): sw's commit-msg hook among them.
func skipsHooks(sub string, rest []shWord) bool {
	if sub != "commit" && sub != "merge" && sub != "pull" {
		return false
	}
	for _, w := range rest {
		t := w.text
		if t == "--no-verify" {
			return true
		}
		if sub == "commit" && len(t) > 1 && t[0] == '-' && t[1] != '-' {
			for k := 1; k < len(t) && strings.IndexByte("mFcCtSu", t[k]) < 0; k++ {
				if t[k] == 'n' {
					return true
				}
			}
		}
	}
	return false
}

// gitConfig refuses a git config that edits the config by hand, or sets
// or removes what gitConfigPair refuses.
func (a *shellAnalysis) gitConfig(rest []shWord, what string) {
	write := false
	var ops []shWord
	for i := 0; i < len(rest); i++ {
		t := rest[i].text
		switch {
		case t == "-e" || t == "--edit":
			a.refuse(&denial{kind: hooksOff, What: what})
			return
		case t == "--file" || t == "-f" || t == "--blob" || t == "--type" || t == "--default" || t == "--comment" || t == "--value":
			i++
		case t == "--unset" || t == "--unset-all" || t == "--replace-all" || t == "--add" || t == "--rename-section" || t == "--remove-section":
			write = true
		case strings.HasPrefix(t, "-"):
		default:
			ops = append(ops, rest[i])
		}
	}
	if len(ops) > 0 {
		switch ops[0].text {
		case "set", "unset", "rename-section", "remove-section":
			write, ops = true, ops[1:]
		case "edit":
			a.refuse(&denial{kind: hooksOff, What: what})
			return
		case "get", "list":
			return
		}
	}
	if len(ops) == 0 || !write && len(ops) < 2 {
		return
	}
	value := joinWords(ops[1:])
	a.gitConfigPair(ops[0].text+"="+value, what, true)
}

// gitConfigPair refuses setting core.hooksPath or an include (a file
// that could set it), or a value that runs a suggestion's merge (an
// alias), and reads an alias that runs shell as the shell it runs. Kept
// (git config, not git -c for one command), a command git runs later is
// refused too: it would run as the person.
func (a *shellAnalysis) gitConfigPair(pair, what string, kept bool) {
	key, value, _ := strings.Cut(pair, "=")
	key = strings.ToLower(key)
	switch {
	case strings.Contains(key, unknownText), key == "core.hookspath", key == "core", key == "include",
		strings.HasPrefix(key, "include."), strings.HasPrefix(key, "includeif"):
		a.refuse(&denial{kind: hooksOff, What: what})
	case namesSuggestion(value) || strings.Contains(value, "sw hook"):
		a.refuse(&denial{kind: decides, What: what})
	case kept && runsLater(key):
		a.refuse(&denial{kind: hooksOff, What: what})
	case strings.HasPrefix(key, "alias.") && strings.HasPrefix(value, "!"):
		a.inlineShell(value[1:], "the alias runs a command the guard cannot know")
	}
}

// commandKeys are git settings whose value is a command git runs later,
// for whoever runs git then (the person, in their own terminal, outside
// any sandbox), or that move where git writes; "*" stands for a name of
// the person's (merge.NAME.driver).
var commandKeys = []string{
	"core.fsmonitor", "core.editor", "core.pager", "core.sshcommand", "core.askpass", "core.gitproxy", "core.worktree",
	"sequence.editor", "diff.external", "credential.helper", "gpg.program", "uploadpack.packobjectshook",
	"interactive.difffilter", "web.browser", "merge.*.driver", "filter.*.clean", "filter.*.smudge", "filter.*.process",
	"diff.*.textconv", "diff.*.command", "pager.*", "gpg.*.program", "credential.*.helper", "remote.*.uploadpack",
	"remote.*.receivepack", "difftool.*.cmd", "mergetool.*.cmd", "man.*.cmd",
}

// runsLater reports whether key (in lower case) is one of commandKeys.
func runsLater(key string) bool {
	return slices.ContainsFunc(commandKeys, func(k string) bool {
		first, last, named := strings.Cut(k, "*")
		if !named {
			return key == k
		}
		return len(key) > len(first)+len(last) && strings.HasPrefix(key, first) && strings.HasSuffix(key, last)
	})
}

// sw refuses sw's own commands that decide for the person (accept,
// reject, trust an analyzer) or take its hooks out (hook uninstall), or
// Claude Code's sandbox (hook install --no-sandbox, or a flag the guard
// cannot read).
func (a *shellAnalysis) sw(args []shWord) {
	ops := operands(args, "", nil)
	if len(ops) == 0 {
		return
	}
	what := "sw " + shown(ops)
	switch ops[0].text {
	case "accept", "reject":
		a.refuse(&denial{kind: decides, What: what})
	case "trust":
		a.refuse(&denial{kind: decides, What: what, Own: true})
	case "voice":
		// Following a voice, or moving the rules into one, changes what
		// the profile says: the person's, as sw voice itself answers an
		// agent.
		if len(ops) > 1 && (ops[1].text == "use" || ops[1].text == "adopt") {
			a.refuse(&denial{kind: decides, What: what, Own: true})
		}
	case "init":
		if slices.ContainsFunc(args, func(w shWord) bool { return strings.HasPrefix(strings.TrimLeft(w.text, "-"), "voice") }) {
			a.refuse(&denial{kind: decides, What: "sw " + shown(args), Own: true})
		}
	case "hook":
		if len(ops) > 1 && ops[1].text == "uninstall" {
			a.refuse(&denial{kind: hooksOff, What: what})
		}
		if len(ops) > 1 && ops[1].text == "install" && slices.ContainsFunc(args, noSandbox) {
			a.refuse(&denial{kind: hooksOff, What: "sw " + shown(args)})
		}
	}
}

// noSandbox reports whether w could be sw hook install's --no-sandbox
// (urfave/cli takes a flag after one dash or two, and a value after =).
func noSandbox(w shWord) bool {
	return strings.HasPrefix(strings.TrimLeft(w.text, "-"), "no-sandbox") || strings.Contains(w.text, unknownText)
}

// setting refuses setting a variable that turns sw's hooks off, or
// points git at configuration the guard does not read: SW_HOOKS (sw's
// own git commands), SW_ALLOW_PROFILE_COMMIT (the person's way past the
// commit-msg refusal), HUSKY=0 and LEFTHOOK=0 (hook managers that run
// sw's shims), and git's configuration by the environment.
func (a *shellAnalysis) setting(name, value string) {
	off := false
	switch {
	case name == "SW_HOOKS" || name == "SW_ALLOW_PROFILE_COMMIT",
		name == "GIT_CONFIG" || name == "GIT_CONFIG_GLOBAL" || name == "GIT_CONFIG_SYSTEM":
		off = true
	case name == "HUSKY" || name == "LEFTHOOK":
		off = value == "0" || value == "false" || strings.Contains(value, unknownText)
	case name == "GIT_CONFIG_PARAMETERS" || strings.HasPrefix(name, "GIT_CONFIG_KEY_") || name == "GIT_CONFIG_COUNT":
		lower := strings.ToLower(value)
		off = strings.Contains(lower, "hookspath") || strings.Contains(lower, "include") || strings.Contains(value, unknownText)
	}
	if off {
		a.refuse(&denial{kind: hooksOff, What: name + "=" + shown([]shWord{{text: value}})})
	}
}
