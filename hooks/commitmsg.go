package hooks

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/template"

	"sw/hooks/agent"
	"sw/hooks/git"
	"sw/hooks/review"
	"sw/profile"
	"sw/profile/collection"
	"sw/templates"
)

// AllowProfileCommit is the environment variable with which a person lets
// a commit marked as an agent's change the profile all the same.
const AllowProfileCommit = "SW_ALLOW_PROFILE_COMMIT"

// CommitMsg is `sw hook commit-msg <message file>`. A commit whose message
// marks it as an agent's (the collection's agent_commits) and that changes
// the profile is refused, with the way round it: reviewed suggestions are
// the only road in. The merge of a suggestion branch passes, whoever makes
// it. Everything else, and any problem reading the collection, passes: a
// broken guard must not stop a person's commits. In an agent's
// environment, see agentCommitMsg.
func CommitMsg(io IO) int {
	if len(io.Args) == 0 || standAside(io) {
		return 0
	}
	msgFile := io.Args[0]
	if !filepath.IsAbs(msgFile) {
		msgFile = filepath.Join(io.Dir, msgFile)
	}
	c, err := collection.Find(io.Dir)
	found, byAgent := agent.In(io.Getenv, io.Dir)
	switch {
	case errors.Is(err, collection.ErrNotCollection):
		return 0
	case err != nil && byAgent:
		// Marked all the same: the reference-transaction hook refuses an
		// agent's commit that is not.
		return agentCommitMsg(io, found, msgFile)
	case err != nil:
		return 0
	}
	if l, err := review.For(c); err == nil && (secondMerge(l, io) || undoesARecord(l, io)) {
		return 1
	}
	if byAgent {
		return agentCommitMsg(io, found, msgFile)
	}
	msg, err := os.ReadFile(msgFile)
	if err != nil || io.Getenv(AllowProfileCommit) != "" {
		return 0
	}
	marker, byAgent := collection.AgentMarker(string(msg), c.Settings.AgentCommits)
	if !byAgent {
		return 0
	}
	repo, err := git.At(c.Root)
	if err != nil || mergesSuggestion(repo) {
		return 0
	}
	profileFiles, err := stagedProfile(repo, io)
	if err != nil || len(profileFiles) == 0 {
		return 0
	}
	t := template.Must(template.New("refused").Parse(templates.Text("agent/commit-refused.txt")))
	t.Execute(io.Stderr, struct{ Marker, Paths string }{marker, review.FileList(profileFiles)})
	return 1
}

// agentCommitMsg is the commit-msg hook in an agent's environment, where
// the message says nothing that matters: a commit that changes the profile
// (a suggestion merged or squashed included) is refused, and
// SW_ALLOW_PROFILE_COMMIT, which is the person's, lets nothing through;
// any other commit is marked as the agent's (collection.AgentTrailer), a
// draft that finishes no piece.
func agentCommitMsg(io IO, found agent.Marker, msgFile string) int {
	repo, err := git.Find(io.Dir)
	if err != nil {
		return 0
	}
	profileFiles, _ := stagedProfile(repo, io)
	// A merge's commit is left to the reference-transaction hook: refused
	// here, git merge would keep the merge in progress, for the next
	// commit, the person's maybe, to finish.
	if op, busy := repo.InProgress(); len(profileFiles) > 0 && !(busy && op == "merge") {
		refuse(io, found, review.Refusal{What: "commit a change to the profile", Why: "Only the person changes the profile", Profile: profileFiles})
		if repo.IsOwnIndex(io.Getenv("GIT_INDEX_FILE")) && !repo.IndexLocked() {
			putBackProfile(io, repo)
		}
		return 1
	}
	if err := repo.AddTrailer(msgFile, collection.AgentTrailer, found.Agent); err != nil {
		fmt.Fprintf(io.Stderr, "sw: the agent's commit could not be marked as a draft: %s\n", profile.OneLine(err))
	}
	return 0
}

// stagedProfile lists the profile's files the commit being made changes,
// and says so when git cannot tell.
func stagedProfile(repo *git.Repo, io IO) ([]string, error) {
	staged, err := repo.StagedChanges(io.Getenv("GIT_INDEX_FILE"))
	if err != nil {
		fmt.Fprintf(io.Stderr, "sw: the agent's commit was not checked for profile changes: %s\n", profile.OneLine(err))
	}
	return slices.DeleteFunc(staged, func(p string) bool { return !isProfileFile(p) }), err
}

// isProfileFile reports whether the file at a slash path is the style
// profile's: a rule, or the memory of rejections.
func isProfileFile(p string) bool {
	return strings.HasPrefix(p, collection.ProfileDir+"/") || p == collection.FeedbackFile
}

// mergesSuggestion reports whether the commit being made merges an sw
// suggestion branch: MERGE_HEAD is a commit sw wrote for a suggestion.
func mergesSuggestion(repo *git.Repo) bool {
	if op, busy := repo.InProgress(); !busy || op != "merge" {
		return false
	}
	h, ok, err := repo.Ref("MERGE_HEAD")
	if err != nil || !ok {
		return false
	}
	commit, err := repo.Commit(h)
	return err == nil && review.IsSuggestionCommit(commit)
}

// secondMerge stops, once, a commit that an interrupted sw accept would
// spoil: interrupted after its merge commit, it left MERGE_HEAD behind,
// and git makes every commit a merge of it, a second merge of the
// suggestion; interrupted as git began the merge, it left the suggestion's
// files staged, for this commit to take in. sw finishes or undoes the
// accept (see review.FinishAccept). With changes of the person's staged
// beside the merge git began, sw undoes nothing (that would drop them),
// so that the suggestion's files go in only when the person, told, commits
// again; nor during a commit that holds the index (git commit -a), which
// is stopped once too.
func secondMerge(l *review.Loop, io IO) bool {
	note, tidied, err := l.FinishAccept(false)
	if err != nil {
		id, first, terr := l.TellAccept()
		if terr != nil || !first {
			return false
		}
		fmt.Fprintf(io.Stderr, "sw: sw accept %s was interrupted as git merged, and sw could not see to it during this commit (%s); "+
			"this commit was stopped once: git status shows what the accept left, and committing again takes it in, "+
			"or run sw review first, which sees to it\n", id, profile.OneLine(err))
		return true
	}
	if note == "" {
		return false
	}
	if tidied {
		fmt.Fprintf(io.Stderr, "sw: %s; this commit would have taken in what the interrupted accept left, so it was stopped: commit again\n", note)
	} else {
		fmt.Fprintf(io.Stderr, "sw: %s; this commit would have taken the suggestion's files in with yours unannounced, so it was stopped once: commit again to take them in\n", note)
	}
	return true
}

// undoesARecord stops a commit that would take a rejection record of sw's
// back out: a record stopped midway left profile_feedback.json staged as
// it was before it. sw puts the index right (see review.FinishRecord) and
// stops this commit once.
func undoesARecord(l *review.Loop, io IO) bool {
	if fixed, err := l.FinishRecord(); err != nil || !fixed {
		return false
	}
	fmt.Fprintf(io.Stderr, "sw: a rejection record of sw's was stopped midway, and left %s staged as it was before it; sw has put it right. This commit would have taken the record back out, so it was stopped: commit again\n", collection.FeedbackFile)
	return true
}
