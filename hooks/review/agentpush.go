package review

import (
	"strings"

	"sw/hooks/git"
)

// AgentPushRefusals lists the updates of a push an agent may not make: the
// same rules, for the remote's branches; a suggestion branch goes only
// under its own name, from the branch sw wrote.
func AgentPushRefusals(repo *git.Repo, remote string, pushes []PushUpdate) ([]Refusal, error) {
	rules, err := newRefRules(repo)
	if err != nil {
		return nil, err
	}
	var out []Refusal
	for _, p := range pushes {
		branch, ok := strings.CutPrefix(p.RemoteRef, "refs/heads/")
		if !ok {
			continue
		}
		name := remote + "'s " + branch
		newer, _ := git.ParseHash(p.LocalCommit)
		older, _ := git.ParseHash(p.RemoteCommit)
		if !older.IsZero() && !repo.HasCommit(older) {
			older = git.ZeroHash // not fetched here: nothing to compare with
		}
		var r *Refusal
		switch {
		case strings.HasPrefix(branch, BranchPrefix) && newer.IsZero():
			r = &Refusal{What: "delete " + name, Why: whyRemoteGone}
		case strings.HasPrefix(branch, BranchPrefix) && p.LocalRef != p.RemoteRef:
			r = &Refusal{What: "push " + shortRef(p.LocalRef) + " to " + name, Why: "A suggestion branch goes to a remote only as sw wrote it: the person decides suggestions"}
		case strings.HasPrefix(branch, BranchPrefix), newer.IsZero():
		default:
			if r, err = rules.move(name, "", older, newer); err != nil {
				return nil, err
			}
		}
		if r != nil {
			r.Ref, r.New = p.RemoteRef, newer
			out = append(out, *r)
		}
	}
	return out, nil
}
