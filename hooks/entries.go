package hooks

// Entry is a `sw hook <event>` that git or the agent runs: on every
// commit, merge, rewrite and push, and at every agent session.
type Entry struct {
	Name, Usage string
	// GitArgs: git's arguments are passed through untouched, flags and
	// all; an entry without them takes no arguments.
	GitArgs bool
	Run     func(IO) int
}

// Entries are every hook entry point, in the order help lists them.
var Entries = []Entry{
	{"post-commit", "count the pieces a commit finished; start an analysis every batch_size pieces", true, PostCommit},
	{"post-merge", "count what a merge brought in, and notice merged suggestions", true, PostMerge},
	{"post-rewrite", "after an amend or rebase, count again without counting twice (stdin: old and new commits)", true, PostRewrite},
	{"pre-commit", "bring memory.md's pieces and stances up to date with the pieces the commit stages, and stage it with them", true, PreCommit},
	{"commit-msg", "refuse an agent's commit that changes the profile (" + AllowProfileCommit + "=1 lets one through whose message alone marks it), and mark a commit git makes for an agent as its draft", true, CommitMsg},
	{"pre-push", "before a push: watch for the suggestion branches it sends reaching the remote; refuse an agent's push that decides for the person (stdin: the refs pushed)", true, PrePush},
	{"reference-transaction", "refuse the ref updates that would decide for the person when git runs for an agent; notice a deleted suggestion branch at once (opt-in) (stdin: the refs)", true, ReferenceTransaction},
	{"analyze", "run a due analysis (started in the background by the hooks)", true, AnalyzeInBackground},
	{"watch-push", "wait for a push to reach the remote, and note the suggestion branches there (started in the background by pre-push)", true, WatchPush},
	{"pre-session", "refresh CLAUDE.md's profile block (Claude Code SessionStart; stdin: the hook JSON, if any)", false, PreSession},
	{"guard", "deny the agent's tool calls that would write the style profile or sw's block (Claude Code PreToolUse; stdin: the hook JSON)", false, Guard},
}

// Called finds the entry a command line (sw's arguments, program name
// first) calls: `sw hook <event>`, with arguments only for an entry that
// takes git's.
func Called(args []string) (Entry, bool) {
	if len(args) < 3 || args[1] != "hook" {
		return Entry{}, false
	}
	for _, e := range Entries {
		if e.Name == args[2] && (e.GitArgs || len(args) == 3) {
			return e, true
		}
	}
	return Entry{}, false
}
