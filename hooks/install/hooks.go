package install

// Options says which optional hooks to install.
type Options struct {
	// ReferenceTransaction makes the reference-transaction hook, always
	// installed, also notice a deleted suggestion branch the moment it goes
	// rather than at the next commit or sw command. See the package comment
	// for its cost. Later installs without the option keep it, so re-running
	// `sw hook install` never quietly drops an opt-in; `sw hook uninstall`
	// removes it with the hook.
	ReferenceTransaction bool
	// Agent also sets up Claude Code: sw's hooks and deny rules are merged
	// into the working tree's .claude/settings.json (see claude.go).
	Agent bool
	// Sandbox, with Agent, turns Claude Code's sandbox on for the agent's
	// shell commands, with profile/ and profile_feedback.json read-only
	// (see sandbox.go); without it, sw's sandbox settings are taken out.
	Sandbox bool
	// Binary is the sw that git's hooks and Claude Code's call, by its
	// absolute path (see command.go); "" leaves them to find sw on PATH.
	Binary string
}

// The hooks sw listens to. A shim passes on only an earlier hook's exit
// status, never sw's: git ignores the status of most of them, but stops a
// push whose pre-push hook fails, or a commit whose pre-commit hook fails,
// and sw must never stop the person's. Two exceptions: commit-msg refuses
// a commit of the style profile marked as an agent's, and where git runs
// for a coding agent, reference-transaction, commit-msg and pre-push refuse
// what only the person decides.
const (
	PostCommit           = "post-commit"
	PostMerge            = "post-merge"
	PostRewrite          = "post-rewrite"
	PrePush              = "pre-push"
	CommitMsg            = "commit-msg"
	PreCommit            = "pre-commit"
	ReferenceTransaction = "reference-transaction"
)

// allHooks are every hook sw installs, in report order.
var allHooks = []string{PostCommit, PostMerge, PostRewrite, PrePush, CommitMsg, PreCommit, ReferenceTransaction}

// ChainedSuffix names the file an earlier hook is kept in while sw's shim
// stands in its place: <hook>.sw-chained, next to it.
const ChainedSuffix = ".sw-chained"
