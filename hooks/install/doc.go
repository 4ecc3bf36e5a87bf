// Package install puts sw's git hooks in place (`sw hook install`) and takes
// them away again (`sw hook uninstall`), politely: a person's own hooks and
// their hook manager keep working, and uninstalling leaves exactly what was
// there before.
//
// Each hook sw listens to gets a tiny POSIX sh shim that calls
// `sw hook <event>` on the sw that installed it, by its path, or on PATH
// once that is gone (see command.go); with neither, it says so, and, where
// git runs for a coding agent, fails. The shim goes into the folder git
// itself runs hooks from (core.hooksPath, the common folder of linked
// worktrees), so whatever set that folder up, husky or anything else, keeps
// being honoured. A hook that was already there is not overwritten: it is
// kept next to the shim as <hook>.sw-chained, runs first with the same
// arguments and input, and its exit status is the shim's. Hook managers
// that write .git/hooks scripts (lefthook, pre-commit) are chained the same
// way. A non-executable hook is chained too, keeping its mode: git ignores
// such a hook, and the shim does too, so nothing starts running that did
// not run before.
//
// git stops a push whose pre-push hook fails, so that shim passes on the
// earlier hook's status alone, and starts sw only for a push of a
// suggestion branch the earlier hook let through: sw then starts its push
// watcher in the background and returns (see review.Loop.WatchPushes).
//
// The agent's side is Claude Code's project settings, .claude/settings.json
// (see claude.go, sandbox.go); `sw hook install --no-agent` leaves it out,
// and --no-sandbox the sandbox. What keeps them from holding is reported
// (see inforce.go).
//
// The reference-transaction hook is where git's hooks refuse a coding
// agent's decisions (see hooks/review's AgentRefusals): git runs it for
// every ref update, two or three times per commit. Its shim tests, in the
// shell, before anything else, whether git runs for an agent (agent.
// ShellTest) or the person asked to notice deleted suggestion branches at
// once (Options.ReferenceTransaction); otherwise it exits, so the person's
// commits pay for a shell starting and nothing more. sw does not need it
// for the person's decisions: every other hook and every sw command
// reconciles sw's ledger of suggestion branches with the branches that
// exist, so a deleted suggestion branch is noticed on the next commit,
// merge or sw command; the option makes that immediate.
package install
