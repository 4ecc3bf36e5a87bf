package review

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"sw/hooks/git"
	"sw/profile"
	"sw/profile/analyze"
	"sw/profile/collection"
	"sw/profile/feedback"
)

// sw signs its suggestion commits as itself: the person's name goes on the
// merge that accepts one.
var swIdentity = git.Signature{Name: "sw", Email: "sw@localhost"}

// Trailers on every suggestion commit, for a fresh clone to rebuild from.
const (
	trailerBatch      = "Sw-Batch"
	trailerSuggestion = "Sw-Suggestion"
	trailerSignature  = "Sw-Signature"
	trailerAnalyzed   = "Sw-Analyzed"
)

// writeSuggestion writes one suggestion as a branch: one commit on the
// default branch changing its rule file alone. One the default branch
// already holds is skipped; one with the signature or file of a pending
// suggestion refreshes that branch, unless the person added commits to it.
// It returns the ledger entry, or why nothing was written.
func (l *Loop) writeSuggestion(st *State, batch string, c *proposed, def tip, analyzed git.Hash) (*Suggestion, Skipped, error) {
	s := c.Suggestion
	skip := func(kind, reason string) (*Suggestion, Skipped, error) {
		return nil, Skipped{ID: s.ID, Kind: kind, Reason: reason}, nil
	}
	fail := func(err error) (*Suggestion, Skipped, error) { return nil, Skipped{}, err }
	path := s.Path(collection.ProfileDir)
	current, exists, err := l.Repo.FileAt(def.hash, path)
	if err != nil {
		return fail(err)
	}
	var blob git.Hash // zero: the suggestion removes the file
	if s.Rule != nil {
		if blob, err = l.Repo.WriteBlob(profile.Format(*s.Rule)); err != nil {
			return fail(err)
		}
		if exists && blob == current {
			return skip(SkipInProfile, def.name+" already has this rule")
		}
	} else if !exists {
		return skip(SkipInProfile, "nothing to remove: "+def.name+" has no "+path)
	}

	existing := st.first(func(e *Suggestion) bool {
		return e.Pending() && (e.Path == path || e.Signature == s.Signature)
	})
	branch, old := st.newBranch(batch, s), git.ZeroHash
	if existing != nil {
		if existing.Modified() {
			return skip(SkipLeftAlone, "left alone: you have added commits to "+existing.Branch)
		}
		if _, here, err := l.Repo.Ref("refs/heads/" + existing.Branch); err != nil {
			return fail(err)
		} else if !here {
			// Fetched, never checked out here: a copy written here would
			// part from the pushed one, which the remote's pull request shows.
			return skip(SkipRemote, existing.Branch+" lives on a remote only; left as it was pushed")
		}
		branch, old = existing.Branch, git.Hash(existing.Tip)
	}

	commit, err := l.Repo.Commit(def.hash)
	if err != nil {
		return fail(err)
	}
	var blobPtr *git.Hash
	if s.Rule != nil {
		blobPtr = &blob
	}
	tree, err := l.Repo.TreeWith(commit.Tree, path, blobPtr)
	if err != nil {
		return fail(err)
	}
	if existing != nil && existing.Evidence == s.Evidence && existing.Summary == s.Summary {
		if c, err := l.Repo.Commit(old); err == nil && c.Tree == tree && len(c.Parents) == 1 && c.Parents[0] == def.hash {
			return skip(SkipUnchanged, "unchanged since the last analysis")
		}
	}
	now := l.Now()
	sig := swIdentity
	sig.When = now
	hash, err := l.Repo.WriteCommit(git.CommitSpec{
		Tree: tree, Parents: []git.Hash{def.hash},
		Author: sig, Committer: sig,
		Message: commitMessage(batch, s, analyzed) + aboutTrailers(s, c.about),
	})
	if err != nil {
		return fail(err)
	}
	why := "sw: suggestion " + s.ID + ", batch " + batch
	if existing != nil {
		why += ", with fresher evidence"
	}
	if err := l.Repo.UpdateRefLogged("refs/heads/"+branch, hash, old, git.RefLog{Who: sig, Message: why}); errors.Is(err, git.ErrRefChanged) {
		return skip(SkipMoved, "the branch "+branch+" moved while sw wrote it; the next analysis tries again")
	} else if err != nil {
		return fail(err)
	}
	entry := existing
	if entry == nil {
		entry = &Suggestion{Branch: branch, Batch: batch, Created: now.UTC().Truncate(time.Second)}
		st.Suggestions = append(st.Suggestions, entry)
	}
	entry.ID, entry.Layer, entry.Path = s.ID, s.Layer, path
	entry.Signature, entry.Summary, entry.Evidence = s.Signature, s.Summary, s.Evidence
	entry.Measures, entry.Measured, entry.Weight, entry.FromPieces = c.measures, s.Measured, s.Weight, c.fromPieces
	entry.Back = ""
	if c.back != nil {
		entry.Back = c.back.RejectedAt
	}
	entry.Tip, entry.Seen, entry.Blob = hash.String(), hash.String(), blob.String()
	return entry, Skipped{}, nil
}

// newBranch names a new suggestion's branch sw/<batch>/<id>, or, when the
// name is taken (the same rule proposed in two layers), with its layer
// after the id: sw/1/paragraph-length-essay.
func (st *State) newBranch(batch string, s analyze.Suggestion) string {
	base := BranchPrefix + batch + "/" + s.ID
	name := base
	for n := 1; st.find(name) != nil; n++ {
		name = base + "-" + strings.TrimPrefix(s.Layer, "genres/")
		if n > 1 {
			name += "-" + strconv.Itoa(n)
		}
	}
	return name
}

// commitMessage is the summary as subject, the evidence as body (escaped:
// the trailers are sw's alone), and sw's trailers.
func commitMessage(batch string, s analyze.Suggestion, analyzed git.Hash) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\n%s\n\n", escapeLines(s.Summary), escapeLines(strings.TrimSpace(s.Evidence)))
	fmt.Fprintf(&b, "%s: %s\n%s: %s\n%s: %s\n", trailerBatch, batch, trailerSuggestion, s.ID, trailerSignature, s.Signature)
	if !analyzed.IsZero() {
		fmt.Fprintf(&b, "%s: %s\n", trailerAnalyzed, analyzed)
	}
	return b.String()
}

// escapeLines puts a backslash before each line of an analyzer's text that
// could be taken for more than text: "---" ends the message for git's
// trailer parser (what follows is a patch), hiding sw's real trailers; a
// line starting, blanks aside, with "Sw-" reads as sw's trailer to
// anything that reads line by line (a squash merge quotes the message,
// indented); and a line starting with the escape itself.
func escapeLines(text string) string {
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		lead := strings.TrimLeft(line, " \t")
		if strings.HasPrefix(line, "\\") || strings.HasPrefix(line, "---") ||
			len(lead) >= 3 && strings.EqualFold(lead[:3], "sw-") {
			lines[i] = "\\" + line
		}
	}
	return strings.Join(lines, "\n")
}

// unescapeLines is the text escapeLines wrote.
func unescapeLines(text string) string {
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		lines[i] = strings.TrimPrefix(line, "\\")
	}
	return strings.Join(lines, "\n")
}

// nextBatch numbers a new batch one past any known here. Only a number
// within bounds counts (feedback.BatchNumber): one past the largest int
// would be a negative batch.
func (l *Loop) nextBatch(st *State) string {
	max := 0
	bump := func(batch string) {
		if n, ok := feedback.BatchNumber(batch); ok && n > max {
			max = n
		}
	}
	for _, s := range st.Suggestions {
		bump(s.Batch)
	}
	for name := range st.Refs {
		if b, _, ok := parseBranch(name); ok {
			bump(b)
		}
	}
	if f, _, err := l.feedbackOnDefault(); err == nil {
		bump(strconv.Itoa(f.MaxBatch()))
	}
	for _, b := range l.batchesInGit() {
		bump(b)
	}
	return strconv.Itoa(max + 1)
}

// batchesInGit lists the batches named by Sw-Batch lines in any commit a
// ref reaches (suggestions merged or squashed, sw accept's merges), so a
// fresh clone numbers no batch twice. It reads the whole history, so it
// runs only when a new batch starts.
func (l *Loop) batchesInGit() []string {
	msgs, err := l.Repo.MessagesWithLine(trailerBatch + ": ")
	if err != nil {
		return nil
	}
	var batches []string
	for _, msg := range msgs {
		for _, line := range strings.Split(msg, "\n") {
			if b, ok := strings.CutPrefix(strings.TrimSpace(line), trailerBatch+": "); ok {
				batches = append(batches, b)
			}
		}
	}
	return batches
}

// parseBranch finds a suggestion branch in a ref name: refs/heads/sw/3/x,
// or refs/remotes/<remote>/sw/3/x, read from the end (a remote's name may
// hold a slash).
func parseBranch(ref string) (batch, id string, ok bool) {
	if !strings.HasPrefix(ref, "refs/heads/") && !strings.HasPrefix(ref, "refs/remotes/") {
		return "", "", false
	}
	parts := strings.Split(ref, "/")
	n := len(parts)
	if n < 5 || parts[n-3]+"/" != BranchPrefix || parts[n-2] == "" || parts[n-1] == "" {
		return "", "", false
	}
	if strings.HasPrefix(ref, "refs/heads/") && n != 5 {
		return "", "", false
	}
	return parts[n-2], parts[n-1], true
}

// IsSuggestionCommit reports whether c is a commit sw wrote for a suggestion.
func IsSuggestionCommit(c *git.Commit) bool {
	return len(c.Trailers(trailerBatch)) > 0 && len(c.Trailers(trailerSuggestion)) > 0
}
