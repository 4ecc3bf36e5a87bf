package install

// Options says which optional hooks to install.
type Options struct {
	// ReferenceTransaction also installs the reference-transaction hook, so a
	// deleted suggestion branch is noticed the moment it goes rather than at
	// the next commit or sw command. See the package comment for its cost.
	// Once installed it stays installed by later installs without the option,
	// so re-running `sw hook install` never quietly drops an opt-in; `sw hook
	// uninstall` removes it.
	ReferenceTransaction bool
	// Agent also sets up Claude Code: sw's hooks and deny rules are merged
	// into the working tree's .claude/settings.json (see claude.go).
	Agent bool
}

// The hooks sw listens to. A shim passes on only an earlier hook's exit
// status, never sw's: git ignores the status of most of them, but stops a
// push whose pre-push hook fails, or a commit whose pre-commit hook fails,
// and sw must never stop one. commit-msg is the exception: there sw
// refuses an agent's commit of the style profile.
const (
	PostCommit           = "post-commit"
	PostMerge            = "post-merge"
	PostRewrite          = "post-rewrite"
	PrePush              = "pre-push"
	CommitMsg            = "commit-msg"
	PreCommit            = "pre-commit"
	ReferenceTransaction = "reference-transaction"
)

// allHooks are every hook sw may install, in report order; all but
// reference-transaction are always installed.
var allHooks = []string{PostCommit, PostMerge, PostRewrite, PrePush, CommitMsg, PreCommit, ReferenceTransaction}

// ChainedSuffix names the file an earlier hook is kept in while sw's shim
// stands in its place: <hook>.sw-chained, next to it.
const ChainedSuffix = ".sw-chained"
