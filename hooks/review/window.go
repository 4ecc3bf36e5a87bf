package review

import (
	"maps"
	"slices"
	"sw/hooks/git"
	"sw/profile/analyze"
)

// earlier lists the pieces finished before the pending ones that an
// analysis reads with them (analyzer.window, pending included; 0 for all),
// the most recent first, since the collection began. The rules are
// revisited on all of them, so a rule learned from one batch's fluke meets
// the pieces that contradict it, and bounds settle as pieces accumulate.
func (l *Loop) earlier(head git.Hash, pending []string) ([]string, error) {
	window := l.Coll.Settings.Analyzer.Window
	if window > 0 && len(pending) >= window {
		return nil, nil
	}
	have := make(map[string]bool, len(pending))
	for _, p := range pending {
		have[p] = true
	}
	var out []string
	full := func() bool { return window > 0 && len(pending)+len(out) >= window }
	err := l.Repo.WalkHistory(head, git.Hash(l.collectionBegan(head)), func(c git.PathCommit) bool {
		if l.byAgent(c.Message) {
			return true
		}
		for _, p := range slices.Sorted(maps.Keys(c.Changes)) {
			if status := c.Changes[p]; (status == "A" || status == "M") && !have[p] && l.Coll.Settings.IsPiece(p) && !full() {
				have[p] = true
				out = append(out, p)
			}
		}
		return !full()
	})
	return out, err
}

// markEarlier flags the request's pieces finished before the batch.
func markEarlier(req *analyze.Request, earlier []string) {
	set := make(map[string]bool, len(earlier))
	for _, p := range earlier {
		set[p] = true
	}
	for i := range req.Pieces {
		req.Pieces[i].Earlier = set[req.Pieces[i].Path]
	}
}
