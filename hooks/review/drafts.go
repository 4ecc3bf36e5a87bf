package review

import (
	"strings"

	"sw/hooks/git"
	"sw/profile/collection"
)

// drafts returns the agent's draft of the piece at path: the last version
// an agent committed before the person's final one. Comparing the two is
// how the analyzer learns what the person keeps deleting or adding. A piece
// whose newest commit is the agent's own has no edits of the person's yet,
// and no draft.
func (l *Loop) drafts(head git.Hash, path string) ([]string, error) {
	patterns := l.Coll.Settings.AgentCommits
	if len(patterns) == 0 {
		return []string{}, nil
	}
	out, err := l.Repo.Git("log", "--format=%H%x1f%B%x1e", head.String(), "--", path)
	if err != nil {
		return nil, err
	}
	personSeen := false
	for _, rec := range strings.Split(string(out), "\x1e") {
		sha, msg, ok := strings.Cut(strings.TrimLeft(rec, "\n"), "\x1f")
		if !ok {
			continue
		}
		if !collection.ByAgent(msg, patterns) {
			personSeen = true
			continue
		}
		if !personSeen {
			return []string{}, nil // the final version is the agent's
		}
		h, err := git.ParseHash(sha)
		if err != nil {
			return nil, err
		}
		blob, ok, err := l.Repo.FileAt(h, path)
		if err != nil || !ok {
			return []string{}, err
		}
		text, err := l.Repo.Blob(blob)
		if err != nil {
			return nil, err
		}
		return []string{string(text)}, nil
	}
	return []string{}, nil
}
