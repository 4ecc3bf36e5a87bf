package hooks

import (
	"fmt"
	"io"

	"sw/hooks/agent"
	"sw/hooks/git"
	"sw/hooks/review"
	"sw/profile"
)

// PrePush is `sw hook pre-push <remote> <url>`: git is about to push the
// refs listed on stdin. For the suggestion branches among them, going to a
// named remote, it starts the push watcher (review.Loop.WatchPushes) in
// the background and returns: a branch pushed without -u leaves nothing
// else to say it is on the remote, were the host to delete it before sw
// next ran. git waits for this hook and stops the push if it fails, so it
// reads only the ledger and git config, starts no reconcile, and exits 0,
// but in an agent's environment: there it refuses a push that would
// decide for the person on the remote (review.AgentPushRefusals).
func PrePush(io IO) int {
	return prePush(io, startInBackground)
}

// prePush is PrePush with the way the watcher is started handed in.
func prePush(io IO, start func(root, entry string, args ...string) error) int {
	updates := readPushUpdates(io.Stdin)
	if len(io.Args) == 0 || len(updates) == 0 {
		return 0
	}
	if found, byAgent := agent.In(io.Getenv, io.Dir); byAgent && agentPushRefused(io, found, updates) {
		return 1
	}
	l, ok := openLoop(io)
	if !ok {
		return 0
	}
	pushed := l.PushesToWatch(io.Args[0], updates)
	if len(pushed) == 0 {
		return 0
	}
	args := make([]string, 0, 2*len(pushed))
	for _, p := range pushed {
		args = append(args, p.Tracking, p.Commit.String())
	}
	if err := start(l.Repo.Root, "watch-push", args...); err != nil {
		fmt.Fprintf(io.Stderr, "sw: cannot watch for the suggestion branches reaching %s: %v\n", io.Args[0], err)
	}
	return 0
}

// agentPushRefused reports whether the agent's push is refused, having
// said why.
func agentPushRefused(io IO, found agent.Marker, updates []review.PushUpdate) bool {
	repo, ok := agentRepo(io)
	if !ok {
		return false
	}
	refusals, err := review.AgentPushRefusals(repo, io.Args[0], updates)
	if err != nil {
		say(io.Stderr, "not-checked", struct{ Why string }{profile.OneLine(err)})
		return false
	}
	return refuse(io, found, refusals...)
}

// readPushUpdates reads what git gives a pre-push hook on stdin, one line
// per ref: "<local ref> <local commit> <remote ref> <remote commit>".
func readPushUpdates(stdin io.Reader) []review.PushUpdate {
	var out []review.PushUpdate
	for _, f := range readFields(stdin, 4) {
		out = append(out, review.PushUpdate{LocalRef: f[0], LocalCommit: f[1], RemoteRef: f[2], RemoteCommit: f[3]})
	}
	return out
}

// WatchPush is `sw hook watch-push <tracking ref> <commit>...`, the
// watcher PrePush starts. What it does, and any trouble, goes to
// .git/sw/log.
func WatchPush(io IO) int {
	var pushed []review.Pushed
	for i := 0; i+1 < len(io.Args); i += 2 {
		if h, err := git.ParseHash(io.Args[i+1]); err == nil {
			pushed = append(pushed, review.Pushed{Tracking: io.Args[i], Commit: h})
		}
	}
	return inBackground(io, func(l *review.Loop) error { return l.WatchPushes(pushed) })
}
