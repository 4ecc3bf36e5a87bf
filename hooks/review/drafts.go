package review

import (
	"sw/hooks/git"
	"sw/profile/collection"
)

// drafts returns, for each piece at paths, the agent's draft of it: the
// last version an agent committed before the person's final one, from
// which the analyzer learns what the person keeps deleting or adding.
// Every piece has an entry, empty when it has no draft.
//
// One walk of history, newest first, stops once each piece is decided.
// Since the last analysis, a piece is decided at its first agent commit, or
// the person's commit that added it; before it, at the first commit that
// touched it either way (an earlier analysis read the person's version
// with whatever draft came before it).
func (l *Loop) drafts(head, since git.Hash, paths []string) (map[string][]string, error) {
	out := make(map[string][]string, len(paths))
	for _, p := range paths {
		out[p] = []string{}
	}
	patterns := l.Coll.Settings.AgentCommits
	if len(patterns) == 0 || len(paths) == 0 {
		return out, nil
	}
	personSeen := map[string]bool{}
	decided := map[string]bool{}
	draftAt := map[string]git.Hash{}
	visit := func(before bool) func(git.PathCommit) bool {
		return func(c git.PathCommit) bool {
			byAgent := collection.ByAgent(c.Message, patterns)
			for p, status := range c.Changes {
				if _, wanted := out[p]; !wanted || decided[p] {
					continue
				}
				switch {
				case byAgent && personSeen[p]:
					draftAt[p] = c.Hash
					decided[p] = true
				case byAgent, before, status == "A":
					decided[p] = true
				default:
					personSeen[p] = true
				}
			}
			return len(decided) < len(out)
		}
	}
	if err := l.Repo.WalkHistory(head, since, visit(false)); err != nil {
		return nil, err
	}
	if !since.IsZero() && len(decided) < len(out) {
		if err := l.Repo.WalkHistory(since, git.ZeroHash, visit(true)); err != nil {
			return nil, err
		}
	}
	var refs []git.FileRef
	for p, commit := range draftAt {
		refs = append(refs, git.FileRef{Commit: commit, Path: p})
	}
	texts, err := l.Repo.ReadFiles(refs, collection.MaxPieceSize)
	if err != nil {
		return nil, err
	}
	for i, ref := range refs {
		if texts[i].Data != nil && !texts[i].TooBig() { // a draft too large is no draft the analysis reads
			out[ref.Path] = []string{string(texts[i].Data)}
		}
	}
	return out, nil
}
