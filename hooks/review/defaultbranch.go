package review

import (
	"crypto/sha256"
	"fmt"
	"sort"
	"strings"

	"sw/hooks/git"
)

// defaultTipFor is defaultTip for a reconcile that has read every ref
// (all): the name st noted while the branches, the remotes' HEADs and the
// config file are unchanged. With no remote HEAD to go by, git's
// configuration says (init.defaultBranch), and asking it in every hook
// would start a git process in each. A change to it outside the repository
// is seen once a branch comes or goes.
func (l *Loop) defaultTipFor(st *State, all map[string]git.Hash) (tip, error) {
	key := l.branchesStamp(all)
	if key == "" || key != st.DefaultBranchKey || st.DefaultBranch == "" {
		name, err := l.Repo.DefaultBranch()
		if err != nil {
			return tip{}, err
		}
		st.DefaultBranch, st.DefaultBranchKey = name, key
	}
	t := tip{name: st.DefaultBranch, ref: "refs/heads/" + st.DefaultBranch}
	t.hash = all[t.ref]
	return t, nil
}

// branchesStamp sums up what the default branch is found from: the
// branches, the remotes' HEADs and the config file; "" when it cannot.
func (l *Loop) branchesStamp(all map[string]git.Hash) string {
	stamp := configStamp(l.Repo)
	if stamp == "" {
		return ""
	}
	var names []string
	for name := range all {
		if strings.HasPrefix(name, "refs/heads/") || strings.HasPrefix(name, "refs/remotes/") {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	h := sha256.New()
	for _, name := range names {
		target := ""
		if strings.HasPrefix(name, "refs/remotes/") && strings.HasSuffix(name, "/HEAD") {
			target, _, _ = l.Repo.SymbolicRef(name)
		}
		fmt.Fprintf(h, "%s %s\n", name, target)
	}
	return fmt.Sprintf("%s %x", stamp, h.Sum(nil))
}
